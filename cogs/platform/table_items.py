"""A table in play: what the clicks on a turn message's components do (the
components themselves are built by `cogs.platform.controls`, the turn posted by
`cogs.platform.posting`).

Custom ids (all `cogs.platform.items.TableItem`s):

    mt:act:<table>:<version>:<notation>    an action button
    mt:pick:<table>:<version>:<n>          the n-th action select; option values are notations
    mt:view:<table>                        "My view" (`cogs.platform.private`)
    mt:rematch:<table>                     "Rematch", once the game is over (`cogs.platform.lobby`)
    mt:export:<table>                      "Export", once the game is over (`cogs.platform.summary`)
    mt:undo:<table>:<version>              "Take back", on the actor's private
                                           confirmation, valid at that version only
    mt:img:<table>:<version>               draw again the images a turn message lacks

Actions carry the version they were offered at; a click on an older message
answers that the table moved on (`bot.service.check_turn`, the one check of
every path).
"""

from __future__ import annotations

from bot.games.base import Seat
from bot.i18n import t
from bot.service import Table, TableStatus
from bot.service.errors import NotPlaying, StaleAction
from cogs.platform.errors import NoTableHere, NotAPlayer, WrongGame
from cogs.platform.host import service_of
from cogs.platform.items import ACT, IMAGES, PICK, UNDO, Button, Interaction, Select, TableItem
from cogs.platform.names import mention
from cogs.platform.plugins import plugin_for
from cogs.platform.posting import post_turn, redraw_turn
from cogs.platform.presenter import game_name
from cogs.platform.replies import public_locale
from cogs.platform.seen import seat_copy


async def game_table(interaction: Interaction, game_id: str) -> Table:
    """This channel's open table, which must play `game_id` (for a game's own commands)."""
    assert interaction.channel_id is not None
    table = await service_of(interaction).tables.active_table(interaction.channel_id)
    if table is None:
        raise NoTableHere()
    if table.game != game_id:
        locale = interaction.locale
        raise WrongGame(game=game_name(locale, table.game), wanted=game_name(locale, game_id))
    return table


def seat_shown(table: Table, user_id: int, member_id: int | None) -> Seat:
    """Which seat a game's command shows (Coal Baron's mine and orders, Mine Out's
    player): the named member's (`NotAPlayer` if they do not play here); without one,
    the user's own seat; for a spectator, the first seat to act (else the first)."""
    seat = table.seat_of(member_id if member_id is not None else user_id)
    if seat is not None:
        return seat
    if member_id is not None:
        raise NotAPlayer()
    to_act = table.state.to_act() if table.state is not None else ()
    return to_act[0] if to_act else 0


async def play_clicked(
    interaction: Interaction, table_id: int, version: int, notation: str
) -> None:
    """Play `notation` for the clicker, if the click was made on the current state."""
    result = await service_of(interaction).moves.act(
        table_id, interaction.user.id, notation, expected_version=version
    )
    await post_turn(interaction, result.table, result)


class ActionButton(TableItem[Button], prefix=ACT):
    """Plays the notation in its custom_id, against the version it was offered at."""

    async def run(self, interaction: Interaction) -> None:
        assert self.version is not None
        await play_clicked(interaction, self.table_id, self.version, self.arg)


class ActionSelect(TableItem[Select], prefix=PICK, arg=r"\d"):
    """A select of actions; each option's value is a notation."""

    async def run(self, interaction: Interaction) -> None:
        assert self.version is not None
        await play_clicked(interaction, self.table_id, self.version, self.value)


async def take_back(interaction: Interaction, table_id: int, version: int | None) -> None:
    """Take back the clicker's last action, post the turn again headed "X took back
    their last action", and tell the clicker alone which action it was.

    With `version` (the "Take back" button, made right after the action), the table
    must still be at it, and the button's message becomes that private answer.
    Either way the interaction was acknowledged first (the button by `TableItem`,
    ``/game undo`` privately).
    """
    service = service_of(interaction)
    if version is not None:
        await service.moves.authorize(table_id, interaction.user.id, version, to_act=False)
    done = await service.moves.take_back(table_id, interaction.user.id)
    words = plugin_for(done.table.game).typed.words(
        seat_copy(done.table, done.seat), done.notation, interaction.locale
    )
    text = t(interaction.locale, "undo.done_private", action=words)
    if version is not None:
        await interaction.edit_original_response(content=text, view=None)
    header = t(public_locale(interaction), "undo.took_back", player=mention(interaction.user.id))
    await post_turn(interaction, done.table, None, header=header)
    if version is None:
        await interaction.followup.send(text, ephemeral=True)


class UndoButton(TableItem[Button], prefix=UNDO, arg=None):
    """Takes back the clicker's last action, if the table is still at its version."""

    async def run(self, interaction: Interaction) -> None:
        await take_back(interaction, self.table_id, self.version)


async def retry_images(interaction: Interaction, table_id: int, version: int) -> None:
    """Draw the images of the clicked turn message again and attach them to it, while
    the table is still at that turn. A lobby has no turn message (the button
    could only be forged): NotPlaying."""
    table = await service_of(interaction).tables.get_table(table_id)
    if table.status == TableStatus.LOBBY:
        raise NotPlaying()
    if table.version != version:
        raise StaleAction()
    await redraw_turn(interaction, table)


class RetryImagesButton(TableItem[Button], prefix=IMAGES, arg=None):
    """On a turn message posted without its images: draws them again."""

    kept_at_end = True

    async def run(self, interaction: Interaction) -> None:
        assert self.version is not None
        await retry_images(interaction, self.table_id, self.version)


TURN_ITEMS = (ActionButton, ActionSelect, UndoButton, RetryImagesButton)
