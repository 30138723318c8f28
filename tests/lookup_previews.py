"""Phone screenshots of `/game open` with an invitation card, and of a `/game card`
answer, for docs/weeks.md (docs/images/). A doc artefact, not a test, made as
tests/phone_previews.py makes the others (simcord's preview and Debian's chromium):

    python -m tests.lookup_previews [DIR]     # default docs/images
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

import simcord
from PIL import Image

from cogs.mine_out.cards import CATALOGUE
from tests.discord_support import answers, bot_of, plain_channel
from tests.phone_previews import main, screenshot

OPEN_HEIGHT = 640
CARD_HEIGHT = 830
"""Where the pictures are cut: below the answer (the empty channel under it is left out)."""


def cut(path: Path, height: int) -> None:
    with Image.open(path) as image:
        kept = image.crop((0, 0, image.width, min(height, image.height)))
    kept.save(path, optimize=True)


CARD = next(key for key in CATALOGUE.pieces() if key.startswith("NE"))
"""A Mine Out Negotiator: the card of the picture."""


async def open_tables(env: simcord.Env, out: Path) -> None:
    """carol, in the lounge: an invitation card, then the list of `/game open`."""
    await bot_of(env).tree.sync()
    guild = env.create_guild(name="mines")
    alice, bob, carol = (guild.add_member(env.create_user(name))
                         for name in ("alice", "bob", "carol"))
    coal, cards, lounge = (plain_channel(guild, name) for name in ("coal", "cards", "lounge"))
    await alice.slash(coal, "game new", game="coal-baron")
    await bob.slash(cards, "game new", game="saboteur")
    await alice.slash(coal, "game invite", channel=lounge)
    listed = answers(await carol.slash(lounge, "game open"))[-1]
    async with env.preview(lounge, viewers=[carol], layout="channel") as preview:
        await preview.show(listed)
        await screenshot(preview.url, out / "phone-open-tables.png", images=0)
    cut(out / "phone-open-tables.png", OPEN_HEIGHT)


async def card_answer(env: simcord.Env, out: Path) -> None:
    """A Mine Out card looked up: its tile and its rules."""
    await bot_of(env).tree.sync()
    guild = env.create_guild(name="mines")
    carol = guild.add_member(env.create_user("carol"))
    channel = plain_channel(guild, "games")
    result = await carol.slash(channel, "game card", game="mine-out", card=CARD)
    async with env.preview(channel, viewers=[carol], layout="channel") as preview:
        await preview.show(answers(result)[-1])
        await screenshot(preview.url, out / "phone-card.png", images=1)
    cut(out / "phone-card.png", CARD_HEIGHT)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("docs/images"))
    asyncio.run(main(parser.parse_args().out, (open_tables, card_answer)))
