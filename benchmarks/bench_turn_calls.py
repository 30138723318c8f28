"""REST calls per action, for every game: what a turn asks of Discord (issue 37).

The real bot in simcord, one table per game started through the service (Coal Baron at
4 players, Saboteur at 3, Mine Out at 2), its first action played to post it (as its
Start would: the live message then known, the players' names fetched once), then
`ACTIONS` seeded random legal actions,
each typed by the player to act with ``/game play`` (`bench_turn_bytes.random_action`:
Coal Baron's extraction one step at a time, each step mid-turn, folded into the live
message). simcord's HTTP log gives every REST call the bot made during each action.

Two kinds are counted apart. The channel's calls (sending the turn, editing the live
message or the previous one, reading a message back) spend the bot's rate limits, per
channel and global: target at most 2.0 per action and no GET at all, neither of a
message by id (the live message read back before a step is folded into it) nor the
GETs a table makes once per process (its live message looked up among the channel's
latest after a restart, a member whose name the bot did not know yet), none here once
the table is posted. The interaction's calls (its acknowledgement and follow-ups, on
the interaction's token) are answers Discord waits for, shown for the record.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import simcord

from benchmarks.bench_turn_bytes import PLAYERS, SEED, random_action
from benchmarks.whole_turns import in_simcord, started_table
from bot.app import TableBot
from bot.games.registry import game_ids, load_games

ACTIONS = 60
TARGET = 2.0
"""At most this many channel calls per action (issue 37)."""

READ_BACK = re.compile(r"/channels/\d+/messages/\d+$")
"""A GET of one message by id: the bot reading its own message back."""
ONCE = re.compile(r"/channels/\d+/messages$|/guilds/\d+/members/\d+$")
"""A GET a table makes once per process: its live message looked up, a member's name
(counted apart in the figures, and in the target as any call)."""


def interaction_call(path: str) -> bool:
    """An answer to an interaction (on its token), not one of the bot's own calls."""
    return path.startswith(("/interactions/", "/webhooks/"))


Calls = tuple[int, Counter[str], int, int, int]
"""Per game: actions played, channel calls by method, of which GETs of a message by id and
GETs made once, and interaction calls."""


async def count_calls(env: simcord.Env, bot: TableBot, game: str) -> Calls:
    """The REST calls of `ACTIONS` random actions at a new `game` table."""
    channel, members, table = await started_table(env, bot, game, PLAYERS[game], SEED)
    by_id = {member.id: member for member in members}
    rng = random.Random(SEED)
    by_method: Counter[str] = Counter()
    read_back = once = answers = played = 0
    counted = False  # the first action posts the table, as its Start would: not counted
    while played < ACTIONS and table.status == "playing" and table.state is not None:
        seat, line, _ = random_action(table.state, rng)
        first = len(env.http_requests)
        await by_id[table.seats[seat]].slash(channel, "game play", action=line)
        table = await bot.service.tables.get_table(table.id)
        if not counted:
            counted = True
            continue
        for call in env.http_requests[first:]:
            if interaction_call(call.path):
                answers += 1
                continue
            by_method[call.method] += 1
            read_back += call.method == "GET" and bool(READ_BACK.search(call.path))
            once += call.method == "GET" and bool(ONCE.search(call.path))
        played += 1
    return played, by_method, read_back, once, answers


async def count_every_game(env: simcord.Env, bot: TableBot) -> dict[str, Calls]:
    return {game: await count_calls(env, bot, game) for game in PLAYERS if game in game_ids()}


def main() -> None:
    load_games()
    figures = in_simcord(count_every_game)
    print(f"REST calls per action ({ACTIONS} seeded random actions from the start, /game play;"
          f" target: at most {TARGET} channel calls, no GET of a message by id):")
    for game, (played, by_method, read_back, once, answers) in figures.items():
        total = sum(by_method.values()) / played
        met = total <= TARGET and not read_back and not by_method["GET"]
        methods = ", ".join(f"{method} {count / played:.2f}"
                            for method, count in sorted(by_method.items()))
        print(f"  {game:<11} {PLAYERS[game]} players, {played} actions: channel calls"
              f" {total:.2f} per action ({methods}); GETs of a message by id"
              f" {read_back / played:.2f}; other GETs (a live message looked up, a member's"
              f" name) {once}: {total / TARGET:.0%} of the target ->"
              f" {'ok' if met else 'MISSED'}; interaction calls {answers / played:.2f}")

if __name__ == "__main__":
    main()
