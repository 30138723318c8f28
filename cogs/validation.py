"""Every slash command's options, checked on the bot's side against their declaration.

Discord's client offers only the declared choices, ranges and lengths, but nothing
binds a client to them: a forged interaction may carry any JSON. `check_options`
holds the values of an interaction to what its command declares (presence, type,
choices, `min_value`/`max_value`, string length, resolved users and channels), so
that a command body and the service only ever see values they were written for.
`cogs.platform.replies.ReplyingTree` runs it before every command, so a command added
later is covered without a line of its own: declare its limits
(`app_commands.Range`, `@app_commands.choices`) and they are enforced here too.

A refusal is a `UserError` answered in the user's language; it names the option
(as the user's client shows it) and what it accepts, never echoes the value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from discord import AppCommandOptionType, app_commands

from bot.i18n import LocaleLike, has_key, t
from bot.service.errors import UserError

DISCORD_INTEGER_LIMIT = 2**53
"""Discord's integer options hold values in [-2^53, 2^53]; a declared range must fit in it."""
TEXT_LIMIT = 6000
"""Discord's longest string option: the cap of a string option that declares none."""
ACTION_TEXT_LIMIT = 200
"""Longest typed action (`/coal play`, `/sab play`): the longest legal line is under 40."""

_SUBCOMMANDS = (AppCommandOptionType.subcommand.value, AppCommandOptionType.subcommand_group.value)
_RESOLVED_BUCKETS: dict[AppCommandOptionType, tuple[str, ...]] = {
    AppCommandOptionType.user: ("users",),
    AppCommandOptionType.channel: ("channels",),
    AppCommandOptionType.role: ("roles",),
    AppCommandOptionType.mentionable: ("users", "roles"),
    AppCommandOptionType.attachment: ("attachments",),
}
"""Where Discord puts the object a snowflake option names (`data.resolved`)."""

Parameter = app_commands.Parameter


class OptionMissing(UserError):
    """A required option is absent."""

    key = "option_missing"


class OptionInvalid(UserError):
    """An option of the wrong type, too short, or naming a user or channel not sent along."""

    key = "option_invalid"


class OptionUnknown(UserError):
    """An option the command does not declare: a forged interaction, or a client that
    has not yet seen the latest version of the commands."""

    key = "option_unknown"


class OptionNotAChoice(UserError):
    """A value outside the declared choices; `choices` lists them in the user's language."""

    key = "option_choice"


class OptionOutOfRange(UserError):
    """A number outside the declared `min_value`..`max_value` (params `min`, `max`)."""

    key = "option_range"


class OptionTooLong(UserError):
    """A string longer than the declared `max_length` (param `max`)."""

    key = "option_length"


def check_shape(data: Mapping[str, Any]) -> None:
    """Raise OptionUnknown unless `data`'s options are a tree of named options: discord.py
    walks it to find the command before any check of ours could run."""
    if not _named_options(data.get("options", [])):
        raise OptionUnknown()


def _named_options(options: Any) -> bool:
    if not isinstance(options, list):
        return False
    for option in options:
        if not isinstance(option, dict) or not isinstance(option.get("name"), str):
            return False
        if option.get("type") in _SUBCOMMANDS and not _named_options(option.get("options", [])):
            return False
    return True


def leaf_options(data: Mapping[str, Any], depth: int) -> list[Any]:
    """The options of the command invoked, `depth` levels below the top one (a subcommand
    of a group is one level down): discord.py follows each level's first option."""
    options: list[Any] = data.get("options", [])
    for _ in range(depth):
        options = options[0].get("options", []) if options else []
    return options


def check_options(
    command: app_commands.Command[Any, ..., Any], data: Mapping[str, Any], locale: LocaleLike
) -> None:
    """Raise a `UserError` unless `data` (an interaction's) fits `command`'s declaration.
    `data` must have passed `check_shape`."""
    parameters = {p.display_name: p for p in command.parameters}
    given: dict[str, dict[str, Any]] = {}
    for option in leaf_options(data, depth=command.qualified_name.count(" ")):
        parameter = parameters.get(option["name"])
        if parameter is None:
            raise OptionUnknown()
        if parameter.display_name in given:  # discord.py would read both
            raise OptionInvalid(option=option_name(parameter, locale))
        given[parameter.display_name] = option
    resolved = data.get("resolved") or {}
    for name, parameter in parameters.items():
        option = given.get(name)
        shown = option_name(parameter, locale)
        if option is None:
            if parameter.required:
                raise OptionMissing(option=shown)
            continue
        if option.get("type") != parameter.type.value or "value" not in option:
            raise OptionInvalid(option=shown)
        _check_value(parameter, option["value"], resolved, shown, locale)


def option_name(parameter: Parameter, locale: LocaleLike) -> str:
    """The option's name as the user's client shows it."""
    return _translated(parameter.locale_name, locale) or parameter.display_name


def _check_value(
    parameter: Parameter, value: Any, resolved: Any, shown: str, locale: LocaleLike
) -> None:
    _check_kind(parameter, value, resolved, shown)
    choices = [] if parameter.autocomplete else parameter.choices
    if choices and value not in [choice.value for choice in choices]:
        names = ", ".join(_choice_name(choice, locale) for choice in choices)
        raise OptionNotAChoice(option=shown, choices=names)


def _check_kind(parameter: Parameter, value: Any, resolved: Any, shown: str) -> None:
    """The value has the option's type and fits its declared range or length."""
    kind = parameter.type
    if kind is AppCommandOptionType.string:
        if not isinstance(value, str):
            raise OptionInvalid(option=shown)
        longest = int(parameter.max_value or TEXT_LIMIT)
        if len(value) > longest:
            raise OptionTooLong(option=shown, max=longest)
        if parameter.min_value is not None and len(value) < parameter.min_value:
            raise OptionInvalid(option=shown)
    elif kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
        _check_number(parameter, value, shown)
    elif kind is AppCommandOptionType.boolean:
        if not isinstance(value, bool):
            raise OptionInvalid(option=shown)
    elif kind in _RESOLVED_BUCKETS and not _is_resolved(value, resolved, _RESOLVED_BUCKETS[kind]):
        raise OptionInvalid(option=shown)


def _check_number(parameter: Parameter, value: Any, shown: str) -> None:
    integer = parameter.type is AppCommandOptionType.integer
    if isinstance(value, bool) or not isinstance(value, int if integer else (int, float)):
        raise OptionInvalid(option=shown)
    if not math.isfinite(value):
        raise OptionInvalid(option=shown)
    low = -DISCORD_INTEGER_LIMIT if parameter.min_value is None else parameter.min_value
    high = DISCORD_INTEGER_LIMIT if parameter.max_value is None else parameter.max_value
    if not low <= value <= high:
        raise OptionOutOfRange(option=shown, min=low, max=high)


def _is_resolved(value: Any, resolved: Any, buckets: Sequence[str]) -> bool:
    """Whether a snowflake option names an object Discord sent along (`data.resolved`)."""
    if not isinstance(value, str | int) or isinstance(value, bool) or not str(value).isdigit():
        return False
    if not isinstance(resolved, dict):
        return False
    return any(str(value) in (resolved.get(bucket) or {}) for bucket in buckets)


def _choice_name(choice: app_commands.Choice[Any], locale: LocaleLike) -> str:
    # discord.py keeps the locale_str a choice was declared with only in `_locale_name`.
    return _translated(getattr(choice, "_locale_name", None), locale) or choice.name


def _translated(text: app_commands.locale_str | None, locale: LocaleLike) -> str:
    """A command string made by `bot.i18n.command_text`, in `locale` ("" if it has no key)."""
    key = text.extras.get("key") if text is not None else None
    return t(locale, key) if isinstance(key, str) and has_key(key) else ""

