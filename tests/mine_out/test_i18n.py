"""Every event, refusal reason and syntax error of the engine reads in English and French."""

import random

import pytest

from bot.games.errors import GameError, IllegalAction
from bot.games.mine_out import MineOutState
from bot.games.mine_out.components import KIND_DATA, NODES
from bot.i18n import catalog
from tests.i18n_support import keys_in_source

from .builders import arrange, community, playing

CATALOGS = {language: catalog(language) for language in ("en", "fr")}
TRIES = (
    "move pub", "move gold", "move copper", "hire MI05", "hire IN01", "dig MI01", "dig MI05 +WO05",
    "sell cu", "sell j:au", "sell au", "change", "play MI01", "play WO01 comm",
    "play NE01 comm", "play NE01 comm IN01", "play IN01", "end", "score", "score cu cu",
)


def event_text(language: str, kind: str, data: dict[str, object]) -> str:
    return CATALOGS[language][f"event.mine-out.{kind}"].format(player="@someone", **data)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_event_of_random_games_has_a_text_that_formats(language: str) -> None:
    kinds = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = MineOutState.new(2 + seed % 3, seed)
        while not state.is_over():
            seat = state.to_act()[0]
            for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
                kinds.add(event.kind)
                event_text(language, event.kind, event.data)
    assert {"turn", "scored", "played", "game-end", "changed"} <= kinds
    assert any(kind.startswith("mine-out-") for kind in kinds)


def test_every_event_kind_the_engine_can_name_has_a_text() -> None:
    kinds = {f"moved-{node}" for node in NODES}
    kinds |= {f"dug-{kind.id}" for kind in KIND_DATA} | {f"mine-out-{k.id}" for k in KIND_DATA}
    ores = KIND_DATA[:3]
    kinds |= {f"sold-{k.id}" for k in ores} | {f"sold-jewel-as-{k.id}" for k in ores}
    kinds |= {"turn", "apprentice-turn", "turn-end", "scored", "hired", "changed", "played",
              "played-community", "investors-paid", "bank-short", "mine-out-scored", "bank-out",
              "bank-out-scored", "mafia", "slavers-drew", "drew", "reshuffled", "game-end"}
    for language, texts in CATALOGS.items():
        missing = sorted(kind for kind in kinds if f"event.mine-out.{kind}" not in texts)
        assert not missing, f"{language}: {missing}"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_refusal_reason_met_has_a_text_that_formats(language: str) -> None:
    reasons = set()
    rng = random.Random(1)
    full = community(playing(4), "IN01", "NE02", "NE03")
    arrange(full, 0, hand=["NE01", "WO01"], cubes={"j": 1})
    for state in (playing(4), full, arrange(playing(4), 0, node="copper", hand=[])):
        seat = state.to_act()[0]
        for _ in range(80):
            text = " ".join(rng.choice(TRIES) for _ in range(rng.randint(1, 3)))
            try:
                state.copy().apply(seat, state.parse_action(seat, text))
            except IllegalAction as refusal:
                assert refusal.reason_key is not None
                reasons.add(refusal.reason_key)
                CATALOGS[language][f"reason.{refusal.reason_key}"].format(**refusal.params)
            except GameError:
                pass
    assert len(reasons) >= 10


def test_every_refusal_and_syntax_key_of_the_engine_source_has_a_text_in_both_languages() -> None:
    keys = keys_in_source("mine_out", "mine-out")
    assert {"reason.mine-out.only-moves", "expected.mine-out.step"} <= keys
    for language, texts in CATALOGS.items():
        missing = sorted(keys - texts.keys())
        assert not missing, f"{language}: {missing}"


def test_game_name_and_rules_summary_exist_and_say_the_cards_are_a_reconstruction() -> None:
    assert CATALOGS["en"]["game.mine-out.name"] == "Mine Out"
    assert "reconstruction" in CATALOGS["en"]["rules.mine-out"]
    assert "reconstitution" in CATALOGS["fr"]["rules.mine-out"]
