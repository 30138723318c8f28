"""What a complete game leaves in its channel: public messages, images and bytes.

Used by the footprint tests and by `docs/performance.md`'s figures.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif")


@dataclass(frozen=True)
class Footprint:
    messages: int
    images: int
    bytes: int

    def __str__(self) -> str:
        return f"{self.messages} messages, {self.images} images, {self.bytes / 1e6:.2f} MB"


def footprint(messages: list[discord.Message]) -> Footprint:
    """Public messages posted by the bot, their images, and the images' bytes."""
    public = [m for m in messages if not m.flags.ephemeral and m.author.bot]
    images = [a for m in public for a in m.attachments if a.filename.endswith(IMAGE_SUFFIXES)]
    return Footprint(len(public), len(images), sum(a.size for a in images))
