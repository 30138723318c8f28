"""The draw-5 spaces: cards drawn and held by one seat while it decides.

The seat first keeps one card or none, then puts the others back one step
at a time (see `Return`), so the legal steps stay few, in the order the seat
chooses (rulebook: "remplacez dans l'ordre de votre choix les 4 tuiles ...
au-dessus ou sous la pile"). By default each card goes on top of or under the
pile as the seat chooses, the sides mixed if it likes; with the table option
``put_back: "one-side"`` (the literal reading, and Board Game Arena's) they all
go on the side the first one went to. docs/coal-baron.md, "Rule choices".
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from bot.games.base import JSON, Event, Seat
from bot.games.coal_baron.actions import Keep, Return, Step
from bot.games.coal_baron.components import (
    ORDERS,
    TILE_DESIGN_BY_NAME,
    TILE_DESIGNS,
    TILES,
    tile_design,
)
from bot.games.coal_baron.player import OrderInProgress, Player
from bot.games.coal_baron.supply import fill_options, gain_tile, tile_cubes, unaffordable
from bot.games.errors import IllegalAction

TILES_KIND, ORDERS_KIND = "tiles", "orders"


@dataclass(slots=True)
class DrawFive:
    """Up to 5 tiles or order cards drawn from a pile, seen only by the drawing seat.

    First the seat keeps one or none (`kept` becomes True), then puts the
    others back one by one, each on top of or under the pile as they choose;
    `on_top` / `on_bottom` count those already put back on top / under the pile.
    """

    kind: str
    space: str
    cards: list[int]
    kept: bool = False
    on_top: int = 0
    on_bottom: int = 0
    one_side: bool = False
    """The table's option: every card goes back on the side of the first one."""

    def name(self, card: int) -> str:
        """Notation name of a card in hand (tile design or order card)."""
        if self.kind == TILES_KIND:
            return TILE_DESIGNS[tile_design(card)].name
        return ORDERS[card].name

    def find(self, name: str) -> int | None:
        """A card in hand called `name` (copies of a tile design are alike)."""
        for card in self.cards:
            if self.name(card) == name:
                return card
        return None

    def names(self) -> list[str]:
        """Names of the cards in hand, in drawn order, without repeats."""
        names: list[str] = []
        for card in self.cards:
            name = self.name(card)
            if name not in names:
                names.append(name)
        return names

    def to_json(self) -> JSON:
        return asdict(self)

    @classmethod
    def from_json(cls, data: JSON) -> DrawFive:
        return cls(**{**data, "cards": list(data["cards"])})

    def copy(self) -> DrawFive:
        return replace(self, cards=list(self.cards))


def sides(draw: DrawFive) -> tuple[bool, ...]:
    """Where the next card may go back (True: under the pile): either side, unless the
    table puts them all on one side and one card already went back."""
    if draw.one_side and (draw.on_top or draw.on_bottom):
        return (draw.on_bottom > 0,)
    return (False, True)


def legal_draw_steps(draw: DrawFive, player: Player, supply: list[int]) -> list[Step]:
    if draw.kept:
        names = draw.names()
        return [Return(name, bottom) for bottom in sides(draw) for name in names]
    steps: list[Step] = [Keep(None)]
    for name in draw.names():
        if draw.kind == ORDERS_KIND:
            steps.append(Keep(name))
            continue
        tile = TILE_DESIGNS[TILE_DESIGN_BY_NAME[name]]
        if tile.cost <= player.money:
            fills = fill_options(supply, tile.colour, tile.carts)
            steps.extend(Keep(name, fill) for fill in fills)
    return steps


def _drawn(draw: DrawFive, name: str) -> int:
    card = draw.find(name)
    if card is None:
        raise IllegalAction(
            f"{name} is not among the cards you drew",
            reason_key="coal-baron.not-drawn",
            card=name,
        )
    return card


def keep(draw: DrawFive, seat: Seat, player: Player, supply: list[int], step: Keep) -> Event:
    """Keep one drawn card (paying for a tile) or none; checked before any change."""
    if step.fill and (step.card is None or draw.kind == ORDERS_KIND):
        raise IllegalAction(
            "no colour choice is needed here", reason_key="coal-baron.no-fill-needed"
        )
    if step.card is None:
        draw.kept = True
        return Event("kept-nothing", {"seat": seat, "kind": draw.kind})
    card = _drawn(draw, step.card)
    if draw.kind == ORDERS_KIND:
        player.orders.append(OrderInProgress.new(card))
        event = Event("kept", {"seat": seat, "kind": draw.kind, "card": step.card})
    else:
        problem = unaffordable(player, card)
        if problem is not None:
            raise problem
        design = TILES[card]
        cubes = tile_cubes(supply, design.colour, design.carts, step.fill)
        event = gain_tile(player, supply, card, cubes, seat, draw.space)
    draw.cards.remove(card)
    draw.kept = True
    return event


def put_back(draw: DrawFive, pile: list[int], step: Return) -> None:
    """Put one card back: under the cards already put on top, or under the pile."""
    card = _drawn(draw, step.card)
    if step.bottom not in sides(draw):
        side = "under the pile" if draw.on_bottom else "on top of the pile"
        raise IllegalAction(
            f"at this table the cards all go back on one side: {side}",
            reason_key="coal-baron.put-back-one-side",
            side="bottom" if draw.on_bottom else "top",
        )
    if step.bottom:
        pile.append(card)
        draw.on_bottom += 1
    else:
        pile.insert(draw.on_top, card)
        draw.on_top += 1
    draw.cards.remove(card)
