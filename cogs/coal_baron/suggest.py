"""Suggestions for ``/game play``: the legal lines a Coal Baron player may be typing.

The typed text is read as complete steps followed by the step being typed. The
steps are tried one after the other on one copy of the state (so the work is
linear in the typed text, which the platform cuts at 100 characters); the
longest run the engine accepts is kept, and the legal next steps after it are
ranked against the rest: notations that start with it first, then notations
containing it, then steps whose description contains it (so "deliver" or
"grey" find something). So ``m8 c3 +`` offers ``m8 c3 +g``..., and a whole
extraction can be written step by step. A suggestion shows its steps in words only
("Mining 8: mine with 8 moves · Cage to level 3"), its notation being the hidden
value; once chosen, those words are read back as steps (`read_back`) so the line can
be continued. With nothing typed, the legal steps are
spread over their kinds (one space of each kind first, the bank, the options of
the decision in progress) so that the first 25 show a bit of everything
(`ranked_steps`, which the platform caches per table version).
"""

from __future__ import annotations

from itertools import chain, zip_longest

from bot.games.base import Seat
from bot.games.coal_baron.actions import Action, Buy, Load, Place
from bot.games.coal_baron.components import SPACE_INDEX, SPACES
from bot.games.coal_baron.shapes import as_view
from bot.games.coal_baron.state import CoalBaronState
from bot.i18n import LocaleLike
from bot.service.errors import UserError
from cogs.coal_baron.labels import step_label
from cogs.platform.presenter import ActionChoice

MAX_CHOICES = 25
VALUE_LIMIT = 100


def kind_of(action: Action) -> str:
    """What sort of step `action` is, for spreading suggestions over kinds."""
    if isinstance(action, Place | Buy):
        return SPACES[SPACE_INDEX[action.space]].kind
    if isinstance(action, Load):
        return f"load{len(action.cubes)}"
    return type(action).__name__


def spread(actions: list[Action]) -> list[Action]:
    """Round-robin over kinds, in the engine's order within a kind."""
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(kind_of(action), []).append(action)
    rounds = zip_longest(*by_kind.values())
    return [action for action in chain.from_iterable(rounds) if action is not None]


def rank(
    state: CoalBaronState, seat: Seat, actions: list[Action], typed: str, locale: LocaleLike
) -> list[Action]:
    """`actions` matching `typed`: prefix matches, then substrings, then descriptions."""
    if not typed:
        return spread(actions)
    typed = typed.lower()
    view = as_view(state.view(seat))
    notations = [state.format_action(action).lower() for action in actions]
    prefix = [a for a, n in zip(actions, notations, strict=True) if n.startswith(typed)]
    inside = [a for a, n in zip(actions, notations, strict=True) if typed in n and a not in prefix]
    described = [
        a
        for a in actions
        if a not in prefix
        and a not in inside
        and typed in step_label(locale, view, seat, a).lower()
    ]
    return prefix + inside + described


def accepted_run(state: CoalBaronState, seat: Seat, tokens: list[str]) -> list[CoalBaronState]:
    """The states after 0, 1, 2... of `tokens`, as far as the engine accepts them
    one by one (each step tried on a copy of the previous state)."""
    states = [state]
    for token in tokens:
        after = states[-1].copy()
        try:
            after.apply(seat, after.parse_action(seat, token))
        except UserError:
            break
        states.append(after)
    return states


def named(line: str, words: str) -> ActionChoice:
    """A suggestion: the steps in words (what the player reads), the line of notation as
    its hidden value."""
    return ActionChoice(line, words[:VALUE_LIMIT])


def read_back(state: CoalBaronState, seat: Seat, typed: str, locale: LocaleLike) -> list[str]:
    """The steps of `typed` in notation: a chosen suggestion shows its steps in words (their
    labels joined by " · "), read back here step by step before any notation typed after.
    Words that are not a whole step's label are left as they are."""
    tokens: list[str] = []
    rest = typed.strip()
    current = state
    while rest and seat in current.to_act():
        view = as_view(current.view(seat))
        labelled = [(step_label(locale, view, seat, a), a) for a in current.legal_actions(seat)]
        said = [(label, action) for label, action in labelled if rest.startswith(label)]
        if not said:
            break
        label, action = max(said, key=lambda pair: len(pair[0]))
        tokens.append(current.format_action(action))
        current = current.copy()
        current.apply(seat, action)
        rest = rest[len(label):].lstrip(" ·")
    return tokens + rest.split()


def ranked_steps(state: CoalBaronState, seat: Seat, locale: LocaleLike) -> list[ActionChoice]:
    """Every legal step of `seat` now, spread over kinds, in words."""
    view = as_view(state.view(seat))
    return [
        named(state.format_action(action), step_label(locale, view, seat, action))
        for action in spread(state.legal_actions(seat))
    ]


def suggestions(
    state: CoalBaronState, seat: Seat, typed: str, locale: LocaleLike
) -> list[ActionChoice]:
    """Up to 25 lines (notation, description) for what `seat` may be typing."""
    if seat not in state.to_act():
        return []
    tokens = read_back(state, seat, typed, locale)
    complete = len(tokens) if typed.endswith(" ") or not tokens else len(tokens) - 1
    states = accepted_run(state, seat, tokens)
    found: list[ActionChoice] = []
    if tokens and len(states) == len(tokens) + 1:
        action = state.parse_action(seat, " ".join(tokens))
        label = step_label(locale, as_view(state.view(seat)), seat, action)
        found.append(named(state.format_action(action), label))
    typed_is_legal = len(found)
    start = as_view(state.view(seat))
    for cut in range(min(complete, len(states) - 1), -1, -1):
        before = states[cut]
        if seat not in before.to_act():
            continue
        rest = " ".join(tokens[cut:])
        head = " ".join(tokens[:cut])
        said = step_label(locale, start, seat, state.parse_action(seat, head)) if head else ""
        view = as_view(before.view(seat))
        for action in rank(before, seat, before.legal_actions(seat), rest, locale):
            line = f"{head} {before.format_action(action)}".strip()
            if all(line != known.notation for known in found) and len(line) <= VALUE_LIMIT:
                words = step_label(locale, view, seat, action)
                found.append(named(line, f"{said} · {words}" if said else words))
        if len(found) > typed_is_legal:
            break
    return found[:MAX_CHOICES]
