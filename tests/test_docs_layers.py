"""docs/platform.md's layer order of `cogs/platform/` is the `platform` contract of
`.importlinter`, written out: checked here, never copied by hand. After changing the
contract, write the list again with ``python -m tests.test_docs_layers``.

Also: the custom-id table of docs/platform.md names every prefix of the platform's
persistent components."""

from __future__ import annotations

import configparser
import re
from pathlib import Path
from typing import Any

from cogs.platform.items import TableItem

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "platform.md"
BEGIN = "<!-- platform layers: written by python -m tests.test_docs_layers -->"
END = "<!-- end of the platform layers -->"


def platform_layers() -> list[list[str]]:
    """The layers of the `platform` contract, top first, each a list of modules."""
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter")
    lines = config["importlinter:contract:platform"]["layers"].strip().splitlines()
    return [[module.strip() for module in line.split("|")] for line in lines]


def layers_text(layers: list[list[str]]) -> str:
    """The layers as docs/platform.md lists them: bottom first, one numbered line each,
    the platform's modules by their short name."""
    def short(module: str) -> str:
        return f"`{module.removeprefix('cogs.platform.')}`"

    return "\n".join(
        f"{number}. {', '.join(short(module) for module in layer)}"
        for number, layer in enumerate(reversed(layers), start=1)
    )


def written_block(text: str) -> str:
    """The lines between `BEGIN` and `END` (each ending with a new line)."""
    match = re.search(re.escape(BEGIN) + r"\n(.*?)" + re.escape(END), text, re.S)
    assert match, f"docs/platform.md has no block between {BEGIN!r} and {END!r}"
    return match[1]


def test_the_docs_list_the_platform_layers_of_the_import_contract() -> None:
    expected = layers_text(platform_layers())
    assert "`digest`" in expected
    assert written_block(DOC.read_text()) == expected + "\n", (
        "docs/platform.md's layers differ from .importlinter: python -m tests.test_docs_layers"
    )


def test_a_layer_list_tells_every_module_and_order() -> None:
    layers = [["cogs.game", "cogs.reminders"], ["cogs.platform.posting"], ["cogs.access"]]
    assert layers_text(layers) == "1. `cogs.access`\n2. `posting`\n3. `cogs.game`, `cogs.reminders`"


def test_the_custom_id_table_names_every_prefix_of_the_platform() -> None:
    import cogs.game  # noqa: F401  (registers every item of the platform and the games)

    def subclasses(cls: type[TableItem[Any]]) -> list[type[TableItem[Any]]]:
        children: list[type[TableItem[Any]]] = cls.__subclasses__()
        return [sub for child in children for sub in (child, *subclasses(child))]

    prefixes = {
        item.prefix for item in subclasses(TableItem)
        if item.__module__.startswith("cogs.platform.")
    }
    documented = set(re.findall(r"^\| `(mt:[a-z]+)", DOC.read_text(), re.M))
    assert prefixes - documented == set()


if __name__ == "__main__":
    text = DOC.read_text()
    block = f"{BEGIN}\n{written_block(text)}{END}"
    DOC.write_text(text.replace(block, f"{BEGIN}\n{layers_text(platform_layers())}\n{END}"))
