"""The lettered spots of a path card (what the placement image and its buttons show)."""

from __future__ import annotations

from bot.games.saboteur.actions import PlacePath
from bot.games.saboteur.cards import PATH_CARDS
from bot.games.saboteur.spots import placement_spots, spot_letter
from tests.saboteur_positions import after


def test_spots_are_every_legal_placement_of_the_card_lettered_in_reading_order() -> None:
    state = after(4, seed=2, actions=10)
    seat = state.to_act()[0]
    for card in {c for c in state.hands[seat] if c in PATH_CARDS}:
        spots = placement_spots(state, seat, card)
        legal = {
            play
            for play in state.legal_actions(seat)
            if isinstance(play, PlacePath) and play.card == card
        }
        assert {spot.action for spot in spots} == legal
        assert [spot.letter for spot in spots] == [spot_letter(i) for i in range(len(spots))]
        order = [(spot.y, spot.x, spot.rotated) for spot in spots]
        assert order == sorted(order)
        for spot in spots:
            assert state.parse_action(seat, spot.notation) == spot.action


def test_the_turned_variant_is_a_spot_of_its_own_where_its_shape_differs() -> None:
    state = after(4, seed=2, actions=10)
    seat = state.to_act()[0]
    spots = placement_spots(state, seat, "NES")
    at_origin_north = [spot for spot in spots if (spot.x, spot.y) == (0, -1)]
    assert [(s.letter, s.shape, s.rotated) for s in at_origin_north] == [
        ("A", "NES", False),
        ("B", "NSW", True),
    ]
    assert all(not spot.rotated for spot in placement_spots(state, seat, "NS"))


def test_no_spot_off_turn_for_a_card_not_held_or_with_a_broken_tool() -> None:
    state = after(4, seed=2, actions=10)
    seat = state.to_act()[0]
    assert placement_spots(state, (seat + 1) % 4, "NES") == []
    missing = next(code for code in PATH_CARDS if code not in state.hands[seat])
    assert placement_spots(state, seat, missing) == []
    state.broken[seat].append("lamp")
    assert placement_spots(state, seat, "NES") == []


def test_letters_go_on_after_z() -> None:
    assert [spot_letter(i) for i in (0, 25, 26, 27, 51, 52)] == ["A", "Z", "AA", "AB", "AZ", "BA"]
