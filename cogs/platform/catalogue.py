"""What a game supplies for `/game card`: every card, space and tile a player may
look up, named and explained in the reader's language and drawn as the game draws it.

A game's plugin names its `CardCatalogue` (`cogs.platform.plugins.GamePlugin.cards`);
`cogs.platform.lookup` offers the names to `/game card`'s autocomplete and answers
with the drawing and the rules text. An entry's key is only the autocomplete's
value: the reader sees its name, never the key. Names and texts are written from
the engine's own data (its components), so the numbers have one home.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class CardCatalogue(Protocol):
    """One game's pieces to look up."""

    def pieces(self) -> Sequence[str]:
        """Every piece, in the order the answer lists them (cards, then spaces, tiles...)."""
        ...

    def name(self, key: str, lang: str) -> str:
        """The piece's name in `lang`, unique within the game (at most 100 characters)."""
        ...

    def rules(self, key: str, lang: str) -> str:
        """What the piece does in `lang`: its costs, abilities and scoring."""
        ...

    def image(self, key: str, lang: str) -> bytes:
        """The piece drawn as the game draws it (`renderer.card_sheet`), PNG bytes."""
        ...
