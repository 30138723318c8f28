"""``/game stats`` and ``/game leaderboard`` through Discord, in both languages."""

from __future__ import annotations

import io

import pytest
from PIL import Image

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
        f"{w.carol.mention} has no finished game on this server yet (all games)."
    )
    speak_french(monkeypatch, w.carol)
    result = await w.carol.slash(w.channel, "game stats", game="tiny")
    assert private_text(result) == (
        f"{w.carol.mention} n'a encore terminé aucune partie sur ce serveur (Tiny)."
    )


async def test_stats_count_the_finished_games_of_a_player(
    w: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    await finish_tiny(w)
    text = private_text(await w.alice.slash(w.channel, "game stats"))
    assert text.startswith(f"**{w.alice.mention}** (all games): games played: 1, won: ")
    assert "average time per turn: " in text and "min" in text
    speak_french(monkeypatch, w.carol)
    text = private_text(await w.carol.slash(w.channel, "game stats", player=w.bob, game="tiny"))
    assert text.startswith(f"**{w.bob.mention}** (Tiny) : parties jouées : 1, gagnées : ")
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
    image = Image.open(io.BytesIO(await attachment.read()))
    assert image.width == 800
