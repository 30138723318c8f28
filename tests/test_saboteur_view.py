"""The Saboteur view has the shape docs/saboteur.md documents, secrets aside."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bot.games.saboteur.actions import Peek
from bot.games.saboteur.state import Phase
from tests.saboteur_support import game, set_hand

DOC = Path(__file__).parent.parent / "docs" / "saboteur.md"


def documented_view() -> dict[str, Any]:
    match = re.search(r"## View JSON.*?```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert match is not None
    data = json.loads(match.group(1))
    assert isinstance(data, dict)
    return data


def test_view_has_the_documented_keys() -> None:
    state = game(5)
    set_hand(state, 0, ["map", "NESx", "repair-pick-lamp"])
    state.apply(0, Peek("bottom"))
    doc, view = documented_view(), state.view(0)
    assert view.keys() == doc.keys()
    assert view["you"].keys() == doc["you"].keys()
    assert view["maze"][0].keys() == doc["maze"][0].keys()
    assert view["goals"][0].keys() == doc["goals"][0].keys()
    assert view["you"]["hand"][0].keys() == doc["you"]["hand"][0].keys()
    assert view["you"]["peeks"][0].keys() == doc["you"]["peeks"][0].keys()


def test_spectator_view_has_no_seat_entry() -> None:
    view = game(4).view(None)
    assert view["seat"] is None and "you" not in view


def test_scores_appear_only_when_the_game_is_over() -> None:
    state = game(3)
    state.gold[1].append(state.gold_deck.pop())
    assert state.view(None)["scores"] is None and state.view(0)["winners"] is None
    state.phase = Phase.OVER
    assert state.view(None)["scores"] == list(state.scores())
    assert state.view(None)["winners"] == [1]
