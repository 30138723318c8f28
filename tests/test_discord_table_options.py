"""Per-game table options at `/game new` (`cogs.platform.table_options`): Mine Out's
variant and end rule, Coal Baron's draw-5 put-back; shown in words in the lobby and
at the start, kept by a rematch, refused for a game that does not have them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
import simcord

from bot.games.coal_baron import CoalBaronState
from bot.service import Table, TableStatus
from bot.startup.config import Settings
from bot.storage import Storage
from cogs.platform.lobby import lobby_text
from cogs.platform.table_options import OptionNeedsPlayers, OptionNotForGame
from cogs.platform.translator import CatalogTranslator
from tests.discord_support import bot_of, private_text, speak_french
from tests.mine_out_discord_support import MoWorld, mo_world, plan_turn, turn_by_command


async def overwrite(settings: Settings, table: Table) -> None:
    """Store `table` as its next version, through a second handle on the bot's database
    (a position set up by hand, as an operator's repair would)."""
    storage = await Storage.open(settings.database)
    try:
        moved = replace(table, version=table.version + 1)
        assert await storage.save(moved, previous_version=table.version)
    finally:
        await storage.close()


async def open_mine_out(w: MoWorld, **options: str) -> None:
    """alice opens a Mine Out table with `options`, everyone joins, alice starts."""
    result = await w.players[0].slash(w.channel, "game new", game="mine-out", **options)
    assert not result.ephemeral, private_text(result)
    w.table_id = (await w.bot.service.tables.active_table(w.channel.id)).id  # type: ignore[union-attr]
    for player in w.players[1:]:
        await player.slash(w.channel, "game join")


async def test_a_teams_game_is_opened_with_the_variant_option(simcord_env: simcord.Env) -> None:
    w = await mo_world(simcord_env, 4)
    await open_mine_out(w, variant="teams")
    lobby = w.last().content
    assert "Options: variant: 2 vs 2 in teams (4 players) · end: more than 50 fame" in lobby
    await w.players[0].slash(w.channel, "game start")
    start = w.last().content
    assert "The game begins!" in start and "2 vs 2 in teams" in start
    table = await w.table()
    assert table.options == {"variant": "teams", "end": "more-than-50"}
    state = await w.state()
    assert state.options.teams
    seat = state.to_act()[0]
    await turn_by_command(w, w.players[seat], plan_turn(state, random.Random(1)))
    assert (await w.state()).current != state.current


async def test_a_teams_table_starts_only_with_four_players(simcord_env: simcord.Env) -> None:
    w = await mo_world(simcord_env, 3)
    await open_mine_out(w, variant="teams")
    result = await w.players[0].slash(w.channel, "game start")
    assert private_text(result) == (
        "This table is set to “2 vs 2 in teams (4 players)”: it starts with 4 players."
    )
    assert (await w.table()).status == "lobby"
    simcord.assert_error(w.env, OptionNeedsPlayers)


END_SEED = 4
"""With this seed, 3 players and the greedy turns of `plan_turn`, alice starts the 25th
turn at exactly 50 fame (found by playing the game under both rules)."""
END_TURNS = 24


@pytest.mark.parametrize(("end", "ends"), [("50-or-more", True), ("more-than-50", False)])
async def test_the_end_option_decides_whether_50_fame_ends_the_game(
    simcord_env: simcord.Env, settings: Settings, end: str, ends: bool
) -> None:
    """The same seeded game under each end rule: after 24 turns a position starts its
    turn at exactly 50 fame, which ends the game only at a table opened with
    ``end:50-or-more``."""
    w = await mo_world(simcord_env, 3)
    await open_mine_out(w, end=end)
    await overwrite(settings, replace(await w.table(), seed=END_SEED))
    await w.players[0].slash(w.channel, "game start")
    rng = random.Random(END_SEED)
    for _ in range(END_TURNS):
        state = await w.state()
        await turn_by_command(w, w.players[state.to_act()[0]], plan_turn(state, rng))
    table = await w.table()
    assert (table.status == "finished") is ends
    if ends:
        assert f"{w.players[0].mention}: 50" in w.last().content
    else:
        assert max((await w.state()).scores()) >= 50


async def test_the_coal_baron_put_back_option_reaches_the_engine(
    simcord_env: simcord.Env,
) -> None:
    w = await mo_world(simcord_env, 2)
    alice, bob = w.players
    await alice.slash(w.channel, "game new", game="coal-baron", **{"put-back": "one-side"})
    assert "Options: put-back: draw-5 cards all back on one side" in w.last().content
    await bob.slash(w.channel, "game join")
    await alice.slash(w.channel, "game start")
    table = await w.bot.service.tables.active_table(w.channel.id)
    assert table is not None and table.options == {"put_back": "one-side"}
    assert isinstance(table.state, CoalBaronState) and table.state.put_back_one_side


async def test_a_table_without_options_stores_the_games_defaults(
    simcord_env: simcord.Env,
) -> None:
    w = await mo_world(simcord_env, 2)
    await w.players[0].slash(w.channel, "game new", game="coal-baron")
    table = await w.bot.service.tables.active_table(w.channel.id)
    assert table is not None and table.options == {"put_back": "mixed"}
    assert "put-back: each draw-5 card back on the side you choose" in w.last().content


async def test_an_option_of_another_game_is_refused_in_the_users_language(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = await mo_world(simcord_env, 2)
    alice, bob = w.players
    result = await alice.slash(w.channel, "game new", game="coal-baron", end="50-or-more")
    assert private_text(result) == (
        "The option `end` is not one of Coal Baron's. Its options: put-back."
    )
    simcord.assert_error(w.env, OptionNotForGame)
    speak_french(monkeypatch, bob)
    result = await bob.slash(w.channel, "game new", game="saboteur", variant="teams")
    assert private_text(result) == (
        "L'option `variante` n'est pas une option de Saboteur. Ses options : aucune."
    )
    simcord.assert_error(w.env, OptionNotForGame)
    assert await w.bot.service.tables.active_table(w.channel.id) is None


async def test_the_options_are_shown_in_french_and_kept_by_a_rematch(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    w = await mo_world(simcord_env, 2, locale="fr")
    await open_mine_out(w, end="50-or-more")
    assert "Options : fin : 50 de renommée ou plus" in w.last().content
    await w.players[0].slash(w.channel, "game start")
    assert "50 de renommée ou plus" in w.last().content
    old = await w.table()
    await overwrite(settings, replace(old, status=TableStatus.FINISHED))
    lobby, opened = await w.bot.service.tables.rematch(old.id, old.creator_id)
    assert opened and lobby.options == {"end": "50-or-more"}
    assert "fin : 50 de renommée ou plus" in lobby_text(lobby, "fr")


async def test_french_clients_see_the_options_translated(simcord_env: simcord.Env) -> None:
    tree = bot_of(simcord_env).tree
    command = tree.get_command("game")
    assert command is not None
    payload = await command.get_translated_payload(tree, CatalogTranslator())
    new = next(option for option in payload["options"] if option["name"] == "new")
    by_name = {option["name"]: option for option in new["options"]}
    assert by_name["variant"]["name_localizations"]["fr"] == "variante"
    assert by_name["end"]["name_localizations"]["fr"] == "fin"
    assert by_name["put-back"]["name_localizations"]["fr"] == "remise"
    labels = {c["value"]: c["name_localizations"]["fr"] for c in by_name["end"]["choices"]}
    assert labels == {"more-than-50": "plus de 50 de renommée (51 et plus)",
                      "50-or-more": "50 de renommée ou plus"}
    assert not any(o.get("required") for o in new["options"] if o["name"] != "game")
