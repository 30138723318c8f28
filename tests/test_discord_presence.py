"""``/game away`` and ``/game dm``: away players get no reminders and are not skipped;
reminders by direct message for those who ask."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import simcord

from bot.service.errors import AwayInPast, NobodyAway, SkipAway, SkipPaused
from bot.storage.records import REMINDER_LEASE_SECONDS
from cogs.platform.errors import AwayBadDate
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    TableWorld,
    action_id,
    private_text,
    public_texts,
    reminders,
    speak_french,
)

pytestmark = pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)


DELAY = REMINDER_MINUTES * 60


@pytest.fixture
def w(table_world: TableWorld) -> TableWorld:
    return table_world


def days_from_now(w: TableWorld, days: int) -> tuple[str, int]:
    """The date `days` from the simulated today, as typed and as its unix start."""
    day = (w.env.now().astimezone(UTC) + timedelta(days=days)).date()
    return day.isoformat(), int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp())


async def reach_alices_turn(w: TableWorld) -> None:
    await w.start_tiny()
    for actor in (w.alice, w.bob):
        await actor.click(w.last(), custom_id=action_id(w.last(), "keep"))


async def test_an_away_player_is_neither_reminded_nor_skipped_and_status_says_so(
    w: TableWorld,
) -> None:
    await reach_alices_turn(w)
    typed, back = days_from_now(w, 3)
    result = await w.alice.slash(w.channel, "game away", until=typed)
    assert private_text(result).startswith(f"You are away until <t:{back}:D>: no reminders")
    await w.env.advance_time(2 * DELAY + 60)
    assert reminders(w) == []
    result = await w.bob.slash(w.channel, "game skip")
    simcord.assert_error(w.env, SkipAway)
    assert private_text(result) == (
        f"{w.alice.mention} is away: their turns are not skipped until they are back."
    )
    status = private_text(await w.carol.slash(w.channel, "game status"))
    assert f"🏖️ {w.alice.mention} is away until <t:{back}:D>." in status
    result = await w.alice.slash(w.channel, "game away")
    assert private_text(result).startswith("Welcome back")
    await w.env.advance_time(REMINDER_LEASE_SECONDS)
    assert len(reminders(w)) == 1
    await w.bob.slash(w.channel, "game skip")
    assert f"{w.bob.mention} skipped the turn of {w.alice.mention}" in w.last().content


async def test_a_past_or_malformed_date_is_refused_in_the_users_language(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    today, _ = days_from_now(w, 0)
    result = await w.alice.slash(w.channel, "game away", until=today)
    simcord.assert_error(w.env, AwayInPast)
    assert private_text(result).startswith("Give a date in the future")
    speak_french(monkeypatch, w.bob)
    result = await w.bob.slash(w.channel, "game away", until="24/12")
    simcord.assert_error(w.env, AwayBadDate)
    assert private_text(result).startswith("`24/12` n'est pas une date")
    typed, back = days_from_now(w, 1)
    result = await w.bob.slash(w.channel, "game away", until=typed)
    assert private_text(result).startswith(f"Vous êtes absent jusqu'au <t:{back}:D>")


async def test_reminders_come_by_direct_message_to_who_asks(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = await w.alice.slash(w.channel, "game dm", enabled=True)
    assert private_text(result) == "Reminders of your turns will also come by direct message."
    await reach_alices_turn(w)
    await w.env.advance_time(DELAY + 60)
    [reminder] = reminders(w)
    [dm] = list(w.alice.user.dm_channel.history())
    assert dm.content.startswith("⏰ Your turn at **Tiny** (table #1) began <t:")
    assert dm.content.endswith(f"/{w.channel.id}/{reminder.id}")
    assert list(w.bob.user.dm_channel.history()) == []  # off by default
    speak_french(monkeypatch, w.alice)
    result = await w.alice.slash(w.channel, "game dm", enabled=False)
    assert private_text(result) == "Plus de rappel en message privé."


async def test_a_majority_of_the_others_pauses_the_table_while_a_player_is_away(
    w: TableWorld,
) -> None:
    lobby = await w.open_lobby("tiny")
    for actor in (w.bob, w.carol):
        await actor.click(lobby, custom_id="mt:lobby:1:join")
    await w.alice.click(lobby, custom_id="mt:lobby:1:start")
    for actor in (w.alice, w.bob, w.carol):
        await actor.click(w.last(), custom_id=action_id(w.last(), "keep"))
    await w.alice.click(w.last(), custom_id=action_id(w.last(), "add 1"))  # bob's turn
    result = await w.bob.slash(w.channel, "game pause")
    simcord.assert_error(w.env, NobodyAway)
    assert private_text(result).startswith("Nobody else at this table is away")
    typed, back = days_from_now(w, 10)
    await w.alice.slash(w.channel, "game away", until=typed)
    for _ in range(2):  # voting twice counts once
        result = await w.bob.slash(w.channel, "game pause")
    assert public_texts(result) == [
        f"{w.bob.mention} votes to pause the game while {w.alice.mention} is away "
        f"(until <t:{back}:D>): 1 of the 2 votes needed."
    ]
    result = await w.carol.slash(w.channel, "game pause")
    assert public_texts(result)[0].startswith(f"⏸️ The game is paused while {w.alice.mention}")
    await w.env.advance_time(2 * DELAY + 60)
    assert reminders(w) == []  # bob is not away, but the table is paused
    result = await w.carol.slash(w.channel, "game skip")
    simcord.assert_error(w.env, SkipPaused)
    assert "paused" in private_text(result)
    status = private_text(await w.carol.slash(w.channel, "game status"))
    assert f"⏸️ Paused while {w.alice.mention} is away (until <t:{back}:D>)." in status
    await w.alice.slash(w.channel, "game away")  # back: the pause ends with the absence
    await w.carol.slash(w.channel, "game skip")
    assert f"{w.carol.mention} skipped the turn of {w.bob.mention}" in w.last().content
