"""Whole games played through the bot by players who follow the coach's every hint, at
every step (issue 43): tests/test_discord_coach_follow.py plays a few decisions of each
game, `benchmarks/coach_follow.py` whole games over several seeds.

Each decision of a person to act is taken on the message where the player decides:
the turn builder's panel (Mine Out's turn, Saboteur's hand, Coal Baron's extraction and
draw-5) or "My view" (Coal Baron's draft and placements). There the player clicks
💡 Hint; the step the hint gave (as the coach kept it with the table) is chosen on
that very message: its button or select option, whose words are the hint's; a line
is confirmed when the panel has nothing more to choose, or when the hint says to end
the turn there. Every player is coached: each note sent is collected; at the end each
player's 🔎 Review is read.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

import simcord

from bot.app import TableBot
from bot.games.base import Seat
from bot.service import Table, TableStatus
from bot.storage import HintGiven
from cogs.platform.coach import HINT_MARK
from tests.discord_support import (
    TableWorld,
    answers,
    custom_ids,
    enabled_ids,
    live_messages,
    lobby_id,
    private_text,
    private_texts,
)

HINTS = ("mt:hint:", "mt:hintp:")
"""Prefixes of the 💡 Hint buttons (a private view's, a panel's)."""
BOLD = re.compile(r"\*\*(.+?)\*\*")


@dataclass
class Followed:
    """What following every hint gave."""

    decisions: int = 0
    """Steps a person chose (each a decision of the seat to act)."""
    hinted: int = 0
    """Of those, the steps a 💡 Hint was offered for, on the message where it was chosen."""
    notes: list[str] = field(default_factory=list)
    """Every coach note sent."""
    hint_seconds: list[float] = field(default_factory=list)
    """Each hint's time, from the click to the filled message."""
    worded: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    """Each hinted step's words in the hint, beside the labels of what was chosen for it
    (two for a Saboteur play chosen at its card: the card, then its spot)."""
    moments: dict[Seat, set[int]] = field(default_factory=dict)
    """Per seat, the record indexes of the lines it played as hinted."""
    reviews: dict[Seat, str] = field(default_factory=dict)
    """Each seat's 🔎 Review, once the game is over."""
    finished: bool = False


async def started(w: TableWorld, game: str, players: int) -> tuple[Table, list[Any]]:
    """A table of `game` opened by alice, joined by bob (and carol), started; everyone
    coached."""
    members = [w.alice, w.bob, w.carol][:players]
    lobby = await w.open_lobby(game)
    for member in members[1:]:
        await member.click(lobby, custom_id=lobby_id(lobby, "join"))
    await w.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
    bot = w.bot
    table = await bot.service.tables.get_table(1)
    for member in members:
        await member.slash(w.channel, "game coach", mode="on")
    return table, members


def _components(message: Any) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row["components"]]


def _hint_id(message: Any) -> str | None:
    return next((i for i in enabled_ids(message) if i.startswith(HINTS)), None)


def _offered(message: Any, step: str) -> tuple[str, str, bool] | None:
    """Where `message` offers `step`: (custom_id, label, is a select), or None."""
    for component in _components(message):
        custom_id = str(component.get("custom_id", ""))
        if component.get("disabled"):
            continue
        if custom_id.startswith(("mt:step:", "mt:act:")) and custom_id.endswith(f":{step}"):
            return custom_id, str(component.get("label", "")), False
        for option in component.get("options", []):
            if option["value"] == step:
                return custom_id, str(option["label"]), True
    return None


class HintFollower:
    """Plays a table of `w` to its end (or for `decisions` steps), every person following
    every hint; `follow()` returns what it found."""

    def __init__(self, w: TableWorld, members: list[Any], table_id: int) -> None:
        self.w = w
        self.members = {member.id: member for member in members}
        self.table_id = table_id
        self.found = Followed()
        self.panel: Any = None
        """The ephemeral message where the seat to act decides, if one is open."""
        self.steps: list[str] = []
        """The steps chosen on the open panel, not confirmed yet."""

    @property
    def bot(self) -> TableBot:
        return self.w.bot

    async def table(self) -> Table:
        return await self.bot.service.tables.get_table(self.table_id)

    async def follow(self, decisions: int | None = None) -> Followed:
        while decisions is None or self.found.decisions < decisions:
            table = await self.table()
            if table.status != TableStatus.PLAYING or table.state is None:
                self.found.finished = table.status == TableStatus.FINISHED
                break
            await self.decide(table)
        return self.found

    async def decide(self, table: Table) -> None:
        """One step of the seat to act, as its hint says."""
        assert table.state is not None
        seat = table.state.to_act()[0]
        actor = self.members[table.seats[seat]]
        if self.panel is None:
            await self.open_view(actor)
        self.found.decisions += 1
        hint_id = _hint_id(self.panel)
        assert hint_id is not None, f"no 💡 Hint where {seat} decides: {custom_ids_of(self.panel)}"
        self.found.hinted += 1
        started_at = time.perf_counter()
        result = await actor.click(self.panel, custom_id=hint_id)
        self.found.hint_seconds.append(time.perf_counter() - started_at)
        self.panel = result.response or self.panel
        words = BOLD.findall(self.panel.content.split(HINT_MARK)[-1])
        hint = await self.given(table, seat)
        step = hint.line[0]
        if hint_id.startswith("mt:hintp:"):
            await self.on_panel(actor, table, seat, step, words[0])
        else:
            await self.typed(actor, table, seat, step, words[0])

    async def open_view(self, actor: Any) -> None:
        turn = next(m for m in reversed(live_messages(self.w.channel))
                    if any(i.startswith("mt:view") for i in custom_ids(m)))
        view_id = next(i for i in custom_ids(turn) if i.startswith("mt:view"))
        result = await actor.click(turn, custom_id=view_id)
        self.panel = next(m for m in answers(result) if m.ephemeral)
        self.steps = []

    async def given(self, table: Table, seat: Seat) -> HintGiven:
        record = await self.bot.service.results.record(table.id)
        moment = len(record["actions"])
        hints = await self.bot.service.coaching.given(table, seat)
        return next(h for h in hints if h.moment == moment and h.steps == tuple(self.steps))

    async def on_panel(self, actor: Any, table: Table, seat: Seat, step: str,
                       words: str) -> None:
        """Choose `step` on the panel (its card first, for a Saboteur play), or confirm
        when the hint ends the turn that the panel ends by Confirm."""
        offered = _offered(self.panel, step)
        labels: tuple[str, ...] = ()
        if offered is None and table.game == "saboteur":
            assert table.state is not None
            card = getattr(table.state.parse_action(seat, step), "card", None)
            chosen = _offered(self.panel, f"card:{card}")
            assert chosen is not None, (step, custom_ids_of(self.panel))
            labels = (chosen[1],)
            result = await actor.select(self.panel, [f"card:{card}"], custom_id=chosen[0])
            self.panel = result.response or self.panel
            offered = _offered(self.panel, step)
        if offered is None:
            assert step == "end", (step, custom_ids_of(self.panel))  # Confirm ends it
            self.steps.append(step)
            await self.confirm(actor, table, seat)
            return
        custom_id, label, is_select = offered
        self.found.worded.append((words, (*labels, label)))
        if is_select:
            result = await actor.select(self.panel, [step], custom_id=custom_id)
        else:
            result = await actor.click(self.panel, custom_id=custom_id)
        self.panel = result.response or self.panel
        if table.game != "saboteur":
            self.steps.append(step)
        if not self.choices_left():
            await self.confirm(actor, table, seat)

    def choices_left(self) -> bool:
        return any(i.startswith(("mt:step:", "mt:steps:")) for i in enabled_ids(self.panel))

    async def confirm(self, actor: Any, table: Table, seat: Seat) -> None:
        confirm = next(i for i in enabled_ids(self.panel) if i.endswith(":confirm"))
        result = await actor.click(self.panel, custom_id=confirm)
        sure = next((i for i in enabled_ids(result.response or self.panel)
                     if i.endswith(":sure")), None) if result.response else None
        if sure is not None:
            result = await actor.click(result.response, custom_id=sure)
        await self.played(result, table, seat)
        self.panel, self.steps = None, []

    async def typed(self, actor: Any, table: Table, seat: Seat, step: str, words: str) -> None:
        """A decision of a private view: the hinted step typed (`/game play`), as the
        view's own buttons would play it; a panel it opens is where the turn goes on."""
        offered = _offered(self.panel, step)
        if offered is not None:
            self.found.worded.append((words, (offered[1],)))
        result = await actor.slash(self.w.channel, "game play", action=step)
        await self.played(result, table, seat)
        self.panel = next((m for m in answers(result)
                           if m.ephemeral and any(i.startswith("mt:hintp:")
                                                  for i in enabled_ids(m))), None)
        self.steps = []

    async def played(self, result: simcord.InteractionResult, table: Table, seat: Seat) -> None:
        """A line was played: its record index kept as hinted, the notes collected."""
        record = await self.bot.service.results.record(table.id)
        self.found.moments.setdefault(seat, set()).add(len(record["actions"]) - 1)
        await self.bot.coach.idle()
        self.found.notes += [text for text in private_texts(result) if text.startswith("🎓")]

    async def review(self) -> None:
        """Each player's 🔎 Review of the finished game."""
        table = await self.table()
        final = next(m for m in reversed(live_messages(self.w.channel))
                     if f"mt:review:{table.id}" in custom_ids(m))
        for seat, user in enumerate(table.seats):
            result = await self.members[user].click(final, custom_id=f"mt:review:{table.id}")
            text = private_text(result)
            assert text.startswith("🔎"), text  # a review, not "the coach is unavailable"
            self.found.reviews[seat] = text


def as_worded(words: str, labels: tuple[str, ...]) -> bool:
    """Whether a hint's `words` name what was chosen for it: the labels of its button or
    option, in the order they were chosen (a Saboteur card, then its spot: ``card →
    spot``)."""
    return words == " → ".join(labels)


async def play_to_the_last_move(w: TableWorld, players: list[simcord.MemberActor]) -> None:
    """Random legal moves through the service at table 1 (no hint), the last one through
    `/game play`: the final message is posted as at the table."""
    service = w.bot.service
    rng = random.Random(3)
    by_id = {member.id: member for member in players}
    while True:
        table = await service.tables.get_table(1)
        state = table.state
        assert state is not None and not state.is_over()
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        trial = state.copy()
        trial.apply(seat, action)
        notation = state.format_action(action)
        if trial.is_over():
            await by_id[table.seats[seat]].slash(w.channel, "game play", action=notation)
            return
        await service.moves.act(table.id, table.seats[seat], notation, table.version)


def custom_ids_of(message: Any) -> list[str]:
    return [str(c.get("custom_id", "")) for c in _components(message)]


__all__ = ["Followed", "HintFollower", "as_worded", "play_to_the_last_move", "started"]
