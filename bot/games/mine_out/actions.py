"""Mine Out actions (small frozen values) and their text notation both ways.

A turn is a series of steps, each its own action (``move pub``, ``hire MI05``,
``end``); several steps on one line make a `Compound`, applied all or nothing,
so a whole turn is one line: ``move pub hire MI05 hire WO05 move hall end``.
The grammar is documented in docs/mine-out.md. Parsing checks syntax only;
`MineOutState.apply` checks legality.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.games.errors import ActionSyntaxError
from bot.games.lines import Tokens
from bot.games.mine_out.components import CARD_ORDER, CARDS, JEWEL, KIND_BY_CODE, KIND_DATA, NODES


@dataclass(frozen=True, slots=True)
class Score:
    """The scoring phase: the ore each jewel (and each Jeweler) counts as, sorted;
    None: the assignment that scores most."""

    ores: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Move:
    """Move the pawn along one rail to `node`."""

    node: str


@dataclass(frozen=True, slots=True)
class Hire:
    """Hire `card` from the display at the pawn's establishment."""

    card: str


@dataclass(frozen=True, slots=True)
class Dig:
    """Dig in the pawn's mine with hand card `card`, discarding the Workers
    `workers` from the own area for the Worker bonus (sorted)."""

    card: str
    workers: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Sell:
    """Sell one cube of `kind` at the Market into row `row` (a jewel: any ore's row)."""

    kind: int
    row: int


@dataclass(frozen=True, slots=True)
class Change:
    """Change the cards of the hiring display (at the Market)."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play `card` from the hand to the own area, or to a community space
    (`replace`: the community card discarded when the 3 spaces are full)."""

    card: str
    community: bool = False
    replace: str | None = None


@dataclass(frozen=True, slots=True)
class End:
    """End the turn (the action points left are lost)."""


@dataclass(frozen=True, slots=True)
class Compound:
    """Several steps written on one line, applied all or nothing."""

    steps: tuple[Step, ...]


Step = Score | Move | Hire | Dig | Sell | Change | Play | End
Action = Step | Compound

COMMUNITY_WORD = "comm"

# -- formatting ---------------------------------------------------------------------


def format_action(action: Action) -> str:
    """The canonical notation of `action`."""
    match action:
        case Compound(steps):
            return " ".join(format_action(step) for step in steps)
        case Score(ores):
            return " ".join(["score", *(KIND_DATA[ore].code for ore in ores or ())])
        case Move(node):
            return f"move {node}"
        case Hire(card):
            return f"hire {card}"
        case Dig(card, workers):
            return " ".join([f"dig {card}", *(f"+{worker}" for worker in workers)])
        case Sell(kind, row):
            if kind == row:
                return f"sell {KIND_DATA[kind].code}"
            return f"sell {KIND_DATA[kind].code}:{KIND_DATA[row].code}"
        case Change():
            return "change"
        case Play(card, community, replace):
            if not community:
                return f"play {card}"
            return f"play {card} {COMMUNITY_WORD}" + (f" {replace}" if replace else "")
        case End():
            return "end"
    raise TypeError(f"not a Mine Out action: {action!r}")


# -- parsing ------------------------------------------------------------------------

KEYWORDS = ("score", "move", "hire", "dig", "sell", "change", "play", "end")
ORE_CODES = {KIND_DATA[kind].code: kind for kind in KIND_BY_CODE.values() if kind != JEWEL}
_EXPECTED_STEP = (
    "a step: score [ORE...], move NODE, hire CARD, dig CARD [+WORKER...], "
    "sell ORE (sell j:ORE for a jewel), change, play CARD [comm [CARD]], end"
)

WorkerResolver = Callable[[int], tuple[str, ...]]
"""Gives the Workers a ``+N`` shorthand stands for (the acting seat's area)."""


def card_id(token: str) -> str:
    """The card called `token` (case-insensitive: ``mi05`` is MI05)."""
    upper = token.upper()
    if upper not in CARDS:
        raise ActionSyntaxError(
            f"expected a card id such as MI05, got {token!r}",
            expected_key="mine-out.card",
            token=token,
        )
    return upper


def sorted_cards(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Cards in the data file's order (the canonical order of a list of cards)."""
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


class _Parser(Tokens):
    """Turns one line into steps."""

    def __init__(self, text: str, workers: WorkerResolver) -> None:
        super().__init__(text)
        self.workers = workers

    def card(self, keyword: str) -> str:
        return card_id(
            self.next_token(f"a card id after {keyword!r}", expected_key="mine-out.card-after")
        )

    def score(self) -> Score:
        ores: list[int] = []
        while (token := self.peek()) is not None and token in ORE_CODES:
            ores.append(ORE_CODES[token])
            self.position += 1
        return Score(tuple(sorted(ores)) if ores else None)

    def dig(self) -> Dig:
        card = self.card("dig")
        workers: list[str] = []
        while (token := self.peek()) is not None and token.startswith("+"):
            self.position += 1
            if token[1:].isdigit():
                workers.extend(self.workers(int(token[1:])))
            else:
                workers.append(card_id(token[1:]))
        return Dig(card, sorted_cards(workers))

    def sell(self) -> Sell:
        token = self.next_token("an ore after 'sell'", expected_key="mine-out.sell")
        kind_code, _, row_code = token.partition(":")
        if kind_code in ORE_CODES and not row_code:
            return Sell(ORE_CODES[kind_code], ORE_CODES[kind_code])
        if kind_code == KIND_DATA[JEWEL].code and row_code in ORE_CODES:
            return Sell(JEWEL, ORE_CODES[row_code])
        raise ActionSyntaxError(
            f"expected cu, ag, au or j:ORE (a jewel sold as that ore) after 'sell', "
            f"got {token!r}",
            expected_key="mine-out.sell",
        )

    def play(self) -> Play:
        card = self.card("play")
        if self.peek() != COMMUNITY_WORD:
            return Play(card)
        self.position += 1
        token = self.peek()
        if token is None or token in KEYWORDS:
            return Play(card, community=True)
        self.position += 1
        return Play(card, community=True, replace=card_id(token))

    def step(self) -> Step:
        token = self.next_token(_EXPECTED_STEP, expected_key="mine-out.step")
        match token:
            case "score":
                return self.score()
            case "move":
                node = self.next_token("a place after 'move'", expected_key="mine-out.node")
                if node not in NODES:
                    raise ActionSyntaxError(
                        f"expected a place ({', '.join(NODES)}), got {node!r}",
                        expected_key="mine-out.node",
                    )
                return Move(node)
            case "hire":
                return Hire(self.card("hire"))
            case "dig":
                return self.dig()
            case "sell":
                return self.sell()
            case "change":
                return Change()
            case "play":
                return self.play()
            case "end":
                return End()
        raise ActionSyntaxError(
            f"expected {_EXPECTED_STEP}, got {token!r}", expected_key="mine-out.step"
        )

    def parse(self) -> Action:
        steps = self.steps(lambda: [self.step()], _EXPECTED_STEP, expected_key="mine-out.step")
        return steps[0] if len(steps) == 1 else Compound(tuple(steps))


def _no_area(count: int) -> tuple[str, ...]:
    raise ActionSyntaxError(
        f"+{count}: name the Workers to discard (+WO05) outside a game",
        expected_key="mine-out.worker-ids",
    )


def parse_action(text: str, workers: WorkerResolver = _no_area) -> Action:
    """Read one line of notation. `workers` resolves ``dig CARD +N`` (N Workers of
    the acting seat's area, the first played first); without it ``+N`` is refused."""
    return _Parser(text, workers).parse()
