"""The coach through the real bot (simcord): `/game hint`, the panel's 💡 Hint, coach
notes after a clearly worse move and none after the hinted one, in both languages;
a table nobody is coached at asks the coach nothing.

The coach thinks in a thread here, with a small fixed search (deterministic)."""

from __future__ import annotations

import re
from concurrent.futures import Executor, ThreadPoolExecutor

import pytest
import simcord

from bot.ai.coach_worker import (
    CoachRunner,
    CoachUnavailable,
    CostAnswer,
    HintAnswer,
    compute,
)
from bot.games.base import Seat
from bot.i18n import catalog
from bot.service import Table
from bot.service.errors import NotYourTurn
from bot.workers.process_starts import ProcessStartRefused
from cogs.platform.coach import TableCoach
from cogs.platform.plugins import plugin_for
from cogs.platform.seen import seat_copy
from cogs.platform.translator import CatalogTranslator
from tests.coach_follow_support import play_to_the_last_move
from tests.coal_baron_discord_support import fixed_seed
from tests.discord_support import (
    TableWorld,
    answers,
    bot_of,
    custom_ids,
    enabled_ids,
    followup_text,
    lobby_id,
    private_text,
    private_texts,
    public_texts,
    speak_french,
)
from tests.forging import forged_component
from tests.test_discord_computers import table_bot

__all__ = ["fixed_seed"]  # autouse: the same deal every run

SAMPLES = 4


def coach_in_threads(w: TableWorld) -> TableCoach:
    coach = TableCoach(CoachRunner(lambda: ThreadPoolExecutor(1)), SAMPLES)
    table_bot(w).coach = coach
    return coach


async def table_of(w: TableWorld) -> Table:
    return await table_bot(w).service.tables.get_table(1)


def actor(w: TableWorld, table: Table, seat: Seat) -> simcord.MemberActor:
    return w.alice if table.seats[seat] == w.alice.id else w.bob


async def start(w: TableWorld, game: str) -> Table:
    lobby = await w.open_lobby(game)
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    return await table_of(w)


async def play_defaults_until_placement(w: TableWorld) -> Table:
    """Coal Baron's draft, each seat's default, through `/game play`."""
    table = await table_of(w)
    while table.state.phase == "draft":  # type: ignore[union-attr]
        state = table.state
        assert state is not None
        seat = state.to_act()[0]
        await actor(w, table, seat).slash(
            w.channel, "game play", action=state.format_action(state.default_action(seat))
        )
        table = await table_of(w)
    return table


@pytest.mark.parametrize("french", [False, True])
async def test_a_coached_player_gets_a_note_after_a_clearly_worse_move_only(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch, french: bool
) -> None:
    w = table_world
    if french:
        speak_french(monkeypatch, w.alice, w.bob)
    coach = coach_in_threads(w)
    await start(w, "coal-baron")
    table = await play_defaults_until_placement(w)
    assert coach.runner.asked == 0  # nobody coached: nothing asked
    state = table.state
    assert state is not None
    seat = state.to_act()[0]
    player = actor(w, table, seat)
    other = w.bob if player is w.alice else w.alice
    result = await player.slash(w.channel, "game coach", mode="on")
    assert "🎓" in private_text(result)
    # The hint, privately, in words.
    result = await player.slash(w.channel, "game hint")
    hint_words = private_text(result)
    assert hint_words.startswith("💡")
    assert ("Conseil" in hint_words) == french
    # Only the player to act gets a hint; the other is told privately, in their language.
    refused = private_text(await other.slash(w.channel, "game hint"))
    simcord.assert_error(w.env, NotYourTurn)
    assert refused == ("Ce n'est pas votre tour." if french else "It is not your turn.")
    # Which move is clearly worse: the worker's own measure, on the same record.
    record = await table_bot(w).service.results.record(table.id)
    moment = len(record["actions"])
    request = coach.request("hint", table, seat, record, moment)
    given = compute(request).answer
    assert isinstance(given, HintAnswer)
    own = seat_copy(table, seat)
    words = plugin_for("coal-baron").typed.words(own, given.action, "fr" if french else "en")
    assert f"**{words}**" in hint_words and words != given.action  # in the menus' words
    worse = None
    for action in state.legal_actions(seat):
        notation = state.format_action(action)
        played = {**record, "actions": [*record["actions"], notation]}
        answer = compute(coach.request("note", table, seat, played, moment)).answer
        if isinstance(answer, CostAnswer):
            worse = notation
            break
    assert worse is not None
    asked = coach.runner.asked
    result = await player.slash(w.channel, "game play", action=worse)
    await coach.idle()
    notes = [text for text in private_texts(result) if text.startswith("🎓")]
    assert len(notes) == 1, private_texts(result)
    assert ("rapporte environ" in notes[0]) == french and ("PV" in notes[0]) == french
    assert worse not in notes[0].split("**")  # in words, not notation
    assert coach.runner.asked == asked + 1
    # The other player is not coached: their moves are never looked at.
    table = await table_of(w)
    while table.state is not None and table.seats[table.state.to_act()[0]] != player.id:
        state = table.state
        s = state.to_act()[0]
        await other.slash(w.channel, "game play",
                          action=state.format_action(state.default_action(s)))
        table = await table_of(w)
    await coach.idle()
    assert coach.runner.asked == asked + 1
    # The hinted move gets no note.
    result = await player.slash(w.channel, "game hint")
    table = await table_of(w)
    state = table.state
    assert state is not None
    record = await table_bot(w).service.results.record(table.id)
    given = compute(coach.request("hint", table, seat, record, len(record["actions"]))).answer
    assert isinstance(given, HintAnswer)
    result = await player.slash(w.channel, "game play", action=given.action)
    await coach.idle()
    assert not [text for text in private_texts(result) if text.startswith("🎓")]


async def test_the_private_panel_offers_a_hint_at_every_step(table_world: TableWorld) -> None:
    """Mine Out's turn panel: 💡 Hint fills the panel (once, a second click replaces it),
    and after a step chosen on the panel, not confirmed, the panel keeps its Hint, which
    answers for that step: the coach is asked with the panel's steps."""
    w = table_world
    coach = coach_in_threads(w)
    table = await start(w, "mine-out")
    state = table.state
    assert state is not None
    seat = state.to_act()[0]
    player = actor(w, table, seat)
    turn = w.last()
    view_id = next(i for i in custom_ids(turn) if i.startswith("mt:view"))
    result = await player.click(turn, custom_id=view_id)
    panel = next(m for m in (result.response, *result.followups) if m is not None and m.ephemeral)
    ids = [c.get("custom_id", "") for row in panel.components for c in row["components"]]
    hint_id = next(i for i in ids if i.startswith(f"mt:hintp:{table.id}:turn:"))
    result = await player.click(panel, custom_id=hint_id)
    assert coach.runner.asked == 1
    filled = result.response
    assert filled is not None and filled.id == panel.id  # the panel itself, edited
    assert filled.content.startswith(panel.content) and filled.content.count("💡 Hint:") == 1
    again = (await player.click(filled, custom_id=hint_id)).response
    assert again is not None and again.content.count("💡 Hint:") == 1
    coaching = table_bot(w).service.coaching
    (given,) = await coaching.given(table, seat)
    assert given.moment == 0 and given.steps == ()
    step_id = next(i for i in ids if i.startswith("mt:step:") and i.endswith(given.line[0]))
    stepped = (await player.click(again, custom_id=step_id)).response
    assert stepped is not None
    ids = [c.get("custom_id", "") for row in stepped.components for c in row["components"]]
    assert hint_id in ids  # the Hint stays on the panel after a step
    result = await player.click(stepped, custom_id=hint_id)
    assert result.response is not None and result.response.content.count("💡 Hint:") == 1
    assert [hint.steps for hint in await coaching.given(table, seat)] == [(), given.line[:1]]


@pytest.mark.parametrize("game", ["coal-baron", "mine-out", "saboteur"])
async def test_the_review_button_names_the_costliest_moves_in_words(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    w = table_world
    french = game == "mine-out"
    if french:
        speak_french(monkeypatch, w.alice, w.bob, w.carol)
    coach = coach_in_threads(w)
    coach.looked_at = 4
    lobby = await w.open_lobby(game)
    players = [w.alice, w.bob]
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    if game == "saboteur":
        await w.carol.click(lobby, custom_id=lobby_id(lobby, "join"))
        players.append(w.carol)
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    await play_to_the_last_move(w, players)
    assert coach.runner.asked == 0
    final = w.last()
    review_id = f"mt:review:{(await table_of(w)).id}"
    assert review_id in custom_ids(final)
    result = await w.bob.click(final, custom_id=review_id)
    text = private_text(result)
    assert text.startswith("🔎")
    assert ("partie" in text) == french
    table = await table_of(w)
    record = await table_bot(w).service.results.record(table.id)
    played = set(record["actions"])
    for line in text.splitlines()[1:]:
        assert not any(f"**{notation}**" in line for notation in played)
    await a_moment_opens_the_replay_at_its_move(w, result, french)
    # A stranger to the table gets a clear private refusal.
    result = await w.carol.click(final, custom_id=review_id) if game != "saboteur" else result
    assert private_text(result)


async def a_moment_opens_the_replay_at_its_move(
    w: TableWorld, result: simcord.InteractionResult, french: bool
) -> None:
    """Each moment of a Review ("Move 61") has its button; it opens the step-through
    replay, privately, at the step that shows that move, numbered the same."""
    review = next(m for m in answers(result) if m.ephemeral and m.content.startswith("🔎"))
    numbers = [int(n) for n in re.findall(r"• (?:Move|Coup) (\d+)", review.content)]
    buttons = [i for i in enabled_ids(review) if i.startswith("mt:replaymove:")]
    assert numbers and [int(i.rsplit(":", 1)[1]) for i in buttons] == sorted(set(numbers))[:5]
    opened = await w.bob.click(review, custom_id=buttons[0])
    [stepper] = [m for m in answers(opened) if m.ephemeral]
    move, total = sorted(set(numbers))[0], len((await w.bot.service.results.record(
        (await table_of(w)).id))["actions"])
    found = re.search(r"(\d+)(?:(?: (?:to|à) |–)(\d+))? (?:of|sur) (\d+)\.$", stepper.content)
    assert found is not None, stepper.content
    first, last = int(found[1]), int(found[2] or found[1])
    assert first <= move <= last and int(found[3]) == total
    assert ("Rediffusion" in stepper.content) == french


async def test_coach_for_new_players_looks_at_their_moves_and_never_at_a_computers(
    table_world: TableWorld,
) -> None:
    """The lobby's option coaches alice (no finished game here): each of her moves is
    looked at, none of the computer's (counted requests to the coach's worker)."""
    w = table_world
    coach = coach_in_threads(w)
    w.env.settle_timeout = 120.0
    lobby = await w.open_lobby("coal-baron")
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "easy"))
    await w.alice.click(w.last(), custom_id=f"mt:coachnew:{(await table_of(w)).id}:on")
    lobby = w.last()
    assert "🎓" in lobby.content
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    hers = 0
    for _ in range(12):
        await table_bot(w).computers.idle()
        table = await table_of(w)
        state = table.state
        assert state is not None
        seat = state.to_act()[0]
        assert table.seats[seat] == w.alice.id
        await w.alice.slash(w.channel, "game play",
                            action=state.format_action(state.default_action(seat)))
        hers += 1
    await table_bot(w).computers.idle()
    await coach.idle()
    table = await table_of(w)
    assert table.version > hers  # the computer played too
    assert coach.runner.asked == hers


async def test_coach_mode_is_a_choice_a_french_player_reads_in_french(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/game coach` offers on / off (not a bare True / False), named in the player's
    language; off stops the coach for that player."""
    w = table_world
    tree = bot_of(w.env).tree
    command = tree.get_command("game")
    assert command is not None
    payload = await command.get_translated_payload(tree, CatalogTranslator())
    coach = next(option for option in payload["options"] if option["name"] == "coach")
    (mode,) = coach["options"]
    assert mode["name_localizations"]["fr"] == "mode"
    assert {c["value"]: c["name"] for c in mode["choices"]} == {"on": "on", "off": "off"}
    assert {c["value"]: c["name_localizations"]["fr"] for c in mode["choices"]} == {
        "on": "activé", "off": "désactivé"}
    coach_in_threads(w)
    await start(w, "coal-baron")
    speak_french(monkeypatch, w.bob)
    on = private_text(await w.bob.slash(w.channel, "game coach", mode="on"))
    assert on == catalog("fr")["coach.on"]
    assert w.bob.id in await table_bot(w).service.coaching.coached(await table_of(w))
    off = private_text(await w.bob.slash(w.channel, "game coach", mode="off"))
    assert off == catalog("fr")["coach.off"]
    assert w.bob.id not in await table_bot(w).service.coaching.coached(await table_of(w))


async def test_a_hint_button_forged_on_a_public_message_answers_privately(
    table_world: TableWorld,
) -> None:
    """💡 Hint fills only a private panel: on a message everyone reads (a forged button),
    the hint goes to the clicker alone and the message is left as it was."""
    w = table_world
    coach_in_threads(w)
    table = await start(w, "coal-baron")
    assert table.state is not None
    player = actor(w, table, table.state.to_act()[0])
    result = await forged_component(w.env, player, w.channel, f"mt:hint:{table.id}")
    assert followup_text(result).startswith("💡")
    assert not any("💡" in text for text in public_texts(result))


@pytest.mark.parametrize("french", [False, True])
async def test_a_coach_that_cannot_start_is_said_unavailable_and_the_table_goes_on(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch, french: bool
) -> None:
    """Its worker refused (as inside the local table's simcord run): the player reads
    privately, in their language, that the coach is unavailable; nothing changes, and
    the move that follows is played as ever."""
    w = table_world
    if french:
        speak_french(monkeypatch, w.alice, w.bob)

    def cannot_start() -> Executor:
        raise ProcessStartRefused("no process may start here")

    table_bot(w).coach = TableCoach(CoachRunner(cannot_start), SAMPLES)
    table = await start(w, "mine-out")
    state = table.state
    assert state is not None
    seat = state.to_act()[0]
    player = actor(w, table, seat)
    result = await player.slash(w.channel, "game hint")
    simcord.assert_error(w.env, CoachUnavailable)
    assert private_text(result) == catalog("fr" if french else "en")["error.coach_unavailable"]
    assert (await table_of(w)).version == table.version
    await player.slash(w.channel, "game play",
                       action=state.format_action(state.default_action(seat)))
    assert (await table_of(w)).version > table.version
