"""The coach's answers in words: a hint, a note after a costly move, a review's moments.

Moves are written as the menus write them (`Presenter.words`, never notation);
a reason is one sentence per term of the game's evaluation
(``coach.reason.<game>.<term>``, `bot.ai.appraisers`), naming the amount the
move gains by it in the game's unit; a cost is said in that unit
(``coach.unit.<unit>``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from bot.ai.appraisers import appraiser_for
from bot.ai.coach_worker import CostAnswer, HintAnswer
from bot.games.base import GameState, Seat
from bot.games.registry import get_game
from bot.i18n import LocaleLike, decimal, t
from bot.service import Table
from cogs.platform.names import mention
from cogs.platform.plugins import plugin_for
from cogs.platform.seen import seat_copy


def amount(locale: LocaleLike, value: float) -> str:
    """A figure as a player reads it: one decimal at most, in the language's own
    writing ("2.5", "2,5")."""
    return decimal(locale, value, "#,##0.#")


def reason_text(
    locale: LocaleLike, game: str, term: str, gain: float,
    facts: Mapping[str, int] | None = None, seats: Sequence[int] = (),
) -> str:
    """Why a move is good: the term of the evaluation it gains most, with the gain and
    the public facts the sentence names (a ``player`` is a seat of `seats`, named)."""
    counts = dict(facts or {})
    named = {"player": mention(seats[counts.pop("player")], locale)} if "player" in counts else {}
    return t(locale, f"coach.reason.{game}.{term}", amount=amount(locale, gain), **counts,
             **named)


def answer_reason(table: Table, answer: HintAnswer | CostAnswer, locale: LocaleLike) -> str:
    """An answer's reason, in words, at `table`."""
    return reason_text(locale, table.game, answer.term, answer.gain, answer.facts, table.seats)


def move_words(table: Table, state: GameState[object], seat: Seat, notation: str,
               locale: LocaleLike) -> str:
    """`seat` playing `notation` in `state` (at `table`), in the menus' words."""
    own = seat_copy(replace(table, state=state), seat)
    return plugin_for(table.game).typed.words(own, notation, locale)


def hint_text(table: Table, seat: Seat, answer: HintAnswer, locale: LocaleLike,
              label: str | None = None) -> str:
    """The hint in words: the step to choose now (`label`, the words of the panel's own
    button or option for it, if given) and, when the coach knows how the turn goes on (as
    far as the seat can know), the rest of it; then why."""
    state = get_game(table.game).from_json(answer.before)
    move = label or move_words(table, state, seat, answer.action, locale)
    reason = answer_reason(table, answer, locale)
    if not answer.plan:
        return t(locale, "coach.hint", move=move, reason=reason)
    after = state.copy()
    after.apply(seat, after.parse_action(seat, answer.action))
    plan = move_words(table, after, seat, " ".join(answer.plan), locale)
    return t(locale, "coach.hint_plan", move=move, plan=plan, reason=reason)


def cost_params(
    table: Table, state: GameState[object], seat: Seat, answer: CostAnswer, locale: LocaleLike
) -> dict[str, str]:
    """The words of a costly move: ``played``, ``best``, ``loss`` (with its unit), ``reason``."""
    unit = f"coach.unit.{appraiser_for(table.game).unit}"
    return {
        "played": move_words(table, state, seat, answer.played, locale),
        "best": move_words(table, state, seat, answer.best, locale),
        "loss": t(locale, unit, amount=amount(locale, answer.loss)),
        "reason": answer_reason(table, answer, locale),
    }


def note_text(
    table: Table, state: GameState[object], seat: Seat, answer: CostAnswer, locale: LocaleLike
) -> str:
    """The coach's note after a costly move (`state`: before it)."""
    return t(locale, "coach.note", **cost_params(table, state, seat, answer, locale))


def review_text(table: Table, seat: Seat, answers: list[CostAnswer], locale: LocaleLike) -> str:
    """A finished game's costliest moves of `seat`, with what the normal level would have played."""
    if not answers:
        return t(locale, "coach.review.none")
    lines = [t(locale, "coach.review.title")]
    for answer in answers:
        before = get_game(table.game).from_json(answer.before)
        params = cost_params(table, before, seat, answer, locale)
        lines.append(t(locale, "coach.review.moment", number=answer.moment + 1, **params))
    return "\n".join(lines)
