"""``/game stats`` and ``/game leaderboard``: a server's finished games, in figures.

Both read the summaries stored when each game ended and the server's ratings
(`bot.service.results.Results.summaries` / `ratings`; docs/weeks.md), and answer
privately, in the user's language.
"""

from __future__ import annotations

import discord

from bot.i18n import LocaleLike, language_of, t
from bot.results import Player
from bot.stats import leaderboard, player_totals
from cogs.platform.host import service_of
from cogs.platform.items import Interaction
from cogs.platform.presenter import game_name, image_file, mention
from cogs.platform.replies import defer_private, send_private
from renderer.leaderboard import render_leaderboard


def decimal(locale: LocaleLike, value: float) -> str:
    """`value` with one decimal, a decimal comma in French."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if language_of(locale) == "fr" else text


def duration(locale: LocaleLike, seconds: float) -> str:
    """A turn's length, rounded: "45 s", "12 min", "3 h 05", "2 d 4 h" (``stats.*`` units)."""
    minutes = round(seconds / 60)
    if seconds < 60:
        return t(locale, "stats.seconds", n=round(seconds))
    if minutes < 60:
        return t(locale, "stats.minutes", n=minutes)
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return t(locale, "stats.hours", h=hours, m=f"{minutes:02d}")
    days, hours = divmod(hours, 24)
    return t(locale, "stats.days", d=days, h=hours)


async def send_stats(
    interaction: Interaction, member: discord.abc.User | None, game: str | None
) -> None:
    """The statistics of `member` (default the user) on this server, for `game` or all."""
    user = member or interaction.user
    locale = interaction.locale
    summaries = await service_of(interaction).results.summaries(interaction.guild_id)
    totals = player_totals(summaries, Player(str(user.id)), game)
    games = t(locale, "stats.all_games") if game is None else game_name(locale, game)
    if totals.games == 0:
        none = t(locale, "stats.none", player=mention(user.id), game=games)
        await send_private(interaction, none)
        return
    assert totals.average_score is not None
    turn = totals.average_turn_seconds
    text = t(
        locale,
        "stats.text",
        player=mention(user.id),
        game=games,
        games=totals.games,
        wins=totals.wins,
        score=decimal(locale, totals.average_score),
        turn="—" if turn is None else duration(locale, turn),
    )
    await send_private(interaction, text)


async def send_leaderboard(interaction: Interaction, game: str) -> None:
    """The best-rated players of `game` on this server, as an image."""
    await defer_private(interaction)  # acknowledged before any database or image work
    service = service_of(interaction)
    summaries = await service.results.summaries(interaction.guild_id)
    rows = leaderboard(summaries, await service.results.ratings(interaction.guild_id), game)
    names = {row.player: display_name(interaction, row.player) for row in rows}
    lang = language_of(interaction.locale)
    file = await image_file(f"leaderboard-{game}.png", render_leaderboard, game, rows, names, lang)
    key = "leaderboard.text" if rows else "leaderboard.empty"
    text = t(interaction.locale, key, game=game_name(interaction.locale, game))
    await send_private(interaction, text, file=file)


def display_name(interaction: Interaction, player: Player) -> str:
    """The name the server shows for `player` (a computer player by its level)."""
    if player.computer:
        return player.id
    member = interaction.guild.get_member(int(player.id)) if interaction.guild else None
    return member.display_name if member is not None else player.id
