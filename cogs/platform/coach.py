"""The coach at a table: `/game hint`, the panel's 💡 Hint button, and coach notes.

A hint is the normal level's move for the player to act, with one sentence of
why (`cogs.platform.coach_words`), computed in a worker process
(`bot.ai.coach_worker`) from the seat's view only. With coach mode on
(`/game coach on`, `bot.service.coaching`), each move of that player is
looked at again in the background once the turn message is posted: a note,
privately and at most once a turn, when it cost clearly more than the normal
level's choice. Computer seats and players nobody coaches are never looked at.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

import discord

from bot.ai.appraisers import APPRAISERS
from bot.ai.coach_worker import (
    REVIEW_SECONDS,
    Answer,
    CoachRequest,
    CoachRunner,
    CoachUnavailable,
    CostAnswer,
    HintAnswer,
    moment_seed,
)
from bot.games.base import JSON, Seat
from bot.games.errors import UserError
from bot.games.registry import get_game
from bot.i18n import LocaleLike, t
from bot.service import ActResult, Table, TableStatus
from bot.service.coaching import coaches_new_players, may_coach
from bot.service.errors import NotPlaying, NotSeated
from cogs.platform.coach_words import hint_text, note_text, review_text
from cogs.platform.host import host_of, service_of
from cogs.platform.items import REVIEW, Button, Interaction, TableItem
from cogs.platform.replay_steps import review_controls
from cogs.platform.replies import acknowledged, send_private

log = logging.getLogger(__name__)

HINT = "mt:hint"
"""Prefix of the 💡 Hint button of a player's private panel."""
HINT_MARK = "\n\n💡"
"""Where the hint the button adds below a panel's own text begins (every hint starts with 💡)."""
COACH_NEW = "mt:coachnew"
"""Prefix of the lobby's toggle of "coach for new players" (`cogs.platform.lobby`)."""


class TableCoach:
    """The bot's coach: its worker (started at the first request), the hints it gave
    and the turns it noted, and the notes being written; `close()` it."""

    def __init__(self, runner: CoachRunner | None = None, seconds: float | None = None,
                 iterations: int | None = None, looked_at: int | None = None) -> None:
        self.runner = runner or CoachRunner()
        self.seconds = seconds
        """The normal level's clock limit (None: the worker's default)."""
        self.iterations = iterations
        self.looked_at = looked_at
        """The moves a review looks at, at most (None: the worker's default)."""
        self._hints: dict[tuple[int, int, Seat], str] = {}
        self._noted: dict[tuple[int, Seat, int], None] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def request(self, kind: str, table: Table, seat: Seat, record: dict[str, JSON],
                moment: int) -> CoachRequest:
        options: dict[str, Any] = {"iterations": self.iterations}
        if kind == "review":
            options["seconds"] = REVIEW_SECONDS
        if self.seconds is not None:
            options["seconds"] = self.seconds
        if self.looked_at is not None:
            options["looked_at"] = self.looked_at
        return CoachRequest(kind, record, seat, moment, moment_seed(table.seed, moment, seat),
                            **options)

    async def ask(self, request: CoachRequest) -> Answer:
        return await self.runner.ask(request)

    def gave(self, table_id: int, moment: int, seat: Seat, notation: str) -> None:
        """Remember the hint given at a moment: its move, once played, gets no note."""
        self._hints[table_id, moment, seat] = notation
        _forget_oldest(self._hints)

    def hinted(self, table_id: int, moment: int, seat: Seat) -> str | None:
        return self._hints.get((table_id, moment, seat))

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


async def hint(interaction: Interaction, table_id: int) -> str:
    """The hint for the player to act at the table, in words (NotYourTurn otherwise)."""
    service = service_of(interaction)
    table, seat = await service.moves.authorize(table_id, interaction.user.id, None)
    if not coaches(table.game):
        raise NoCoach()
    record = await service.results.record(table.id)
    moment = len(record["actions"])
    desk = coach_of(interaction)
    answer = await desk.ask(desk.request("hint", table, seat, record, moment))
    assert isinstance(answer, HintAnswer)
    desk.gave(table.id, moment, seat, answer.action)
    return hint_text(table, seat, answer, interaction.locale)


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
    """The 💡 Hint button of a private panel: fills the panel with the hint."""

    async def run(self, interaction: Interaction) -> None:
        text = await hint(interaction, self.table_id)
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


def coaches(game: str) -> bool:
    """Whether the coach knows `game` (the games with computer players' appraisers);
    the finished game's Review button is offered for those (`cogs.platform.controls`)."""
    return game in APPRAISERS


def add_hint_button(
    view: discord.ui.View, table: Table, seat: Seat, interaction: Interaction
) -> None:
    """The 💡 Hint button at the end of `seat`'s panel, while it is to act, if the coach
    knows the game and the panel has room for it (else `/game hint` gives the same)."""
    to_act = table.state is not None and seat in table.state.to_act()
    if to_act and coaches(table.game):
        label = t(interaction.locale, "coach.button.hint")
        _add(view, HintButton.as_button(table.id, None, "", label), table)


def _add(view: discord.ui.View, item: discord.ui.Item[Any], table: Table) -> None:
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
    if desk.hinted(table.id, moment, seat) == result.notation:
        return  # the move the hint gave
    answer = await desk.ask(desk.request("note", table, seat, record, moment))
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
        answers = await desk.ask(desk.request("review", table, seat, record, 0))
        assert isinstance(answers, list)
        moves = [answer.moment + 1 for answer in answers]  # numbered as the replay's
        controls = review_controls(table, moves, interaction.locale) or discord.utils.MISSING
        text = review_text(table, seat, answers, interaction.locale)
        await send_private(interaction, text, view=controls)


COACH_ITEMS = (HintButton, ReviewButton)
