"""Which steps are legal now, and why the others are not; action-point costs.

Functions of the state (like `view.state_view`), so `state.py` keeps set-up,
applying and the procedures. Every refusal is an `IllegalAction` with a
``reason_key`` translated in ``bot/games/mine_out/i18n/mine-out.*.json``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.errors import IllegalAction
from bot.games.mine_out import abilities, rulings
from bot.games.mine_out import actions as notation
from bot.games.mine_out.actions import (
    Change,
    Dig,
    End,
    Hire,
    Move,
    Play,
    Score,
    Sell,
    Step,
)
from bot.games.mine_out.components import (
    CARDS,
    COMMUNITY_SPACES,
    COPPER,
    COSTS,
    DISTANCES,
    ESTABLISHMENT,
    HAND_LIMIT,
    JEWEL,
    KIND_BY_ID,
    KIND_DATA,
    KINDS,
    MARKET,
    MAX_CHANGES,
    MAX_DIGS,
    MAX_HIRES,
    MAX_SALES,
    MINE,
    NODES,
    ORES,
    RAILS,
    WORKER,
)

if TYPE_CHECKING:
    from bot.games.mine_out.state import MineOutState


def cost(state: MineOutState, step: Step, node: str | None = None) -> int:
    """The action points `step` costs now at `node` (default: where the pawn is); a
    second hire or dig at the same place, or a second sale, costs 2."""
    node = node or state.positions[state.current].node
    match step:
        case Move():
            return COSTS["move"]
        case Hire():
            return COSTS["second_hire_same_establishment" if node in state.turn.hires
                         else "hire"]
        case Dig():
            return COSTS["second_dig_same_mine" if node in state.turn.digs else "dig"]
        case Sell():
            later = state.turn.sales or (rulings.CHANGE_COUNTS_AS_SALE and state.turn.changes)
            return COSTS["second_sale" if later else "sell"]
        case Change():
            return COSTS["change"]
        case Play():
            return COSTS["play"]
    return 0


def cheapest_action_at(state: MineOutState, node: str) -> int | None:
    """The cost of the cheapest non-move action the position to act could take at
    `node` (action points aside), or None if there is none. (The steps built here
    only stand for their kind: the cost does not depend on the card.)"""
    position = state.positions[state.current]
    turn = state.turn
    possible: list[Step] = []
    if any(CARDS[card].salary <= position.money for card in position.hand):
        possible.append(Play(""))
    kind = NODES[node]
    if kind == MARKET:
        if turn.sales < MAX_SALES and any(position.cubes):
            possible.append(Sell(COPPER, COPPER))
        if turn.changes < MAX_CHANGES:
            possible.append(Change())
    elif kind == ESTABLISHMENT:
        if (len(turn.hires) < MAX_HIRES and len(position.hand) < HAND_LIMIT
                and any(c and CARDS[c].establishment == node for c in state.display)):
            possible.append(Hire(""))
    elif kind == MINE and position.hand and len(turn.digs) < MAX_DIGS:
        possible.append(Dig(""))
    return min((cost(state, step, node) for step in possible), default=None)


def action_reachable(state: MineOutState, node: str, points: int) -> bool:
    """Whether a non-move action can still be done from `node` with `points` (ruling 17)."""
    for other, distance in DISTANCES[node].items():
        if distance <= points:
            cheapest = cheapest_action_at(state, other)
            if cheapest is not None and cheapest <= points - distance:
                return True
    return False


def problem(state: MineOutState, step: Step) -> IllegalAction | None:
    """Why `step` is illegal for the position to act now, or None."""
    turn = state.turn
    if isinstance(step, Score):
        return score_problem(state, step)
    if isinstance(step, End):
        if not turn.acted:
            return IllegalAction(
                "a turn needs an action other than moves before it ends",
                reason_key="mine-out.only-moves",
            )
        return None
    points = cost(state, step)
    if points > turn.points:
        return IllegalAction(
            f"that costs {points} action points and {turn.points} are left",
            reason_key="mine-out.no-points",
            cost=points,
            points=turn.points,
        )
    match step:
        case Move(node):
            return move_problem(state, node)
        case Hire(card):
            return hire_problem(state, card)
        case Dig(card, workers):
            return dig_problem(state, card, workers)
        case Sell(kind, row):
            return sell_problem(state, kind, row)
        case Change():
            return change_problem(state)
        case Play(card, community, replace):
            return play_problem(state, card, community, replace)
    raise IllegalAction("not a Mine Out step", reason_key="mine-out.nested")


def score_problem(state: MineOutState, step: Score) -> IllegalAction | None:
    if not state.turn.scoring:
        return IllegalAction(
            "the scoring phase is over", reason_key="mine-out.scoring-over"
        )
    count = abilities.wildcards(state.positions[state.current].cubes,
                                state.working(state.current))
    if step.ores is not None and len(step.ores) != count:
        return IllegalAction(
            f"name an ore for each of your {count} jewels and Jewelers",
            reason_key="mine-out.jewel-count",
            count=count,
        )
    return None


def move_problem(state: MineOutState, node: str) -> IllegalAction | None:
    here = state.positions[state.current].node
    if node not in RAILS[here]:
        return IllegalAction(
            f"no rail leads from {here} to {node}",
            reason_key="mine-out.no-rail",
            here=here,
            node=node,
        )
    if not state.turn.acted and not action_reachable(state, node, state.turn.points - 1):
        return IllegalAction(
            "after that move no action but moves could be done this turn",
            reason_key="mine-out.dead-end",
            node=node,
        )
    return None


def hire_problem(state: MineOutState, card: str) -> IllegalAction | None:
    position = state.positions[state.current]
    if NODES[position.node] != ESTABLISHMENT:
        return IllegalAction(
            "hire at an establishment (Pub, City Hall, Back Alley)",
            reason_key="mine-out.hire-where",
        )
    if card not in state.display:
        return IllegalAction(
            f"{card} is not in the hiring display",
            reason_key="mine-out.not-displayed",
            card=card,
        )
    if CARDS[card].establishment != position.node:
        return IllegalAction(
            f"{card} is hired at {CARDS[card].establishment}",
            reason_key="mine-out.wrong-establishment",
            card=card,
            node=CARDS[card].establishment,
        )
    if len(state.turn.hires) >= MAX_HIRES:
        return IllegalAction(
            "at most 2 hires a turn", reason_key="mine-out.hires-done"
        )
    if len(position.hand) >= HAND_LIMIT:
        return IllegalAction(
            f"your hand holds {HAND_LIMIT} cards already",
            reason_key="mine-out.hand-full",
            limit=HAND_LIMIT,
        )
    return None


def dig_problem(state: MineOutState, card: str, workers: tuple[str, ...]) -> IllegalAction | None:
    position = state.positions[state.current]
    if NODES[position.node] != MINE:
        return IllegalAction("dig at a mine", reason_key="mine-out.dig-where")
    if card not in position.hand:
        return IllegalAction(
            f"{card} is not in your hand", reason_key="mine-out.not-in-hand", card=card
        )
    if len(state.turn.digs) >= MAX_DIGS:
        return IllegalAction("at most 2 digs a turn", reason_key="mine-out.digs-done")
    for worker in workers:
        if worker not in position.area or CARDS[worker].type != WORKER:
            return IllegalAction(
                f"{worker} is not a Worker of your area",
                reason_key="mine-out.not-your-worker",
                card=worker,
            )
    if len(set(workers)) != len(workers):
        return IllegalAction(
            "each Worker is discarded once", reason_key="mine-out.worker-twice"
        )
    if not rulings.ZERO_CUBE_DIG_ALLOWED:
        kind = KIND_BY_ID[position.node]
        capacity = abilities.dig_capacity(card, state.working(state.current), kind, len(workers))
        if abilities.cubes_dug(capacity, kind) == 0:
            return IllegalAction(
                f"a capacity of {capacity} digs nothing here",
                reason_key="mine-out.digs-nothing",
                capacity=capacity,
            )
    return None


def sell_problem(state: MineOutState, kind: int, row: int) -> IllegalAction | None:
    position = state.positions[state.current]
    if NODES[position.node] != MARKET:
        return IllegalAction("sell at the Market", reason_key="mine-out.market-only")
    if state.turn.sales >= MAX_SALES:
        return IllegalAction("at most 2 sales a turn", reason_key="mine-out.sales-done")
    if position.cubes[kind] == 0:
        return IllegalAction(
            f"you have no {KIND_DATA[kind].id}",
            reason_key="mine-out.no-cube",
            ore=KIND_DATA[kind].code,
        )
    if row not in ORES or (kind != JEWEL and kind != row):
        return IllegalAction(
            "an ore sells in its own row; a jewel in the row of the ore it counts as",
            reason_key="mine-out.wrong-row",
        )
    return None


def change_problem(state: MineOutState) -> IllegalAction | None:
    if NODES[state.positions[state.current].node] != MARKET:
        return IllegalAction(
            "change the cards at the Market", reason_key="mine-out.market-only"
        )
    if state.turn.changes >= MAX_CHANGES:
        return IllegalAction(
            "at most 2 changes a turn", reason_key="mine-out.changes-done"
        )
    return None


def play_problem(
    state: MineOutState, card: str, community: bool, replace: str | None
) -> IllegalAction | None:
    position = state.positions[state.current]
    if card not in position.hand:
        return IllegalAction(
            f"{card} is not in your hand", reason_key="mine-out.not-in-hand", card=card
        )
    wages = CARDS[card].salary
    if community:
        if CARDS[card].type == WORKER:
            return IllegalAction(
                "Workers never go to the community",
                reason_key="mine-out.worker-community",
            )
        full = len(state.community) >= COMMUNITY_SPACES
        if full and replace is None:
            return IllegalAction(
                "the community is full: name the card to replace",
                reason_key="mine-out.community-full",
            )
        if not full and replace is not None:
            return IllegalAction(
                "a community space is free: no card is replaced",
                reason_key="mine-out.community-free",
            )
        if replace is not None:
            if replace not in state.community:
                return IllegalAction(
                    f"{replace} is not on a community space",
                    reason_key="mine-out.not-in-community",
                    card=replace,
                )
            wages = salary(card, replace)
    elif replace is not None:
        return IllegalAction(
            "only a community play replaces a card",
            reason_key="mine-out.replace-own-area",
        )
    if wages > position.money:
        return IllegalAction(
            f"the salary is {wages} and you have {position.money}",
            reason_key="mine-out.salary",
            salary=wages,
            money=position.money,
        )
    return None


def salary(card: str, replace: str | None) -> int:
    """What playing `card` costs; replacing a community card: the higher salary."""
    wages = CARDS[card].salary
    if replace is not None and rulings.REPLACEMENT_PAYS_HIGHER_SALARY:
        wages = max(wages, CARDS[replace].salary)
    return wages


def legal_steps(state: MineOutState) -> list[Step]:
    """Every step the position to act may take now, in a stable order."""
    position = state.positions[state.current]
    if state.turn.scoring:
        count = abilities.wildcards(position.cubes, state.working(state.current))
        return [Score(ores) for ores in abilities.assignments(count)]
    # Candidates are only the steps the place allows; `problem` checks the rest.
    candidates: list[Step] = [Move(node) for node in RAILS[position.node]]
    kind = NODES[position.node]
    if kind == ESTABLISHMENT:
        candidates.extend(
            Hire(card)
            for card in state.display
            if card and CARDS[card].establishment == position.node
        )
    elif kind == MINE:
        workers = [card for card in position.area if CARDS[card].type == WORKER]
        for card in position.hand:
            candidates.extend(
                Dig(card, notation.sorted_cards(workers[:count]))
                for count in range(len(workers) + 1)
            )
    elif kind == MARKET:
        for cube in KINDS:
            if position.cubes[cube]:
                rows = ORES if cube == JEWEL else (cube,)
                candidates.extend(Sell(cube, row) for row in rows)
        candidates.append(Change())
    for card in position.hand:
        if CARDS[card].salary > position.money:
            continue
        candidates.append(Play(card))
        if CARDS[card].type == WORKER:
            continue
        if len(state.community) < COMMUNITY_SPACES:
            candidates.append(Play(card, community=True))
        else:
            candidates.extend(Play(card, True, other) for other in state.community)
    candidates.append(End())
    return [step for step in candidates if problem(state, step) is None]
