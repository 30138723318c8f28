"""Where tables and their action logs are kept: one interface (`Storage`, in `base`),
two backends. SQLite (`sqlite`, the default: one file, zero set-up) and
PostgreSQL (`postgres`: one database shared by several bot processes).
`await Storage.open(location)` picks the backend from the location."""

from bot.storage.base import Storage
from bot.storage.records import (
    Draft,
    DueReminder,
    HintGiven,
    InvitationCard,
    LoggedAction,
    MessageKind,
    OpenTableExists,
    PingMode,
    Presence,
    SeenName,
    ShardSet,
    StartupError,
    Table,
    TableMessage,
    TableStatus,
    VerdictKept,
)

__all__ = [
    "Draft", "DueReminder", "HintGiven", "InvitationCard", "LoggedAction", "MessageKind",
    "OpenTableExists", "PingMode", "Presence", "SeenName", "ShardSet", "StartupError",
    "Storage", "Table", "TableMessage", "TableStatus", "VerdictKept",
]
