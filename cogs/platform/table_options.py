"""Per-game table options: what a plugin declares, how `/game new` offers them, how a
table shows them.

A game declares its options on its plugin (`GamePlugin.options`): each is a name (the
key the engine's ``new(players, seed, options)`` reads), its values and a default.
`/game new` gets one optional parameter per option name any game declares (with the
values as choices), so one command serves every game; the values chosen are checked
against the chosen game (an option of another game is refused), completed with the
game's defaults and stored with the table, so a rematch keeps them.

Texts, in the declaring game's catalog: ``option.<game>.<name>`` (the option, also
the parameter's name in Discord: lowercase, no spaces), ``option.<game>.<name>.description``
and ``option.<game>.<name>.<value>`` (the value in words). When two games declare one
name, the first one's texts name the parameter and its values.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from discord import app_commands

from bot.games.base import JSON
from bot.i18n import LocaleLike, t
from bot.service.errors import UserError
from cogs.platform.presenter import game_name
from cogs.platform.translator import command_text

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class TableOption:
    """One choice the creator of a table makes at `/game new`."""

    name: str
    """The engine's option key and the parameter of `/game new` (a Python name)."""
    values: tuple[str, ...]
    default: str | None = None
    """Stored when the creator chooses nothing; None leaves the option out."""
    players: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """The player counts a value allows (a value not listed allows the game's range)."""


class OptionNotForGame(UserError):
    """An option of `/game new` the chosen game does not have; params `option` (as the
    client shows it), `game` and `options` (the game's own, or "none")."""

    key = "option_not_for_game"


class OptionValueNotForGame(UserError):
    """A value of a shared option name that the chosen game does not offer."""

    key = "option_value_not_for_game"


class OptionNeedsPlayers(UserError):
    """Start refused: a chosen value allows other player counts; params `option`
    (the value in words) and `players` ("4")."""

    key = "option_needs_players"


def option_label(locale: LocaleLike, game: str, name: str) -> str:
    return t(locale, f"option.{game}.{name}")


def value_label(locale: LocaleLike, game: str, name: str, value: str) -> str:
    return t(locale, f"option.{game}.{name}.{value}")


@dataclass(frozen=True)
class Declared:
    """One option name across the games: the first game declaring it (whose texts name
    the parameter) and every value, each with the first game offering it (whose text
    names the value)."""

    game: str
    values: Mapping[str, str]


def declared(games: Iterable[tuple[str, tuple[TableOption, ...]]]) -> dict[str, Declared]:
    """Each option name any of `games` (id, options) declares, in order of appearance."""
    found: dict[str, Declared] = {}
    for game, options in games:
        for option in options:
            known = found.get(option.name, Declared(game, {}))
            added = {value: game for value in option.values if value not in known.values}
            values = {**known.values, **added}
            found[option.name] = Declared(known.game, values)
    return found


def with_option_parameters(names: Mapping[str, Declared]) -> Callable[[F], F]:
    """Give a command callback taking ``**options`` one optional keyword parameter per
    declared option, with its values as choices and its name and description translated.

    discord.py reads a callback's parameters from its signature, so the signature is
    rewritten (``__signature__``) before the command is made from it.
    """

    def decorate(func: F) -> F:
        signature = inspect.signature(func)
        kept = [p for p in signature.parameters.values() if p.kind != p.VAR_KEYWORD]
        taken = {p.name for p in kept}
        clash = taken & set(names)
        if clash:
            raise ValueError(f"table options named like a parameter: {sorted(clash)}")
        added = [
            inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None,
                              annotation=str | None)
            for name in names
        ]
        func.__signature__ = signature.replace(parameters=kept + added)  # type: ignore[attr-defined]
        if not names:
            return func
        app_commands.rename(**{
            name: command_text(f"option.{d.game}.{name}") for name, d in names.items()
        })(func)
        app_commands.describe(**{
            name: command_text(f"option.{d.game}.{name}.description") for name, d in names.items()
        })(func)
        app_commands.choices(**{
            name: [app_commands.Choice(name=command_text(f"option.{owner}.{name}.{value}"),
                                       value=value) for value, owner in d.values.items()]
            for name, d in names.items()
        })(func)
        return func

    return decorate


def table_options(
    game: str,
    options: tuple[TableOption, ...],
    chosen: Mapping[str, str | None],
    names: Mapping[str, Declared],
    locale: LocaleLike,
) -> dict[str, JSON]:
    """The options a new table of `game` stores: its defaults, then the values chosen
    (`names`: every declared option, to name one of another game).

    Raises `OptionNotForGame` / `OptionValueNotForGame` (in words, in `locale`'s language)
    for a value the game does not have.
    """
    game_label = game_name(locale, game)
    own = {option.name: option for option in options}
    result: dict[str, JSON] = {o.name: o.default for o in options if o.default is not None}
    for name, value in chosen.items():
        if value is None:
            continue
        option = own.get(name)
        if option is None:
            owner = names[name].game if name in names else game
            own_names = ", ".join(option_label(locale, game, o.name) for o in options)
            raise OptionNotForGame(
                option=option_label(locale, owner, name),
                game=game_label,
                options=own_names or t(locale, "option.none"),
            )
        if value not in option.values:
            values = ", ".join(value_label(locale, game, name, v) for v in option.values)
            raise OptionValueNotForGame(
                option=option_label(locale, game, name), game=game_label, values=values
            )
        result[name] = value
    return result


def options_text(
    game: str, options: tuple[TableOption, ...], stored: Mapping[str, JSON], locale: LocaleLike
) -> str:
    """The table's options in words (``End: more than 50 fame · Variant: 2 vs 2``);
    "" for a game without options."""
    parts = [
        t(locale, "option.line", option=option_label(locale, game, o.name),
          value=value_label(locale, game, o.name, str(stored[o.name])))
        for o in options
        if isinstance(stored.get(o.name), str) and stored[o.name] in o.values
    ]
    return " · ".join(parts)


def check_players(
    game: str, options: tuple[TableOption, ...], stored: Mapping[str, JSON], players: int,
    locale: LocaleLike,
) -> None:
    """Raise `OptionNeedsPlayers` if a stored value does not allow `players` seats."""
    for option in options:
        value = stored.get(option.name)
        allowed = option.players.get(value) if isinstance(value, str) else None
        if allowed and players not in allowed:
            raise OptionNeedsPlayers(
                option=value_label(locale, game, option.name, str(value)),
                players=t(locale, "option.or").join(str(n) for n in allowed),
            )
