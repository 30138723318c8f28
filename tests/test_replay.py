"""The replay: an animated GIF (a title card, then the public board after each turn),
bounded in frames, bytes and shape; and its steps one by one."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.games.saboteur import SaboteurState
from bot.games.selfplay import play_random_game
from cogs.platform.plugins import GamePlugin, all_plugins
from renderer import replay
from renderer.coal_baron.board import REPLAY
from renderer.replay import (
    Frame,
    Title,
    compose,
    layout,
    pick,
    positions,
    replay_gif,
    replay_step,
    replay_steps,
    title_card,
)
from renderer.saboteur.board import REPLAY as SABOTEUR_REPLAY
from tests.coal_baron_draft import DRAFT_2P, coal_baron_record
from tests.readability import MAX_ASPECT, assert_phone_readable, drawn_text

TURNS = [(0, "$4"), (1, "m6"), (1, "c1"), (1, "+y"), (1, "end"), (0, "bank")]
"""After the draft: three turns, one of them an extraction."""


NAMES = ("Aline", "Bastien")


def game_record() -> dict[str, Any]:
    return coal_baron_record([*DRAFT_2P, *TURNS])


def finished_saboteur() -> dict[str, Any]:
    _, record = play_random_game(SaboteurState, 4, 2, check=False)
    return record


def frames_of(data: bytes) -> list[tuple[Image.Image, int]]:
    """Each frame of an animated GIF (as RGB) with its duration in ms."""
    frames = []
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "GIF" and image.is_animated  # type: ignore[attr-defined]
        for index in range(image.n_frames):  # type: ignore[attr-defined]
            image.seek(index)
            frames.append((image.convert("RGB"), image.info["duration"]))
    return frames


def test_one_frame_per_turn_with_captions_naming_who_played_in_words() -> None:
    shown = positions(game_record(), "en", NAMES)
    # The start, then a frame each time other seats are to act: seat 0 picks last in
    # the draft and plays first, so its last pick and its $4 make one frame. The
    # captions name the player, never the notation of what they played, and number
    # the moves as Review, the step-through and the export do (one per action).
    assert [frame.caption for frame in shown] == [
        "Set-up",
        *[f"Move {n} of 12 · {NAMES[n % 2]}" for n in range(1, 6)],
        "Moves 6–7 of 12 · Aline",
        "Moves 8–11 of 12 · Bastien",
        "Move 12 of 12 · Aline",
    ]
    assert replay.move_spans(game_record()) == [
        (0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 7), (8, 11), (12, 12)
    ]
    assert shown[-1].view["to_act"] == [1]
    french = positions(game_record(), "fr", ("🎲🎲", "Bastien"))
    assert french[0].caption == "Mise en place"
    assert french[-1].caption == "Coup 12 sur 12 · Joueur 1"  # a name the fonts lack


def test_replay_is_an_animated_gif_opening_on_its_title_card() -> None:
    data = replay_gif(game_record(), "en", REPLAY, NAMES)
    frames = frames_of(data)
    assert len(frames) == 1 + 9  # the title card, then the nine positions above
    assert [ms for _, ms in frames] == (
        [replay.TITLE_MS] + [replay.FRAME_MS] * 8 + [replay.LAST_FRAME_MS]
    )
    assert len(data) <= replay.MAX_BYTES
    sizes = {image.size for image, _ in frames}
    assert len(sizes) == 1
    width, height = sizes.pop()
    assert width <= replay.FRAME_WIDTH and height <= MAX_ASPECT * width
    title, start, last = frames[0][0], frames[1][0], frames[-1][0]
    assert title.tobytes() != start.tobytes() != last.tobytes()


def test_a_long_game_is_cut_to_the_frame_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay, "MAX_FRAMES", 6)
    record = finished_saboteur()
    names = ["Aline", "Bastien", "Chloé", "Damien"]
    assert len(positions(record, "fr", names)) > 6
    frames = frames_of(replay_gif(record, "fr", SABOTEUR_REPLAY, names))
    assert len(frames) == 6
    assert frames[-1][1] == replay.LAST_FRAME_MS
    assert frames[-1][0].tobytes() != frames[-2][0].tobytes()


def test_a_replay_too_heavy_for_discord_is_drawn_with_fewer_frames(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = finished_saboteur()
    names = ["Aline", "Bastien", "Chloé", "Damien"]
    monkeypatch.setattr(replay, "MAX_FRAMES", 9)
    full = replay_gif(record, "fr", SABOTEUR_REPLAY, names)
    monkeypatch.setattr(replay, "MAX_BYTES", len(full) - 1)
    lighter = replay_gif(record, "fr", SABOTEUR_REPLAY, names)
    assert len(lighter) < len(full)
    assert len(frames_of(lighter)) == 1 + 4  # the turns halved, the title card kept


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_title_card_names_the_game_the_players_and_the_winner(lang: str) -> None:
    record = finished_saboteur()
    names = ["Aline", "Bastien", "🎲🎲", "Damien"]
    with drawn_text() as log:
        card = replay.title_of(record, lang, names)
        png = SABOTEUR_REPLAY.palette.to_png(title_card(card, lang, replay.TITLE_SIZE))
    assert_phone_readable(png, log, f"title card ({lang})")
    drawn = [d.text for d in log.drawn]
    assert "Saboteur" in drawn
    assert card.winners and card.names[2] == ("Player 3" if lang == "en" else "Joueur 3")
    winners = [card.names[seat] for seat in card.winners]
    word = {"en": "Winner", "fr": "Victoire"}[lang]
    assert any(line.startswith(word) and winners[0] in line for line in drawn)
    assert {"Aline", "Bastien", "Damien"} <= set(drawn)
    moves = len(record["actions"])
    assert card.moves == moves  # counted as Review and the captions count: moves
    assert f"{'Replay' if lang == 'en' else 'Rediffusion'}: {moves} " in " ".join(drawn).replace(
        "Rediffusion :", "Rediffusion:")


def test_a_short_board_leaves_room_for_ten_players_on_the_title_card() -> None:
    card = Title("Saboteur", tuple(f"Joueur {n}" for n in range(10)), (1,) * 10, (3,), 9)
    frame = layout([(800, 400)], min_height=replay.title_height(card))
    assert frame.size[1] >= replay.title_height(card) > 400 + replay.CAPTION_H
    with drawn_text() as log:
        png = SABOTEUR_REPLAY.palette.to_png(title_card(card, "fr", frame.size))
    assert_phone_readable(png, log, "title card of ten")
    assert [d.size for d in log.drawn if d.text == "Joueur 9"] == [28]


def test_two_winners_share_the_last_line() -> None:
    card = Title("Saboteur", ("Aline", "Bastien", "Chloé"), (3, 3, 1), (0, 1), 12)
    with drawn_text() as log:
        title_card(card, "fr", (800, 720))
    assert "Victoire : Aline et Bastien" in [d.text for d in log.drawn]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_frames_caption_reads_on_a_phone_and_keeps_the_boards_width(lang: str) -> None:
    # A board as tall as the phone rule allows, with words just readable on their own
    # (22 px on 800 px: 11 px at 400 px wide): its caption lies over its heading, so
    # the board keeps its whole width and its words stay readable.
    board = Image.new("RGB", (800, round(800 * MAX_ASPECT)), (255, 255, 255))
    frame = layout([board.size], heading=60)
    assert frame.size == board.size and frame.place(board.size, 60) == (1.0, 0)
    with drawn_text() as log:
        shown = compose(board, positions(game_record(), lang, NAMES)[-1].caption, frame, 60)
    png = REPLAY.palette.to_png(shown)
    assert_phone_readable(png, log, f"replay frame ({lang})")
    # Without a heading to cover, the caption goes above and the board shrinks.
    scale, top = layout([board.size]).place(board.size, 0)
    assert top == replay.CAPTION_H and scale < 1
    wide = layout([(1600, 900), (1200, 1000)])  # Saboteur's maze grows: one canvas for all
    assert wide.size[0] == replay.FRAME_WIDTH and wide.size[1] <= MAX_ASPECT * wide.size[0]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    "plugin", [p for p in all_plugins() if p.replay_board], ids=lambda p: p.game_id
)
def test_the_boards_words_read_on_a_phone_in_the_replay_frames(
    plugin: GamePlugin, lang: str
) -> None:
    """Every word of the boards a replay shows (start, middle and end of a game) is seen
    at 11 px or more when the frame is shown 400 px wide."""
    board = plugin.replay_board
    assert board is not None
    players = plugin.engine.min_players
    _, record = play_random_game(plugin.engine, players, 3, check=False)
    names = [f"Joueuse {seat + 1}" for seat in range(players)]
    shown = pick(positions(record, lang, names), 3)
    drawn = []
    for step in shown:
        with drawn_text() as log:
            drawn.append((board.draw(step.view, lang, names), log))
    frame = layout([image.size for image, _ in drawn], board.heading)
    seen = []
    for image, log in drawn:
        scale, _ = frame.place(image.size, board.heading)
        seen += [(d.size * scale * 400 / frame.size[0], d.text) for d in log.words()]
    assert len(seen) > 10 and min(seen)[0] >= 11, min(seen)
    assert frame.size[1] <= MAX_ASPECT * frame.size[0]


def test_the_step_through_draws_every_step_alone() -> None:
    record = game_record()
    steps = replay_steps(record)
    assert steps == 1 + len(positions(record, "en", NAMES)) == 10
    title = Image.open(io.BytesIO(replay_step(record, "fr", REPLAY, NAMES, 0)))
    assert title.size == replay.TITLE_SIZE
    last = Image.open(io.BytesIO(replay_step(record, "fr", REPLAY, NAMES, steps - 1)))
    assert last.format == "PNG" and last.height <= MAX_ASPECT * last.width
    with pytest.raises(IndexError):
        replay_step(record, "fr", REPLAY, NAMES, steps)


def test_pick_keeps_the_first_and_last_frames() -> None:
    frames = [Frame({}, str(n)) for n in range(100)]
    picked = pick(frames, 7)
    assert [frame.caption for frame in picked] == ["0", "16", "33", "50", "66", "82", "99"]
    assert pick(frames[:5], 7) == frames[:5]


@pytest.mark.parametrize(
    "plugin", [p for p in all_plugins() if p.replay_board], ids=lambda p: p.game_id
)
def test_every_game_has_a_replay_of_the_frames_it_promises(
    plugin: GamePlugin, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replay, "MAX_FRAMES", 4)  # a whole game, only three boards drawn
    players = plugin.engine.min_players
    _, record = play_random_game(plugin.engine, players, 3, check=False)
    assert plugin.replay_board is not None
    names = [f"Joueuse {seat + 1}" for seat in range(players)]
    data = replay_gif(record, "fr", plugin.replay_board, names)
    assert len(data) <= replay.MAX_BYTES
    frames = frames_of(data)
    assert len(frames) == 4
    width, height = frames[0][0].size
    assert height <= MAX_ASPECT * width


def test_mine_out_has_a_replay() -> None:
    assert {p.game_id for p in all_plugins() if p.replay_board} >= {
        "coal-baron", "saboteur", "mine-out"
    }
