"""What a complete game leaves in its channel: public messages, images and bytes,
and the budgets they must keep (issue 9: one message a turn, at most two images a
message, images the size of a turn's).

Measured by tests/test_table_footprint.py (a 4-player Coal Baron game, the issue's
reference) and on every complete game of tests/test_discord_complete_games.py;
the figures are kept in docs/performance.md.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord
import simcord

from tests.discord_support import image_attachments

MAX_IMAGES = 3
"""Images a public message may carry: the board and every player's mine, the mines of 3
or 4 players in two images (issue 22: no image taller than 1.3 times its width)."""
BYTES_PER_IMAGE = 150_000
"""The largest image a game may post (today's largest, a 4-player Coal Baron board,
is about 95 kB)."""
AVERAGE_BYTES_PER_IMAGE = 100_000
"""What a game's images may weigh on average (today: about 70 kB for Coal Baron,
55 kB for Mine Out, 25 kB for Saboteur)."""


@dataclass(frozen=True)
class Footprint:
    messages: int
    images: int
    bytes: int
    largest: int
    """Bytes of the largest image."""
    most_images: int
    """Images of the message that carries the most."""

    def __str__(self) -> str:
        return (
            f"{self.messages} messages, {self.images} images, {self.bytes / 1e6:.2f} MB"
            f" (largest image {self.largest / 1e3:.0f} kB)"
        )

    def check(self, turns: int, before_first_turn: int) -> None:
        """Within the budgets, for a game of `turns` turns (the start's message
        included) whose lobby posted `before_first_turn` messages."""
        assert self.messages <= before_first_turn + turns, (str(self), turns)
        assert self.most_images <= MAX_IMAGES, str(self)
        assert self.largest <= BYTES_PER_IMAGE, str(self)
        assert self.bytes <= AVERAGE_BYTES_PER_IMAGE * self.images, str(self)


def footprint(messages: list[discord.Message]) -> Footprint:
    """Public messages posted by the bot, their images, and the images' bytes."""
    public = [m for m in messages if not m.flags.ephemeral and m.author.bot]
    images = [image_attachments(m) for m in public]
    sizes = [a.size for attached in images for a in attached]
    most = max(map(len, images), default=0)
    return Footprint(len(public), len(sizes), sum(sizes), max(sizes, default=0), most)


class TurnCounter:
    """A complete-game driver's hook (awaited after the start and after each turn):
    counts the turns, and the messages posted before the first (the lobby's)."""

    def __init__(self, channel: simcord.ChannelHandle) -> None:
        self.channel = channel
        self.turns = 0
        self.before_first_turn = 0

    async def __call__(self) -> None:
        if not self.turns:
            self.before_first_turn = footprint(list(self.channel.history())).messages - 1
        self.turns += 1
