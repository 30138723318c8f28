"""The tournament card's buttons (`cogs.tournaments.card` lays them out): one registered
`DynamicItem`, ``mt:tour:<tournament>:join|leave|easy|normal|strong|start``, which
works after a restart. A click is acknowledged first, then refused (privately, in the
clicker's language) unless the tournament is the one of the channel it was clicked in
(a forged or old button), then the service decides (the organizer alone adds
computers and starts; a second Join is refused, as a Leave of someone not entered).
"""

from __future__ import annotations

import re
from typing import Self

import discord

from bot.service.tournament_record import CardMoved, TournamentNotFound
from bot.storage.records import TournamentStatus
from cogs.permissions.check import check_posting
from cogs.platform.host import service_of
from cogs.platform.items import Button, Interaction, Item
from cogs.platform.replies import defer_edit, guarded, public_locale, send_private
from cogs.tournaments.card import PREFIX, card_link, card_message
from cogs.tournaments.messages import opening_text
from cogs.tournaments.rounds import begin


class CardButton(
    discord.ui.DynamicItem[Button],
    template=rf"{PREFIX}:(?P<tournament>\d+):(?P<arg>join|leave|easy|normal|strong|start)",
):
    """A button of a tournament's card."""

    def __init__(self, item: Button, tournament_id: int, arg: str) -> None:
        super().__init__(item)
        self.tournament_id = tournament_id
        self.arg = arg

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, discord.ui.Button)
        return cls(item, int(match["tournament"]), match["arg"])

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, self.run(interaction), acknowledge=defer_edit,
                      check=self.check_origin)

    async def check_origin(self, interaction: Interaction) -> None:
        """TournamentNotFound unless the tournament is this channel's; CardMoved for a
        button of a card posted again since (`/tournament card`) during the sign-up."""
        tournament = await service_of(interaction).tournaments.get(self.tournament_id)
        if (tournament.channel_id != interaction.channel_id
                or tournament.guild_id != interaction.guild_id):
            raise TournamentNotFound(self.tournament_id)
        clicked = interaction.message
        if (tournament.status == TournamentStatus.SIGNUP and tournament.card is not None
                and clicked is not None and clicked.id != tournament.card):
            raise CardMoved(card_link(tournament))

    async def run(self, interaction: Interaction) -> None:
        service = service_of(interaction)
        user = interaction.user.id
        manages = interaction.permissions.manage_guild
        if self.arg == "start":
            check_posting(interaction)  # the round's tables, before anything is stored
            started = await begin(interaction.client, self.tournament_id, user, manages)
            await send_private(interaction, opening_text(interaction.locale, started))
            return
        if self.arg == "join":
            tournament = await service.tournaments.join(self.tournament_id, user)
        elif self.arg == "leave":
            tournament = await service.tournaments.leave(self.tournament_id, user)
        else:
            tournament = await service.tournaments.add_computer(
                self.tournament_id, user, self.arg, can_manage=manages)
        await interaction.edit_original_response(
            **await card_message(interaction.client, tournament, public_locale(interaction)))


CARD_ITEMS = (CardButton,)
