""""My view": what a seated player alone may see, answered ephemerally.

The presenter writes it from the player's own view (`Presenter.private`), or,
for a game whose turns are built in a panel (Saboteur's hand), the turn
builder opens (`Presenter.private_builder`). When the player is to act, it opens
with what happened since their last turn (`cogs.platform.digest`). Spectators
get nothing.
"""

from __future__ import annotations

from cogs.platform.alt_text import logged_move
from cogs.platform.builder import open_builder
from cogs.platform.coach import add_hint_button
from cogs.platform.controls import turn_controls
from cogs.platform.digest import digest, headed
from cogs.platform.host import service_of
from cogs.platform.items import PRIVATE_VIEW, Button, Interaction, TableItem
from cogs.platform.names import display_names
from cogs.platform.plugins import presenter_for
from cogs.platform.replies import acknowledged, send_private
from cogs.platform.seen import seen


@acknowledged
async def show_private(interaction: Interaction, table_id: int) -> None:
    """The clicker's private view, ephemerally; spectators get nothing."""
    table, seat = await service_of(interaction).moves.authorize(
        table_id, interaction.user.id, None, to_act=False
    )
    presenter = presenter_for(table.game)
    to_act = table.state is not None and seat in table.state.to_act()
    intro = await digest(interaction.client, table, seat, interaction.locale) if to_act else ""
    if presenter.private_builder is not None:
        await open_builder(interaction, table, seat, presenter.private_builder, [], intro)
        return
    names = await display_names(interaction.client, table, interaction.locale)
    played = await logged_move(service_of(interaction), table)
    message = await presenter.private(seen(table, seat, names=names), interaction.locale, played)
    controls = turn_controls(
        table, message.actions, interaction.locale, items=message.items, with_private=False
    )
    add_hint_button(controls, table, seat, interaction.locale)
    await send_private(
        interaction,
        headed(intro, message.content),
        view=controls,
        files=message.files,
        embeds=message.embeds,
    )


class PrivateViewButton(TableItem[Button], prefix=PRIVATE_VIEW, versioned=False, arg=None):
    """Shows the clicker's private view and actions, ephemerally."""

    answers_privately = True

    async def run(self, interaction: Interaction) -> None:
        await show_private(interaction, self.table_id)


PRIVATE_ITEMS = (PrivateViewButton,)
