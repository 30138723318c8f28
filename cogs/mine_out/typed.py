"""Mine Out's typed plays (``/game play``): a whole turn in the notation, the steps
typed so far tried on a copy and the next legal step suggested after them
(`cogs.platform.typed_plays`)."""

from __future__ import annotations

from bot.games.base import Seat
from bot.games.errors import GameError
from bot.games.mine_out import MineOutState
from bot.i18n import LocaleLike
from bot.service import Table
from cogs.mine_out.turn import TURN, VERBS, split_steps, steps_in_words
from cogs.mine_out.words import distinct, legal_steps, step_label
from cogs.platform.presenter import ActionChoice, matching
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


class MineOutPlays(TypedPlays):
    def words(self, table: Table, seat: Seat, notation: str, locale: LocaleLike) -> str:
        state = table.state
        assert isinstance(state, MineOutState)
        return steps_in_words(state, seat, [notation], locale)

    def ranked_choices(self, table: Table, seat: Seat, locale: LocaleLike) -> list[ActionChoice]:
        """The next legal steps, labelled in words with their cost (the engine's order)."""
        state = table.state
        assert isinstance(state, MineOutState)
        choices = (ActionChoice(state.format_action(step), step_label(locale, state, step))
                   for step in legal_steps(state, seat))
        return distinct(choices, lambda choice: choice.label)

    def suggest(
        self, table: Table, seat: Seat, typed: str, locale: LocaleLike, ranked: Ranked
    ) -> list[ActionChoice]:
        """A whole turn in the notation: the steps typed so far are tried on a copy, and
        the next legal step is suggested after them."""
        done, partial = typed_steps(typed)
        if not done:
            return matching(ranked(table, seat, locale), partial)
        state = table.state
        assert isinstance(state, MineOutState)
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
