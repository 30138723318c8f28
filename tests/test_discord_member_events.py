"""Where the host turned the Server Members intent on (`MEMBER_EVENTS`), a member leaving
is heard at once (issue 41): a computer plays their seat before their turn comes."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from bot.service import GameService
from bot.startup.config import Settings
from bot.storage.table_settings import LEFT, stand_ins
from cogs.platform.host import host_of
from tests.discord_support import TableWorld, lobby_id


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return replace(settings, member_events=True, computer_seconds=0.02)


def service(w: TableWorld) -> GameService:
    return host_of(w.env.bot).service


async def test_a_member_who_leaves_is_heard_at_once(
    table_world: TableWorld, caplog: pytest.LogCaptureFixture
) -> None:
    w = table_world
    lobby = await w.open_lobby("mine-out")
    await w.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
    await w.alice.click(w.last(), custom_id=lobby_id(w.last(), "start"))
    requests = len(w.env.http_requests)
    w.env.backend.remove_member(w.guild.id, w.bob.id)
    await w.env.settle()
    await w.bot.computers.idle()
    table = await service(w).tables.get_table(1)
    assert stand_ins(table) == {table.seats.index(w.bob.id): LEFT}
    assert not [r for r in w.env.http_requests[requests:] if "/members/" in r.path]  # heard
    said = [m.content for m in w.channel.history() if m.content.startswith("🚪")]
    assert said == [f"🚪 {w.bob.mention} left the server: a computer (normal) plays for them "
                    "from now on, to the end of the game, and nobody waits for them any more. "
                    "If they come back, **I'm back** gives them their seat."]
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
