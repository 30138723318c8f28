"""The ephemeral hand view: play without typing, one choice at a time.

The hand view shows the player's role, hand image, peeks and gold, with a
select of the cards they can play and a select to pass by discarding. Choosing
a card edits the message into the second step: where and how to play it
(placements with their rotation, the player to target, the goal to look at, the
card to clear), as the platform's action buttons or selects, which play the
chosen notation; "Back" returns to the hand. Custom ids (persistent, no memory):

    sab:card:<table>:<version>:<seat>   the card select of a seat's hand view
    sab:back:<table>:<seat>             back to the hand view of a seat
"""

from __future__ import annotations

import re

import discord

from bot.errors import StaleAction
from bot.games.base import Seat
from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import CardPlay, seat_label
from bot.i18n import LocaleLike, language_of, t
from bot.presenters import MAX_OFFERED_ACTIONS, TurnMessage, image_file
from bot.service import Table
from cogs.components import (
    OPTION_LABEL_LIMIT,
    ActionSelect,
    Button,
    Interaction,
    Item,
    Select,
    ensure_in_play,
    seated_at,
    select_menu,
    service_of,
    turn_view,
)
from cogs.errors import NotYourHand
from cogs.replies import defer_edit, defer_private, guarded, send_private
from cogs.saboteur_choices import (
    card_name,
    choice,
    discards,
    goal_name,
    gold_picks,
    player,
    plays_by_card,
    sab_state,
    seat_labels,
)
from renderer.saboteur.hand import render_hand
from renderer.saboteur.labels import numbered_names

HAND_FILE = "saboteur-hand.png"


async def hand_file(state: SaboteurState, seat: Seat, locale: LocaleLike) -> discord.File:
    """The private image of `seat` (role, hand, peeks, gold): for that player only."""
    lang = language_of(locale)
    names = numbered_names(state.players, lang)
    return await image_file(HAND_FILE, render_hand, state.view(seat), names, lang)


def hand_text(table: Table, seat: Seat, locale: LocaleLike) -> str:
    """The words of the hand view: role, goals seen, gold, and what to do now."""
    state = sab_state(table)
    you = state.view(seat)["you"]
    role = t(locale, f"saboteur.role.{you['role']}")
    lines = [t(locale, "sab.hand.title", seat=seat_label(seat), round=state.round, role=role)]
    peeks = [
        t(locale, "sab.hand.peek_gold" if peek["gold"] else "sab.hand.peek_stone",
          goal=goal_name(locale, peek["name"]))
        for peek in you["peeks"]
    ]
    seen = " · ".join(peeks) or t(locale, "sab.hand.no_peeks")
    lines.append(t(locale, "sab.hand.peeks", peeks=seen))
    lines.append(t(locale, "sab.hand.gold", nuggets=you["nuggets"]))
    if state.to_act() != (seat,):
        waiting = " ".join(player(table, s) for s in state.to_act())
        lines.append(t(locale, "sab.hand.waiting", player=waiting))
    elif state.phase == "gold":
        offer = ", ".join(str(value) for value in you["gold_offer"])
        lines.append(t(locale, "sab.hand.pick_gold", values=offer))
    else:
        lines.append(t(locale, "sab.hand.choose"))
    return "\n".join(lines)


async def hand_message(table: Table, seat: Seat, locale: LocaleLike) -> TurnMessage:
    """The first step: text and image of the hand, then a card to play and a card to
    discard, or the gold cards to pick from."""
    state = sab_state(table)
    labels = seat_labels(table)
    picks = [choice(state, locale, pick, labels) for pick in gold_picks(state, seat)]
    items: list[Item] = []
    playable = plays_by_card(state, seat)
    if playable:
        items.append(CardSelect.for_hand(table, seat, playable, locale))
    passes = [choice(state, locale, a, labels) for a in discards(state, seat)]
    if passes:
        select = ActionSelect(table.id, table.version, 0, passes)
        select.item.placeholder = t(locale, "sab.hand.discard_placeholder")
        items.append(select)
    image = await hand_file(state, seat, locale)
    return TurnMessage(hand_text(table, seat, locale), actions=picks, files=[image], items=items)


async def owned_table(interaction: Interaction, table_id: int, seat: Seat) -> Table:
    """The table, if the clicker holds `seat` at it and the game is in play."""
    table = await service_of(interaction).get_table(table_id)
    if table.seat_of(interaction.user.id) != seat:
        raise NotYourHand()
    ensure_in_play(table)
    return table


async def show_hand(interaction: Interaction, table_id: int, *, edit: bool) -> None:
    """Answer the clicker's hand view ephemerally, or redraw it in place (`edit`)."""
    table, seat = await seated_at(interaction, table_id)
    if edit:  # acknowledged before the image is drawn
        await defer_edit(interaction)
    else:
        await defer_private(interaction)
    locale = interaction.locale
    message = await hand_message(table, seat, locale)
    view = turn_view(table, message.actions, locale, items=message.items, with_private=False)
    if edit:
        await interaction.edit_original_response(
            content=message.content, attachments=message.files, view=view
        )
    else:
        await send_private(interaction, message.content, files=message.files, view=view)


class CardSelect(
    discord.ui.DynamicItem[Select],
    template=r"sab:card:(?P<table>\d+):(?P<version>\d+):(?P<seat>\d+)",
):
    """Choose the card to play; the message then offers where or on whom to play it."""

    def __init__(
        self, table_id: int, version: int, seat: Seat, options: list[discord.SelectOption]
    ) -> None:
        super().__init__(select_menu(f"sab:card:{table_id}:{version}:{seat}", options))
        self.table_id = table_id
        self.version = version
        self.seat = seat

    @classmethod
    def for_hand(
        cls, table: Table, seat: Seat, playable: dict[str, list[CardPlay]], locale: LocaleLike
    ) -> CardSelect:
        """One option per card that can be played now, with how many ways it can."""
        options = [
            discord.SelectOption(
                label=card_name(locale, card)[:OPTION_LABEL_LIMIT],
                value=card,
                description=t(locale, "sab.hand.card_ways", code=card, count=len(plays)),
            )
            for card, plays in playable.items()
        ]
        select = cls(table.id, table.version, seat, options)
        select.item.placeholder = t(locale, "sab.hand.card_placeholder")
        return select

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> CardSelect:
        # The chosen card arrives with the interaction; the options are not needed.
        return cls(int(match["table"]), int(match["version"]), int(match["seat"]), [])

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, self.chosen(interaction))

    async def chosen(self, interaction: Interaction) -> None:
        """Second step: the ways to play the chosen card, most relevant first."""
        await defer_edit(interaction)  # acknowledged before any database or image work
        table = await owned_table(interaction, self.table_id, self.seat)
        if table.version != self.version:
            raise StaleAction()
        card = self.item.values[0]
        state = sab_state(table)
        plays = plays_by_card(state, self.seat).get(card)
        if not plays:
            raise StaleAction()
        locale = interaction.locale
        labels = seat_labels(table)
        choices = [choice(state, locale, play, labels) for play in plays]
        view = turn_view(table, choices, locale, with_private=False)
        view.add_item(BackButton(table.id, self.seat, locale))
        lines = [t(locale, "sab.hand.step", card=card_name(locale, card))]
        if len(choices) > MAX_OFFERED_ACTIONS:
            lines.append(t(locale, "sab.hand.more", shown=MAX_OFFERED_ACTIONS, total=len(choices)))
        await interaction.edit_original_response(content="\n".join(lines), view=view)


class BackButton(discord.ui.DynamicItem[Button], template=r"sab:back:(?P<table>\d+):(?P<seat>\d+)"):
    """Back from a card's choices to the hand view, redrawn from the current state."""

    def __init__(self, table_id: int, seat: Seat, locale: LocaleLike = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(locale, "sab.hand.back"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"sab:back:{table_id}:{seat}",
            )
        )
        self.table_id = table_id
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item, match: re.Match[str], /
    ) -> BackButton:
        return cls(int(match["table"]), int(match["seat"]))

    async def callback(self, interaction: Interaction) -> None:
        await guarded(interaction, self.back(interaction))

    async def back(self, interaction: Interaction) -> None:
        await defer_edit(interaction)  # acknowledged before any database or image work
        await owned_table(interaction, self.table_id, self.seat)
        await show_hand(interaction, self.table_id, edit=True)


HAND_ITEMS = (CardSelect, BackButton)
