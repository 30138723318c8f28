"""Code a newcomer reads in one sitting (docs/platform.md, its opening): no module of
`bot/` (the rules engines under `bot/games/` aside: a game's rules are as long as its
rulebook) or of `cogs/` over `MAX_MODULE_LINES` lines, no class over
`MAX_CLASS_LINES`. A module or class that grows past them is split by what it holds."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_MODULE_LINES = 500
MAX_CLASS_LINES = 300


def checked_modules() -> list[Path]:
    modules = [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]
    return sorted(path for path in modules if (ROOT / "bot" / "games") not in path.parents)


def oversized(path: Path) -> list[str]:
    """What in the module at `path` is over the limits, each as a line of the failure."""
    source = path.read_text(encoding="utf-8")
    name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    found = []
    lines = len(source.splitlines())
    if lines > MAX_MODULE_LINES:
        found.append(f"{name}: {lines} lines (at most {MAX_MODULE_LINES})")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > MAX_CLASS_LINES:
                found.append(f"{name}: class {node.name}, {length} lines "
                             f"(at most {MAX_CLASS_LINES})")
    return found


def test_the_checked_modules_are_the_platforms_and_not_the_engines() -> None:
    modules = checked_modules()
    assert ROOT / "bot" / "storage" / "sql.py" in modules
    assert ROOT / "cogs" / "game.py" in modules
    assert not any("games" in path.relative_to(ROOT / "bot").parts[:1]
                   for path in modules if path.is_relative_to(ROOT / "bot"))


def test_no_module_of_bot_or_cogs_is_over_500_lines_nor_a_class_over_300() -> None:
    found = [line for path in checked_modules() for line in oversized(path)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("module_lines", "class_lines", "expected"), [
    (500, 300, 0), (501, 10, 1), (400, 301, 1), (501, 301, 2),
])
def test_the_limits_are_measured_as_written(
    tmp_path: Path, module_lines: int, class_lines: int, expected: int
) -> None:
    body = "\n".join(["class Big:"] + ["    x = 1"] * (class_lines - 1))
    filler = ["# filler"] * (module_lines - class_lines)
    path = tmp_path / "module.py"
    path.write_text("\n".join([body, *filler]) + "\n", encoding="utf-8")
    assert len(oversized(path)) == expected
