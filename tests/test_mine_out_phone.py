"""Every Mine Out image read on a phone (tests/readability.py): each kind the plugin
posts (the town map, the town's cards, a player's holdings with and without the
hand, the map once the game is over) drawn from seeded positions in English and
French, every word at least 11 px when shown 400 px wide, none taller than 1.3 x
its width; long names cut to the room they have, not shorter; and the last turn
marked on the images from the view alone."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest

from bot.games.mine_out import MineOutState
from bot.games.mine_out.greedy import choose
from bot.games.mine_out.shapes import MineOutView
from bot.i18n import languages
from renderer.mine_out.hiring import render_hiring
from renderer.mine_out.holdings import render_holdings
from renderer.mine_out.town import render_town
from tests.readability import assert_phone_readable, drawn_text, image_size
from tests.test_mine_out_render import midgame

NAMES = ("Bartholomew the Third", "Béatrice-Ω long name", "🦊", "Dave")
"""A long name (cut only where the room ends), accents, one the fonts cannot draw."""


@cache
def finished(players: int, seed: int) -> MineOutState:
    """A greedy game played to its end."""
    rng = random.Random(seed)
    state = MineOutState.new(players, seed, {})
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, choose(state, seat, rng))
    return state


def own_holdings(state: MineOutState, lang: str) -> bytes:
    """The holdings of the last turn's player, in their own view (hand drawn)."""
    assert state.last is not None
    index = state.last.position
    return render_holdings(state.view(state.positions[index].seat), index,
                           NAMES[:state.players], lang)


KINDS: dict[str, Callable[[MineOutState, str], bytes]] = {
    "town": lambda s, lang: render_town(s.view(None), NAMES[:s.players], lang),
    "cards": lambda s, lang: render_hiring(s.view(None), lang),
    "holdings": own_holdings,
    "others' holdings": lambda s, lang: render_holdings(s.view(None), 1, NAMES[:s.players],
                                                        lang),
}
POSITIONS: dict[str, Callable[[], MineOutState]] = {
    "4 players": cache(lambda: midgame(4, 8, 60)),
    "2 players (apprentices)": cache(lambda: midgame(2, 5, 50)),
    "2 vs 2": cache(lambda: midgame(4, 3, 70, variant="teams")),
    "game over": lambda: finished(2, 2),
}
"""Seeded positions, each played once (the images only read them)."""


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("position", list(POSITIONS))
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_image_reads_on_a_phone(kind: str, position: str, lang: str) -> None:
    state = POSITIONS[position]()
    with drawn_text() as log:
        png = KINDS[kind](state, lang)
    assert_phone_readable(png, log, f"{kind}, {position}, {lang}")


def test_a_long_name_uses_the_room_it_has() -> None:
    with drawn_text() as log:
        render_town(midgame(4, 8, 60).view(None), NAMES, "en")
    assert "Last turn · Bartholomew the Third: " in " ".join(d.text for d in log.drawn)


@pytest.mark.parametrize(("lang", "title"), [("en", "Game over · "), ("fr", "Partie terminée · ")])
def test_the_last_town_says_the_game_is_over(lang: str, title: str) -> None:
    """The final map names the winner: no round, no one to act, no action points."""
    state = finished(2, 2)
    outcome = state.outcome()
    assert outcome is not None
    with drawn_text() as log:
        render_town(state.view(None), NAMES[:2], lang)
    texts = [d.text for d in log.drawn]
    winner = NAMES[outcome.winners[0]]
    assert f"{title}{winner}" in " ".join(texts)
    in_play = ("Round", "to act", "action point") if lang == "en" else (
        "Manche", "de jouer", "point d'action")
    assert not [text for text in texts if any(words in text for words in in_play)]


def marked(view: MineOutView, names: tuple[str, ...]) -> tuple[bytes, bytes]:
    """The town drawn with the view's last turn, and without it."""
    return render_town(view, names, "en"), render_town({**view, "last": None}, names, "en")


def test_the_last_turn_is_marked_from_the_view_alone() -> None:
    """After each of a few turns, the view names the turn's player and what it did (the
    engine's public events), the town shows it in words and outlines, and a seat's
    view tells no more about it than the spectator's (no hidden card)."""
    state = midgame(3, 8, 30)
    rng = random.Random(8)
    turn = (state.round, state.current)
    while (state.round, state.current) == turn:  # to the start of the next turn
        seat = state.to_act()[0]
        state.apply(seat, choose(state, seat, rng))
    for _ in range(3):
        turn = (state.round, state.current)
        hired, dug = [], []
        while (state.round, state.current) == turn:
            seat = state.to_act()[0]
            for event in state.apply(seat, choose(state, seat, rng)):
                if event.kind == "hired":
                    hired.append(event.data["card"])
                if event.kind.startswith("dug-"):
                    dug.append(event.kind.removeprefix("dug-"))
        last = state.view(None)["last"]
        assert last is not None and last["position"] == turn[1]
        assert last["hired"] == hired and last["dug"] == dug
        for seat in range(state.players):
            assert state.view(seat)["last"] == last
        with_mark, without = marked(state.view(None), NAMES[:3])
        assert with_mark != without
        assert image_size(with_mark)[1] > image_size(without)[1]  # the line in words
