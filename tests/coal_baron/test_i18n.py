"""Every event, refusal reason and syntax error of the engine reads in English and French."""

import random

import pytest

from bot.errors import GameError, IllegalAction
from bot.games.coal_baron import CoalBaronState
from bot.i18n import catalog
from tests.i18n_support import keys_in_source

from .builders import playing, positions

TRIES = (
    "f1", "f8", "fd", "=y", "keep", "top", "bottom", "end", "c0", "c3", "+g", "+k",
    "g>1", "y+sb>1:g", "g>s", "sg>1", "dh", "o1", "bank",
)
CATALOGS = {language: catalog(language) for language in ("en", "fr")}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_event_of_random_games_has_a_text_that_formats(language: str) -> None:
    kinds = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = CoalBaronState.new(2 + seed % 3, seed)
        while not state.is_over():
            seat = state.to_act()[0]
            for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
                kinds.add(event.kind)
                CATALOGS[language][f"event.coal-baron.{event.kind}"].format(**event.data)
    assert {"placed", "shift-end", "first-player", "game-end", "extraction"} <= kinds


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_refusal_reason_met_has_a_text_that_formats(language: str) -> None:
    reasons = set()
    rng = random.Random(1)
    for state in [playing(3), *positions(3)]:
        seat = state.to_act()[0]
        for _ in range(60):
            text = " ".join(rng.choice(TRIES) for _ in range(rng.randint(1, 3)))
            try:
                state.copy().apply(seat, state.parse_action(seat, text))
            except IllegalAction as refusal:
                assert refusal.reason_key is not None
                reasons.add(refusal.reason_key)
                CATALOGS[language][f"reason.{refusal.reason_key}"].format(**refusal.params)
            except GameError:
                pass
    assert len(reasons) >= 5


def test_rules_summary_exists_in_both_languages() -> None:
    assert all("/coal play" in CATALOGS[language]["rules.coal-baron"] for language in CATALOGS)


def test_every_refusal_and_syntax_key_of_the_engine_source_has_a_text_in_both_languages() -> None:
    keys = keys_in_source("coal_baron", "coal-baron")
    assert {"reason.coal-baron.not-drawn", "expected.coal-baron.step"} <= keys
    for language, texts in CATALOGS.items():
        missing = sorted(keys - texts.keys())
        assert not missing, f"{language}: {missing}"
