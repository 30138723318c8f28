"""The coach at a table: `/game hint`, the panels' 💡 Hint buttons, and coach notes.

A hint is the best move of the coach's verdict on the position of the player to act
(`bot.ai.coach`), with one sentence of why (`cogs.platform.coach_words`), computed in a
worker process (`bot.ai.coach_worker`) from the seat's view only; on a turn builder's
panel, for the steps chosen there and not confirmed yet. The verdict of each position
is made once and kept with the table (`TableCoach.ask`): the hint, the note on the move
then played and the review read that one. The hints given are kept with the table too
(`Coaching.gave`): a line played as they said is never called costly. With coach
mode on (`/game coach on`, `bot.service.coaching`), each move of that player is priced
in the background once the turn message is posted, against its position's kept verdict
and in its worlds: a note, privately and at most once a turn, when the whole line
played cost the game's margin or more next to the best whole turn. Computer seats and
players nobody coaches are never looked at.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.ai.appraisers import coaches
from bot.ai.coach_worker import (
    Answer,
    CoachRequest,
    CoachRunner,
    CoachUnavailable,
    CostAnswer,
    GivenHints,
    HintAnswer,
    Line,
    position,
)
from bot.games.base import JSON, Seat
from bot.games.errors import UserError
from bot.games.registry import get_game
from bot.i18n import LocaleLike, t
from bot.service import ActResult, Table, TableStatus
from bot.service.coaching import Coaching, coaches_new_players, may_coach
from bot.service.errors import NotPlaying, NotSeated, StaleAction
from bot.storage import HintGiven, VerdictKept
from cogs.platform.coach_words import hint_text, note_text, review_text
from cogs.platform.host import host_of, service_of
from cogs.platform.items import REVIEW, Button, Interaction, TableItem
from cogs.platform.plugins import plugin_for
from cogs.platform.replay_steps import review_controls
from cogs.platform.replies import acknowledged, send_private
from cogs.platform.steps import StepOption, TurnSteps

log = logging.getLogger(__name__)

HINT = "mt:hint"
"""Prefix of the 💡 Hint button of a player's private view."""
PANEL_HINT = "mt:hintp"
"""Prefix of the 💡 Hint button of a turn builder's panel."""
HINT_MARK = "\n\n💡"
"""Where the hint the button adds below a panel's own text begins (every hint starts with 💡)."""
COACH_NEW = "mt:coachnew"
"""Prefix of the lobby's toggle of "coach for new players" (`cogs.platform.lobby`)."""


class TableCoach:
    """The bot's coach: its worker (started at the first request), the turns it noted,
    and the notes being written; `close()` it. (The hints it gave are kept with the
    table: `bot.service.coaching.Coaching.gave`.)"""

    def __init__(self, runner: CoachRunner | None = None, samples: int | None = None,
                 looked_at: int | None = None) -> None:
        self.runner = runner or CoachRunner()
        self.samples = samples
        """The worlds of a verdict (None: the worker's default; tests use fewer)."""
        self.looked_at = looked_at
        """The moves a review looks at, at most (None: the worker's default)."""
        self._noted: dict[tuple[int, Seat, int], None] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def request(self, kind: str, table: Table, seat: Seat, record: dict[str, JSON],
                moment: int, steps: Line = (), hints: Sequence[HintGiven] = ()) -> CoachRequest:
        """The request for a hint (after the panel's `steps`), a note or a review (with the
        `hints` given to the seat at the table, as kept: `Coaching.given`)."""
        options: dict[str, Any] = {"steps": steps}
        if self.samples is not None:
            options["samples"] = self.samples
        if self.looked_at is not None:
            options["looked_at"] = self.looked_at
        given: GivenHints = {}
        for hint_given in hints:
            given.setdefault(hint_given.moment, []).append(
                (list(hint_given.steps), list(hint_given.line)))
        return CoachRequest(kind, record, seat, moment, table.seed, hints=given, **options)

    async def ask(self, coaching: Coaching, table: Table, request: CoachRequest) -> Answer:
        """The answer to `request` at `table`, on the verdicts kept with it: the one path
        from a position to its verdict. The worker reads the verdicts kept on the
        positions it looks at (the moment asked about; a review, every one) and makes only
        the missing ones, which are kept here; a verdict kept for another record (before a
        take-back) is left out, and replaced."""
        kept = [verdict for verdict in await coaching.verdicts(table, request.seat)
                if request.kind == "review" or verdict.moment == request.moment]
        here = {moment: position(request.record, moment) for moment in {v.moment for v in kept}}
        verdicts = {(v.moment, v.steps): v.verdict for v in kept if v.position == here[v.moment]}
        reply = await self.runner.ask(replace(request, verdicts=verdicts))
        for (moment, steps), verdict in reply.verdicts.items():
            made = VerdictKept(moment, steps, position(request.record, moment), verdict)
            await coaching.keep_verdict(table, request.seat, made)
        return reply.answer

    def first_note(self, table_id: int, seat: Seat, turn: int) -> bool:
        """Whether the turn of `seat` that began at record index `turn` has no note yet."""
        key = (table_id, seat, turn)
        if key in self._noted:
            return False
        self._noted[key] = None
        _forget_oldest(self._noted)
        return True

    def start(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait until no note is being written (for tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
        self.runner.close()


MEMORY = 10_000
"""Hints and noted turns remembered at most (the oldest are forgotten first)."""


def _forget_oldest(memory: dict[Any, Any]) -> None:
    while len(memory) > MEMORY:
        del memory[next(iter(memory))]


def coach_of(interaction: Interaction) -> TableCoach:
    desk = host_of(interaction.client).coach
    assert isinstance(desk, TableCoach)
    return desk


async def hint(interaction: Interaction, table_id: int, panel: str = "") -> str:
    """The hint for the player to act at the table, in words (NotYourTurn otherwise);
    with `panel` (``<kind>:<token>`` of a turn builder's panel), for the steps chosen
    there so far."""
    service = service_of(interaction)
    table, seat = await service.moves.authorize(table_id, interaction.user.id, None)
    if not coaches(table.game):
        raise NoCoach()
    chosen = await panel_steps(interaction, table, seat, panel) if panel else None
    record = await service.results.record(table.id)
    moment = len(record["actions"])
    desk = coach_of(interaction)
    steps = tuple(chosen[0].moves(chosen[1])) if chosen else ()
    request = desk.request("hint", table, seat, record, moment, steps)
    answer = await desk.ask(service.coaching, table, request)
    assert isinstance(answer, HintAnswer)
    await service.coaching.gave(table, seat, HintGiven(moment, answer.steps, answer.line))
    label = panel_label(table, seat, *chosen, answer.action, interaction.locale) if chosen else None
    return hint_text(table, seat, answer, interaction.locale, label)


async def panel_steps(
    interaction: Interaction, table: Table, seat: Seat, panel: str
) -> tuple[TurnSteps, list[str]]:
    """The turn builder of the seat's panel ``<kind>:<token>`` and the steps chosen on it
    (those the engine plays: `TurnSteps.moves`); a replaced panel is refused as the
    panel itself refuses it."""
    kind, _, token = panel.partition(":")
    builder = plugin_for(table.game).builders.get(kind)
    if builder is None or not token.isdigit():
        raise NotPlaying()
    assert table.state is not None
    if not builder.under_way(table.state):
        raise StaleAction()
    return builder, await service_of(interaction).drafts.draft(table, seat, int(token))


def panel_label(table: Table, seat: Seat, builder: TurnSteps, steps: list[str], step: str,
                locale: LocaleLike) -> str | None:
    """The words of the panel's own button or option for `step`, if the panel offers it,
    or offers it once one of its choices that is no move is made (a Saboteur card, then
    its spot: ``card → spot``): the hint then names what to press. None otherwise."""
    for choice in [None, *_options(table, seat, builder, steps, locale)]:
        path = steps if choice is None else [*steps, choice.notation]
        if choice is not None and builder.moves(path) != builder.moves(steps):
            continue  # a move of its own, not a choice on the way to `step`
        for option in _options(table, seat, builder, path, locale):
            if option.notation == step:
                return option.label if choice is None else f"{choice.label} → {option.label}"
    return None


def _options(table: Table, seat: Seat, builder: TurnSteps, steps: list[str],
             locale: LocaleLike) -> list[StepOption]:
    assert table.state is not None
    after = builder.trial(table.state, seat, steps)
    return [option for menu in builder.menus(table, seat, steps, after, locale)
            for option in menu.steps]


@acknowledged
async def send_hint(interaction: Interaction, table_id: int) -> None:
    """`/game hint`: the hint, privately (acknowledged before the coach thinks)."""
    await send_private(interaction, await hint(interaction, table_id))


@acknowledged
async def set_coach(interaction: Interaction, table_id: int, on: bool) -> None:
    """`/game coach on|off`: the player's coach mode at the table."""
    service = service_of(interaction)
    if not coaches((await service.tables.get_table(table_id)).game):
        raise NoCoach()
    await service.coaching.set_coach(table_id, interaction.user.id, on)
    await send_private(interaction, t(interaction.locale, "coach.on" if on else "coach.off"))


class HintButton(TableItem[Button], prefix=HINT, versioned=False, arg=None):
    """The 💡 Hint button of a private view: fills it with the hint."""

    async def run(self, interaction: Interaction) -> None:
        await fill_with_hint(interaction, await hint(interaction, self.table_id))


class PanelHintButton(TableItem[Button], prefix=PANEL_HINT, versioned=False,
                      arg=r"[a-z]+:\d+"):
    """The 💡 Hint button of a turn builder's panel (``<kind>:<token>``): fills the panel
    with the hint for the steps chosen on it so far."""

    async def run(self, interaction: Interaction) -> None:
        await fill_with_hint(interaction, await hint(interaction, self.table_id, self.arg))


async def fill_with_hint(interaction: Interaction, text: str) -> None:
    """The hint below the private message clicked, once (a second click replaces it)."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        # A forged button on a message others read: the hint goes to the clicker only.
        await send_private(interaction, text)
        return
    before = message.content.split(HINT_MARK)[0]  # a second click: one hint only
    await interaction.edit_original_response(content=f"{before}\n\n{text}".strip())


class NoCoach(UserError):
    """The coach does not know the table's game."""

    key = "no_coach"


def add_hint_button(
    view: discord.ui.View, table: Table, seat: Seat, locale: LocaleLike, panel: str = "",
    row: int | None = None,
) -> None:
    """The 💡 Hint button at the end of `seat`'s private view (or of its turn builder's
    panel ``<kind>:<token>``, on `row`), while it is to act, if the coach knows the game
    and the message has room for it (else `/game hint` gives the first step)."""
    to_act = table.state is not None and seat in table.state.to_act()
    if not (to_act and coaches(table.game)):
        return
    label = t(locale, "coach.button.hint")
    item: discord.ui.Item[Any] = (
        PanelHintButton.as_button(table.id, None, panel, label, row=row) if panel
        else HintButton.as_button(table.id, None, "", label)
    )
    try:
        view.add_item(item)
    except ValueError:  # a full message: the coach gives way
        log.info("table %d: no room for the coach's button", table.id)


def coach_new_line(table: Table, locale: LocaleLike) -> str:
    """The lobby's line saying the coach looks after new players, when it does."""
    return t(locale, "coach.new_players") if coaches_new_players(table) else ""


def after_move(interaction: Interaction, result: ActResult) -> None:
    """After a person's own move: look at it again in the background if they are coached."""
    table = result.table
    user = table.seats[result.seat]
    if user == interaction.user.id and may_coach(table):
        coach_of(interaction).start(_note(interaction, result))


async def _note(interaction: Interaction, result: ActResult) -> None:
    try:
        await _send_note(interaction, result)
    except CoachUnavailable:  # said once by the runner: a note is a courtesy
        pass
    except Exception:  # a note is a courtesy: it never stops the game
        log.warning("table %d: no coach note", result.table.id, exc_info=True)


async def _send_note(interaction: Interaction, result: ActResult) -> None:
    table, seat = result.table, result.seat
    service = service_of(interaction)
    if table.seats[seat] not in await service.coaching.coached(table):
        return
    record = await service.results.record(table.id)
    moment = len(record["actions"]) - 1
    desk = coach_of(interaction)
    hints = await service.coaching.given(table, seat)
    request = desk.request("note", table, seat, record, moment, hints=hints)
    answer = await desk.ask(service.coaching, table, request)
    if not isinstance(answer, CostAnswer) or not desk.first_note(table.id, seat, answer.turn):
        return
    before = get_game(table.game).from_json(answer.before)
    await send_private(interaction, note_text(table, before, seat, answer, interaction.locale))


class ReviewButton(TableItem[Button], prefix=REVIEW, versioned=False, arg=None):
    """A finished game's Review: the clicker's costliest moves, privately."""

    kept_at_end = True

    answers_privately = True

    async def run(self, interaction: Interaction) -> None:
        service = service_of(interaction)
        table = await service.tables.get_table(self.table_id)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise NotSeated()
        if table.status != TableStatus.FINISHED:
            raise NotPlaying()
        if not coaches(table.game):
            raise NoCoach()
        record = await service.results.record(table.id)
        desk = coach_of(interaction)
        hints = await service.coaching.given(table, seat)
        request = desk.request("review", table, seat, record, 0, hints=hints)
        answers = await desk.ask(service.coaching, table, request)
        assert isinstance(answers, list)
        moves = [answer.moment + 1 for answer in answers]  # numbered as the replay's
        controls = review_controls(table, moves, interaction.locale) or discord.utils.MISSING
        text = review_text(table, seat, answers, interaction.locale)
        await send_private(interaction, text, view=controls)


COACH_ITEMS = (HintButton, PanelHintButton, ReviewButton)
