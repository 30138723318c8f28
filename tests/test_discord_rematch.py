"""Rematch: a finished game's button opens the same table again in the channel, and
each former player's click takes their seat there."""

from __future__ import annotations

import pytest

from bot.service.errors import RematchBeforeEnd
from bot.storage import PingMode
from tests.discord_support import (
    TableWorld,
    action_id,
    bot_of,
    custom_ids,
    private_text,
    speak_french,
)


@pytest.fixture
def w(table_world: TableWorld) -> TableWorld:
    return table_world


async def finish_tiny(w: TableWorld, bob_pings: str = "ping") -> None:
    await w.open_lobby("tiny", reminder=30)
    lobby = w.last()
    await w.bob.click(lobby, custom_id="mt:lobby:1:join")
    await w.bob.slash(w.channel, "game pings", mode=bob_pings)
    await w.alice.click(lobby, custom_id="mt:lobby:1:start")
    for actor in (w.alice, w.bob):
        await actor.click(w.last(), custom_id=action_id(w.last(), "keep"))
    while "Game over" not in w.last().content:
        actor = w.alice if f"👉 {w.alice.mention}" in w.last().content else w.bob
        largest = next(n for n in ("add 3", "add 2", "add 1") if n in str(custom_ids(w.last())))
        await actor.click(w.last(), custom_id=action_id(w.last(), largest))


async def test_each_former_player_confirms_their_seat_at_the_rematch(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    await finish_tiny(w)
    over = w.last()
    assert custom_ids(over) == ["mt:rematch:1", "mt:export:1"]
    await w.bob.click(over, custom_id="mt:rematch:1")
    lobby = w.last()
    assert lobby.content.startswith(
        f"🔁 Rematch of table #1! {w.alice.mention}: click Rematch or Join to take your seat.\n"
        f"🎲 **Tiny**: table #2, opened by {w.bob.mention}."
    )
    assert "idle for 30 min" in lobby.content  # the same settings
    await w.alice.click(over, custom_id="mt:rematch:1")
    assert f"Players (2/4, 2 needed to start): {w.bob.mention} {w.alice.mention}" in (
        w.last().content
    )
    result = await w.alice.click(over, custom_id="mt:rematch:1")  # clicked twice
    assert private_text(result) == "You already have a seat at this table."
    speak_french(monkeypatch, w.carol)
    result = await w.carol.click(over, custom_id="mt:rematch:1")
    assert private_text(result).startswith("Vous n'avez pas de place à cette table")


async def test_a_player_keeps_their_ping_mode_at_the_rematch(w: TableWorld) -> None:
    await finish_tiny(w, bob_pings="dm")
    over = w.last()
    await w.alice.click(over, custom_id="mt:rematch:1")
    await w.bob.click(over, custom_id="mt:rematch:1")
    service = bot_of(w.env).service  # type: ignore[attr-defined]
    assert await service.preferences.ping_modes(2) == {w.bob.id: PingMode.DM}


async def test_a_rematch_waits_for_another_table_of_the_channel(w: TableWorld) -> None:
    await finish_tiny(w)
    over = w.last()
    await w.carol.slash(w.channel, "game new", game="tiny")  # someone else's table
    result = await w.alice.click(over, custom_id="mt:rematch:1")
    assert "already" in private_text(result)


async def test_no_rematch_before_the_end(w: TableWorld) -> None:
    await w.start_tiny()
    service = bot_of(w.env).service  # type: ignore[attr-defined]
    with pytest.raises(RematchBeforeEnd):
        await service.tables.rematch(1, w.alice.id)
