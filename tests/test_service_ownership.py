"""Each concern of the service is written by one piece (bot/service/__init__.py): every
write method of the storage is called by the module of the piece that owns its rows,
and by no other module of the service. Any piece may read.

Every public method of `Storage` is named below, as a write with its owner or as a
read, so that a method added to the storage is given an owner before it is used.
The table's own row is written by one transaction, `TableStore.save` (bot/service/
store.py), which every piece changing a table calls under the table's lock.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from bot.storage import Storage

SERVICE = Path(__file__).resolve().parent.parent / "bot" / "service"

WRITES = {
    "insert": "tables",
    "save": "store",
    "set_presence": "preferences",
    "set_ping_mode": "preferences",
    "vote_pause": "seats",
    "vote_stand_in": "seats",
    "forget_stand_in_votes": "seats",
    "store_ratings": "results",
    "remember_names": "seen_names",
    "new_draft": "drafts",
    "set_draft": "drafts",
    "remember_hint": "coaching",
    "keep_verdict": "coaching",
    "claim_reminders": "reminders",
    "mark_reminded": "reminders",
    "mark_reminded_now": "reminders",
    "remember_card": "invitations",
    "forget_card": "invitations",
    "forget_cards": "invitations",
    "remember_message": "messages",
    "forget_message": "messages",
    "close_messages": "messages",
    "mark_unposted": "posts",
    "mark_posted": "posts",
    "insert_tournament": "tournaments",
    "save_tournament": "tournaments",
}
"""Storage write method -> the module of bot/service that alone calls it."""

OUTSIDE_THE_SERVICE = {
    "open", "close", "pack_log", "pack_finished_logs", "import_table", "counts", "table_ids",
    "every_name", "every_presence", "every_tournament", "import_tournament",
}
"""Opening, packing logs and copying a database: the process and ``python -m bot``'s
commands call them, never the service."""

READS = {
    "get", "open_table_in", "last_table_in", "playing_tables", "tables_in_play", "lobbies",
    "actions", "results", "result_count", "result", "ratings", "player_names",
    "invitation_cards", "presence", "pause_votes", "stand_in_votes", "ping_modes", "draft",
    "hints_given", "verdicts",
    "unposted_since", "unposted_tables", "table_messages",
    "tournament", "tournaments_of", "live_tournaments",
}


def storage_calls(path: Path) -> set[str]:
    """The storage methods the module calls: on ``<anything>.storage`` or on a name
    ``storage`` (every module binds the store's storage to that name, checked here)."""
    calls = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign) and _is_storage(node.value):
            names = [t for target in node.targets for t in ast.walk(target)
                     if isinstance(t, ast.Name)]
            assert [n.id for n in names] == ["storage"], f"{path.name}: storage bound as {names}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            receiver = node.func.value
            if _is_storage(receiver) or (isinstance(receiver, ast.Name)
                                         and receiver.id == "storage"):
                calls.add(node.func.attr)
    return calls


def _is_storage(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "storage"


def test_every_storage_method_is_a_write_with_one_owner_or_a_read() -> None:
    public = {name for name, _ in inspect.getmembers(Storage, inspect.isfunction)
              if not name.startswith("_")}
    assert public == set(WRITES) | READS | OUTSIDE_THE_SERVICE
    assert not set(WRITES) & READS


def test_each_write_of_the_storage_is_made_by_the_piece_that_owns_its_rows() -> None:
    called = {path.stem: storage_calls(path) for path in sorted(SERVICE.glob("*.py"))}
    assert set(WRITES.values()) <= set(called)  # every owner is a module of the service
    for module, methods in called.items():
        assert not methods & OUTSIDE_THE_SERVICE, module
        unknown = methods - set(WRITES) - READS
        assert not unknown, f"bot/service/{module}.py calls {unknown}: not a Storage method?"
        foreign = {method: WRITES[method] for method in methods & set(WRITES)
                   if WRITES[method] != module}
        assert not foreign, f"bot/service/{module}.py writes rows of other pieces: {foreign}"
    for method, owner in WRITES.items():
        assert method in called[owner], f"{method}: owned by {owner}, which never calls it"


def test_the_scan_sees_a_write_through_an_alias(tmp_path: Path) -> None:
    """The scan itself: a piece writing another's rows is caught, however it calls."""
    module = tmp_path / "piece.py"
    module.write_text(
        "async def f(self):\n"
        "    storage = self._store.storage\n"
        "    await storage.set_ping_mode(1, 2, 3)\n"
        "    await self._store.storage.mark_reminded(1)\n"
        "    await self._seats.forget_stand_in_votes(1, 2)\n",
        encoding="utf-8",
    )
    assert storage_calls(module) == {"set_ping_mode", "mark_reminded"}
    module.write_text("def f(self):\n    s = self._store.storage\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="storage bound as"):
        storage_calls(module)
