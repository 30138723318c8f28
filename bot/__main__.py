"""Command line: ``python -m bot`` runs the bot; ``replay`` and ``selfplay`` work offline.

    python -m bot                                  # run the bot (needs DISCORD_TOKEN)
    python -m bot local [--locale fr] [--port P] [--database FILE] [--no-browser]
                                                   # the local table (bot.local.table)
    python -m bot auto                             # `make run`: the bot if DISCORD_TOKEN
                                                   # is set, else the local table
    python -m bot replay RECORD.json               # print the status a record reaches
    python -m bot selfplay GAME --players N --games K --seed S [--records DIR]
    python -m bot migrate-db --from sqlite:PATH --to postgresql://...
    python -m bot pack-logs --database sqlite:PATH   # pack games finished before packing
    python -m bot selfplay GAME --players easy,strong,random --games K   # computer levels
    python -m bot arena GAME --players 2,4 --games K [--pairings easy:random,...] [--jobs J]

``--module M`` (repeatable) imports extra game modules first, e.g. test games.
A setting or database the bot cannot start with is refused with one line on
stderr (exit code 2); its traceback follows only with ``LOG_LEVEL=DEBUG``.
``python -m bot`` (the Procfile's command) never falls back to the local table: a
host without a token must stop, not serve a page nobody sees.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.ai.arena import DEFAULT_PAIRINGS, HEADER, arena_lines, parse_pairings
from bot.ai.match import play_match
from bot.ai.players import LEVELS
from bot.games.base import JSON, GameState
from bot.games.record import ReplayError, replay
from bot.games.registry import get_game, load_games
from bot.games.selfplay import SelfPlayError, play_random_game
from bot.i18n import DEFAULT_LANGUAGE, languages
from bot.startup.config import POSTGRES_SCHEMES, Settings, SettingsError
from bot.storage import StartupError, Storage
from bot.storage.copy import CopyError, CopyReport, copy_database
from bot.storage.postgres import redacted


def status_of(state: GameState[Any]) -> dict[str, JSON]:
    """What `replay` prints: the game's status and the legal actions of the seats to act."""
    outcome = state.outcome()
    to_act = state.to_act()
    return {
        "game": state.game_id,
        "status": "over" if outcome is not None else "playing",
        "to_act": list(to_act),
        "scores": list(state.scores()),
        "winners": [] if outcome is None else list(outcome.winners),
        "legal_actions": {
            str(seat): [state.format_action(a) for a in state.legal_actions(seat)]
            for seat in to_act
        },
    }


def replay_command(path: Path) -> int:
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"replay: cannot read {path}: {error}", file=sys.stderr)
        return 2
    if not isinstance(record, dict):
        print(f"replay: {path} does not hold a JSON object", file=sys.stderr)
        return 2
    try:
        state = replay(record)
    except ReplayError as error:
        print(f"replay: {error}", file=sys.stderr)
        return 1
    print(json.dumps(status_of(state), indent=2))
    return 0


def selfplay_command(
    game: str, players: str, games: int, seed: int, records: Path | None
) -> int:
    """Play `games` games with seeds `seed`, `seed + 1`...; stop at the first failure.

    `players` is a number of random players, or computer levels one per seat
    (``easy,strong,random``): the engine's invariants are then checked under
    computer play too.
    """
    try:
        game_cls = get_game(game)
        levels = _levels(players)
    except (KeyError, ValueError) as error:
        print(f"selfplay: {error.args[0]}", file=sys.stderr)
        return 2
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    actions = 0
    started = time.perf_counter()
    for game_seed in range(seed, seed + games):
        try:
            if set(levels) == {"random"}:
                _, record = play_random_game(game_cls, len(levels), game_seed)
            else:
                record = play_match(game_cls, levels, game_seed, check=True).record
        except SelfPlayError as error:
            print(f"selfplay: {error}", file=sys.stderr)
            if records is not None:
                failed = _write_record(records, game, game_seed, error.record, suffix="-failed")
                print(f"selfplay: record up to the failure written to {failed}", file=sys.stderr)
            return 1
        actions += len(record["actions"])
        if records is not None:
            _write_record(records, game, game_seed, record)
    elapsed = time.perf_counter() - started
    rate = games / elapsed if elapsed > 0 else float("inf")
    print(
        f"selfplay {game}: {games} games of {len(levels)} players ({', '.join(levels)}), "
        f"{actions} actions, "
        f"{elapsed:.2f} s, {rate:.1f} games per second"
    )
    return 0


def migrate_db_command(source: str, target: str) -> int:
    """Copy the database `source` into the empty database `target`, then verify the copy."""
    try:
        report = asyncio.run(_migrate_db(source, target))
    except (StartupError, CopyError) as error:
        print(f"migrate-db: {error}", file=sys.stderr)
        return 1
    except KeyError as error:  # a stored game this installation does not know
        print(f"migrate-db: {error.args[0]} (add --module for extra games)", file=sys.stderr)
        return 1
    counts = ", ".join(f"{count} {name}" for name, count in report.counts.items())
    print(
        f"migrate-db: copied {counts} from {redacted(source)} to {redacted(target)}; "
        f"counts match and {report.replayed} started games replay to their stored state"
    )
    return 0


async def _migrate_db(source: str, target: str) -> CopyReport:
    path = Path(source.removeprefix("sqlite:"))
    if not source.startswith(POSTGRES_SCHEMES) and not path.is_file():
        raise CopyError(f"--from {source}: no such SQLite file")
    from_storage = await Storage.open(source)
    try:
        to_storage = await Storage.open(target)
        try:
            return await copy_database(from_storage, to_storage)
        finally:
            await to_storage.close()
    finally:
        await from_storage.close()


def pack_logs_command(location: str) -> int:
    """Pack the action log of every finished game of `location` still kept in rows."""
    path = Path(location.removeprefix("sqlite:"))
    if not location.startswith(POSTGRES_SCHEMES) and not path.is_file():
        print(f"pack-logs: --database {location}: no such SQLite file", file=sys.stderr)
        return 1
    try:
        packed, before, after = asyncio.run(_pack_logs(location))
    except StartupError as error:
        print(f"pack-logs: {error}", file=sys.stderr)
        return 1
    print(f"pack-logs: finished games whose log was packed in {redacted(location)}: {packed} "
          f"(actions and take-backs counted before: {before}, after: {after})")
    return 0


async def _pack_logs(location: str) -> tuple[int, int, int]:
    """How many finished games' logs were packed; the actions and take-backs counted
    before and after (the same: packing keeps every one)."""
    storage = await Storage.open(location)
    try:
        before = await storage.counts()
        packed = await storage.pack_finished_logs()
        after = await storage.counts()
    finally:
        await storage.close()
    logged = ("actions", "taken_back")
    return packed, sum(before[name] for name in logged), sum(after[name] for name in logged)


def _levels(players: str) -> list[str]:
    """``3`` -> three random players; ``easy,strong`` -> those levels, one per seat."""
    if players.isdigit():
        return ["random"] * int(players)
    levels = [level.strip() for level in players.split(",")]
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    return levels


def arena_command(
    game: str, players: str, games: int, seed: int, pairings: str | None, jobs: int
) -> int:
    """Print the arena table of `game` (see `bot.ai.arena`)."""
    try:
        get_game(game)
        counts = [int(count) for count in players.split(",")]
        pairs = parse_pairings(pairings) if pairings else list(DEFAULT_PAIRINGS)
        for pair in pairs:
            _levels(",".join(pair))
    except (KeyError, ValueError) as error:
        print(f"arena: {error.args[0]}", file=sys.stderr)
        return 2
    print(HEADER, flush=True)
    for line in arena_lines(game, counts, pairs, games, seed, jobs):
        print(line, flush=True)
    return 0


def _write_record(
    folder: Path, game: str, seed: int, record: dict[str, JSON], suffix: str = ""
) -> Path:
    path = folder / f"{game}-{seed}{suffix}.json"
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return path


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    games_source = argparse.ArgumentParser(add_help=False)
    games_source.add_argument(
        "--module", action="append", default=[], metavar="MODULE",
        help="import this module first (it registers extra games); repeatable",
    )
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    replay_parser = commands.add_parser(
        "replay", parents=[games_source], help="replay a game record and print its status"
    )
    replay_parser.add_argument("record", type=Path, metavar="RECORD.json")
    selfplay_parser = commands.add_parser(
        "selfplay", parents=[games_source], help="play and check seeded random games"
    )
    selfplay_parser.add_argument("game")
    selfplay_parser.add_argument(
        "--players", required=True,
        help="a number of random players, or levels one per seat: easy,strong,random",
    )
    selfplay_parser.add_argument("--games", type=int, default=1)
    selfplay_parser.add_argument("--seed", type=int, default=0)
    selfplay_parser.add_argument("--records", type=Path, metavar="DIR")
    migrate_parser = commands.add_parser(
        "migrate-db", parents=[games_source],
        help="copy every table to another (empty) database and verify the copy",
    )
    migrate_parser.add_argument("--from", dest="source", required=True, metavar="sqlite:PATH")
    migrate_parser.add_argument("--to", dest="target", required=True, metavar="postgresql://...")
    pack_parser = commands.add_parser(
        "pack-logs", parents=[games_source],
        help="pack the action log of every game finished before logs were packed (smaller)",
    )
    pack_parser.add_argument("--database", required=True, metavar="sqlite:PATH")
    arena_parser = commands.add_parser(
        "arena", parents=[games_source], help="measure the computer levels' strength"
    )
    arena_parser.add_argument("game")
    arena_parser.add_argument("--players", default="2", help="player counts: 2,3,4")
    arena_parser.add_argument("--games", type=int, default=500, help="games per pairing")
    arena_parser.add_argument("--seed", type=int, default=0)
    arena_parser.add_argument(
        "--pairings", help="LEVEL:OPPONENT,... (default: each level vs random and the one below)"
    )
    arena_parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    local_parser = commands.add_parser(
        "local", help="play on a simulated Discord server in your browser (no token needed)"
    )
    add_local_options(local_parser)
    auto_parser = commands.add_parser(
        "auto", help="run the bot if DISCORD_TOKEN is set, else the local table (make run)"
    )
    add_local_options(auto_parser)
    return parser.parse_args(argv)


def add_local_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--locale", choices=languages(), default=DEFAULT_LANGUAGE,
        help="the server's language"
    )
    parser.add_argument(
        "--port", type=int, default=0, help="the page's port on 127.0.0.1 (default: a free one)"
    )
    parser.add_argument(
        "--database", type=Path,
        help="the SQLite file of the local table's games (default: data/local-table.sqlite3)",
    )
    parser.add_argument(
        "--no-browser", dest="open_browser", action="store_false",
        help="only print the page's address",
    )


def run_bot(arguments: argparse.Namespace | None = None) -> int:
    """Run the bot (or, with `arguments` of ``local`` or ``auto`` without a token, the
    local table), or refuse to start with one line saying what to fix."""
    try:
        settings = Settings.from_env()
        if arguments is not None and (arguments.command == "local" or not settings.token):
            return run_local_table(settings, arguments)
        from bot.app import run  # discord is only imported to run the bot

        return run(settings)
    except (SettingsError, StartupError) as error:
        print(f"mine-table cannot start: {error}", file=sys.stderr)
        if os.environ.get("LOG_LEVEL", "").strip().upper() == "DEBUG":
            traceback.print_exception(error)
        return 2


def run_local_table(settings: Settings, arguments: argparse.Namespace) -> int:
    """The local table, or one line saying how to install it."""
    if not 0 <= arguments.port <= 65535:
        print(f"mine-table: --port {arguments.port} is not a port (0 to 65535)", file=sys.stderr)
        return 2
    try:
        from bot.local.table import DEFAULT_DATABASE, LocalOptions, run_local
    except ImportError as error:  # simcord, an optional extra
        print(
            f"mine-table: the local table needs {error.name}: "
            "pip install 'mine-table[local]' (make run installs it)",
            file=sys.stderr,
        )
        return 2
    options = LocalOptions(
        locale=arguments.locale, port=arguments.port,
        database=arguments.database or DEFAULT_DATABASE, open_browser=arguments.open_browser,
    )
    return run_local(settings, options)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    if arguments.command is None:
        return run_bot()
    if arguments.command in ("local", "auto"):
        return run_bot(arguments)
    load_games()
    for module in arguments.module:
        importlib.import_module(module)
    if arguments.command == "replay":
        return replay_command(arguments.record)
    if arguments.command == "migrate-db":
        return migrate_db_command(arguments.source, arguments.target)
    if arguments.command == "pack-logs":
        return pack_logs_command(arguments.database)
    if arguments.command == "arena":
        return arena_command(
            arguments.game, arguments.players, arguments.games, arguments.seed,
            arguments.pairings, arguments.jobs,
        )
    return selfplay_command(
        arguments.game, arguments.players, arguments.games, arguments.seed, arguments.records
    )


if __name__ == "__main__":
    sys.exit(main())
