"""Coal Baron through the real bot (simcord): the turn components and their error paths,
the panels, /coal play and its autocomplete, the look-up commands and the languages."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

import cogs.platform.presenter
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import t
from bot.service.errors import IllegalAction, StaleAction
from bot.startup.config import Settings
from bot.workers.render_pool import render_png
from cogs.coal_baron.extraction import mining_space
from cogs.coal_baron.labels import order_text, tile_text
from cogs.coal_baron.suggest import suggestions
from cogs.platform.errors import NoTableHere, NotAPlayer
from tests.coal_baron_discord_support import (
    CoalWorld,
    coal_world,
    fixed_seed,
    panel,
    state_of,
)
from tests.discord_support import (
    as_seen_before,
    custom_ids,
    enabled_ids,
    followup_text,
    now,
    panel_words,
    private_text,
    restart,
    select_offering,
    shows_notation,
    slow,
    speak_french,
    step_id,
    suggested,
    turn_id,
)

__all__ = ["fixed_seed"]  # an autouse fixture: same deal every run

NOT_YOUR_TURN = t("en", "error.not_your_turn")
STALE = t("en", "error.stale_action")


async def started(
    env: simcord.Env, players: int = 2, options: dict[str, str] | None = None
) -> CoalWorld:
    """A table (with the table `options`, by their command names) past its order draft."""
    world = await coal_world(env)
    await world.start(players, **(options or {}))
    await finish_draft(world)
    return world


def panel_options(shown: simcord.ResponseMessage) -> list[dict[str, str]]:
    """Every option of the panel's selects."""
    return [o for row in shown.components for c in row["components"] for o in c.get("options", [])]


async def finish_draft(world: CoalWorld) -> None:
    """Play the draft's picks with /coal play (the first revealed order each time)."""
    while (state := state_of(await world.table())).phase == "draft":
        seat = state.to_act()[0]
        pick = state.format_action(state.legal_actions(seat)[0])
        await world.seats[seat].slash(world.channel, "coal play", action=pick)


async def acting(world: CoalWorld) -> tuple[simcord.MemberActor, simcord.MemberActor]:
    """The member to act and another player."""
    table = await world.table()
    seat = state_of(table).to_act()[0]
    other = (seat + 1) % len(table.seats)
    return world.seats[seat], world.seats[other]


def mining_select(message: discord.Message) -> str:
    """The custom_id of the "mining and money" space select of a turn message."""
    return next(i for i in custom_ids(message) if i.startswith("cb:sp:") and i.endswith(":1"))


def space_selects(message: discord.Message) -> list[Any]:
    """The select menus of a turn message, in order."""
    rows = [row.children[0] for row in message.components]  # type: ignore[union-attr]
    return [item for item in rows if isinstance(item, discord.SelectMenu)]


async def test_the_turn_message_offers_grouped_spaces_and_the_bank(
    simcord_env: simcord.Env,
) -> None:
    world = await started(simcord_env)
    message = world.last()
    table = await world.table()
    selects = space_selects(message)
    assert [s.placeholder for s in selects] == [
        "Factory: buy a tile…",
        "Mining and money…",
        "Deliveries and orders…",
    ]
    assert all(len(s.options) <= 25 for s in selects)
    mining = {o.value: o for o in selects[1].options}
    assert mining["m6"].label == "Mining 6: mine with 6 moves"
    assert mining["m6"].description == "1 worker"  # the workers left: once, in the turn line
    assert "m8" not in mining  # locked with two players
    assert f"mt:act:{table.id}:{table.version}:bank" in custom_ids(message)
    assert [a.filename for a in message.attachments][:1] == ["board.png"]


async def test_the_start_message_lists_each_seat_with_its_colour_and_shape(
    simcord_env: simcord.Env,
) -> None:
    world = await coal_world(simcord_env)
    start = await world.start(3)
    table = await world.table()
    assert t("en", "roster", players="") in start.content
    for seat, user in enumerate(table.seats):
        colour = t("en", f"roster.colour.{seat}")  # "🔵 blue circle": as the images draw it
        line = t("en", "roster.seat", seat=seat + 1, player=f"<@{user}>", colour=colour)
        assert line in start.content.split("\n")


async def test_a_wrong_player_is_refused_and_nothing_changes(simcord_env: simcord.Env) -> None:
    world = await started(simcord_env)
    _, other = await acting(world)
    before = (await world.table()).version
    result = await other.select(world.last(), ["$4"], custom_id=mining_select(world.last()))
    assert private_text(result) == NOT_YOUR_TURN
    spectator = world.spectator
    result = await spectator.select(world.last(), ["$4"], custom_id=mining_select(world.last()))
    assert private_text(result) == t("en", "error.not_seated")
    assert (await world.table()).version == before


async def test_an_illegal_space_is_refused_with_the_engines_reason(
    simcord_env: simcord.Env,
) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    before = (await world.table()).version
    result = await player.slash(world.channel, "coal play", action="f4")
    reason = t("en", "reason.coal-baron.space-locked", space="f4")
    assert private_text(result) == t("en", "error.illegal_action", reason=reason)
    simcord.assert_error(world.env, IllegalAction)  # answered by the command tree
    assert (await world.table()).version == before


async def test_a_forged_space_choice_is_refused_naming_the_space_in_words(
    simcord_env: simcord.Env,
) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    before = (await world.table()).version
    ids = custom_ids(world.last())
    factory = next(i for i in ids if i.startswith("cb:sp:") and i.endswith(":0"))
    forged = await as_seen_before(world.env, world.channel, factory, ["f4"])
    result = await player.select(forged, ["f4"], custom_id=factory)
    reason = t("en", "reason.coal-baron.space-locked", space="Factory 4")
    assert private_text(result) == t("en", "error.illegal_action", reason=reason)
    assert (await world.table()).version == before


async def test_an_old_message_and_a_second_click_are_refused(simcord_env: simcord.Env) -> None:
    world = await started(simcord_env)
    player, other = await acting(world)
    old = world.last()
    bank = next(i for i in custom_ids(old) if i.endswith(":bank"))
    mining = mining_select(old)
    await player.click(old, custom_id=bank)
    assert custom_ids(now(world.channel, old)) == []  # the new turn holds the live components
    version = (await world.table()).version
    seen = await as_seen_before(world.env, world.channel, bank)
    second = await player.click(seen, custom_id=bank)
    assert private_text(second) == STALE
    seen = await as_seen_before(world.env, world.channel, mining, ["$4"])
    stale = await other.select(seen, ["$4"], custom_id=mining)
    assert private_text(stale) == STALE
    assert (await world.table()).version == version


async def test_the_extraction_panel_commits_nothing_until_confirmed(
    simcord_env: simcord.Env,
) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    table = await world.table()
    result = await player.select(world.last(), ["m6"], custom_id=mining_select(world.last()))
    shown = panel(result, "mt:turn:")
    assert shown.embeds[0].footer.text is None  # the line so far is the bot's (a draft)
    assert "Moves left: **6**" in (shown.embeds[0].description or "")
    for step in ("c1", "+y", "c0"):
        await player.click(shown, custom_id=step_id(shown, step))
    assert "Moves left: **3**" in (shown.embeds[0].description or "")
    await player.click(shown, custom_id=turn_id(shown, "undo"))
    assert "Moves left: **4**" in (shown.embeds[0].description or "")
    assert (await world.table()).version == table.version  # nothing placed yet
    await player.click(shown, custom_id=turn_id(shown, "confirm"))
    question = t("en", "coal.panel.waste", left=4)
    assert question in (shown.embeds[0].description or "")  # asked again: moves left
    assert (await world.table()).version == table.version
    await player.click(shown, custom_id=turn_id(shown, "sure"))
    after = await world.table()
    assert after.version == table.version + 1
    assert shown.content == t("en", "builder.done")
    cage = state_of(after).view(None)["players"][after.seats.index(player.id)]["cage"]
    assert cage == {"level": 1, "cubes": ["yellow"]}
    assert f"{player.mention} mines on Mining 6: 2 of 6 moves" in world.last().content
    assert "m6 c1" not in world.last().content  # words, not the notation


async def test_the_extraction_panel_offers_only_legal_moves(simcord_env: simcord.Env) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    table = await world.table()
    result = await player.select(world.last(), ["m6"], custom_id=mining_select(world.last()))
    shown = panel(result, "mt:turn:")
    offered = enabled_ids(shown)
    for level in (1, 2, 3, 4):
        assert step_id(shown, f"c{level}") in offered
    for refused in ("c0", "+y"):  # the cage is at the surface: no surface, nothing to take
        assert step_id(shown, refused) not in offered
    assert turn_id(shown, "undo") not in offered  # the placement stays
    assert turn_id(shown, "cancel") in offered
    await player.click(shown, custom_id=turn_id(shown, "cancel"))
    assert shown.content == t("en", "builder.cancelled") and not shown.components
    assert (await world.table()).version == table.version


async def test_a_stale_panel_is_refused(simcord_env: simcord.Env) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    result = await player.select(world.last(), ["m6"], custom_id=mining_select(world.last()))
    shown = panel(result, "mt:turn:")
    await player.slash(world.channel, "coal play", action="bank")  # the turn goes on without it
    refused = await player.click(shown, custom_id=step_id(shown, "c1"))
    assert followup_text(refused) == STALE


async def test_a_draw_panel_click_forged_during_an_extraction_is_refused_as_stale(
    simcord_env: simcord.Env,
) -> None:
    """A draw-5 step or undo forged onto the extraction panel's own token (found by the
    fuzz walk: the draw-5 picture of a table with no draw-5 pending raised)."""
    world = await started(simcord_env)
    player, _ = await acting(world)
    shown = panel(await player.slash(world.channel, "coal play", action="m6"), "mt:turn:")
    table = await world.table()
    for forged in (step_id(shown, "end"), turn_id(shown, "undo")):
        forged = forged.replace(":extraction:", ":draw:")
        message = await as_seen_before(world.env, world.channel, forged)
        refused = await player.click(message, custom_id=forged)
        assert followup_text(refused) == STALE
    assert (await world.table()).version == table.version


async def test_an_extraction_step_that_is_no_space_is_stale_when_none_is_under_way(
    simcord_env: simcord.Env,
) -> None:
    """An extraction panel's click whose first step is no mining space (a draw-5 panel's
    step, forged onto it) when no extraction is under way: refused as stale (found by the
    fuzz: the step was read as the mining space, KeyError 'keep b2d')."""
    world = await started(simcord_env)
    await acting(world)
    table = await world.table()
    assert state_of(table).pending is None
    assert mining_space(table, ["m6", "c1"]) == "m6"
    for steps in ([], ["keep b2d"], ["end"]):
        with pytest.raises(StaleAction):
            mining_space(table, steps)


async def test_a_draw_shows_the_cards_to_the_drawer_and_puts_them_back_as_chosen(
    simcord_env: simcord.Env,
) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    announced = world.last()
    result = await player.slash(world.channel, "coal play", action="fd")
    table = await world.table()
    # One public message a turn: the draw is told in the message that announced it.
    assert world.last().id == announced.id
    assert f"{player.mention} places 1 worker on Factory Draw 5." in world.last().content
    shown = panel(result, "mt:turn:")
    assert [a.filename for a in shown.attachments] == ["draw.png"]
    view = state_of(table).view(table.seats.index(player.id))
    drawn = [card["name"] for card in view["pending"]["cards"]]
    public = world.last().content
    assert not any(name in public for name in drawn)
    await player.select(shown, ["keep none"], custom_id=select_offering(shown, "keep none"))
    assert "So far: Keep nothing" in (shown.embeds[0].description or "")
    await player.click(shown, custom_id=turn_id(shown, "undo"))
    assert "So far" not in (shown.embeds[0].description or "")
    assert turn_id(shown, "undo") not in enabled_ids(shown)
    await player.select(shown, ["keep none"], custom_id=select_offering(shown, "keep none"))
    # The put-back selects name the cards in words ("hand cart, grey grey"), not "k1d".
    options = panel_options(shown)
    assert {o["label"] for o in options} == {tile_text("en", name) for name in drawn}
    assert not {o["label"] for o in options} & set(drawn)
    for name in reversed(drawn):
        step = f"bottom {name}"
        await player.select(shown, [step], custom_id=select_offering(shown, step))
    assert (await world.table()).version == table.version
    await player.click(shown, custom_id=turn_id(shown, "confirm"))
    after = state_of(await world.table())
    assert [after.pending is None, after.view(None)["piles"]["tiles"]] == [True, 42]
    assert after_tile_names(after)[-len(drawn) :] == list(reversed(drawn))


async def test_at_a_one_side_table_the_draw_panel_offers_only_the_first_cards_side(
    simcord_env: simcord.Env,
) -> None:
    world = await started(simcord_env, options={"put-back": "one-side"})
    player, _ = await acting(world)
    result = await player.slash(world.channel, "coal play", action="fd")
    table = await world.table()
    shown = panel(result, "mt:turn:")
    await player.select(shown, ["keep none"], custom_id=select_offering(shown, "keep none"))

    def sides() -> set[str]:
        return {option["value"].split()[0] for option in panel_options(shown)}

    assert sides() == {"top", "bottom"}  # the first card may go either way
    drawn = state_of(table).view(table.seats.index(player.id))["pending"]["cards"]
    step = f"bottom {drawn[0]['name']}"
    await player.select(shown, [step], custom_id=select_offering(shown, step))
    assert sides() == {"bottom"}  # then only under the pile, and no "all on top"
    everything = str(shown.components)
    assert t("en", "coal.draw.pile_order") not in everything
    assert t("en", "coal.draw.top") not in everything


async def test_the_cards_put_back_after_a_draw_stay_secret(simcord_env: simcord.Env) -> None:
    """Everyone reads what was kept and how many cards went back, not which nor in what order."""
    world = await started(simcord_env)
    player, _ = await acting(world)
    turn = world.last()
    shown = panel(await player.slash(world.channel, "coal play", action="fd"), "mt:turn:")
    table = await world.table()
    # The draw posts nothing new: it is told in the turn's own message, edited.
    assert world.last().id == turn.id
    assert f"{player.mention} places 1 worker on Factory Draw 5." in world.last().content
    assert f"{player.mention} looks at 5 tiles from the pile." in world.last().content
    view = state_of(table).view(table.seats.index(player.id))
    kept, *back = [card["name"] for card in view["pending"]["cards"]]
    keep = f"keep {kept}"
    await player.select(shown, [keep], custom_id=select_offering(shown, keep))
    in_order = " ".join(f"top {name}" for name in back)
    await player.click(shown, custom_id=step_id(shown, in_order))
    result = await player.click(shown, custom_id=turn_id(shown, "confirm"))
    assert [m.content for m in result.followups if not m.ephemeral] == [world.last().content]
    assert f"{player.mention} buys tile {tile_text('en', kept)} for" in world.last().content
    assert kept not in world.last().content  # words, not the notation
    assert "puts the other tiles back: 4 on top of the pile, 0 under it" in world.last().content
    assert not any(f"top {name}" in world.last().content for name in back)
    assert shown.content == t("en", "builder.done")  # the drawer's own panel, closed


async def test_a_draw_chosen_in_a_space_select_posts_one_message_after_the_put_back(
    simcord_env: simcord.Env,
) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    turn = world.last()
    (select,) = [m for m in space_selects(turn) if "od" in [o.value for o in m.options]]
    assert select.custom_id is not None
    shown = panel(await player.select(turn, ["od"], custom_id=select.custom_id), "mt:turn:")
    assert world.last().id == turn.id  # the draw posted nothing: it edits the turn's message
    told = world.last().content
    assert f"{player.mention} places 1 worker on Orders Draw 5." in told
    assert f"{player.mention} looks at 5 orders from the pile." in told
    await player.select(shown, ["keep none"], custom_id=select_offering(shown, "keep none"))
    in_order = next(i for i in enabled_ids(shown) if i.startswith("mt:step:"))
    await player.click(shown, custom_id=in_order)
    await player.click(shown, custom_id=turn_id(shown, "confirm"))
    new = [m for m in world.channel.history() if m.id > turn.id and not m.flags.ephemeral]
    assert [m.id for m in new] == [world.last().id]
    assert world.last().content.startswith(f"{player.mention} keeps none of the drawn orders.")


async def test_slow_images_still_reach_the_player(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Look-ups, "My view" and the panels are acknowledged before their images are drawn."""
    world = await started(simcord_env)
    # every image of the Discord layer is drawn through `image_file`
    monkeypatch.setattr(cogs.platform.presenter, "render_png", slow(world.env, render_png))
    player, _ = await acting(world)
    table = await world.table()
    answers = [
        await world.spectator.slash(world.channel, "coal board"),
        await world.spectator.slash(world.channel, "coal mine", player=player),
        await player.click(world.last(), custom_id=f"mt:view:{table.id}"),
    ]
    extraction = panel(
        await player.select(world.last(), ["m6"], custom_id=mining_select(world.last())),
        "mt:turn:",
    )
    await player.click(extraction, custom_id=step_id(extraction, "c1"))
    assert "Moves left: **5**" in (extraction.embeds[0].description or "")
    draw = panel(await player.slash(world.channel, "coal play", action="fd"), "mt:turn:")
    await player.select(draw, ["keep none"], custom_id=select_offering(draw, "keep none"))
    assert "So far: Keep nothing" in (draw.embeds[0].description or "")
    for result in answers:
        assert result.response is not None and len(result.response.attachments) == 1


def after_tile_names(state: CoalBaronState) -> list[str]:
    """Names of the tile pile, top to bottom (engine internals, for this check only)."""
    from bot.games.coal_baron.components import TILES

    return [TILES[tile].name for tile in state.tile_pile]


async def test_coal_play_autocomplete_lists_the_seats_legal_moves(simcord_env: simcord.Env) -> None:
    world = await started(simcord_env)
    player, other = await acting(world)
    first = await player.autocomplete(world.channel, "coal play", "action", "")
    values = suggested(first)
    assert len(values) <= 25 and "bank" in values
    assert {"m6", "$4", "fd", "od"} <= set(values)
    mining = await player.autocomplete(world.channel, "coal play", "action", "m")
    assert suggested(mining)[:2] == ["m6", "m10"]  # m4 and m8 are locked
    line = await player.autocomplete(world.channel, "coal play", "action", "m6 c1 +")
    assert suggested(line) == ["m6 c1 +y"]
    assert await other.autocomplete(world.channel, "coal play", "action", "") == []
    assert await world.spectator.autocomplete(world.channel, "coal play", "action", "") == []


async def test_anyone_may_look_at_the_board_a_mine_and_the_orders(simcord_env: simcord.Env) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    board = await world.spectator.slash(world.channel, "coal board")
    assert board.response is not None and board.ephemeral
    assert [a.filename for a in board.response.attachments] == ["board.png"]
    (drawn,) = board.response.attachments  # its alt text (issue 32)
    assert str(drawn.description).startswith("Coal Baron, shift 1 of 3: the board. To play: ")
    mine = await world.spectator.slash(world.channel, "coal mine", player=player)
    assert mine.response is not None
    assert [a.filename for a in mine.response.attachments] == ["mine.png"]
    assert f"the mine of {player.name}. To play: " in str(
        mine.response.attachments[0].description)
    assert f"<@{player.id}>" in mine.response.content
    mine_view = await player.click(world.last(), custom_id=f"mt:view:{(await world.table()).id}")
    assert mine_view.response is not None
    assert [a.filename for a in mine_view.response.attachments] == ["mine.png"]
    assert any(i.startswith("cb:sp:") for i in custom_ids(mine_view.response.message))
    orders = await world.spectator.slash(world.channel, "coal orders", player=player)
    assert orders.response is not None
    assert "**In progress**" in orders.response.content
    table = await world.table()
    seat = table.seats.index(player.id)
    for order in state_of(table).view(None)["players"][seat]["orders"]:
        assert order_text("en", order["name"]) in orders.response.content
        assert order["name"] not in orders.response.content  # words, not the notation


async def test_a_french_player_gets_the_panel_in_french(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    speak_french(monkeypatch, player)
    result = await player.select(world.last(), ["m6"], custom_id=mining_select(world.last()))
    shown = panel(result, "mt:turn:")
    assert "Déplacements restants : **6**" in (shown.embeds[0].description or "")
    labels = [c.get("label") for row in shown.components for c in row["components"]]
    assert "Niveau 1" in labels and "✔ Valider" in labels


def test_suggestions_put_prefix_matches_before_substring_matches() -> None:
    state = CoalBaronState.new(4, 5)
    while state.phase == "draft":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act()[0]
    lines = [choice.notation for choice in suggestions(state, seat, "o", "en")]
    prefixed = [line for line in lines if line.startswith("o")]
    assert lines[: len(prefixed)] == prefixed and len(prefixed) < len(lines)
    assert suggestions(state, (seat + 1) % 4, "", "en") == []
    assert len(suggestions(state, seat, "", "en")) <= 25


async def test_a_decision_under_way_opens_its_panel_for_the_acting_player_only(
    simcord_env: simcord.Env,
) -> None:
    world = await started(simcord_env)
    player, other = await acting(world)
    result = await player.slash(world.channel, "coal play", action="m6")
    table = await world.table()
    opened = panel(result, "mt:turn:")
    assert turn_id(opened, "undo") not in enabled_ids(opened)  # m6 is played: nothing to undo
    open_id = f"cb:open:{table.id}:{table.version}"
    assert open_id in custom_ids(world.last())
    refused = await other.click(world.last(), custom_id=open_id)
    assert private_text(refused) == NOT_YOUR_TURN
    shown = panel(await player.click(world.last(), custom_id=open_id), "mt:turn:")
    await player.click(shown, custom_id=turn_id(shown, "confirm"))
    await player.click(shown, custom_id=turn_id(shown, "sure"))
    assert shown.content == t("en", "builder.done")
    assert (await world.table()).version == table.version + 1


async def test_every_decision_can_be_typed_with_autocomplete(simcord_env: simcord.Env) -> None:
    world = await coal_world(simcord_env)
    await world.start(2)
    state = state_of(await world.table())
    seat = state.to_act()[0]
    picks = await world.seats[seat].autocomplete(world.channel, "coal play", "action", "")
    legal = {state.format_action(action) for action in state.legal_actions(seat)}
    assert set(suggested(picks)) == legal
    await finish_draft(world)
    player, _ = await acting(world)
    await player.slash(world.channel, "coal play", action="od")
    keeps = await player.autocomplete(world.channel, "coal play", "action", "keep")
    assert keeps and all(value.startswith("keep ") for value in suggested(keeps))
    table = await world.table()
    seat = table.seats.index(player.id)
    drawn = [card["name"] for card in state_of(table).view(seat)["pending"]["cards"]]
    line = f"keep {drawn[0]} " + " ".join(f"bottom {name}" for name in drawn[1:])
    await player.slash(world.channel, "coal play", action=line)
    after = await world.table()
    assert after.version == table.version + 1
    orders = state_of(after).view(None)["players"][seat]["orders"]
    assert drawn[0] in [order["name"] for order in orders]


async def test_a_french_server_gets_the_turn_messages_in_french(simcord_env: simcord.Env) -> None:
    world = await coal_world(simcord_env, guild_locale="fr")
    first = await world.start(2)
    assert "📜 Choix des commandes" in first.content
    await finish_draft(world)
    assert space_selects(world.last())[0].placeholder == "Usine : acheter une galerie…"


async def test_look_ups_say_when_there_is_nothing_to_show(simcord_env: simcord.Env) -> None:
    world = await coal_world(simcord_env)
    result = await world.spectator.slash(world.channel, "coal board")
    assert private_text(result) == t("en", "error.no_table_here")
    simcord.assert_error(world.env, NoTableHere)
    await world.start(2)
    await finish_draft(world)
    result = await world.players[0].slash(world.channel, "coal mine", player=world.spectator)
    assert private_text(result) == t("en", "error.not_a_player")
    simcord.assert_error(world.env, NotAPlayer)


async def test_a_reminder_shows_the_board_and_the_mine_with_the_turns_components(
    simcord_env: simcord.Env,
) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    await world.env.advance_time(6 * 60)  # the tests' reminder delay is 5 minutes
    reminder = world.last()
    assert reminder.content.startswith("⏰") and f"<@{player.id}>" in reminder.content
    assert [a.filename for a in reminder.attachments] == ["board.png", "mines.png"]
    assert any(i.startswith("cb:sp:") for i in custom_ids(reminder))


@pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)
async def test_the_extraction_panel_after_two_steps_shows_words_and_survives_a_restart(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    table = await world.table()
    result = await player.select(world.last(), ["m6"], custom_id=mining_select(world.last()))
    shown = panel(result, "mt:turn:")
    for step in ("c1", "+y"):
        await player.click(shown, custom_id=step_id(shown, step))
    words = panel_words(shown)
    assert not any(shows_notation(line, words) for line in ("m6 c1 +y", "c1 +y", "m6 c1"))
    assert "Moves left: **4**" in words
    await restart(world, settings)
    await player.click(shown, custom_id=step_id(shown, "c0"))  # the steps were kept
    assert "Moves left: **3**" in (shown.embeds[0].description or "")
    await player.click(shown, custom_id=turn_id(shown, "confirm"))
    await player.click(shown, custom_id=turn_id(shown, "sure"))
    assert shown.content == t("en", "builder.done")
    assert (await world.service.results.record(table.id))["actions"][-1].endswith("m6 c1 +y c0 end")


async def test_a_panel_opened_again_replaces_the_older_one(simcord_env: simcord.Env) -> None:
    world = await started(simcord_env)
    player, _ = await acting(world)
    first = panel(
        await player.select(world.last(), ["m6"], custom_id=mining_select(world.last())), "mt:turn:"
    )
    await player.click(first, custom_id=step_id(first, "c1"))
    second = panel(
        await player.select(world.last(), ["m6"], custom_id=mining_select(world.last())), "mt:turn:"
    )
    refused = await player.click(first, custom_id=step_id(first, "+y"))
    assert followup_text(refused) == t("en", "error.panel_replaced")
    await player.click(second, custom_id=step_id(second, "c1"))  # from the start, unmixed
    assert "Moves left: **5**" in (second.embeds[0].description or "")


async def test_an_on_demand_picture_tells_the_last_move_after_a_restart(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """Coal Baron's view keeps no last move: a picture drawn on demand (`/coal board`,
    `/coal mine`, My view, `/game status`) tells it from the table's stored log
    (`History.last`), so a new process tells it as the old one did."""
    world = await started(simcord_env)
    player, _ = await acting(world)
    await player.slash(world.channel, "coal play", action="bank")
    (board,) = [a for a in world.last().attachments if a.filename == "board.png"]
    told = str(board.description)
    assert f"Last move: {player.name} " in told  # the turn message's board, from the action
    last = told[told.index("Last move: "):].split(". ")[0]

    await restart(world, settings)

    looked = await world.spectator.slash(world.channel, "coal board")
    assert looked.response is not None
    assert last in str(looked.response.attachments[0].description)
    mine = await player.slash(world.channel, "coal mine")
    assert mine.response is not None
    assert last in str(mine.response.attachments[0].description)
    view = await player.click(world.last(), custom_id=f"mt:view:{world.table_id}")
    assert view.response is not None
    assert last in str(view.response.attachments[0].description)
    status = await world.spectator.slash(world.channel, "game status")
    assert status.response is not None
    (board,) = [a for a in status.response.attachments if a.filename == "board.png"]
    assert last in str(board.description)
