"""A throwaway PostgreSQL server for tests and benchmarks: no running server, no network.

It uses the server programs of Debian's `postgresql` package (`.ci/run`
installs it): `initdb` makes a cluster in a temporary folder and `pg_ctl`
starts it listening only on a unix socket in that folder. PostgreSQL refuses
to run as root, so under root (as in CI) the server runs as the `postgres`
user (or `nobody`). `PostgresCluster.start` raises `PostgresUnavailable`, with
the reason, where no server program exists.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import asyncpg

PORT = 5432
"""Only names the socket file: the server listens on no TCP port."""


class PostgresUnavailable(Exception):
    """No PostgreSQL server can be started here; the message says why."""


def server_programs() -> Path:
    """The folder of `initdb` and `pg_ctl`: the newest Debian version, else the PATH's."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb is None:
        raise PostgresUnavailable(
            "no PostgreSQL server programs (initdb): install Debian's `postgresql` package "
            "(apt-get install postgresql), as .ci/run does"
        )
    return Path(initdb).parent


def _version(path: str) -> int:
    try:
        return int(Path(path).parent.parent.name)
    except ValueError:
        return 0


@dataclass
class PostgresCluster:
    """A running server in `folder`; `stop()` ends it and deletes everything."""

    folder: Path
    programs: Path
    user: str | None
    """The system user the server runs as when we are root (None: ourselves)."""

    _databases = itertools.count(1)

    @classmethod
    def start(cls, *, durable: bool = False) -> PostgresCluster:
        """Create and start a cluster. Not `durable` (for tests): no fsync, faster."""
        programs = server_programs()
        user = _server_user()
        folder = Path(tempfile.mkdtemp(prefix="mine-table-pg-"))
        cluster = cls(folder, programs, user)
        try:
            if user is not None:
                entry = pwd.getpwnam(user)
                os.chown(folder, entry.pw_uid, entry.pw_gid)
            cluster._run(
                "initdb", "-D", str(folder / "data"), "-U", "postgres", "--auth=trust",
                "-E", "UTF8", "--no-locale", *([] if durable else ["--no-sync"]),
            )
            options = [
                "-c listen_addresses=''", f"-c unix_socket_directories={folder}", f"-p {PORT}",
                "-c max_connections=200",
            ]
            if not durable:
                options += ["-c fsync=off", "-c synchronous_commit=off",
                            "-c full_page_writes=off"]
            cluster._run(
                "pg_ctl", "-D", str(folder / "data"), "-l", str(folder / "server.log"),
                "-w", "-o", " ".join(options), "start",
            )
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        return cluster

    def _run(self, program: str, *arguments: str) -> None:
        command = [str(self.programs / program), *arguments]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = self.folder / "server.log"
            detail = log.read_text() if log.exists() else ""
            raise PostgresUnavailable(
                f"{program} failed ({done.returncode}): {done.stderr.strip()} {detail}"
            )

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}&port={PORT}"

    async def create_database(self) -> str:
        """A new empty database on this server; returns its URL.

        It is a schema of its own, which the URL makes the connection's
        `search_path`: to the bot, the same as a database of its own, at no cost
        (a real database copies its template's 7 MB of files: 0.4 s per test).
        """
        name = f"test_{os.getpid()}_{next(self._databases)}"
        connection = await asyncpg.connect(self.url())
        try:
            await connection.execute(f'CREATE SCHEMA "{name}"')
        finally:
            await connection.close()
        return f"{self.url()}&search_path={name}"

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def _server_user() -> str | None:
    """None unless we are root; then a user the server may run as."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise PostgresUnavailable("running as root, and no `postgres` or `nobody` user for the server")
