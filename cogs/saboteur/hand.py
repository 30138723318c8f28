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

import asyncio
import io

import discord

from bot.errors import StaleAction
from bot.games.base import Seat
from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import CardPlay, seat_label
from bot.i18n import LocaleLike, language_of, t
from bot.service import Table
from cogs.platform.errors import NotYourHand
from cogs.platform.host import service_of
from cogs.platform.items import OPTION_LABEL_LIMIT, Button, Interaction, Item, Select, TableItem
from cogs.platform.presenter import MAX_OFFERED_ACTIONS, TurnMessage
from cogs.platform.replies import defer_edit, defer_private, send_private
from cogs.platform.table_items import action_select, turn_view
from cogs.saboteur.choices import (
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

HAND_FILE = "saboteur-hand.png"


async def hand_file(state: SaboteurState, seat: Seat, locale: LocaleLike) -> discord.File:
    """The private image of `seat` (role, hand, peeks, gold): for that player only."""
    png = await asyncio.to_thread(render_hand, state.view(seat), language_of(locale))
    return discord.File(io.BytesIO(png), filename=HAND_FILE)


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
        items.append(card_select(table, seat, playable, locale))
    passes = [choice(state, locale, a, labels) for a in discards(state, seat)]
    if passes:
        items.append(action_select(table, 0, passes, t(locale, "sab.hand.discard_placeholder")))
    image = await hand_file(state, seat, locale)
    return TurnMessage(hand_text(table, seat, locale), actions=picks, files=[image], items=items)


async def owned_table(interaction: Interaction, table_id: int, seat: Seat) -> Table:
    """The table, if the clicker holds `seat` at it and the game is in play."""
    table, own = await service_of(interaction).authorize(
        table_id, interaction.user.id, None, to_act=False
    )
    if own != seat:
        raise NotYourHand()
    return table


async def show_hand(interaction: Interaction, table_id: int, *, edit: bool) -> None:
    """Answer the clicker's hand view ephemerally, or redraw it in place (`edit`)."""
    table, seat = await service_of(interaction).authorize(
        table_id, interaction.user.id, None, to_act=False
    )
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


def card_select(
    table: Table, seat: Seat, playable: dict[str, list[CardPlay]], locale: LocaleLike
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
    placeholder = t(locale, "sab.hand.card_placeholder")
    return CardSelect.as_select(table.id, table.version, str(seat), options, placeholder)


class CardSelect(TableItem[Select], prefix="sab:card", arg=r"\d+"):
    """Choose the card to play; the message then offers where or on whom to play it.
    The argument is the seat whose hand it is."""

    async def run(self, interaction: Interaction) -> None:
        """Second step: the ways to play the chosen card, most relevant first."""
        seat = int(self.arg)
        table = await owned_table(interaction, self.table_id, seat)
        if table.version != self.version:
            raise StaleAction()
        card = self.value
        state = sab_state(table)
        plays = plays_by_card(state, seat).get(card)
        if not plays:
            raise StaleAction()
        locale = interaction.locale
        labels = seat_labels(table)
        choices = [choice(state, locale, play, labels) for play in plays]
        view = turn_view(table, choices, locale, with_private=False)
        back = t(locale, "sab.hand.back")
        view.add_item(BackButton.as_button(table.id, None, str(seat), back))
        lines = [t(locale, "sab.hand.step", card=card_name(locale, card))]
        if len(choices) > MAX_OFFERED_ACTIONS:
            lines.append(t(locale, "sab.hand.more", shown=MAX_OFFERED_ACTIONS, total=len(choices)))
        await interaction.response.edit_message(content="\n".join(lines), view=view)


class BackButton(TableItem[Button], prefix="sab:back", versioned=False, arg=r"\d+"):
    """Back from a card's choices to the hand view, redrawn from the current state.
    The argument is the seat whose hand it is."""

    async def run(self, interaction: Interaction) -> None:
        await owned_table(interaction, self.table_id, int(self.arg))
        await show_hand(interaction, self.table_id, edit=True)


HAND_ITEMS = (CardSelect, BackButton)
