"""Whole Mine Out games through the real bot (2, 3, 4 players and 2 vs 2), turn by
turn with the panel and typed with ``/game play``, to the final standings; the
turn message in words; ``/mineout`` views; every refusal."""

from __future__ import annotations

import random

import pytest
import simcord

from bot.games.mine_out.actions import Change, Dig, Hire, Play, Sell
from bot.games.mine_out.legality import cost
from bot.i18n import t
from bot.service.errors import IllegalAction, NotSeated, NotYourTurn
from bot.startup.config import Settings
from cogs.platform.errors import NotAPlayer
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    as_seen_before,
    custom_ids,
    enabled_ids,
    followup_text,
    live_messages,
    options_of,
    panel_words,
    private_text,
    restart,
    select_offering,
    shown_text,
    shows_notation,
    turn_id,
)
from tests.mine_out_discord_support import (
    choose_step,
    mo_world,
    open_panel,
    plan_turn,
    play_game,
    turn_by_command,
    turn_by_panel,
)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        pytest.param(2, 25, {}, marks=pytest.mark.complete_game("mine-out")),
        (3, 4, {}),
        (4, 2, {}),
        (4, 2, {"variant": "teams"}),
    ],
)
async def test_a_whole_game_reaches_the_standings(
    simcord_env: simcord.Env, players: int, seed: int, options: dict[str, object]
) -> None:
    w = await mo_world(simcord_env, players)
    ways = await play_game(w, seed, options)
    assert ways["panel"] and ways["typed"]
    state = await w.state()
    outcome = state.outcome()
    assert outcome is not None
    final = w.last().content
    assert "Final standings" in final
    # The platform's summary: the score chart, then only Rematch, Export and the coach's Review.
    assert w.last().attachments[-1].filename == "scores.png"
    assert custom_ids(w.last()) == [
        f"mt:rematch:{w.table_id}", f"mt:export:{w.table_id}", f"mt:review:{w.table_id}"
    ]
    for seat, member in enumerate(w.players):
        assert f"{member.mention}: {outcome.scores[seat]}" in final
    texts = [m.content for m in w.public_messages() if m.id > w.first_turn_id]
    assert any("sells" in text or "digs" in text for text in texts)
    assert all(m.attachments for m in w.public_messages() if m.id >= w.first_turn_id)


async def test_a_turn_typed_in_two_lines_posts_one_public_message(
    simcord_env: simcord.Env,
) -> None:
    """The first line, which does not end the turn, is told in the live message (the
    one that announced the turn), pinging nobody again; the second posts the turn."""
    w = await mo_world(simcord_env, 3)
    await w.start(4)
    state = await w.state()
    actor = w.players[state.to_act()[0]]
    steps = plan_turn(state, random.Random(1))
    assert len(steps) > 2
    announced = w.last()
    posted = len(w.public_messages())
    await actor.slash(w.channel, "game play", action=steps[0])
    assert len(w.public_messages()) == posted and w.last().id == announced.id
    told, _, to_act = announced.content.rpartition("\n")
    # The step takes the place of the line saying who is to act, which it restates.
    assert w.last().content.startswith(told) and w.last().content.count(to_act) == 1
    assert len(w.last().content) > len(announced.content)
    await actor.slash(w.channel, "game play", action=" ".join(steps[1:]))
    assert len(w.public_messages()) == posted + 1
    assert [m.id for m in live_messages(w.channel)] == [w.last().id]


async def test_two_players_the_master_is_asked_for_the_apprentice(
    simcord_env: simcord.Env,
) -> None:
    w = await mo_world(simcord_env, 2)
    await w.start(3)
    rng = random.Random(3)
    while not (await w.state()).positions[(await w.state()).current].apprentice:
        state = await w.state()
        await turn_by_command(w, w.players[state.to_act()[0]], plan_turn(state, rng))
    state = await w.state()
    master = w.players[state.to_act()[0]]
    assert "apprentice" in w.last().content and master.mention in w.last().content
    panel = await open_panel(w, master)
    assert "apprentice" in panel.content


SCORINGS = {
    ("mine-out", "en"): "Mine Out: the {ore} mine is empty!",
    ("bank-out", "en"): "Bank Out: the bank is empty!",
    ("bank-out", "fr"): "Banque Épuisée : la banque est vide !",
}
"""A majority scoring's announcement, as the server reads it."""


@pytest.mark.parametrize(
    ("scoring", "seed", "locale"), [("mine-out", 8, "en"), ("bank-out", 1, "en"),
                                    ("bank-out", 1, "fr")]
)
async def test_a_mine_out_and_a_bank_out_name_who_scored_what(
    simcord_env: simcord.Env, scoring: str, seed: int, locale: str
) -> None:
    """Play typed turns (3 players, seeded) until the turn that empties a mine or the
    bank: its message names the scoring, then each holder (mention) with the cubes or
    rupees they held and the fame the engine gave them (the catalog's line)."""
    w = await mo_world(simcord_env, 3, locale=None if locale == "en" else locale)
    await w.start(seed)
    rng = random.Random(seed)
    while (await w.table()).status == "playing":
        state = await w.state()
        seat = state.to_act()[0]
        steps = plan_turn(state, rng)
        trial = state.copy()
        events = [e for step in steps for e in trial.apply(seat, trial.parse_action(seat, step))]
        await turn_by_command(w, w.players[seat], steps)
        announced = [e for e in events
                     if e.kind.startswith(scoring) and not e.kind.endswith("-scored")]
        if not announced:
            continue
        text = w.last().content
        ore = announced[0].kind.removeprefix("mine-out-")
        assert SCORINGS[scoring, locale].format(ore=ore) in text
        scored = [e for e in events if e.kind == f"{scoring}-scored"]
        assert scored
        for event in scored:
            player = w.players[event.data["seat"]].mention
            line = t(locale, f"event.mine-out.{scoring}-scored", **{**event.data, "player": player})
            assert line in text, (line, text)
            assert str(event.data["fame"]) in line and player in line
        return
    pytest.fail(f"no {scoring} in the game")


async def test_the_panel_offers_steps_with_costs_and_undo(simcord_env: simcord.Env) -> None:
    w = await mo_world(simcord_env, 3)
    await w.start(4)
    alice = w.players[0]
    panel = await open_panel(w, alice)
    text = shown_text(panel)
    assert "5 action points left" in text
    labels = [o["label"] for row in panel.components for c in row["components"]
              for o in c.get("options", [])]
    labels += [str(c.get("label")) for row in panel.components for c in row["components"]]
    assert any(label.startswith("Move to ") and label.endswith("1 AP") for label in labels)
    move = next(i for i in enabled_ids(panel) if i.startswith("mt:step:") and ":move " in i)
    await alice.click(panel, custom_id=move)
    assert "4 action points left" in shown_text(panel)
    await alice.click(panel, custom_id=turn_id(panel, "undo"))
    assert "5 action points left" in shown_text(panel)
    assert not any(i.endswith(":confirm") for i in enabled_ids(panel))  # moves only
    play = next(v for values in options_of(panel) for v in values if v.startswith("play "))
    await alice.select(panel, [play], custom_id=select_offering(panel, play))
    await alice.click(panel, custom_id=turn_id(panel, "confirm"))
    assert "3 action points: end the turn anyway?" in shown_text(panel)
    await alice.click(panel, custom_id=turn_id(panel, "sure"))
    assert (await w.state()).current == 1


async def test_refusals(simcord_env: simcord.Env) -> None:
    """A stranger, out of turn, an action the engine refuses, an old panel, a double
    confirm: each answered privately, nothing played."""
    w = await mo_world(simcord_env, 3)
    await w.start(4)
    alice, bob = w.players[:2]
    rng = random.Random(4)
    stranger = await w.watcher.slash(w.channel, "game play", action="move pub")
    assert private_text(stranger) == t("en", "error.not_seated")
    simcord.assert_error(w.env, NotSeated)
    early = await bob.slash(w.channel, "game play", action="move pub")
    assert private_text(early) == t("en", "error.not_your_turn")
    simcord.assert_error(w.env, NotYourTurn)
    refused = await alice.slash(w.channel, "game play", action="sell cu")
    assert private_text(refused).startswith("You cannot do that now.")
    simcord.assert_error(w.env, IllegalAction)
    assert (await w.state()).current == 0
    panel = await open_panel(w, alice)
    move = next(i for i in enabled_ids(panel) if i.startswith("mt:step:"))
    await turn_by_command(w, alice, plan_turn(await w.state(), rng))
    old = await alice.click(panel, custom_id=move)
    assert followup_text(old) == t("en", "error.stale_action")
    table = await w.table()
    await turn_by_panel(w, bob, plan_turn(await w.state(), rng))
    assert (await w.state()).current == 2
    confirm = f"mt:turn:{table.id}:{table.version}:turn:1:confirm"  # refused for its version
    again = await as_seen_before(w.env, w.channel, confirm)
    twice = await bob.click(again, custom_id=confirm)
    assert followup_text(twice) == t("en", "error.stale_action")
    assert (await w.state()).current == 2


async def test_views_anyone_may_see_and_the_hand_only_its_owner(
    simcord_env: simcord.Env,
) -> None:
    w = await mo_world(simcord_env, 3)
    await w.start(4)
    town = (await w.watcher.slash(w.channel, "mineout town")).response
    assert town is not None and town.attachments
    described = [str(a.description) for a in town.attachments]  # the alt texts (issue 32)
    assert described[0].startswith("Mine Out, round 1: the town. To play: ")
    assert described[1].startswith("Mine Out, round 1: the cards for hire.")
    mine = (await w.watcher.slash(w.channel, "mineout player", player=w.players[1])).response
    assert mine is not None and w.players[1].mention in mine.content
    assert f"the holdings of {w.players[1].name}" in str(mine.attachments[0].description)
    hand = await w.watcher.slash(w.channel, "mineout hand")
    assert private_text(hand) == t("en", "error.not_seated")
    simcord.assert_error(w.env, NotSeated)


async def test_which_seat_a_look_up_shows_as_in_coal_baron(simcord_env: simcord.Env) -> None:
    """`/mineout player` shows the named player; without one, the user's own seat, and
    for a spectator the seat to act; a member who does not play is told so (as
    `/coal mine` and `/coal orders`: `cogs.platform.table_items.seat_shown`)."""
    w = await mo_world(simcord_env, 3)
    await w.start(4)
    state = await w.state()
    to_act = w.players[state.to_act()[0]]
    own = (await w.players[2].slash(w.channel, "mineout player")).response
    assert own is not None and w.players[2].mention in own.content
    watched = (await w.watcher.slash(w.channel, "mineout player")).response
    assert watched is not None and to_act.mention in watched.content
    stranger = await w.players[0].slash(w.channel, "mineout player", player=w.watcher)
    assert private_text(stranger) == t("en", "error.not_a_player")
    simcord.assert_error(w.env, NotAPlayer)


async def test_the_turn_message_and_rules_in_french(simcord_env: simcord.Env) -> None:
    w = await mo_world(simcord_env, 3, locale="fr")
    await w.start(4)
    assert "Manche 1 : à " in w.last().content
    state = await w.state()
    await turn_by_command(w, w.players[0], plan_turn(state, random.Random(4)), suggest=False)
    text = w.last().content
    assert "Manche 1 : à " in text and "se rend" in text, text
    rules = await w.watcher.slash(w.channel, "game rules", game="mine-out")
    assert "reconstruction" in private_text(rules) or any(
        "reconstruction" in m.content for m in w.public_messages())
    # The rules name the table's own button and no repository file.
    assert "**My turn / my hand**" in private_text(rules)
    assert "docs/" not in private_text(rules)


async def test_skip_plays_the_cheapest_non_move_action_then_ends_the_turn(
    simcord_env: simcord.Env,
) -> None:
    """`/game skip` plays the rest of the idle position's turn as one line: the cheapest
    legal action other than a move where its pawn stands, then the end of the turn
    (docs/mine-out-discord.md, "/game skip")."""
    w = await mo_world(simcord_env, 3)
    await w.start(4)
    alice, bob = w.players[:2]
    before = await w.state()
    cheapest = min(
        (step for step in before.legal_actions(0)
         if isinstance(step, Hire | Dig | Sell | Change | Play)),
        key=lambda step: cost(before, step),
    )
    await w.env.advance_time(2 * REMINDER_MINUTES * 60)
    result = await bob.slash(w.channel, "game skip")
    assert private_text(result) == "Done."
    text = w.last().content
    assert f"{bob.mention} skipped the turn of {alice.mention}" in text
    assert f"{alice.mention} ends the turn." in text
    assert (await w.state()).current == 1
    record = await w.bot.service.results.record(w.table_id)
    assert record["actions"] == [f"{before.format_action(cheapest)} end"]


@pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)
async def test_the_turn_panel_after_two_steps_shows_words_and_survives_a_restart(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    w = await mo_world(simcord_env, 3)
    await w.start(4)
    alice = w.players[0]
    panel = await open_panel(w, alice)
    offered = [i.split(":", 6)[6] for i in enabled_ids(panel) if i.startswith("mt:step:")]
    offered += [v for values in options_of(panel) for v in values]
    move = next(v for v in offered if v.startswith("move "))
    await choose_step(alice, panel, move)
    play = next(v for values in options_of(panel) for v in values if v.startswith("play "))
    await choose_step(alice, panel, play)
    words = panel_words(panel)
    assert not any(shows_notation(line, words) for line in (move, play, f"{move} {play}"))
    assert "2 action points left" in words and "So far: Move to" in words
    await restart(w, settings)
    await alice.click(panel, custom_id=turn_id(panel, "undo"))  # the steps were kept
    assert "4 action points left" in shown_text(panel)  # the move stays
    await choose_step(alice, panel, play)
    await alice.click(panel, custom_id=turn_id(panel, "confirm"))
    await alice.click(panel, custom_id=turn_id(panel, "sure"))
    record = await w.bot.service.results.record(w.table_id)
    assert record["actions"][-1].endswith(f"{move} {play} end")
