"""``/game stats`` and ``/game leaderboard`` through Discord, in both languages."""

from __future__ import annotations

import io
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from PIL import Image

from cogs.platform import standings, summary
from renderer.chart import record_chart
from renderer.leaderboard import render_leaderboard
from tests.discord_support import TableWorld, action_id, custom_ids, private_text, speak_french

pytestmark = pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)


@pytest.fixture
def w(table_world: TableWorld) -> TableWorld:
    return table_world


async def finish_tiny(w: TableWorld) -> None:
    """alice and bob keep their cards, then add as much as they may to the end."""
    await w.start_tiny()
    for actor in (w.alice, w.bob):
        await actor.click(w.last(), custom_id=action_id(w.last(), "keep"))
    while "Game over" not in w.last().content:
        await w.env.advance_time(90)
        actor = w.alice if f"👉 {w.alice.mention}" in w.last().content else w.bob
        largest = next(n for n in ("add 3", "add 2", "add 1") if n in str(custom_ids(w.last())))
        await actor.click(w.last(), custom_id=action_id(w.last(), largest))


async def test_a_user_with_no_games_is_told_so(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:

    result = await w.carol.slash(w.channel, "game stats")
    assert private_text(result) == (
        "carol has no finished game on this server yet (all games)."
    )
    speak_french(monkeypatch, w.carol)
    result = await w.carol.slash(w.channel, "game stats", game="tiny")
    assert private_text(result) == (
        "carol n'a encore terminé aucune partie sur ce serveur (Tiny)."
    )


async def test_stats_count_the_finished_games_of_a_player(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    await finish_tiny(w)
    text = private_text(await w.alice.slash(w.channel, "game stats"))
    assert text.startswith("**alice** (all games): games played: 1, won: ")
    assert "average time per turn: " in text and "min" in text
    speak_french(monkeypatch, w.carol)
    text = private_text(await w.carol.slash(w.channel, "game stats", player=w.bob, game="tiny"))
    assert text.startswith("**bob** (Tiny) : parties jouées : 1, gagnées : ")
    assert "," in text.split("score moyen : ")[1][:4]  # a decimal comma


async def test_the_leaderboard_is_an_image_of_the_rated_players(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = await w.carol.slash(w.channel, "game leaderboard", game="tiny")
    assert private_text(result) == "Nobody has finished a game of Tiny on this server yet."
    await finish_tiny(w)
    speak_french(monkeypatch, w.carol)
    result = await w.carol.slash(w.channel, "game leaderboard", game="tiny")
    assert private_text(result).startswith("Classement de Tiny sur ce serveur")
    [answer] = [m for m in (result.response, *result.followups) if m is not None and m.attachments]
    [attachment] = answer.attachments
    assert attachment.filename == "leaderboard-tiny.png"
    assert str(attachment.description).startswith("Tiny : le classement. 1. ")  # issue 32
    image = Image.open(io.BytesIO(await attachment.read()))
    assert image.width == 800


def without_member_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot as it runs without the Server Members intent, for members it cannot
    fetch either (they left the server): no lookup finds anyone."""

    async def unknown(guild: discord.Guild, user_id: int) -> discord.Member:
        raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown Member")

    monkeypatch.setattr(discord.Guild, "get_member", lambda guild, user_id: None)
    monkeypatch.setattr(discord.Guild, "fetch_member", unknown)


async def test_with_no_member_cache_players_are_named_never_by_their_id(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The names each player's own clicks carried are kept: the end of the game, the
    # leaderboard and the statistics name them, though no member lookup answers.
    without_member_cache(monkeypatch)
    charted: list[Sequence[str]] = []
    ranked: list[dict[Any, str]] = []

    def chart(record: Any, names: Sequence[str], lang: str) -> bytes:
        charted.append(names)
        return record_chart(record, names, lang)

    def board(game: str, rows: Any, names: dict[Any, str], lang: str) -> bytes:
        ranked.append(names)
        return render_leaderboard(game, rows, names, lang)

    monkeypatch.setattr(summary, "record_chart", chart)
    monkeypatch.setattr(standings, "render_leaderboard", board)
    await finish_tiny(w)
    assert charted == [("alice", "bob")]
    await w.carol.slash(w.channel, "game leaderboard", game="tiny")
    [names] = ranked
    assert sorted(names.values()) == ["alice", "bob"]
    text = private_text(await w.carol.slash(w.channel, "game stats", player=w.bob))
    assert text.startswith("**bob** (all games): games played: 1")
    assert str(w.bob.id) not in text


async def test_a_player_never_seen_is_a_former_member_on_the_leaderboard() -> None:
    from bot.outcomes.stats import LeaderboardRow
    from bot.outcomes.summaries import Player
    from tests.readability import drawn_text

    rows = [LeaderboardRow(1, Player("1456074443980800010"), 3.4, 1, 1)]
    with drawn_text() as log:
        render_leaderboard("tiny", rows, {}, "fr")
    assert "Ancien membre" in [d.text for d in log.drawn]
    assert not any("1456074443980800010" in d.text for d in log.drawn)
