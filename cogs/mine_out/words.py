"""Mine Out in words: cards, places, ores and each legal step with its cost.

Labels are written for the panel and for ``/game play``'s suggestions, in the
reader's language; they hold only what the reader may see (their own hand,
the public town). A card is named as the images name it (its type, and the ore
of a Miner, a Negotiator or a Smith), never by its id: the id is only the hidden
value of a suggestion and what ``/game play`` confirms. A label fits Discord's
100 characters with its price and cost: the card's figures are what gives way.
Two steps whose labels read the same do the same (same kind, figures and price):
a menu offers one of them (`distinct`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from bot.games.mine_out import MineOutState, abilities, legality
from bot.games.mine_out.actions import (
    Change,
    Compound,
    Dig,
    End,
    Hire,
    Move,
    Play,
    Score,
    Sell,
    Step,
)
from bot.games.mine_out.components import CARDS, KIND_BY_ID, KIND_DATA
from bot.i18n import LocaleLike, language_of, t
from cogs.platform.items import OPTION_LABEL_LIMIT
from renderer.mine_out.common import card_kind

Choice = TypeVar("Choice")


def ore_name(locale: LocaleLike, kind: int) -> str:
    return t(locale, f"mine-out.ore.{KIND_DATA[kind].id}")


def place_name(locale: LocaleLike, node: str) -> str:
    return t(locale, f"mine-out.node.{node}")


def card_short(locale: LocaleLike, card: str) -> str:
    """``Miner (copper)``: a card as the turn message and the images name it."""
    return card_kind(language_of(locale), card)


def card_figures(locale: LocaleLike, card: str) -> str:
    """``dig 4, fame 1``: what a card brings besides its salary (paid when played)."""
    data = CARDS[card]
    return t(locale, "mo.card_figures", dig=data.dig, fame=data.fame)


def card_name(locale: LocaleLike, card: str, *, salary: bool) -> str:
    """``Miner (copper, dig 4, fame 1, salary 2)``: a card offered (its salary when it
    is not the price the label states)."""
    details = [card_figures(locale, card)]
    if salary:
        details.append(t(locale, "mo.card_salary", salary=CARDS[card].salary))
    return card_kind(language_of(locale), card, details)


def cost_text(locale: LocaleLike, points: int) -> str:
    return t(locale, "mo.cost", points=points)


def dig_cubes(state: MineOutState, step: Dig) -> tuple[int, int]:
    """The ore kind and number of cubes `step` would dig now (the mine may run short)."""
    kind = KIND_BY_ID[state.positions[state.current].node]
    capacity = abilities.dig_capacity(step.card, state.working(state.current), kind,
                                      len(step.workers))
    return kind, min(abilities.cubes_dug(capacity, kind), state.mines[kind])


def sale_price(state: MineOutState, step: Sell) -> int:
    """What `step` would fetch now (box price plus the Negotiators' bonus)."""
    price = abilities.box_price(step.row, len(state.market[step.row]))
    return price + abilities.negotiator_bonus(state.working(state.current), step.row)


def score_text(locale: LocaleLike, state: MineOutState, step: Score) -> str:
    """``jewels as gold, silver: 5 fame``."""
    position = state.positions[state.current]
    ores = step.ores or ()
    fame = sum(abilities.phase_fame(position.cubes, state.working(state.current), ores))
    if not ores:
        return t(locale, "mo.step.score_plain", fame=fame)
    names = ", ".join(ore_name(locale, ore) for ore in ores)
    return t(locale, "mo.step.score", ores=names, fame=fame)


def legal_steps(state: MineOutState, seat: int) -> list[Step]:
    """The legal next steps of `seat` (the engine lists single steps only)."""
    return [step for step in state.legal_actions(seat) if not isinstance(step, Compound)]


def step_label(locale: LocaleLike, state: MineOutState, step: Step) -> str:
    """One legal step of the position to act, in words, with its action-point cost,
    at most `OPTION_LABEL_LIMIT` characters: a card's figures are left out of a label
    that would be longer, never the price or the cost."""
    label = _step_label(locale, state, step, figures=True)
    if len(label) > OPTION_LABEL_LIMIT:
        label = _step_label(locale, state, step, figures=False)
    return label


def _step_label(locale: LocaleLike, state: MineOutState, step: Step, *, figures: bool) -> str:
    points = legality.cost(state, step)
    match step:
        case Score():
            return score_text(locale, state, step)
        case Move(node):
            text = t(locale, "mo.step.move", place=place_name(locale, node))
        case Hire(card):
            named = card_name(locale, card, salary=True) if figures else card_short(locale, card)
            text = t(locale, "mo.step.hire", card=named)
        case Dig(card, workers):
            kind, cubes = dig_cubes(state, step)
            key = "mo.step.dig_workers" if workers else "mo.step.dig"
            text = t(locale, key, card=card_short(locale, card), cubes=cubes,
                     ore=ore_name(locale, kind),
                     workers=", ".join(card_short(locale, worker) for worker in workers))
        case Sell(kind, row):
            price = sale_price(state, step)
            if kind == row:
                text = t(locale, f"mo.step.sell.{KIND_DATA[kind].id}", price=price)
            else:
                text = t(locale, "mo.step.sell_jewel", ore=ore_name(locale, row), price=price)
        case Change():
            text = t(locale, "mo.step.change")
        case Play(card, community, replace):
            salary = legality.salary(card, replace)
            if not community:
                key = "mo.step.play"
            else:
                key = "mo.step.play_community_replace" if replace else "mo.step.play_community"
            named = card_name(locale, card, salary=False) if figures else card_short(locale, card)
            text = t(locale, key, card=named, salary=salary,
                     replace=card_short(locale, replace) if replace else "")
        case End():
            return t(locale, "mo.step.end", points=state.turn.points)
    return f"{text} · {cost_text(locale, points)}"


def distinct(choices: Iterable[Choice], label: Callable[[Choice], str]) -> list[Choice]:
    """`choices` without those whose label repeats an earlier one's: the same kind of
    card with the same figures and price (two like Workers) is one choice, not two."""
    seen: set[str] = set()
    kept = []
    for choice in choices:
        words = label(choice)
        if words not in seen:
            seen.add(words)
            kept.append(choice)
    return kept
