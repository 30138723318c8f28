"""``/game stats`` and ``/game leaderboard``: a server's finished games, in figures.

Both read the summaries stored when each game ended and the server's ratings
(`bot.service.results.Results.summaries` / `ratings`; docs/weeks.md), and answer
privately, in the user's language. Players are named by their display name,
never by their id, without the Server Members intent: the interaction's own, or the
name the bot kept when they last played (`cogs.platform.server_names`).
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.i18n import LocaleLike, decimal, language_of, t
from bot.outcomes.stats import leaderboard, player_totals
from bot.outcomes.summaries import Player
from cogs.platform.host import service_of
from cogs.platform.items import Interaction
from cogs.platform.names import member_name
from cogs.platform.presenter import game_name, image_file
from cogs.platform.replies import acknowledged, send_private
from cogs.platform.server_names import note_actor, remember_names, stored_names
from cogs.platform.summary_alt import leaderboard_description
from renderer.leaderboard import render_leaderboard


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
    if member is None:
        await note_actor(interaction)
    name = discord.utils.escape_markdown(user.display_name)
    summaries = await service_of(interaction).results.summaries(interaction.guild_id)
    totals = player_totals(summaries, Player(str(user.id)), game)
    games = t(locale, "stats.all_games") if game is None else game_name(locale, game)
    if totals.games == 0:
        none = t(locale, "stats.none", player=name, game=games)
        await send_private(interaction, none)
        return
    assert totals.average_score is not None
    turn = totals.average_turn_seconds
    text = t(
        locale,
        "stats.text",
        player=name,
        game=games,
        games=totals.games,
        wins=totals.wins,
        score=decimal(locale, totals.average_score),
        turn="—" if turn is None else duration(locale, turn),
    )
    await send_private(interaction, text)


@acknowledged
async def send_leaderboard(interaction: Interaction, game: str) -> None:
    """The best-rated players of `game` on this server, as an image."""
    service = service_of(interaction)
    summaries = await service.results.summaries(interaction.guild_id)
    rows = leaderboard(summaries, await service.results.ratings(interaction.guild_id), game)
    names = await leaderboard_names(interaction, [row.player for row in rows])
    lang = language_of(interaction.locale)
    told = leaderboard_description(game, rows, names, interaction.locale)
    file = await image_file(f"leaderboard-{game}.png", render_leaderboard, game, rows, names, lang,
                            description=told)
    key = "leaderboard.text" if rows else "leaderboard.empty"
    text = t(interaction.locale, key, game=game_name(interaction.locale, game))
    await send_private(interaction, text, file=file)


async def leaderboard_names(
    interaction: Interaction, players: Iterable[Player]
) -> dict[Player, str]:
    """A name for each of `players` on the interaction's server, never an id: a computer
    player by its level; a user by the name the bot kept (`cogs.platform.server_names`),
    else by the member's name if the server still knows them (then kept). A user
    found by neither is left out: the image calls them a former player."""
    players = list(players)
    users = [int(player.id) for player in players if not player.computer]
    names = await stored_names(interaction.client, interaction.guild_id, users)
    unseen = [user for user in users if user not in names]
    found = {user: await member_name(interaction.guild, user) for user in unseen}
    await remember_names(interaction.client, interaction.guild_id, found)
    names |= {user: name for user, name in found.items() if name}
    return {
        player: player.id if player.computer else names[int(player.id)]
        for player in players
        if player.computer or int(player.id) in names
    }
