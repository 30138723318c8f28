"""A finished game's action log packed in one row (the ``packed_logs`` table).

When a game ends, its log is kept as one zlib-compressed block instead of a row (and
an index entry) per action: a Mine Out game logs about 500 actions, 26 KB as rows
and about 3 KB packed (docs/performance.md, "What a server's history costs"). The
block is JSON, one list per field of `LoggedAction` (a column of like values
compresses better than a row of unlike ones). Reading it gives back the very
`LoggedAction`s the rows gave: times are JSON floats, which round-trip exactly.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from bot.storage.records import LoggedAction

FIELDS = tuple(field.name for field in fields(LoggedAction))

LEVEL = 9
"""zlib's best compression: a block is packed once per game, and read rarely."""


def pack(log: Sequence[LoggedAction]) -> bytes:
    """`log` as one compressed block."""
    columns = {name: [getattr(entry, name) for entry in log] for name in FIELDS}
    return zlib.compress(json.dumps(columns, separators=(",", ":")).encode(), LEVEL)


def unpack(block: bytes) -> list[LoggedAction]:
    """The log `pack` made `block` of, in its order."""
    columns: dict[str, list[Any]] = json.loads(zlib.decompress(block))
    entries = zip(*(columns[name] for name in FIELDS), strict=True)
    return [LoggedAction(**dict(zip(FIELDS, values, strict=True))) for values in entries]
