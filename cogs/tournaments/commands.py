"""``/tournament``: new, start, pause, resume, drop, replace, cancel, withdraw,
standings, list; the minute's loop and the hook on a table's end (docs/tournaments.md).

The organizer is the tournament's creator or a member who may manage the server;
every refusal is private and worded in the user's language (the tree answers a
`UserError`). A command acts on the tournament of its channel (from a table's thread:
of the thread's channel). A tournament in a channel the member cannot read is
invisible to them: `/tournament standings tournament:` answers as for a number never
used, and `/tournament list` leaves it out.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Protocol

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.games.registry import get_game
from bot.i18n import t
from bot.service import TableStatus
from bot.service.computers import computer_level
from bot.service.life import TableEnded, TableStarted
from bot.service.tournament_record import (
    NameOneEntrant,
    NotEntered,
    NoTournamentHere,
    Settings,
    Tournament,
    TournamentNotFound,
)
from bot.service.tournaments import organizer_check
from bot.storage.records import LIVE_TOURNAMENTS
from bot.storage.table_settings import DROPPED, REPLACED, WITHDRAWN
from bot.tournaments import Format
from cogs.access import can_view
from cogs.delivery.shown import after_last_move
from cogs.game import GAME_CHOICES, OPTION_NAMES
from cogs.permissions.check import check_posting
from cogs.platform.host import TableHost, host_of, service_of
from cogs.platform.items import Interaction
from cogs.platform.names import mention
from cogs.platform.plugins import plugin_for
from cogs.platform.replies import acknowledged, public_locale, send_private
from cogs.platform.table_options import check_players, table_options, with_option_parameters
from cogs.platform.threads import close_thread
from cogs.platform.translator import command_text
from cogs.tournaments.announcement import link_round
from cogs.tournaments.buttons import CARD_ITEMS
from cogs.tournaments.card import post_card, refresh_card, standings_file
from cogs.tournaments.lanes import lanes_of
from cogs.tournaments.messages import opening_text, say, server_locale
from cogs.tournaments.notices import deliver
from cogs.tournaments.rounds import begin, go_on_later, table_ended, tick
from cogs.tournaments.seats import stand_in_for_good
from cogs.tournaments.words import standings_lines, title


class Decision(Protocol):
    """An organizer's decision of the service (`Tournaments.pause`...)."""

    def __call__(self, tournament_id: int, user: int, *, can_manage: bool
                 ) -> Awaitable[Tournament]: ...


MESSAGE_LIMIT = 2000
DEFAULT_MINUTES = 24 * 60
"""A round lasts a day unless the organizer says otherwise."""


def _text(key: str) -> app_commands.locale_str:
    return command_text(f"command.tournament.{key}")


FORMATS = [app_commands.Choice(name=_text(f"new.format.{f.value}"), value=f.value)
           for f in Format]


def chunks(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """`lines` joined into messages of at most `limit` characters."""
    messages: list[str] = []
    for line in lines:
        if messages and len(messages[-1]) + 1 + len(line) <= limit:
            messages[-1] += "\n" + line
        else:
            messages.append(line[:limit])
    return messages


def new_settings(
    game: str, fmt: str, rounds: int | None, players: int | None, minimum: int | None,
    minutes: int | None, options: dict[str, object], signup_deadline: float | None,
) -> Settings:
    """The settings of `/tournament new`, the defaults filled in: tables of up to four
    (within the game's bounds) and at least one fewer (the game's least at most), three
    rounds, a day per round."""
    spec = get_game(game)
    largest = players or min(4, spec.max_players)
    smallest = minimum or max(spec.min_players, largest - 1)
    return Settings(game, Format(fmt), rounds or 3, smallest, largest,
                    minutes or DEFAULT_MINUTES, dict(options), signup_deadline)


def entrant_named(tournament: Tournament, player: discord.Member | None,
                  computer: int | None) -> int:
    """The user id of the entrant a command names: a member, or a computer entrant by
    the number its name shows ("Computer 2"); NameOneEntrant unless exactly one is
    given, NotEntered for a number no computer entrant has."""
    if (player is None) == (computer is None):
        raise NameOneEntrant()
    if player is not None:
        return player.id
    users = [entrant.user for entrant in tournament.entrants]
    found = [user for user in users if computer_level(user) and -user // 10 == computer]
    if not found:
        raise NotEntered()
    return found[0]


@app_commands.guild_only()
class TournamentCog(
    commands.GroupCog,
    group_name=command_text("command.tournament.name"),
    group_description=command_text("command.tournament.description"),
):
    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self.host: TableHost = host_of(client)

    async def cog_load(self) -> None:
        self.host.service.life.listen(TableEnded, self.table_ended)
        self.host.service.life.listen(TableStarted, self.table_started)
        self.minute.start()

    async def cog_unload(self) -> None:
        self.minute.cancel()
        await lanes_of(self._client).close()

    @tasks.loop(minutes=1)
    async def minute(self) -> None:
        await tick(self._client, self.host.shard_set)

    @minute.before_loop
    async def wait_until_connected(self) -> None:
        await self._client.wait_until_ready()

    async def table_started(self, event: TableStarted) -> None:
        """A table started: the last of a round's links every table in its announcement."""
        await link_round(self._client, event.table)

    async def table_ended(self, event: TableEnded) -> None:
        """A table ended, whatever ended it (`bot.service.life`): its tournament goes on,
        once the move that finished it is shown in its channel."""
        async def go_on() -> None:
            if not self._client.is_closed():  # a move posted as the bot stopped
                await table_ended(self._client, event.table)

        if event.table.status == TableStatus.FINISHED:
            await after_last_move(self._client, event.table, go_on)
        else:
            await go_on()

    async def _here(self, interaction: Interaction) -> Tournament:
        """The tournament of the channel (of a thread's channel), else NoTournamentHere;
        its organizer first reads what was kept for them (`cogs.tournaments.notices`)."""
        service = service_of(interaction)
        channel = interaction.channel
        ids = [interaction.channel_id]
        if isinstance(channel, discord.Thread):
            ids.append(channel.parent_id)
        for channel_id in ids:
            if channel_id is None:
                continue
            found = await service.tournaments.in_channel(interaction.guild_id, channel_id)
            if found is not None:
                await deliver(interaction, found)
                return found
        raise NoTournamentHere()

    async def _done(self, interaction: Interaction, tournament: Tournament, key: str,
                    **params: object) -> None:
        """Say a change in the tournament's channel, redraw its card, answer "Done"."""
        locale = server_locale(interaction.client, tournament)
        await say(interaction.client, tournament.channel_id,
                  t(locale, key, title=title(tournament, locale),
                    organizer=mention(interaction.user.id, locale), **params))
        await refresh_card(interaction.client, tournament)
        await send_private(interaction, t(interaction.locale, "tournament.done"))

    @app_commands.command(  # type: ignore[arg-type]
        name=_text("new.name"), description=_text("new.description"))
    @app_commands.rename(game=_text("new.game.name"), fmt=_text("new.format.name"),
                         rounds=_text("new.rounds.name"), players=_text("new.players.name"),
                         minimum=_text("new.minimum.name"), minutes=_text("new.minutes.name"),
                         signup=_text("new.signup.name"), bye=_text("new.bye.name"))
    @app_commands.describe(game=_text("new.game.description"),
                           fmt=_text("new.format.description"),
                           rounds=_text("new.rounds.description"),
                           players=_text("new.players.description"),
                           minimum=_text("new.minimum.description"),
                           minutes=_text("new.minutes.description"),
                           signup=_text("new.signup.description"),
                           bye=_text("new.bye.description"))
    @app_commands.choices(game=GAME_CHOICES, fmt=FORMATS)
    @with_option_parameters(OPTION_NAMES)
    async def new(
        self,
        interaction: Interaction,
        game: str,
        fmt: str,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        players: app_commands.Range[int, 2, 10] | None = None,
        minimum: app_commands.Range[int, 2, 10] | None = None,
        minutes: app_commands.Range[int, 5, 43200] | None = None,
        signup: app_commands.Range[int, 1, 20160] | None = None,
        bye: app_commands.Range[int, 0, 6] | None = None,
        **chosen: str | None,
    ) -> None:
        """`signup`: minutes until the sign-up closes and the tournament starts; `bye`:
        the points of a bye (3 by default, half a table's winner's)."""
        assert interaction.channel_id is not None
        service = service_of(interaction)
        spec = plugin_for(game)
        options = table_options(game, spec.options, chosen, OPTION_NAMES, interaction.locale)
        deadline = None if signup is None else service.now() + signup * 60
        settings = new_settings(game, fmt, rounds, players, minimum, minutes, options, deadline)
        if bye is not None:
            settings = replace(settings, bye_points=float(bye))
        for size in range(settings.min_size, settings.max_size + 1):
            check_players(game, spec.options, options, size, interaction.locale)
        check_posting(interaction)  # its card and its tables (in the channel without threads)
        tournament = await service.tournaments.create(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            organizer=interaction.user.id, settings=settings)
        await post_card(interaction, tournament)

    @app_commands.command(name=_text("start.name"), description=_text("start.description"))
    @acknowledged
    async def start(self, interaction: Interaction) -> None:
        """Answered at once: the round's opening may take Discord many minutes, and goes
        on in the background (`cogs.tournaments.lanes`), reported in the channel."""
        tournament = await self._here(interaction)
        check_posting(interaction)  # the round's tables, before anything is stored
        await begin(interaction.client, tournament.id, interaction.user.id,
                    interaction.permissions.manage_guild)
        await send_private(interaction, opening_text(interaction.locale, tournament))

    async def _decide(self, interaction: Interaction, decide: Decision, key: str) -> Tournament:
        """The organizer's decision (`Tournaments.pause`, `resume`, `cancel`) on the
        channel's tournament, said in its channel."""
        here = await self._here(interaction)
        changed = await decide(here.id, interaction.user.id,
                               can_manage=interaction.permissions.manage_guild)
        await self._done(interaction, changed, key)
        return changed

    @app_commands.command(name=_text("pause.name"), description=_text("pause.description"))
    @acknowledged
    async def pause(self, interaction: Interaction) -> None:
        tournaments = service_of(interaction).tournaments
        await self._decide(interaction, tournaments.pause, "tournament.paused_by")

    @app_commands.command(name=_text("resume.name"), description=_text("resume.description"))
    @acknowledged
    async def resume(self, interaction: Interaction) -> None:
        tournaments = service_of(interaction).tournaments
        resumed = await self._decide(interaction, tournaments.resume, "tournament.resumed_by")
        go_on_later(interaction.client, resumed.id)  # a round over during the pause

    @app_commands.command(name=_text("cancel.name"), description=_text("cancel.description"))
    @acknowledged
    async def cancel(self, interaction: Interaction) -> None:
        service = service_of(interaction)
        cancelled = await self._decide(interaction, service.tournaments.cancel,
                                       "tournament.cancelled_by")
        locale = server_locale(interaction.client, cancelled)
        rounds = service.tournament_rounds
        for table in await rounds.close_tables(cancelled):
            await close_thread(interaction.client, table, locale)

    @app_commands.command(name=_text("withdraw.name"),
                          description=_text("withdraw.description"))
    @acknowledged
    async def withdraw(self, interaction: Interaction) -> None:
        service = service_of(interaction)
        here = await self._here(interaction)
        out = await service.tournaments.withdraw(here.id, interaction.user.id)
        await self._stand_in(interaction, out, interaction.user.id, WITHDRAWN)
        await self._done(interaction, out, "tournament.withdrew",
                         player=mention(interaction.user.id, public_locale(interaction)))

    @app_commands.command(name=_text("join.name"), description=_text("join.description"))
    @acknowledged
    async def join(self, interaction: Interaction) -> None:
        """The card's Join as a command (a card deleted or far up the channel)."""
        await self._sign_up(interaction, service_of(interaction).tournaments.join,
                            "tournament.joined")

    @app_commands.command(name=_text("leave.name"), description=_text("leave.description"))
    @acknowledged
    async def leave(self, interaction: Interaction) -> None:
        """The card's Leave as a command."""
        await self._sign_up(interaction, service_of(interaction).tournaments.leave,
                            "tournament.left")

    async def _sign_up(self, interaction: Interaction,
                       change: Callable[[int, int], Awaitable[Tournament]], key: str) -> None:
        """Join or Leave (`change`) the channel's tournament, its card redrawn, told privately."""
        here = await self._here(interaction)
        changed = await change(here.id, interaction.user.id)
        await refresh_card(interaction.client, changed)
        await send_private(interaction, t(interaction.locale, key,
                                          title=title(changed, interaction.locale)))

    @app_commands.command(name=_text("card.name"), description=_text("card.description"))
    async def card(self, interaction: Interaction) -> None:
        """The organizer posts the card again (the card deleted, or far up the channel):
        the former card's buttons then answer that it moved, with a link."""
        here = await self._here(interaction)
        organizer_check(here, interaction.user.id, interaction.permissions.manage_guild)
        check_posting(interaction)
        await post_card(interaction, here)

    @app_commands.command(name=_text("drop.name"), description=_text("drop.description"))
    @app_commands.rename(player=_text("drop.player.name"), computer=_text("drop.computer.name"))
    @app_commands.describe(player=_text("drop.player.description"),
                           computer=_text("drop.computer.description"))
    @acknowledged
    async def drop(self, interaction: Interaction, player: discord.Member | None = None,
                   computer: app_commands.Range[int, 1, 1000] | None = None) -> None:
        service = service_of(interaction)
        here = await self._here(interaction)
        user = entrant_named(here, player, computer)
        out = await service.tournaments.drop(here.id, interaction.user.id, user,
                                             can_manage=interaction.permissions.manage_guild)
        await self._stand_in(interaction, out, user, DROPPED)
        await self._done(interaction, out, "tournament.dropped",
                         player=mention(user, public_locale(interaction)))

    @app_commands.command(name=_text("replace.name"), description=_text("replace.description"))
    @app_commands.rename(player=_text("replace.player.name"), by=_text("replace.by.name"),
                         computer=_text("replace.computer.name"))
    @app_commands.describe(player=_text("replace.player.description"),
                           by=_text("replace.by.description"),
                           computer=_text("replace.computer.description"))
    @acknowledged
    async def replace(
        self, interaction: Interaction, player: discord.Member | None = None,
        by: discord.Member | None = None,
        computer: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        service = service_of(interaction)
        here = await self._here(interaction)
        user = entrant_named(here, player, computer)
        changed = await service.tournaments.replace_entrant(
            here.id, interaction.user.id, user, None if by is None else by.id,
            can_manage=interaction.permissions.manage_guild)
        await self._stand_in(interaction, changed, user, REPLACED)
        index = next(i for i, e in enumerate(changed.entrants) if user in e.former)
        locale = public_locale(interaction)
        await self._done(interaction, changed, "tournament.replaced",
                         player=mention(user, locale),
                         by=mention(changed.entrants[index].user, locale))

    async def _stand_in(self, interaction: Interaction, tournament: Tournament, user: int,
                        why: str) -> None:
        """A computer plays `user`'s seat at their table of the round to its end, if still
        in play, for `why` (`table_settings.FOR_GOOD`), said at the table."""
        await stand_in_for_good(interaction.client, tournament, user, why)

    @app_commands.command(name=_text("standings.name"),
                          description=_text("standings.description"))
    @app_commands.rename(number=_text("standings.tournament.name"))
    @app_commands.describe(number=_text("standings.tournament.description"))
    @acknowledged
    async def standings(
        self, interaction: Interaction, number: app_commands.Range[int, 1, 2**53] | None = None
    ) -> None:
        if number is None:
            tournament = await self._here(interaction)
        else:
            tournament = await service_of(interaction).tournaments.get(number)
            if (tournament.guild_id != interaction.guild_id
                    or not await can_view(interaction, tournament.channel_id)):
                raise TournamentNotFound(number)
            await deliver(interaction, tournament)
        locale = interaction.locale
        lines = [t(locale, "tournament.standings", title=title(tournament, locale)),
                 *standings_lines(tournament, locale)]
        drawn = await standings_file(interaction.client, tournament, locale)
        messages = chunks(lines)
        for index, text in enumerate(messages):
            files = [drawn] if drawn is not None and index == len(messages) - 1 else []
            await send_private(interaction, text, files=files,
                         allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=_text("list.name"), description=_text("list.description"))
    @acknowledged
    async def list_tournaments(self, interaction: Interaction) -> None:
        service = service_of(interaction)
        locale = interaction.locale
        found = [tournament for tournament in await service.tournaments.of_server(
                 interaction.guild_id)
                 if tournament.status in LIVE_TOURNAMENTS
                 and await can_view(interaction, tournament.channel_id)]
        if not found:
            await send_private(interaction, t(locale, "tournament.list_none"))
            return
        lines = [t(locale, "tournament.list_title")]
        for tournament in found:
            lines.append(t(locale, f"tournament.list_{tournament.status.value}",
                           title=title(tournament, locale),
                           channel=f"<#{tournament.channel_id}>",
                           count=len(tournament.entrants)))
        for text in chunks(lines):
            await send_private(interaction, text, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*CARD_ITEMS)
    await bot.add_cog(TournamentCog(bot))
