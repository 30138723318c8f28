"""Presenters see only what a seat or a spectator may see: no function of a presenter
module (`cogs/**/presenter*.py`) takes or gives the whole `Table` (its state holds every
hand); they take a `Seen` (`cogs.platform.seen`), whose `TableFacts` has no state and no
seed. mypy then keeps a presenter from reading a hidden field; this test keeps a
signature from bringing the `Table` back. The typed plays (`cogs/**/typed*.py`), which
try moves on a state, take a `SeatCopy`: the same check holds for them, and what they
answer is the same whatever the other seats' secrets."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from bot.service import Table
from cogs.platform.seen import Seen, TableFacts

ROOT = Path(__file__).resolve().parent.parent


def reader_modules() -> list[ModuleType]:
    """The presenters and the typed plays: what writes for a reader."""
    paths = sorted((ROOT / "cogs").glob("**/presenter*.py"))
    paths += sorted((ROOT / "cogs").glob("**/typed*.py"))
    names = [".".join(path.relative_to(ROOT).with_suffix("").parts) for path in paths]
    return [importlib.import_module(name) for name in names]


def functions_of(module: ModuleType) -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every function of `module` and every method of its classes (defined there)."""
    for name, value in vars(module).items():
        if inspect.isfunction(value) and value.__module__ == module.__name__:
            yield name, value
        elif inspect.isclass(value) and value.__module__ == module.__name__:
            for attr, member in vars(value).items():
                if isinstance(member, staticmethod | classmethod):
                    member = member.__func__
                if inspect.isfunction(member):
                    yield f"{name}.{attr}", member


def mentions(hint: object, kind: type) -> bool:
    """Whether the type `hint` is `kind` or holds it (a union, a callable, a generic)."""
    if hint is kind:
        return True
    if isinstance(hint, list | tuple):  # a callable's parameters
        return any(mentions(arg, kind) for arg in hint)
    return any(mentions(arg, kind) for arg in typing.get_args(hint))


def takes_table(function: Callable[..., Any]) -> list[str]:
    """The parameters (and "return") of `function` whose type holds `Table`."""
    hints = typing.get_type_hints(function)
    return [name for name, hint in hints.items() if mentions(hint, Table)]


def test_no_presenter_or_typed_play_function_takes_the_table() -> None:
    modules = reader_modules()
    assert {module.__name__ for module in modules} >= {
        "cogs.platform.presenter",
        "cogs.coal_baron.presenter",
        "cogs.mine_out.presenter",
        "cogs.saboteur.presenter",
        "cogs.platform.typed_plays",
        "cogs.coal_baron.typed",
        "cogs.mine_out.typed",
        "cogs.saboteur.typed",
    }
    found = {
        f"{module.__name__}.{name}": names
        for module in modules
        for name, function in functions_of(module)
        if (names := takes_table(function))
    }
    assert found == {}


def test_the_check_sees_a_table_wherever_it_hides() -> None:
    def plain(table: Table) -> None: ...
    def optional(table: Table | None) -> None: ...
    def through(ranked: Callable[[Table, int], list[str]]) -> None: ...
    def facts(seen: Seen, table: TableFacts) -> None: ...

    assert takes_table(plain) == ["table"]
    assert takes_table(optional) == ["table"]
    assert takes_table(through) == ["ranked"]
    assert takes_table(facts) == []


def test_what_a_presenter_reads_holds_no_state_and_no_seed() -> None:
    fields = {field.name for field in dataclasses.fields(TableFacts)}
    assert "state" not in fields and "seed" not in fields
    assert "state" in {field.name for field in dataclasses.fields(Table)}
    assert typing.get_type_hints(Seen)["table"] is TableFacts
