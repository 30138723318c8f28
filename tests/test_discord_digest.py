""""Since your last turn" (cogs/platform/digest.py): a player whose turn comes back
after the others moved finds, at the top of their private panel and of the direct
message that tells them it is their turn, what the others did (the public turn
messages' lines, one per player and turn) and what changed for them.

Each game is played for one round of turns at a seeded 3-player table, by typed
`/game play` lines; the first player then opens "My view". The generic check that
nothing hidden gets in is the contract's leak test (tests/test_game_contract.py).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
import simcord

from bot.games.base import GameState
from bot.games.mine_out import MineOutState
from bot.games.registry import get_game
from bot.service import GameService, ReplayedAction, Since, Table, TableStatus
from bot.service.store import TableStore
from cogs.platform.digest import MAX_LINES, digest_text, headed
from cogs.platform.plugins import presenter_for
from tests.discord_support import (
    SLOW_SECONDS,
    bot_of,
    last_message,
    plain_channel,
    private_text,
    speak_french,
)
from tests.mine_out_discord_support import plan_turn

TITLE = {"en": "**Since your last turn:**", "fr": "**Depuis votre dernier tour :**"}
FOR_YOU = {"en": "For you: ", "fr": "Pour vous : "}


@dataclass
class Table3:
    """alice, bob and carol seated in that order at a seeded table of `game`."""

    env: simcord.Env
    channel: simcord.ChannelHandle
    players: list[simcord.MemberActor]
    table_id: int = 0

    @property
    def service(self) -> GameService:
        service: GameService = self.env.bot.service  # type: ignore[attr-defined]
        return service

    async def table(self) -> Table:
        return await self.service.tables.get_table(self.table_id)

    async def start(self, guild: simcord.GuildHandle, game: str, seed: int) -> None:
        table = await self.service.tables.open_table(
            guild_id=guild.id, channel_id=self.channel.id, game=game,
            creator_id=self.players[0].id, reminder_minutes=60, seed=seed,
        )
        self.table_id = table.id
        for player in self.players[1:]:
            await player.slash(self.channel, "game join")
        await self.players[0].slash(self.channel, "game start")

    async def play_turn(self, rng: random.Random) -> simcord.MemberActor:
        """The seat to act plays a whole turn, typed; returns who played."""
        table = await self.table()
        assert table.state is not None
        (seat,) = table.state.to_act()
        player = self.players[seat]
        result = await player.slash(
            self.channel, "game play", action=line(table.state, seat, rng)
        )
        assert (await self.table()).version > table.version, private_text(result)
        return player

    async def round_of_turns(
        self, rng: random.Random
    ) -> tuple[simcord.MemberActor, list[simcord.MemberActor]]:
        """The seat to act plays, then the others until it is to act again: the first
        player, and the others in the order they played."""
        first = await self.play_turn(rng)
        others = []
        while (await self.table()).state.to_act() != (self.players.index(first),):  # type: ignore[union-attr]
            others.append(await self.play_turn(rng))
        return first, others


def line(state: GameState[Any], seat: int, rng: random.Random) -> str:
    """A whole turn's line for `seat`: a greedy Mine Out turn, else one random action
    that ends the turn (Coal Baron's opening draft, any Saboteur play)."""
    if isinstance(state, MineOutState):
        return " ".join(plan_turn(state, rng))
    return state.format_action(rng.choice(state.legal_actions(seat)))


@pytest.fixture(params=["en", "fr"])
async def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def world(
    simcord_env: simcord.Env, language: str, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[Table3, simcord.GuildHandle]]:
    """A server in `language` whose three members speak it."""
    await bot_of(simcord_env).tree.sync()
    guild = simcord_env.create_guild(name="mines", preferred_locale=language)
    channel = plain_channel(guild, "games")
    players = [guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol")]
    if language == "fr":
        speak_french(monkeypatch, *players)
    yield Table3(simcord_env, channel, players), guild
    await simcord_env.bot.close()


def told_of(channel: simcord.ChannelHandle, after: int, player: str, language: str) -> str:
    """What the public messages posted after message `after` told of `player`'s moves,
    as the digest sums them up: the player once, then each of their lines without it."""
    messages = [m for m in channel.history() if not m.flags.ephemeral and m.id > after]
    lines = [line for m in messages for line in m.content.split("\n")]
    moves = [line[len(player) + 1:] for line in lines if line.startswith(f"{player} ")]
    separator = " : " if language == "fr" else ": "
    return player + separator + " ".join(move[:1].upper() + move[1:] for move in moves)


def digest_of(text: str, language: str) -> list[str]:
    """The digest's lines at the top of a panel (up to the blank line after it)."""
    assert text.startswith(TITLE[language]), text
    return text.split("\n\n", 1)[0].split("\n")


def ordinal(rank: int, language: str) -> str:
    return {"en": ["1st", "2nd", "3rd"], "fr": ["1er", "2e", "3e"]}[language][rank - 1]


@pytest.mark.parametrize(("game", "seed"), [("coal-baron", 3), ("saboteur", 5), ("mine-out", 2)])
async def test_the_first_player_finds_the_others_moves_and_their_place(
    world: tuple[Table3, simcord.GuildHandle], language: str, game: str, seed: int
) -> None:
    w, guild = world
    await w.start(guild, game, seed)
    rng = random.Random(seed)
    first = await w.play_turn(rng)
    mark = last_message(w.channel).id
    others = [await w.play_turn(rng), await w.play_turn(rng)]
    table = await w.table()
    seat = w.players.index(first)
    assert table.state is not None and table.state.to_act() == (seat,)  # their turn again
    view = await first.click(last_message(w.channel), custom_id=f"mt:view:{table.id}")
    assert view.acknowledged and view.ephemeral and view.response is not None
    lines = digest_of(view.response.content, language)
    moves = [text for text in lines if text.startswith("• ")]
    # One line per other player, in turn order, each as the turn messages told it.
    assert moves == [f"• {told_of(w.channel, mark, p.mention, language)}" for p in others]
    scores = table.state.public_scores()
    if scores is not None:  # Saboteur's gold is secret, and alice's did not change
        rank = 1 + sum(score > scores[seat] for score in scores)
        assert lines[-1].startswith(FOR_YOU[language]), lines
        assert ordinal(rank, language) in lines[-1]


async def test_a_player_told_by_direct_message_gets_the_digest_there(
    world: tuple[Table3, simcord.GuildHandle], language: str
) -> None:
    w, guild = world
    await w.start(guild, "saboteur", 5)
    for player in w.players:
        await player.slash(w.channel, "game pings", mode="dm")
    first, others = await w.round_of_turns(random.Random(5))
    dm = list(first.user.dm_channel.history())[-1].content
    told = dm.split("\n\n", 1)[1].split("\n")
    assert told[0] == TITLE[language]
    assert len(told) == 1 + len(others)
    for move, player in zip(told[1:], others, strict=True):
        assert move.startswith(f"• {player.mention}"), move


async def test_nothing_is_told_to_a_player_who_has_just_played(
    world: tuple[Table3, simcord.GuildHandle], language: str
) -> None:
    """A player not to act, or to act again right after their own move, sees no digest."""
    w, guild = world
    await w.start(guild, "saboteur", 5)
    first = await w.play_turn(random.Random(5))
    view = await first.click(last_message(w.channel), custom_id=f"mt:view:{w.table_id}")
    assert view.response is not None and not view.response.content.startswith(TITLE[language])


async def test_the_panel_is_acknowledged_before_the_actions_are_read(
    world: tuple[Table3, simcord.GuildHandle], language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    w, guild = world
    await w.start(guild, "saboteur", 5)
    first, _ = await w.round_of_turns(random.Random(5))
    original = TableStore.log

    async def slowly(store: TableStore, table_id: int) -> Any:
        w.env.backend.advance_clock(SLOW_SECONDS)
        return await original(store, table_id)

    monkeypatch.setattr(TableStore, "log", slowly)
    view = await first.click(last_message(w.channel), custom_id=f"mt:view:{w.table_id}")
    assert view.acknowledged and view.response is not None
    assert view.response.content.startswith(TITLE[language])


def test_a_long_gap_is_summed_up() -> None:
    """Ten players' moves since the reader's last: the newest lines, and a count of the
    earlier moves, in at most `MAX_LINES` lines of moves."""
    rng = random.Random(1)
    state = get_game("saboteur").new(10, 1)
    before = state.copy()
    steps: list[ReplayedAction] = []
    for _ in range(20):
        (seat,) = state.to_act()
        if seat == 0:
            state.apply(seat, rng.choice(state.legal_actions(seat)))  # the reader's move
            before, steps = state.copy(), []
            continue
        events = state.apply(seat, action := rng.choice(state.legal_actions(seat)))
        steps.append(ReplayedAction(seat, state.format_action(action), events, state.copy()))
    table = Table(
        id=1, guild_id=1, channel_id=2, game="saboteur", creator_id=100,
        seats=tuple(100 + s for s in range(10)), status=TableStatus.PLAYING, options={},
        seed=1, version=1, reminder_minutes=60, created_at=0.0, updated_at=0.0,
        turn_started_at=0.0, reminded=False, state=state,
    )
    since = Since(before, tuple(steps), acted=True)
    assert len(steps) == 9
    long = replace(since, steps=since.steps * 2)  # the same moves twice: 18
    text = digest_text(presenter_for("saboteur"), table, 0, long, "en").split("\n")
    moves = [t for t in text if t.startswith("• ")]
    assert len(moves) == MAX_LINES - 1
    assert text[1] == "11 earlier moves, in the messages above; then:"



def test_a_panel_too_long_for_its_digest_goes_without() -> None:
    """Discord refuses a message over 2000 characters: the panel is kept, not the digest."""
    assert headed("**Since your last turn:**", "Your hand") == (
        "**Since your last turn:**\n\nYour hand"
    )
    assert headed("", "Your hand") == "Your hand"
    assert headed("**Since your last turn:**\n" + "• x\n" * 600, "Your hand") == "Your hand"
