"""Complete Coal Baron games through the real bot (simcord), from /game new to the standings.

Every move is chosen among the legal moves of the table's state by a seeded
policy, then played the way a person would: the draft select, the space selects,
the bank button, the extraction panel, the draw-5 panel, the shortage choice,
and ``/coal play`` lines (whole extractions on one line). After each move the
test checks the public message: one action played, who is next, both images.
"""

from __future__ import annotations

import random

import discord
import pytest
import simcord

from bot.games.coal_baron.actions import Buy, Place
from bot.games.coal_baron.state import CoalBaronState
from bot.service import Table
from cogs.coal_baron.extraction import EXTRACTION
from tests.coal_baron_discord_support import (
    SEED,
    CoalWorld,
    attachment_names,
    coal_world,
    extraction_line,
    fixed_seed,
    next_extraction_step,
    panel,
    space_kind,
    state_of,
)
from tests.discord_support import enabled_ids, live_messages, select_offering, step_id, turn_id

__all__ = ["fixed_seed"]  # an autouse fixture: same deal every run


class Driver:
    """Plays one move per call through the bot, choosing how with a seeded RNG."""

    def __init__(self, world: CoalWorld, seed: int) -> None:
        self.w = world
        self.rng = random.Random(seed)
        self.ways: dict[str, int] = {}

    def used(self, way: str) -> None:
        self.ways[way] = self.ways.get(way, 0) + 1

    async def move(self) -> int:
        """Play one move; returns how many actions it took (a draw-5 is played at
        once, then its choices: two)."""
        table = await self.w.table()
        state = state_of(table)
        seat = state.to_act()[0]
        actor = self.w.seats[seat]
        message = self.w.last()
        if state.phase == "draft":
            picks = [state.format_action(a) for a in state.legal_actions(seat)]
            select = f"mt:pick:{table.id}:{table.version}:0"
            await actor.select(message, [self.rng.choice(picks)], custom_id=select)
            self.used("draft select")
            return 1
        placement = self.choose(state, seat)
        space = placement.space
        kind = space_kind(space)
        by_component = self.rng.random() < 0.35
        if kind == "mining" and by_component:
            await self.extraction_panel(actor, message, table, space)
        elif kind == "mining":
            steps = extraction_line(state, seat, space, self.rng)
            await actor.slash(self.w.channel, "coal play", action=" ".join(steps))
            self.used("/coal play extraction")
        elif kind in ("factory-draw", "order-draw"):
            await self.draw(actor, space)
            return 2
        elif space == "bank":
            await actor.click(message, custom_id=f"mt:act:{table.id}:{table.version}:bank")
            self.used("bank button")
        elif isinstance(placement, Buy) and placement.fill:
            result = await self.pick_space(actor, message, table, space)
            await actor.select(panel(result, "cb:fill:"), [state.format_action(placement)])
            self.used("shortage select")
        elif by_component:
            await self.pick_space(actor, message, table, space)
            self.used("space select")
        else:
            await actor.slash(self.w.channel, "coal play", action=state.format_action(placement))
            self.used("/coal play")
        return 1

    def choose(self, state: CoalBaronState, seat: int) -> Place | Buy:
        legal = [a for a in state.legal_actions(seat) if isinstance(a, Place | Buy)]
        weights = [0.6 if a.space == "bank" else 1.0 for a in legal]
        return self.rng.choices(legal, weights)[0]

    async def pick_space(
        self, actor: simcord.MemberActor, message: discord.Message, table: Table, space: str
    ) -> simcord.InteractionResult:
        """Choose `space` in whichever space select of the turn message offers it."""
        for select in _ids(message):
            if select.startswith(f"cb:sp:{table.id}:{table.version}:"):
                result = await _try_select(actor, message, select, space)
                if result is not None:
                    return result
        raise AssertionError(f"{space} is in no space select")

    async def extraction_panel(
        self, actor: simcord.MemberActor, message: discord.Message, table: Table, space: str
    ) -> None:
        """Open the panel from the space select, then press moves among those it offers."""
        result = await self.pick_space(actor, message, table, space)
        shown = panel(result, "mt:turn:")
        state, seat = state_of(table), table.seats.index(actor.id)
        while True:
            line = (shown.embeds[0].footer.text or "").split()[2:]
            after = EXTRACTION.trial(state, seat, line)
            assert isinstance(after, CoalBaronState)
            if after.pending is None:
                break
            offered = set(enabled_ids(shown)) | {
                o["value"] for row in shown.components for c in row["components"]
                for o in c.get("options", [])
            }
            legal = [
                a for a in after.legal_actions(seat)
                if step_id(table, "extraction", after.format_action(a)) in offered
                or after.format_action(a) in offered
            ]
            step = after.format_action(next_extraction_step(legal, self.rng))
            if step == "end":
                break
            if step_id(table, "extraction", step) in offered:
                await actor.click(shown, custom_id=step_id(table, "extraction", step))
            else:
                await actor.select(shown, [step], custom_id=select_offering(shown, step))
            assert (shown.embeds[0].footer.text or "").split()[-1] == step
        await actor.click(shown, custom_id=turn_id(table, "extraction", "confirm"))
        if turn_id(table, "extraction", "sure") in enabled_ids(shown):  # moves left: asked again
            await actor.click(shown, custom_id=turn_id(table, "extraction", "sure"))
        self.used("extraction panel")

    async def draw(self, actor: simcord.MemberActor, space: str) -> None:
        result = await actor.slash(self.w.channel, "coal play", action=space)
        table = await self.w.table()
        shown = panel(result, "mt:turn:")
        keep = [
            o["value"]
            for row in shown.components
            for c in row["components"]
            for o in c.get("options", [])
        ]
        choice = self.rng.choice(keep)
        await actor.select(shown, [choice], custom_id=select_offering(shown, choice))
        confirm = turn_id(table, "draw", "confirm")
        if self.rng.random() < 0.5:
            in_order = next(i for i in enabled_ids(shown) if i.startswith("mt:step:"))
            await actor.click(shown, custom_id=in_order)
        else:
            while confirm not in enabled_ids(shown):
                steps = [
                    o["value"]
                    for row in shown.components
                    for c in row["components"]
                    for o in c.get("options", [])
                ]
                step = self.rng.choice(steps)
                await actor.select(shown, [step], custom_id=select_offering(shown, step))
        await actor.click(shown, custom_id=confirm)
        self.used("draw panel")


def _ids(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    if isinstance(message, discord.Message):
        return [
            child.custom_id
            for row in message.components
            for child in getattr(row, "children", [row])
            if getattr(child, "custom_id", None)
        ]
    return [c.get("custom_id", "") for row in message.components for c in row["components"]]


async def _try_select(
    actor: simcord.MemberActor, message: discord.Message, select: str, value: str
) -> simcord.InteractionResult | None:
    """Choose `value` in the select `select` if it offers it."""
    menu = next(
        child
        for row in message.components
        for child in getattr(row, "children", [row])
        if getattr(child, "custom_id", None) == select
    )
    if value not in [option.value for option in menu.options]:
        return None
    return await actor.select(message, [value], custom_id=select)


async def play_to_the_end(world: CoalWorld, players: int) -> Driver:
    first = await world.start(players)
    assert attachment_names(first) == ["board.png", "mines.png"]
    for seat in range(players):
        assert f"{seat + 1}. <@{(await world.table()).seats[seat]}>" in first.content  # roster
    driver = Driver(world, SEED + players)
    shifts_scored = 0
    while (table := await world.table()).status == "playing":
        before = table.version
        actions = await driver.move()
        after = await world.table()
        assert after.version == before + actions
        message = world.last()
        names = attachment_names(message)
        # The board and every mine, nothing more; at the end, the summary's score chart.
        summary = ["scores.png"] if after.status == "finished" else []
        assert names == ["board.png", "mines.png", *summary]
        assert "`" not in message.content  # the action in words, never its notation
        # One live message, the newest: a turn's controls, then the end's Rematch button.
        assert [m.id for m in live_messages(world.channel)] == [message.id]
        if any((embed.title or "").startswith("Scoring") for embed in message.embeds):
            shifts_scored += 1
            assert message.embeds and message.embeds[0].title
        if after.status == "playing":
            to_act = state_of(after).to_act()[0]
            assert f"<@{after.seats[to_act]}>" in message.content
    final = world.last()
    assert shifts_scored == 3
    assert _ids(final) == [f"mt:rematch:{world.table_id}", f"mt:export:{world.table_id}"]
    assert final.embeds[-1].title == "End of the game"
    description = final.embeds[-1].description or ""
    state = state_of(await world.table())
    winner = state.standings()[0]
    assert f"1. <@{table.seats[winner]}> — {state.scores()[winner]} VP" in description
    return driver


@pytest.mark.complete_game("coal-baron")
async def test_a_complete_two_player_game_through_the_bot(simcord_env: simcord.Env) -> None:
    world = await coal_world(simcord_env)
    driver = await play_to_the_end(world, 2)
    assert {"draft select", "space select", "extraction panel", "draw panel"} <= set(driver.ways)


async def test_a_complete_four_player_game_through_the_bot(simcord_env: simcord.Env) -> None:
    world = await coal_world(simcord_env)
    driver = await play_to_the_end(world, 4)
    assert {"/coal play extraction", "bank button", "draw panel"} <= set(driver.ways)
