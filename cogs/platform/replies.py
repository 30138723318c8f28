"""Answering interactions: the right language, and errors turned into ephemeral replies.

User errors (`bot.service.errors.UserError`) are answered with their translated
message; anything else is logged with its traceback and answered with a
generic message, so a user never waits on a silent failure. Two paths lead
here: slash commands through `ReplyingTree.on_error`, components through
`guarded` (discord.py only logs what a dynamic item's callback raises).
Before a slash command runs, `ReplyingTree` holds its options to their
declaration (`cogs.validation`); before a component acts, `guarded` checks
that the table its custom_id names is the one of the channel it was used in
(`cogs.access`).
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any, ParamSpec

import discord
from discord import app_commands

from bot.i18n import LocaleLike, has_key, t
from bot.service.errors import ActionSyntaxError, IllegalAction, UserError
from cogs.access import check_clicked_table
from cogs.validation import check_options, check_shape

log = logging.getLogger(__name__)

UNKNOWN_WEBHOOK = 10015
"""Discord's answer to a follow-up of an interaction whose token expired (15 minutes)."""

P = ParamSpec("P")


def public_locale(interaction: discord.Interaction[Any]) -> LocaleLike:
    """The language of messages everyone in the channel reads: the server's language
    (replies only the user sees follow `interaction.locale` instead)."""
    if interaction.guild is not None:
        return interaction.guild.preferred_locale
    return interaction.locale


def error_text(error: UserError, locale: LocaleLike) -> str:
    """The user-facing message of `error` in `locale`."""
    if isinstance(error, IllegalAction):
        reason = _translated(locale, "reason", error.reason_key, error.params)
        return t(locale, "error.illegal_action", reason=reason or _sentence(error.reason))
    if isinstance(error, ActionSyntaxError):
        expected = _translated(locale, "expected", error.expected_key, error.params)
        return t(locale, "error.action_syntax", detail=expected or _sentence(str(error)))
    key = f"error.{error.key}"
    if not has_key(key):
        return t(locale, "error.generic", detail=str(error))
    return t(locale, key, detail=str(error), **error.params)


def _translated(locale: LocaleLike, family: str, key: str | None, params: dict[str, Any]) -> str:
    """The text of `family.key` in `locale`, or "" if the engine gave no key or the
    catalogs lack it (the caller then falls back to the engine's English). A word the
    engine names in a parameter (``colour="yellow"``) is said in `locale`'s language
    where the game's catalog names it (``coal-baron.colour.yellow``)."""
    if key is None or not has_key(f"{family}.{key}"):
        return ""
    game = key.split(".", 1)[0]
    words = {name: t(locale, f"{game}.{name}.{value}")
             for name, value in params.items()
             if isinstance(value, str) and has_key(f"{game}.{name}.{value}")}
    return t(locale, f"{family}.{key}", **{**params, **words})


def _sentence(text: str) -> str:
    """An engine's English reason ("only 2 steps") as a sentence ("Only 2 steps.")."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else f"{text}."


async def send_private(interaction: discord.Interaction[Any], content: str, **kwargs: Any) -> None:
    """An ephemeral answer, as the response or, if already responded, as a follow-up;
    one too late for its interaction (10015 Unknown Webhook) is a warning, not an error.

    A view sent with it is only the layout of its components: each is a `TableItem`,
    whose class the bot registers at start-up and dispatches by custom_id. It is
    stopped before it goes, so discord.py does not keep it, with a task timing it out
    after 15 minutes, for every private answer."""
    view = kwargs.get("view")
    if isinstance(view, discord.ui.View):
        view.stop()
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(content, ephemeral=True, **kwargs)
    except discord.NotFound as error:
        if error.code != UNKNOWN_WEBHOOK:
            raise
        # Past the interaction token's 15 minutes (a long opening): what the user did
        # was done, only this answer is lost.
        log.warning("an answer to user %s came after its interaction's token expired: %s",
                    interaction.user.id, error)


async def defer_private(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge privately before slow work (drawing an image): Discord drops an
    interaction not answered within 3 s, while its follow-ups may come for 15 minutes.
    `send_private` then answers as that follow-up."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


def acknowledged(
    function: Callable[P, Coroutine[Any, Any, None]],
) -> Callable[P, Coroutine[Any, Any, None]]:
    """A command (or what a command or click calls) that answers privately: its
    interaction is acknowledged (`defer_private`) before it runs, so before any
    database or image work. A busy bot may be slow to draw, never late to answer
    Discord's 3 seconds.

    The wrapper keeps the function's signature with its annotations resolved where
    the function was written: discord.py reads a command's parameters from it."""

    @functools.wraps(function)
    async def acknowledging(*args: P.args, **kwargs: P.kwargs) -> None:
        interaction = next(
            arg for arg in (*args, *kwargs.values()) if isinstance(arg, discord.Interaction)
        )
        await defer_private(interaction)
        await function(*args, **kwargs)

    acknowledging.__signature__ = inspect.signature(  # type: ignore[attr-defined]
        function, eval_str=True
    )
    return acknowledging


async def defer_edit(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge a component before slow work, to edit its message afterwards with
    `interaction.edit_original_response` or post a new one with `interaction.followup`
    (see `defer_private`).

    Commands answered publicly (/game new, join, leave, start) are not deferred: the
    first follow-up of a deferred command takes the place of its "thinking..." message,
    public, so their errors could no longer be answered privately."""
    if not interaction.response.is_done():
        await interaction.response.defer()


async def answer_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Tell the user what went wrong, in their language; log what is not their doing."""
    if isinstance(error, UserError):
        text = error_text(error, interaction.locale)
    elif isinstance(error, app_commands.NoPrivateMessage):
        text = t(interaction.locale, "error.guild_only")
    elif isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        # The client's copy of the commands is older than the bot's (or was forged).
        log.warning("command out of date: %s", error)
        text = t(interaction.locale, "error.command_outdated")
    else:
        log.error("error while handling an interaction", exc_info=error)
        text = t(interaction.locale, "error.unexpected")
    try:
        await send_private(interaction, text)
    except discord.HTTPException:
        log.exception("could not tell the user about an error")


async def guarded(
    interaction: discord.Interaction[Any],
    work: Coroutine[Any, Any, None],
    *,
    acknowledge: Callable[[discord.Interaction[Any]], Awaitable[None]] = defer_edit,
    check: Callable[[discord.Interaction[Any]], Awaitable[None]] = check_clicked_table,
) -> None:
    """Run a component's work, answering any error. Component callbacks must use it:
    discord.py only logs exceptions raised by a dynamic item's callback.

    The click is acknowledged first (`acknowledge`: `defer_edit`, or `defer_private`
    for a work that answers privately), before any database read, so that a slow
    database never loses it. Then the work runs only if the table the component's
    custom_id names belongs to the channel it was used in
    (`cogs.access.check_clicked_table`; `check`: another rule, for a component made
    to be used elsewhere)."""
    try:
        await acknowledge(interaction)
        await check(interaction)
        await work
    except Exception as error:
        await answer_error(interaction, error)
    finally:
        work.close()  # never started if the check refused: no "never awaited" warning


class ReplyingTree(app_commands.CommandTree[Any]):
    """A command tree that checks every command's options before it runs
    (`cogs.validation`) and answers every command error (see `answer_error`)."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Refuse, with a translated answer, a command whose options do not fit its
        declaration; the command then never runs. Autocomplete is only checked for a
        well-formed payload: its focused value is whatever the user is typing."""
        typed = interaction.type is discord.InteractionType.application_command
        if not typed and interaction.type is not discord.InteractionType.autocomplete:
            return True
        data: Mapping[str, Any] = interaction.data or {}
        try:
            check_shape(data)  # before discord.py walks the options to find the command
            command = interaction.command
            if typed and isinstance(command, app_commands.Command):
                check_options(command, data, interaction.locale)
        except UserError as error:
            if typed:
                await answer_error(interaction, error)
            else:
                await interaction.response.autocomplete([])
            return False
        return True

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        if isinstance(error, app_commands.CommandInvokeError):
            await answer_error(interaction, error.original)
        else:
            await answer_error(interaction, error)
