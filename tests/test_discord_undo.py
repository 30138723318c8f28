"""Taking back the last action through Discord (docs/weeks.md): the "Take back" button
of the actor's private confirmation and ``/game undo``, with every refusal.

The tiny game (tests/tinygame.py) says a swap reveals (a card is drawn) and
keeping or adding short of the target does not."""

from __future__ import annotations

import json

import pytest
import simcord

from bot.games.undo import ActionRevealed, NothingToTakeBack, NotYourLastAction
from bot.service.errors import ActionPlayedBySkip
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    TableWorld,
    action_id,
    custom_ids,
    private_text,
    speak_french,
)

pytestmark = pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)


@pytest.fixture
def w(table_world: TableWorld) -> TableWorld:
    return table_world


async def click_action(
    w: TableWorld, actor: simcord.MemberActor, notation: str
) -> simcord.InteractionResult:

    return await actor.click(w.last(), custom_id=action_id(w.last(), notation))


def undo_message(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The private confirmation that holds the "Take back" button."""
    [found] = [m for m in result.followups if m.ephemeral and "mt:undo:" in str(m.components)]
    return found


async def my_view(w: TableWorld, actor: simcord.MemberActor) -> str:
    return private_text(await actor.click(w.last(), custom_id="mt:view:1"))


async def test_the_actor_takes_back_with_the_button_and_the_channel_reads_who_not_what(
    w: TableWorld,
) -> None:
    await w.start_tiny()
    before = await my_view(w, w.alice)
    played = await click_action(w, w.alice, "keep")
    confirmation = undo_message(played)
    assert confirmation.content == "Done."  # a click: no notation (typed plays get it)
    assert custom_ids(confirmation.message) == ["mt:undo:1:3"]
    taken = await w.alice.click(confirmation.message, custom_id="mt:undo:1:3")
    assert private_text(taken) == "You took back: keep."
    turn = w.last()
    assert f"{w.alice.mention} took back their last action." in turn.content
    assert "keep" not in turn.content.lower()
    assert "mt:act:1:4:keep" in custom_ids(turn)  # alice chooses again
    assert await my_view(w, w.alice) == before


async def test_a_take_back_is_left_out_of_the_record(w: TableWorld) -> None:
    await w.start_tiny()
    await click_action(w, w.alice, "keep")
    await w.alice.slash(w.channel, "game undo")
    await click_action(w, w.alice, "keep")
    await click_action(w, w.bob, "keep")
    while "Game over" not in w.last().content:
        to_act = w.alice if f"👉 {w.alice.mention}" in w.last().content else w.bob
        largest = next(n for n in ("add 3", "add 2", "add 1") if n in str(custom_ids(w.last())))
        await click_action(w, to_act, largest)
    result = await w.alice.slash(w.channel, "game export", table=1)
    [attachment] = result.response.attachments if result.response else []
    record = json.loads(await attachment.read())
    assert record["actions"][:2] == ["@0 keep", "keep"]
    assert len([a for a in record["actions"] if a.endswith("keep")]) == 2


async def test_undo_by_someone_else_is_refused(w: TableWorld) -> None:
    await w.start_tiny()
    await click_action(w, w.alice, "keep")
    result = await w.bob.slash(w.channel, "game undo")
    simcord.assert_error(w.env, NotYourLastAction)
    assert private_text(result).startswith("Only the player who played the last action")


async def test_undo_after_the_next_player_acted_is_refused(w: TableWorld) -> None:
    await w.start_tiny()
    await click_action(w, w.alice, "keep")
    await click_action(w, w.bob, "keep")
    played = await click_action(w, w.alice, "add 1")
    stale = undo_message(played)
    await click_action(w, w.bob, "add 1")
    result = await w.alice.click(stale.message, custom_id="mt:undo:1:5")
    assert "moved on" in private_text(result)
    result = await w.alice.slash(w.channel, "game undo")
    simcord.assert_error(w.env, NotYourLastAction)


async def test_an_action_that_revealed_a_card_cannot_be_taken_back(w: TableWorld) -> None:
    await w.start_tiny()
    played = await click_action(w, w.alice, "swap")
    assert not [m for m in played.followups if "mt:undo:" in str(m.components)]
    view = await my_view(w, w.alice)
    result = await w.alice.slash(w.channel, "game undo")
    simcord.assert_error(w.env, ActionRevealed)
    assert private_text(result).startswith("Your last action cannot be taken back")
    assert await my_view(w, w.alice) == view  # the drawn card stays


async def test_nothing_to_take_back_before_the_first_action(w: TableWorld) -> None:
    await w.start_tiny()
    result = await w.alice.slash(w.channel, "game undo")
    simcord.assert_error(w.env, NothingToTakeBack)
    assert private_text(result).startswith("There is nothing to take back")


async def test_an_action_played_by_skip_cannot_be_taken_back(w: TableWorld) -> None:
    await w.start_tiny()
    await click_action(w, w.bob, "keep")
    await w.env.advance_time(2 * REMINDER_MINUTES * 60)
    await w.bob.slash(w.channel, "game skip")  # alice "keeps", played by bob
    result = await w.alice.slash(w.channel, "game undo")
    simcord.assert_error(w.env, ActionPlayedBySkip)
    assert "`/game skip`" in private_text(result)
    result = await w.bob.slash(w.channel, "game undo")
    simcord.assert_error(w.env, NotYourLastAction)


async def test_undo_speaks_french_to_a_french_player(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    speak_french(monkeypatch, w.alice, w.bob)
    await w.start_tiny()
    played = await click_action(w, w.alice, "keep")
    assert [label["label"] for row in undo_message(played).components
            for label in row["components"]] == ["Reprendre"]
    result = await w.bob.slash(w.channel, "game undo")
    simcord.assert_error(w.env, NotYourLastAction)
    assert private_text(result).startswith("Seul le joueur qui a joué la dernière action")
    taken = await w.alice.slash(w.channel, "game undo")
    assert private_text(taken) == "Vous avez repris : keep."
    # The channel reads the server's language (English here).
    assert f"{w.alice.mention} took back their last action." in w.last().content
