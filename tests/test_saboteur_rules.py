"""Saboteur rule clauses, one test each, named after the rule (rulebook shared/seeds/002_*)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.base import Event, Outcome
from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import (
    Action,
    BreakTool,
    Discard,
    Peek,
    PlacePath,
    RepairTool,
    Rockfall,
    TakeGold,
)
from bot.games.saboteur.cards import Role, Tool, hand_cards
from bot.games.saboteur.maze import GOAL_POSITIONS
from bot.service.errors import GameOver, IllegalAction, NotYourTurn
from tests.saboteur_support import (
    corridor,
    game,
    lay,
    roles_of,
    set_goals,
    set_hand,
    set_roles,
    take_from_deck,
)

# Rulebook "Préparation du jeu", copied here rather than imported from the engine.
ROLES = {3: (1, 3), 4: (1, 4), 5: (2, 4), 6: (2, 5), 7: (3, 5), 8: (3, 6), 9: (3, 7), 10: (4, 7)}
HAND = {3: 6, 4: 6, 5: 6, 6: 5, 7: 5, 8: 4, 9: 4, 10: 4}


def refused(state: SaboteurState, seat: int, action: Action, reason: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(seat, action)
    assert error.value.reason_key == f"saboteur.{reason}"
    assert state.to_json() == before


def break_tool(state: SaboteurState, seat: int, tool: Tool) -> None:
    take_from_deck(state, f"break-{tool}")
    state.broken[seat].append(tool)


def empty_hands(state: SaboteurState, *seats: int) -> None:
    for seat in seats:
        state.discard += state.hands[seat]
        state.hands[seat] = []


def empty_deck(state: SaboteurState) -> None:
    state.discard += state.deck
    state.deck = []


def last_card(state: SaboteurState, seat: int) -> list[Event]:
    """Leave `seat` alone with one card and an empty deck, and let it discard it."""
    empty_hands(state, *(s for s in range(state.players) if s != seat))
    set_hand(state, seat, ["map"])
    empty_deck(state)
    state.turn = seat
    return state.apply(seat, Discard("map"))


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


# -- components and set-up -----------------------------------------------------------------


def test_components_are_44_path_27_action_28_gold_11_role_cards() -> None:
    cards = hand_cards()
    paths = sum(n for card, n in cards.items() if card[0] in "NESW")
    assert paths + 1 + 3 == 44
    assert sum(cards.values()) - paths == 27
    state = game(10)
    assert len(state.gold_deck) == 28 and sum(state.gold_deck) == 44
    assert len(state.roles) + 1 == 11


@pytest.mark.parametrize("players", range(3, 11))
def test_setup_deals_roles_hands_and_face_down_goals(players: int) -> None:
    state = game(players)
    saboteurs, diggers = ROLES[players]
    assert Counter([*state.roles, state.aside]) == Counter(saboteur=saboteurs, digger=diggers)
    assert [len(hand) for hand in state.hands] == [HAND[players]] * players
    assert len(state.deck) == 67 - players * HAND[players]
    view = state.view(None)
    assert [(c["x"], c["y"], c["card"]) for c in view["maze"]] == [(0, 0, "start")]
    assert [(g["x"], g["y"], g["revealed"]) for g in view["goals"]] == [
        (8, -2, False),
        (8, 0, False),
        (8, 2, False),
    ]
    state.check_invariants()


def test_goals_and_roles_are_shuffled_from_the_seed() -> None:
    deals = {tuple(game(5, seed).maze.hidden_goals.values()) for seed in range(20)}
    assert len(deals) > 1
    assert game(5, 7).to_json() == game(5, 7).to_json()


def test_first_round_starts_with_the_first_seat() -> None:
    assert game(6).to_act() == (0,)


# -- path cards -----------------------------------------------------------------------------


def test_path_card_must_join_the_path_from_the_start() -> None:
    state = game()
    set_hand(state, 0, ["EW"])
    refused(state, 0, PlacePath("EW", 3, 0), "not_connected")
    state.apply(0, PlacePath("EW", 1, 0))
    assert state.maze.cards[(1, 0)].code == "EW"


def test_path_card_edges_must_match_every_neighbour() -> None:
    state = game()
    set_hand(state, 0, ["NS"])
    refused(state, 0, PlacePath("NS", 1, 0), "edges_mismatch")
    set_hand(state, 0, ["EW"])
    lay(state, ("EW", 1, 0), ("NS", 2, 1))  # the west edge would fit, the south one not
    refused(state, 0, PlacePath("EW", 2, 0), "edges_mismatch")


def test_path_card_may_be_turned_half_a_turn() -> None:
    state = game()
    set_hand(state, 0, ["NES"])
    refused(state, 0, PlacePath("NES", 1, 0), "edges_mismatch")
    assert PlacePath("NES", 1, 0, rotated=True) in state.legal_actions(0)
    state.apply(0, PlacePath("NES", 1, 0, rotated=True))
    assert state.maze.cards[(1, 0)].edges == "NSW"


def test_path_cards_are_never_laid_crosswise() -> None:
    state = game()
    set_hand(state, 0, ["NS"])
    assert not [a for a in state.legal_actions(0) if isinstance(a, PlacePath) and a.y == 0]
    refused(state, 0, state.parse_action(0, "path EW 1,0"), "card_not_in_hand")


def test_turning_a_symmetric_card_is_the_same_placement() -> None:
    state = game()
    set_hand(state, 0, ["EW"])
    turned = PlacePath("EW", 1, 0, rotated=True)
    assert turned == PlacePath("EW", 1, 0) and turned in state.legal_actions(0)
    state.apply(0, turned)
    assert state.maze.cards[(1, 0)].rotated is False


def test_only_path_cards_are_laid_in_the_maze() -> None:
    state = game()
    set_hand(state, 0, ["map"])
    refused(state, 0, PlacePath("map", 1, 0), "not_a_path_card")


def test_cell_holding_a_card_is_taken() -> None:
    state = game()
    set_hand(state, 0, ["EW"])
    lay(state, ("EW", 1, 0))
    refused(state, 0, PlacePath("EW", 1, 0), "cell_taken")
    refused(state, 0, PlacePath("EW", 0, 0), "cell_taken")


def test_dead_end_carries_no_path_beyond_it() -> None:
    state = game()
    set_hand(state, 0, ["EW"])
    lay(state, ("EWx", 1, 0))
    refused(state, 0, PlacePath("EW", 2, 0), "not_connected")


def test_face_down_goal_is_ignored_when_checking_fit() -> None:
    state = game()
    corridor(state, 6)
    set_hand(state, 0, ["NES"])
    state.apply(0, PlacePath("NES", 7, 0, rotated=True))  # east edge closed, next to a goal
    assert len(state.maze.hidden_goals) == 3


def test_legal_path_placements_are_all_accepted() -> None:
    state = game(seed=3)
    corridor(state, 2)
    set_hand(state, 0, ["NESW", "NES", "SW", "NSx", "Wx", "EW"])
    placements = [a for a in state.legal_actions(0) if isinstance(a, PlacePath)]
    assert placements
    for action in placements:
        trial = SaboteurState.from_json(state.to_json())
        trial.apply(0, action)
        trial.check_invariants()


# -- action cards -----------------------------------------------------------------------------


def test_broken_tool_forbids_path_cards() -> None:
    state = game()
    set_hand(state, 0, ["EW", "map"])
    break_tool(state, 0, "cart")
    refused(state, 0, PlacePath("EW", 1, 0), "tools_broken")
    assert not [a for a in state.legal_actions(0) if isinstance(a, PlacePath)]


def test_at_most_one_broken_tool_of_each_kind_so_three_per_player() -> None:
    state = game()
    set_hand(state, 0, ["break-lamp", "break-pick"])
    break_tool(state, 1, "lamp")
    refused(state, 0, BreakTool("lamp", 1), "already_broken")
    break_tool(state, 1, "pick")
    break_tool(state, 1, "cart")
    assert not [a for a in state.legal_actions(0) if isinstance(a, BreakTool) and a.target == 1]
    state.apply(0, BreakTool("pick", 2))
    assert state.broken[2] == ["pick"]


def test_action_cards_may_be_played_on_oneself() -> None:
    state = game()
    set_hand(state, 0, ["repair-pick"])
    break_tool(state, 0, "pick")
    state.apply(0, RepairTool("repair-pick", "pick", 0))
    assert state.broken[0] == []


def test_repair_needs_a_matching_broken_tool() -> None:
    """Rulebook: a broken cart can only be discarded with a cart in good state."""
    state = game()
    set_hand(state, 0, ["repair-lamp", "repair-cart"])
    break_tool(state, 1, "cart")
    refused(state, 0, RepairTool("repair-lamp", "cart", 1), "not_a_repair_card")
    refused(state, 0, RepairTool("repair-lamp", "lamp", 1), "nothing_to_repair")
    refused(state, 0, RepairTool("repair-cart", "cart", 2), "nothing_to_repair")
    state.apply(0, RepairTool("repair-cart", "cart", 1))
    assert state.broken[1] == []
    assert state.discard[-2:] == ["break-cart", "repair-cart"]


def test_double_repair_fixes_one_of_its_two_tools() -> None:
    state = game()
    set_hand(state, 0, ["repair-pick-lamp"])
    break_tool(state, 1, "pick")
    break_tool(state, 1, "lamp")
    plays = [a for a in state.legal_actions(0) if isinstance(a, RepairTool)]
    assert plays == [
        RepairTool("repair-pick-lamp", "pick", 1),
        RepairTool("repair-pick-lamp", "lamp", 1),
    ]
    state.apply(0, RepairTool("repair-pick-lamp", "lamp", 1))
    assert state.broken[1] == ["pick"]


def test_rockfall_cuts_the_path_from_the_start() -> None:
    """Rulebook example: a saboteur cuts the link with the start card."""
    state = game()
    corridor(state, 3)
    set_hand(state, 0, ["rockfall"])
    set_hand(state, 1, ["EW"])
    state.apply(0, Rockfall(1, 0))
    assert (1, 0) not in state.maze.cards
    assert state.discard[-2:] == ["rockfall", "NESW"]
    refused(state, 1, PlacePath("EW", 4, 0), "not_connected")


def test_rockfall_hole_can_be_filled_again() -> None:
    """Rulebook example: a gold-digger removes a dead end and the hole is filled."""
    state = game()
    lay(state, ("EW", 1, 0), ("EWx", 2, 0))
    set_hand(state, 0, ["rockfall"])
    set_hand(state, 1, ["EW"])
    state.apply(0, Rockfall(2, 0))
    state.apply(1, PlacePath("EW", 2, 0))
    assert state.maze.cards[(2, 0)].code == "EW"


def test_rockfall_never_removes_the_start_or_a_goal() -> None:
    state = game()
    set_hand(state, 0, ["rockfall"])
    refused(state, 0, Rockfall(0, 0), "not_removable")
    refused(state, 0, Rockfall(8, 0), "not_removable")
    refused(state, 0, Rockfall(3, 3), "not_removable")
    assert not [a for a in state.legal_actions(0) if isinstance(a, Rockfall)]


def test_map_shows_a_goal_to_its_player_only() -> None:
    state = game()
    set_goals(state, "goal-gold", "goal-SW", "goal-ES")
    set_hand(state, 0, ["map"])
    events = state.apply(0, Peek("top"))
    public = [e for e in events if e.seat is None]
    assert [(e.kind, e.data) for e in public] == [("map_played", {"player": 0, "goal": "top"})]
    assert [e for e in events if e.kind == "peeked_gold"] == [
        Event("peeked_gold", {"goal": "top", "card": "goal-gold"}, seat=0)
    ]
    assert state.view(0)["you"]["peeks"] == [
        {"x": 8, "y": -2, "name": "top", "card": "goal-gold", "gold": True}
    ]
    assert state.view(1)["you"]["peeks"] == []
    assert state.view(None)["goals"][0] == {
        "x": 8, "y": -2, "name": "top", "revealed": False, "gold": None
    }


def test_map_looks_only_at_a_face_down_goal() -> None:
    state = game()
    set_goals(state, "goal-SW", "goal-gold", "goal-ES")
    state.maze.reveal((8, -2), "W", (7, -2))
    set_hand(state, 0, ["map"])
    refused(state, 0, Peek("top"), "goal_revealed")


# -- passing and drawing -----------------------------------------------------------------------


def test_pass_discards_one_card_face_down_then_draws() -> None:
    state = game()
    set_hand(state, 0, ["NESWx", "map"])
    deck = len(state.deck)
    events = state.apply(0, Discard("NESWx"))
    assert [(e.kind, e.data, e.seat) for e in events if e.seat is None] == [
        ("discarded", {"player": 0}, None)
    ]
    drawn = [e for e in events if e.kind == "card_drawn"]
    assert [e.seat for e in drawn] == [0]
    assert len(state.hands[0]) == 2 and len(state.deck) == deck - 1
    assert state.view(1)["discard"] == 1 and "NESWx" not in str(state.view(1))


def test_no_draw_once_the_deck_is_empty() -> None:
    state = game()
    empty_deck(state)
    size = len(state.hands[0])
    events = state.apply(0, Discard(state.hands[0][0]))
    assert len(state.hands[0]) == size - 1
    assert "card_drawn" not in kinds(events)


def test_player_without_cards_passes() -> None:
    state = game()
    empty_deck(state)
    empty_hands(state, 1)
    events = state.apply(0, Discard(state.hands[0][0]))
    assert state.to_act() == (2,)
    assert Event("turn_skipped", {"player": 1}) in events


def test_only_the_seat_to_act_may_play() -> None:
    state = game()
    with pytest.raises(NotYourTurn):
        state.apply(1, Discard(state.hands[1][0]))


# -- goals and the end of a round ---------------------------------------------------------------


def test_reaching_a_stone_turns_it_over_and_the_round_goes_on() -> None:
    state = game()
    set_goals(state, "goal-gold", "goal-SW", "goal-ES")
    corridor(state, 6)
    set_hand(state, 0, ["EW"])
    events = state.apply(0, PlacePath("EW", 7, 0))
    assert Event("stone_found", {"player": 0, "goal": "middle"}) in events
    assert state.maze.cards[(8, 0)].edges == "SW"
    assert state.phase == "play" and state.round == 1 and state.to_act() == (1,)


def test_stone_is_laid_to_join_the_path_that_reached_it() -> None:
    state = game()
    set_goals(state, "goal-gold", "goal-ES", "goal-SW")
    corridor(state, 6)
    set_hand(state, 0, ["EW"])
    state.apply(0, PlacePath("EW", 7, 0))
    placed = state.maze.cards[(8, 0)]
    assert placed.rotated and placed.edges == "NW"


def test_stone_is_laid_to_join_the_last_card_laid() -> None:
    """Rulebook: the stone's paths connect with those of the last card laid.

    Laying ESW on 8,-1 reaches the middle stone twice, from the north through
    the card itself and from the east round 9,-1 and 9,0: ES upright would open
    east only, so it is turned (NW) to open towards the card just laid.
    """
    state = game()
    set_goals(state, "goal-SW", "goal-ES", "goal-gold")
    corridor(state, 5)
    lay(state, ("ES", 5, -1), ("EW", 6, -1), ("EW", 7, -1), ("SW", 9, -1), ("ES", 9, 0, True))
    set_hand(state, 0, ["ESW"])
    events = state.apply(0, PlacePath("ESW", 8, -1))
    assert Event("stone_found", {"player": 0, "goal": "middle"}) in events
    assert state.maze.cards[(8, 0)].edges == "NW"


def test_revealed_goal_may_mismatch_its_other_neighbours() -> None:
    """Rulebook: rarely a goal's paths can't connect; this is allowed for goals only."""
    state = game()
    set_goals(state, "goal-gold", "goal-SW", "goal-ES")
    corridor(state, 6)
    lay(state, ("EW", 8, 1))  # north edge closed, under the goal's open south edge
    set_hand(state, 0, ["EW"])
    state.apply(0, PlacePath("EW", 7, 0))
    assert state.maze.cards[(8, 0)].edges == "SW"
    state.check_invariants()


def test_revealed_stone_leads_on_to_the_next_goal() -> None:
    state = game()
    set_goals(state, "goal-ES", "goal-SW", "goal-gold")
    corridor(state, 6)
    lay(state, ("NS", 8, 1))
    set_hand(state, 0, ["EW"])
    events = state.apply(0, PlacePath("EW", 7, 0))
    assert kinds(events)[:3] == ["path_played", "stone_found", "gold_found"]
    assert state.history[-1]["winner"] == "diggers"


def test_dead_end_touching_a_goal_does_not_turn_it_over() -> None:
    state = game()
    corridor(state, 6)
    set_hand(state, 0, ["EWx"])
    state.apply(0, PlacePath("EWx", 7, 0))
    assert len(state.maze.hidden_goals) == 3


def gold_found(players: int, roles: list[Role], finder: int, pool: list[int]) -> SaboteurState:
    """`finder` reaches the gold in the middle; the gold cards drawn are `pool`."""
    return find_gold(players, roles, finder, pool)[0]


def find_gold(
    players: int, roles: list[Role], finder: int, pool: list[int]
) -> tuple[SaboteurState, list[Event]]:
    """`gold_found`, with the events of the play that reached the gold."""
    state = game(players)
    set_roles(state, roles)
    set_goals(state, "goal-SW", "goal-gold", "goal-ES")
    for value in pool:
        state.gold_deck.remove(value)
    state.gold_deck += list(reversed(pool))
    corridor(state, 6)
    set_hand(state, finder, ["EW"])
    state.turn = finder
    events = state.apply(finder, PlacePath("EW", 7, 0))
    assert Event("gold_found", {"player": finder, "goal": "middle"}) in events
    return state, events


def test_gold_ends_the_round_and_diggers_share_counter_clockwise() -> None:
    """Rulebook: the finder picks first, then the next gold-digger counter-clockwise."""
    roles: list[Role] = ["digger", "saboteur", "digger", "digger", "saboteur"]
    state = gold_found(5, roles, finder=2, pool=[3, 3, 2, 2, 1])
    assert state.phase == "gold" and sorted(state.gold_pool) == [1, 2, 2, 3, 3]
    order = []
    for value in (3, 3, 2, 2):
        order.append(state.to_act()[0])
        state.apply(order[-1], TakeGold(value))
    assert order == [2, 0, 3, 2]
    assert state.gold[0] == [3, 1]  # the last card, no choice left, went to seat 0
    assert (state.round, state.phase) == (2, "play")
    state.check_invariants()


@pytest.mark.parametrize("pool", [[1, 1, 1, 1], [2, 2, 2, 2], [3, 2, 1, 1]])
def test_gold_sharing_asks_the_same_way_whatever_the_values(pool: list[int]) -> None:
    """Handing out cards of one value without asking would tell everyone they were equal:
    each gold-digger is asked while two cards or more are left, whatever their values."""
    roles: list[Role] = ["digger", "digger", "saboteur", "digger"]
    state = gold_found(4, roles, finder=1, pool=pool)
    asked, public = [], []
    while state.phase == "gold":
        seat = state.to_act()[0]
        asked.append(seat)
        events = state.apply(seat, TakeGold(max(state.gold_pool)))
        public.append([event for event in events if event.seat is None][:2])
    assert asked == [1, 0, 3]  # the last card, no choice left, goes to seat 1 unasked
    assert [kinds(events) for events in public] == [["gold_taken"]] * 2 + [
        ["gold_taken", "gold_taken"]
    ]
    assert state.round == 2 and sorted(len(cards) for cards in state.gold) == [0, 1, 1, 2]


@pytest.mark.parametrize(("finder", "first"), [(1, 1), (2, 1)])
def test_the_gold_line_names_the_gold_digger_who_chooses_first(finder: int, first: int) -> None:
    """A saboteur who reaches the gold takes none: the next gold-digger counter-clockwise
    chooses first, and the event says who (never "the finder" when it is a saboteur)."""
    roles: list[Role] = ["digger", "digger", "saboteur", "digger"]
    state, events = find_gold(4, roles, finder=finder, pool=[3, 2, 1, 1])
    assert Event("gold_revealed", {"count": 4, "first": first}) in events
    assert state.to_act() == (first,)


@pytest.mark.parametrize("players", range(3, 11))
def test_as_many_gold_cards_as_players_are_drawn_nine_at_ten(players: int) -> None:
    """Rulebook example: with 5 players, 5 gold cards are drawn; only 9 with 10."""
    saboteurs = players - min(players, ROLES[players][1])
    state = gold_found(players, roles_of("d" * (players - saboteurs) + "s" * saboteurs), 0, [])
    assert 28 - len(state.gold_deck) == min(players, 9)


def test_gold_is_kept_and_the_rest_stays_in_the_stock_for_later_rounds() -> None:
    """Rulebook "Une nouvelle manche": players keep their gold; the rest is the stock."""
    state = gold_found(4, roles_of("dsdd"), finder=0, pool=[3, 2, 1, 1])
    while state.phase == "gold":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    kept = [list(cards) for cards in state.gold]
    stock = list(state.gold_deck)
    assert state.round == 2 and len(stock) == 24
    set_roles(state, roles_of("sddd"))
    last_card(state, 2)
    paid = state.gold[0][len(kept[0]) :]
    assert state.round == 3 and state.gold == [kept[0] + paid, *kept[1:]]
    assert sum(paid) == 4 and Counter(stock) - Counter(paid) == Counter(state.gold_deck)


def test_saboteur_reaching_the_gold_gets_none_of_it() -> None:
    roles: list[Role] = ["digger", "saboteur", "digger", "saboteur", "digger"]
    state = gold_found(5, roles, finder=3, pool=[3, 2, 1, 1, 1])
    assert state.to_act() == (2,)
    while state.phase == "gold":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.gold[3] == [] and state.gold[1] == []


def test_taking_gold_is_the_only_action_while_sharing() -> None:
    state = gold_found(4, ["digger", "digger", "saboteur", "digger"], 0, [3, 1, 1, 1])
    refused(state, 0, Discard(state.hands[0][0]), "take_gold_first")
    refused(state, 0, TakeGold(2), "no_such_gold")
    assert state.legal_actions(0) == [TakeGold(3), TakeGold(1)]


@pytest.mark.parametrize(("players", "nuggets"), [(3, 4), (5, 3), (7, 3), (10, 2)])
def test_saboteurs_win_when_every_hand_is_empty(players: int, nuggets: int) -> None:
    state = game(players)
    saboteurs, _ = ROLES[players]
    roles = roles_of("s" * saboteurs + "d" * (players - saboteurs))
    set_roles(state, roles)
    events = last_card(state, 0)
    assert kinds(events)[:3] == ["discarded", "saboteurs_won", "roles_revealed"]
    assert [sum(cards) for cards in state.gold] == [nuggets] * saboteurs + [0] * (
        players - saboteurs
    )
    state.check_invariants()


def test_no_saboteur_in_play_means_nobody_wins_gold() -> None:
    state = game(4)
    set_roles(state, ["digger"] * 4)
    events = last_card(state, 0)
    assert "nobody_won" in kinds(events)
    assert state.scores() == (0, 0, 0, 0)


@pytest.mark.parametrize("players", range(3, 11))
def test_only_three_or_four_players_may_have_no_saboteur(players: int) -> None:
    """Rulebook: with 3 or 4 players there may be no saboteur (the one set aside)."""
    deals = [game(players, seed) for seed in range(30)]
    without = [state for state in deals if "saboteur" not in state.roles]
    assert bool(without) == (players <= 4)
    assert all(state.aside == "saboteur" for state in without)


def test_roles_are_revealed_at_the_end_of_the_round() -> None:
    state = game(5)
    roles = list(state.roles)
    events = last_card(state, 3)
    revealed = [e for e in events if e.kind == "roles_revealed"]
    assert revealed[0].seat is None and revealed[0].data["roles"] == roles
    assert state.view(None)["rounds_played"][0]["roles"] == roles


def test_next_round_starts_left_of_whoever_played_last() -> None:
    state = game(5)
    break_tool(state, 1, "pick")
    last_card(state, 3)
    assert state.round == 2 and state.to_act() == (4,)
    assert len(state.maze.cards) == 1 and state.broken == [[]] * 5
    assert [len(hand) for hand in state.hands] == [6] * 5
    state.check_invariants()


def test_game_ends_after_three_rounds_most_nuggets_wins_ties_share() -> None:
    state = game(4)
    set_roles(state, ["saboteur", "digger", "digger", "digger"])
    for value in (3, 1):
        state.gold[2].append(state.gold_deck.pop(state.gold_deck.index(value)))
    state.round = 3
    events = last_card(state, 1)
    assert state.is_over() and state.to_act() == ()
    assert state.outcome() == Outcome(scores=(4, 0, 4, 0), winners=(0, 2))
    assert events[-1] == Event("game_over", {"scores": [4, 0, 4, 0], "winners": [0, 2]})
    with pytest.raises(GameOver):
        state.apply(0, Discard("map"))


# -- default action ---------------------------------------------------------------------------


def test_default_discards_a_card_without_legal_use_first() -> None:
    state = game()
    set_hand(state, 0, ["NESW", "map"])
    break_tool(state, 0, "lamp")
    assert state.default_action(0) == Discard("NESW")


def test_default_discards_the_card_that_helps_least() -> None:
    state = game()
    set_hand(state, 0, ["NESW", "map", "Sx", "NSx", "repair-pick"])
    break_tool(state, 1, "pick")
    assert state.default_action(0) == Discard("Sx")
    set_hand(state, 0, ["NESW", "map", "rockfall", "ES"])
    lay(state, ("EW", 1, 0))
    assert state.default_action(0) == Discard("map")


def test_default_does_not_depend_on_the_role() -> None:
    """The idle default reveals nothing: no role, the seat's own or another's, changes it."""
    state = game(5)
    set_hand(state, 0, ["NES", "break-cart", "EWx"])
    choices = set()
    for letters in ("dsdsd", "sdddd", "ssddd", "ddsds"):
        set_roles(state, roles_of(letters))
        choices.add(state.default_action(0))
    assert choices == {Discard("EWx")}


def test_default_takes_the_richest_gold_card() -> None:
    state = gold_found(4, ["digger", "digger", "saboteur", "digger"], 0, [1, 3, 2, 1])
    assert state.default_action(0) == TakeGold(3)


def test_the_view_keeps_the_final_maze_of_a_round_with_every_goal_face_up() -> None:
    """The round-end image shows the maze as the round ended, even once the next
    round is dealt: each finished round in the view carries it, goals turned over."""
    state = game(4)
    set_roles(state, roles_of("sddd"))
    set_goals(state, "goal-SW", "goal-gold", "goal-ES")
    corridor(state, 3)
    laid = {(x, y): placed.code for (x, y), placed in state.maze.cards.items()}
    last_card(state, 1)
    assert state.round == 2 and len(state.maze.cards) == 1  # the next round is dealt
    (played,) = state.view(None)["rounds_played"]
    final = {(card["x"], card["y"]): card for card in played["maze"]}
    assert {pos: card["card"] for pos, card in final.items() if pos in laid} == laid
    goals = {pos: final[pos]["kind"] for pos in GOAL_POSITIONS.values()}
    assert goals == {(8, -2): "goal_stone", (8, 0): "goal_gold", (8, 2): "goal_stone"}
    assert len(final) == len(laid) + 3
