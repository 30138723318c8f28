"""The replay: an animated PNG of the public board after each turn, bounded in size."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.games.saboteur import SaboteurState
from bot.selfplay import play_random_game
from cogs.platform.plugins import GamePlugin, all_plugins
from renderer import replay
from renderer.coal_baron.board import REPLAY
from renderer.replay import Frame, pick, positions, replay_png
from renderer.saboteur.board import REPLAY as SABOTEUR_REPLAY
from tests.coal_baron_draft import DRAFT_2P, coal_baron_record

TURNS = [(0, "$4"), (1, "m6"), (1, "c1"), (1, "+y"), (1, "end"), (0, "bank")]
"""After the draft: three turns, one of them an extraction."""


NAMES = ("Aline", "Bastien")


def game_record() -> dict[str, Any]:
    return coal_baron_record([*DRAFT_2P, *TURNS])


def frames_of(data: bytes) -> list[tuple[Image.Image, int]]:
    """Each frame of an APNG (as RGB) with its duration in ms."""
    frames = []
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG" and image.is_animated  # type: ignore[attr-defined]
        for index in range(image.n_frames):  # type: ignore[attr-defined]
            image.seek(index)
            frames.append((image.convert("RGB"), image.info["duration"]))
    return frames


def test_one_frame_per_turn_with_captions_naming_who_played_in_words() -> None:
    shown = positions(game_record(), "en", NAMES)
    # The start, then a frame each time other seats are to act: seat 0 picks last in
    # the draft and plays first, so its last pick and its $4 make one frame. The
    # captions name the player, never the notation of what they played.
    assert [frame.caption for frame in shown] == [
        "Set-up",
        *[f"Action {n} of 12 · {NAMES[n % 2]}" for n in range(1, 6)],
        "Action 7 of 12 · Aline",
        "Action 11 of 12 · Bastien",
        "Action 12 of 12 · Aline",
    ]
    assert shown[-1].view["to_act"] == [1]
    french = positions(game_record(), "fr", ("🎲🎲", "Bastien"))
    assert french[0].caption == "Mise en place"
    assert french[-1].caption == "Action 12 sur 12 · Joueur 1"  # a name the fonts lack


def test_replay_is_an_animated_png_within_bounds() -> None:
    data = replay_png(game_record(), "en", REPLAY, NAMES)
    frames = frames_of(data)
    assert len(frames) == 9
    assert [ms for _, ms in frames] == [replay.FRAME_MS] * 8 + [replay.LAST_FRAME_MS]
    sizes = {image.size for image, _ in frames}
    assert len(sizes) == 1
    width, height = sizes.pop()
    assert width <= replay.MAX_SIZE[0] and height <= replay.MAX_SIZE[1]
    first, last = frames[0][0], frames[-1][0]
    assert first.tobytes() != last.tobytes()


def test_a_long_game_is_cut_to_the_frame_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay, "MAX_FRAMES", 6)
    _, record = play_random_game(SaboteurState, 4, 2, check=False)
    names = ["Aline", "Bastien", "Chloé", "Damien"]
    assert len(positions(record, "fr", names)) > 6
    frames = frames_of(replay_png(record, "fr", SABOTEUR_REPLAY, names))
    assert len(frames) == 6
    assert frames[-1][1] == replay.LAST_FRAME_MS
    assert frames[-1][0].tobytes() != frames[-2][0].tobytes()


def test_pick_keeps_the_first_and_last_frames() -> None:
    frames = [Frame({}, str(n)) for n in range(100)]
    picked = pick(frames, 7)
    assert [frame.caption for frame in picked] == ["0", "16", "33", "50", "66", "82", "99"]
    assert pick(frames[:5], 7) == frames[:5]


@pytest.mark.parametrize(
    "plugin", [p for p in all_plugins() if p.replay_board], ids=lambda p: p.game_id
)
def test_every_game_with_a_replay_board_draws_its_first_turns(plugin: GamePlugin) -> None:
    players = plugin.engine.min_players
    _, record = play_random_game(plugin.engine, players, 3, check=False)
    record["actions"] = record["actions"][:4]
    assert plugin.replay_board is not None
    names = [f"Joueuse {seat + 1}" for seat in range(players)]
    assert len(frames_of(replay_png(record, "fr", plugin.replay_board, names))) >= 2
