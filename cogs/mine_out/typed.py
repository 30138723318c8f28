"""Mine Out's typed plays (``/game play``): a whole turn in the notation, the steps
typed so far tried on a copy and the next legal step suggested after them
(`cogs.platform.typed_plays`)."""

from __future__ import annotations

from bot.games.errors import GameError
from bot.games.mine_out import MineOutState
from bot.i18n import LocaleLike
from cogs.mine_out.turn import TURN, VERBS, split_steps, steps_in_words
from cogs.mine_out.words import distinct, legal_steps, step_label
from cogs.platform.presenter import ActionChoice, matching
from cogs.platform.seen import SeatCopy
from cogs.platform.typed_plays import Ranked, TypedPlays


def typed_steps(typed: str) -> tuple[list[str], str]:
    """The complete steps of a line being typed, and the step being typed (maybe "")."""
    tokens = typed.split()
    if not tokens or typed.endswith(" "):
        return split_steps(tokens), ""
    if len(tokens) > 1 and any(verb.startswith(tokens[-1]) for verb in VERBS):
        return split_steps(tokens[:-1]), tokens[-1]
    steps = split_steps(tokens)
    return steps[:-1], steps[-1]


def mine_copy(own: SeatCopy) -> MineOutState:
    assert isinstance(own.state, MineOutState)
    return own.state


class MineOutPlays(TypedPlays):
    def words(self, own: SeatCopy, notation: str, locale: LocaleLike) -> str:
        return steps_in_words(mine_copy(own), own.seat, [notation], locale)

    def ranked_choices(self, own: SeatCopy, locale: LocaleLike) -> list[ActionChoice]:
        """The next legal steps, labelled in words with their cost (the engine's order)."""
        state = mine_copy(own)
        choices = (ActionChoice(state.format_action(step), step_label(locale, state, step))
                   for step in legal_steps(state, own.seat))
        return distinct(choices, lambda choice: choice.label)

    def suggest(
        self, own: SeatCopy, typed: str, locale: LocaleLike, ranked: Ranked
    ) -> list[ActionChoice]:
        """A whole turn in the notation: the steps typed so far are tried on a copy, and
        the next legal step is suggested after them."""
        done, partial = typed_steps(typed)
        if not done:
            return matching(ranked(own, locale), partial)
        state, seat = mine_copy(own), own.seat
        try:
            after = TURN.trial(state, seat, done)
        except GameError:  # a step typed wrong: no continuation to offer
            return []
        assert isinstance(after, MineOutState)
        if seat not in after.to_act() or after.current != state.current:
            return []
        prefix = " ".join(done)
        nexts = distinct(
            (ActionChoice(f"{prefix} {after.format_action(s)}", step_label(locale, after, s))
             for s in legal_steps(after, seat)),
            lambda choice: choice.label,
        )
        return matching(nexts, " ".join([prefix, partial]).strip())
