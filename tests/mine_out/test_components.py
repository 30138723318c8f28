"""The data file: every invariant of the reconstruction, and every value labelled."""

from collections import Counter
from typing import Any

from bot.games.mine_out.components import (
    CARDS,
    DATA,
    DISTANCES,
    KIND_DATA,
    MARKET_NODE,
    NODES,
    RAILS,
    mafia_fame,
    worker_bonus,
)


def test_72_cards_counted_by_type() -> None:
    assert len(CARDS) == 72
    assert Counter(card.type for card in CARDS.values()) == {
        "miner": 24, "worker": 16, "negotiator": 9, "smith": 6,
        "investor": 5, "mafia": 5, "slaver": 5, "jeweler": 2,
    }


def test_8_start_cards_are_4_black_miners_and_4_workers_hired_at_the_pub() -> None:
    starts = [card for card in CARDS.values() if card.start]
    assert Counter(card.type for card in starts) == {"miner": 4, "worker": 4}
    assert all(card.frame == "black" and card.establishment == "pub" for card in starts)


def test_frames_are_the_ore_colour_of_ore_specific_cards_and_black_otherwise() -> None:
    assert Counter(card.frame for card in CARDS.values()) == {
        "black": 39, "red": 9, "white": 9, "yellow": 9, "blue": 6
    }
    colours = {"red", "white", "yellow", "blue"}
    for card in CARDS.values():
        suffix = card.ability.rpartition("_")[2]
        if suffix in colours:
            assert card.frame == suffix, card
    assert {c.frame for c in CARDS.values() if c.type == "miner"} == {"black", *colours}


def test_deck_by_establishment_and_key_counts() -> None:
    deck = [card for card in CARDS.values() if not card.start]
    assert Counter(c.establishment for c in deck) == {"pub": 21, "hall": 22, "alley": 21}
    assert all(card.fame == 7 for card in CARDS.values() if card.type == "investor")
    assert sum(1 for c in CARDS.values() if c.type == "smith" and c.frame == "red") >= 2
    assert {4, 5} <= {card.dig for card in CARDS.values()}


def test_cubes_coins_and_rule_numbers() -> None:
    assert [kind.cubes for kind in KIND_DATA] == [11, 8, 5, 4]
    assert [kind.minimum for kind in KIND_DATA] == [4, 3, 2, None]
    assert [kind.difficulty for kind in KIND_DATA] == [2, 4, 6, 7]  # copper, jewel: [R]
    assert 5 * DATA["coins"]["five"]["value"] + DATA["coins"]["one"]["value"] == 60
    assert [worker_bonus(n) for n in range(1, 11)] == [1, 3, 6, 10, 15, 21, 28, 36, 45, 55]
    assert [mafia_fame(n) for n in range(6)] == [0, 1, 3, 6, 10, 10]


def test_every_worked_number_of_the_rules_holds_for_the_prices() -> None:
    copper, _, gold, _ = KIND_DATA
    assert copper.prices is not None and gold.prices is not None
    assert copper.prices[:2] == (2, 2)  # example B: two copper sold for 2 and 2
    assert gold.prices[:2] == (6, 6)  # example C and the jewel sold as gold: 6


def test_map_every_node_within_3_moves_of_the_market_and_the_forced_rails() -> None:
    assert max(DISTANCES[MARKET_NODE].values()) == 3
    assert {"pub", "copper"} <= set(RAILS["market"]) and "hall" in RAILS["pub"]
    assert all(node in RAILS[other] for node in NODES for other in RAILS[node])


def labelled(entry: Any) -> bool:
    return isinstance(entry, dict) and "label" in entry


def test_every_value_of_the_data_file_carries_an_r_or_x_label() -> None:
    for key, entry in DATA.items():
        if key in ("about", "cards", "card_labels", "ores", "costs", "coins", "miner_bonus",
                   "nodes", "rails", "modes"):
            continue
        assert labelled(entry), key
    nested = [*DATA["costs"].values(), *DATA["coins"].values(), *DATA["miner_bonus"].values()]
    nested += DATA["nodes"] + DATA["rails"] + list(DATA["modes"].values())
    for ore in DATA["ores"]:
        nested += [value for name, value in ore.items() if isinstance(value, dict)]
    assert all(labelled(entry) and entry["label"] in ("R", "X") for entry in nested)
    assert set(DATA["card_labels"].values()) <= {"R", "X"}
