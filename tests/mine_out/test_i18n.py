"""Mine Out's own translation checks (the checks every game shares are in tests/test_i18n.py)."""

from bot.games.mine_out.components import KIND_DATA, NODES
from bot.i18n import catalog, languages


def test_every_event_kind_the_engine_can_name_has_a_text() -> None:
    kinds = {f"moved-{node}" for node in NODES}
    kinds |= {f"dug-{kind.id}" for kind in KIND_DATA} | {f"mine-out-{k.id}" for k in KIND_DATA}
    ores = KIND_DATA[:3]
    kinds |= {f"sold-{k.id}" for k in ores} | {f"sold-jewel-as-{k.id}" for k in ores}
    kinds |= {"turn", "apprentice-turn", "turn-end", "scored", "hired", "changed", "played",
              "played-community", "investors-paid", "bank-short", "mine-out-scored", "bank-out",
              "bank-out-scored", "mafia", "slavers-drew", "drew", "reshuffled", "game-end"}
    for language in languages():
        texts = catalog(language)
        missing = sorted(kind for kind in kinds if f"event.mine-out.{kind}" not in texts)
        assert not missing, f"{language}: {missing}"


def test_game_name_and_rules_summary_exist_and_say_the_cards_are_a_reconstruction() -> None:
    assert catalog("en")["game.mine-out.name"] == "Mine Out"
    assert "reconstruction" in catalog("en")["rules.mine-out"]
    assert "reconstitution" in catalog("fr")["rules.mine-out"]
