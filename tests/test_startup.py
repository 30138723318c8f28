"""Start-up as an operator meets it: a setting or database the bot cannot use stops
``python -m bot`` with one line (what is wrong, which file or setting, what to do),
exit code 2, no traceback unless ``LOG_LEVEL=DEBUG``, and the database untouched."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from bot.storage import Storage

ROOT = Path(__file__).parent.parent

WITHOUT_FILE_OVERRIDE = [
    "setpriv", "--inh-caps=-dac_override,-dac_read_search",
    "--bounding-set=-dac_override,-dac_read_search",
]
"""Root ignores file permissions; without these capabilities it obeys them like anyone."""


def start_bot(
    tmp_path: Path, database: Path, *, as_anyone: bool = False, **settings: str
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m bot`` (in `tmp_path`, which has no .env) with `settings`."""
    env = {
        name: value for name, value in os.environ.items()
        if name not in ("DATABASE_URL", "LOG_LEVEL", "REMINDER_MINUTES", "SHARD_IDS")
    }
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="not-a-real-token",
               DATABASE_PATH=str(database), **settings)
    command = [sys.executable, "-m", "bot"]
    if as_anyone and os.geteuid() == 0:
        command = [*WITHOUT_FILE_OVERRIDE, *command]
    return subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True,
                           timeout=60, check=False)


def assert_refused(done: subprocess.CompletedProcess[str], *phrases: str) -> str:
    """The bot refused to start with one line holding `phrases`; returns the line."""
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    for phrase in phrases:
        assert phrase in lines[0]
    return lines[0]


def fingerprint(path: Path) -> tuple[str, float, list[str]]:
    """What "untouched" means: the same bytes, the same modification time, no new files."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else ""
    mtime = path.stat().st_mtime if path.exists() else 0.0
    return digest, mtime, sorted(p.name for p in path.parent.iterdir())


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """A healthy database with one table in it."""
    path = tmp_path / "data" / "tables.sqlite3"
    path.parent.mkdir()
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE keepsake (x)")
        db.execute("INSERT INTO keepsake VALUES (42)")
    return path


@pytest.mark.parametrize(
    ("name", "value", "phrases"),
    [
        ("REMINDER_MINUTES", "0", ("REMINDER_MINUTES=0", "from 1 to 10080")),
        ("REMINDER_MINUTES", "-5", ("REMINDER_MINUTES=-5", "from 1 to 10080")),
        ("REMINDER_MINUTES", "999999999", ("REMINDER_MINUTES=999999999", "from 1 to 10080")),
        ("REMINDER_MINUTES", "soon", ("REMINDER_MINUTES", "whole number")),
        ("LOG_LEVEL", "LOUD", ("LOG_LEVEL=LOUD", "DEBUG, INFO, WARNING, ERROR")),
        ("SHARD_IDS", "0-1", ("SHARD_IDS", "SHARD_COUNT")),
        ("DATABASE_URL", "mysql://x", ("DATABASE_URL", "PostgreSQL URL")),
        ("RENDER_WORKERS", "-1", ("RENDER_WORKERS=-1", "from 0 to 64")),
        ("RENDER_TIMEOUT", "fast", ("RENDER_TIMEOUT", "whole number")),
    ],
)
def test_a_bad_setting_is_refused_in_one_line(
    tmp_path: Path, database: Path, name: str, value: str, phrases: tuple[str, ...]
) -> None:
    before = fingerprint(database)
    assert_refused(start_bot(tmp_path, database, **{name: value}), *phrases)  # type: ignore[arg-type]
    assert fingerprint(database) == before


def test_a_corrupt_database_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    path.write_bytes(b"these are not the tables you are looking for\n" * 100)
    before = fingerprint(path)
    line = assert_refused(start_bot(tmp_path, path), str(path), "damaged", "backup")
    assert "mine-table cannot start" in line
    assert fingerprint(path) == before


def test_a_database_damaged_inside_is_refused(tmp_path: Path, database: Path) -> None:
    with sqlite3.connect(database) as db:
        db.execute("CREATE TABLE filler (x)")
        db.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,)] * 200)
    data = bytearray(database.read_bytes())
    data[4096 * 2: 4096 * 3] = b"\xff" * 4096  # a page of the file overwritten
    database.write_bytes(bytes(data))
    before = fingerprint(database)
    assert_refused(start_bot(tmp_path, database), "damaged", "backup")
    assert fingerprint(database) == before


def test_with_log_level_debug_the_traceback_follows(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    path.write_bytes(b"garbage" * 1000)
    done = start_bot(tmp_path, path, LOG_LEVEL="DEBUG")
    assert done.returncode == 2
    assert done.stderr.startswith("mine-table cannot start:") and "Traceback" in done.stderr


def test_a_read_only_database_is_refused(tmp_path: Path, database: Path) -> None:
    database.chmod(0o444)
    before = fingerprint(database)
    assert_refused(start_bot(tmp_path, database, as_anyone=True),
                   str(database), "cannot be written", "chmod")
    assert fingerprint(database) == before


def in_wal_mode(path: Path) -> None:
    """Put `path` in write-ahead-log mode, as the bot leaves every database it opened."""
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA journal_mode = WAL")


@contextmanager
def immutable(path: Path) -> Iterator[None]:
    """`path` flagged immutable (``chattr +i``: not even root may write it) in the block;
    skips where the file system or the process cannot set the flag."""
    try:
        subprocess.run(["chattr", "+i", str(path)], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as error:
        pytest.skip(f"cannot make a file immutable here: {error}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_an_immutable_database_is_refused(tmp_path: Path, database: Path) -> None:
    # Opened read-only by SQLite, it passed BEGIN IMMEDIATE; only a real write fails.
    in_wal_mode(database)
    with immutable(database):
        before = fingerprint(database)[:2]
        done = start_bot(tmp_path, database)
        assert fingerprint(database)[:2] == before  # its bytes (its folder gets -wal, -shm)
    assert_refused(done, str(database), "cannot be written")


@contextmanager
def small_disk(folder: Path, size: str = "512k") -> Iterator[Path]:
    """A tmpfs of `size` mounted on `folder` in the block; skips where mounting is not
    allowed (not root, or a container without the capability)."""
    folder.mkdir()
    try:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                       check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as error:
        pytest.skip(f"cannot mount a small disk here: {error}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def test_a_database_on_a_full_disk_is_refused(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        path = disk / "tables.sqlite3"
        in_wal_mode(path)
        with contextlib.suppress(OSError), (disk / "filler").open("wb") as filler:
            while True:  # until the disk is full
                filler.write(b"\0" * 65536)
                filler.flush()
        done = start_bot(tmp_path, path)
    assert_refused(done, str(path), "full", "free some space")


def test_a_healthy_database_keeps_no_trace_of_the_probe(database: Path) -> None:
    async def open_and_look() -> tuple[list[str], int]:
        storage = await Storage.open(database)
        try:  # while it is open, with its write-ahead log
            with closing(sqlite3.connect(database)) as db:
                names = [row[0] for row in db.execute("SELECT name FROM sqlite_master")]
            return names, database.with_name(database.name + "-wal").stat().st_size
        finally:
            await storage.close()

    asyncio.run(open_and_look())  # the first start migrates (and so writes to the log)
    names, log_size = asyncio.run(open_and_look())
    assert "start_up_probe" not in names and "keepsake" in names
    assert log_size == 0  # the probe's 256 KB were rolled back and the log emptied


@contextmanager
def locked_by_another_process(path: Path) -> Iterator[None]:
    """Another connection holds `path` in exclusive mode until the block ends."""
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("PRAGMA locking_mode = EXCLUSIVE")
        db.execute("BEGIN EXCLUSIVE")
        locked.set()
        release.wait()
        db.execute("ROLLBACK")
        db.close()

    thread = threading.Thread(target=hold)
    thread.start()
    locked.wait()
    try:
        yield
    finally:
        release.set()
        thread.join()


def test_a_database_locked_by_another_process_is_refused(tmp_path: Path, database: Path) -> None:
    before = fingerprint(database)
    with locked_by_another_process(database):
        done = start_bot(tmp_path, database)
    assert_refused(done, str(database), "locked by another process", "stop that process")
    assert fingerprint(database) == before


def test_a_folder_as_database_path_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    assert_refused(start_bot(tmp_path, folder), f"DATABASE_PATH={folder} is a folder")
    assert list(folder.iterdir()) == []


def test_an_unreachable_postgresql_is_refused_without_its_password(
    tmp_path: Path, database: Path
) -> None:
    url = f"postgresql://bot:s3cret@/tables?host={tmp_path / 'no-server'}"
    line = assert_refused(start_bot(tmp_path, database, DATABASE_URL=url),
                          "cannot connect to DATABASE_URL", "server runs")
    assert "s3cret" not in line and "bot:***@" in line
