"""Helpers for the simcord tests of the Discord layer."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord
import pytest
import simcord
import simcord.interactions as simcord_interactions
from discord.ext import commands
from simcord.backend.models import Message as StoredMessage
from simcord.results import to_discord_message

from bot.app import TableBot, create_bot
from bot.games.base import GameState
from bot.games.record import initial_state
from bot.service import GameService, Table
from bot.startup.config import Settings


@dataclass
class TableWorld:
    """A server to play in: `alice` and `bob` will play, `carol` only watches."""

    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor

    def last(self) -> discord.Message:
        """The channel's latest public message."""
        return last_message(self.channel)

    @property
    def bot(self) -> TableBot:
        """The bot under test now (a restart replaces it)."""
        bot = self.env.bot
        assert isinstance(bot, TableBot)
        return bot

    async def open_lobby(self, game: str = "tiny", **options: Any) -> discord.Message:
        """alice opens a table; returns the lobby message."""
        result = await self.alice.slash(self.channel, "game new", game=game, **options)
        assert not result.ephemeral
        return self.last()

    async def start_tiny(self, **options: Any) -> discord.Message:
        """alice and bob sit at a tiny table and alice starts it; returns the turn message."""
        lobby = await self.open_lobby("tiny", **options)
        await self.bob.click(lobby, custom_id=lobby_id(lobby, "join"))
        await self.alice.click(lobby, custom_id=lobby_id(lobby, "start"))
        return self.last()


def plain_channel(guild: simcord.GuildHandle, name: str) -> simcord.ChannelHandle:
    """A text channel where the bot may not open threads: its tables play in the
    channel itself (`cogs.platform.threads`), as most tests expect."""
    me = guild.me
    assert me is not None
    no_threads = discord.PermissionOverwrite(create_public_threads=False)
    return guild.create_text_channel(name, overwrites={me: no_threads})


def table_thread(channel: simcord.ChannelHandle) -> simcord.ChannelHandle:
    """The one thread the bot opened in `channel` (for a table)."""
    (thread,) = channel.threads
    return thread


def bot_of(env: simcord.Env) -> commands.AutoShardedBot:
    """The bot simcord runs (typed as a plain client by simcord)."""
    bot = env.bot
    assert isinstance(bot, commands.AutoShardedBot)
    return bot


def labels(message: discord.Message) -> list[str | None]:
    """The label of every button of a message, in order."""
    return [
        getattr(child, "label", None)
        for row in message.components
        for child in getattr(row, "children", [row])
    ]


def custom_ids(message: discord.Message) -> list[str]:
    """The custom_id of every button and select of a message, in order."""
    ids = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                ids.append(custom_id)
    return ids


def lobby_id(lobby: discord.Message, what: str) -> str:
    """The custom_id of the lobby's `what` button (join, leave, start)."""
    return next(i for i in custom_ids(lobby) if i.endswith(f":{what}"))


def action_id(message: discord.Message, notation: str) -> str:
    """The custom_id of the action button playing `notation`."""
    ids = custom_ids(message)
    return next(i for i in ids if i.startswith("mt:act:") and i.endswith(f":{notation}"))


PANEL_ID = re.compile(r"mt:(?:step|steps|turn):(\d+:\d+:[a-z]+:\d+):")
"""A turn builder's custom_id; its group names the panel (table, version, kind, token)."""


def panel_of(panel: simcord.ResponseMessage) -> str:
    """The table, version, kind and token a turn builder's panel carries in its ids."""
    return next(
        str(match[1]) for i in enabled_or_not(panel) if (match := PANEL_ID.match(i)) is not None
    )


def step_id(panel: simcord.ResponseMessage, step: str) -> str:
    """The custom_id of the panel's step button for `step`."""
    return f"mt:step:{panel_of(panel)}:{step}"


def turn_id(panel: simcord.ResponseMessage, op: str) -> str:
    """The custom_id of the panel's undo, cancel, confirm or sure button."""
    return f"mt:turn:{panel_of(panel)}:{op}"


def select_offering(message: simcord.ResponseMessage, value: str) -> str:
    """The custom_id of the panel select that offers `value`."""
    return str(
        next(
            c["custom_id"]
            for row in message.components
            for c in row["components"]
            if value in [o["value"] for o in c.get("options", [])]
        )
    )


def enabled_or_not(message: simcord.ResponseMessage) -> list[str]:
    """The custom_ids of the message's buttons and selects, disabled ones included."""
    return [c["custom_id"] for row in message.components for c in row["components"]
            if "custom_id" in c]


def enabled_ids(message: simcord.ResponseMessage) -> list[str]:
    """The custom_ids of the panel's enabled buttons and selects."""
    return [
        c["custom_id"]
        for row in message.components
        for c in row["components"]
        if "custom_id" in c and not c.get("disabled")
    ]


async def choose_step(
    actor: simcord.MemberActor, panel: simcord.ResponseMessage, step: str
) -> None:
    """Choose `step` on a turn builder's panel: its step button, or a select's option."""
    buttons = [i for i in enabled_ids(panel) if i.startswith("mt:step:")]
    button = next((i for i in buttons if i.endswith(f":{step}")), None)
    if button is not None:
        await actor.click(panel, custom_id=button)
    else:
        assert any(step in values for values in options_of(panel)), (step, panel.components)
        await actor.select(panel, [step], custom_id=select_offering(panel, step))


async def build_turn(
    actor: simcord.MemberActor, panel: simcord.ResponseMessage, steps: list[str]
) -> simcord.InteractionResult:
    """Choose `steps` one after the other on a turn builder's panel (each a step button
    or a select option), then Confirm."""
    for step in steps:
        await choose_step(actor, panel, step)
    ops = [i for i in enabled_ids(panel) if i.startswith("mt:turn:")]
    confirm = next(i for i in ops if i.endswith(":confirm"))
    return await actor.click(panel, custom_id=confirm)


def shows_notation(notation: str, text: str) -> bool:
    """Whether `text` shows `notation` as notation: quoted, or a line of several tokens
    written out (a single token may be a word the board prints, such as "m6")."""
    return f"`{notation}" in text or (" " in notation and notation in text)


def panel_words(message: simcord.ResponseMessage) -> str:
    """Everything a private message shows in words: its text, its embeds (title,
    text, fields, footer) and the labels and descriptions of its components."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{field.name} {field.value}" for field in embed.fields]
    for row in message.components:
        for component in row["components"]:
            parts += [str(component.get("label") or ""), str(component.get("placeholder") or "")]
            parts += [f"{o['label']} {o.get('description') or ''}"
                      for o in component.get("options", [])]
    return "\n".join(parts)


def shown_text(message: simcord.ResponseMessage) -> str:
    """The text of a message and of its embeds (a panel writes in its embed)."""
    return "\n".join([message.content, *(embed.description or "" for embed in message.embeds)])


def options_of(message: simcord.ResponseMessage) -> list[set[str]]:
    """The option values of each select of a message."""
    return [
        {str(option["value"]) for option in c["options"]}
        for row in message.components
        for c in row["components"]
        if "options" in c
    ]


def option_values(message: simcord.ResponseMessage) -> list[str]:
    """The option values of every select of a message, in order."""
    return [
        str(option["value"])
        for row in message.components
        for c in row["components"]
        for option in c.get("options", [])
    ]


def suggested(choices: list[dict[str, Any]]) -> list[str]:
    """The notations of autocomplete choices (their values carry the table version
    first, ``@12 m8``, which the player never sees)."""
    return [str(choice["value"]).split(" ", 1)[1] for choice in choices]


async def as_seen_before(
    env: simcord.Env, channel: simcord.ChannelHandle, custom_id: str, values: Sequence[str] = ()
) -> discord.Message:
    """A bot message holding one component with `custom_id`, as a client that has not
    yet seen a newer turn still shows it: Discord lets that click through (the old
    message loses its components only when the next turn is posted), simcord refuses
    a click on a component that is gone. With `values`, the component is a select."""
    view = discord.ui.View(timeout=None)
    if values:
        options = [discord.SelectOption(label=value, value=value) for value in values]
        view.add_item(discord.ui.Select(custom_id=custom_id, options=options))
    else:
        view.add_item(discord.ui.Button(label="…", custom_id=custom_id))
    target = bot_of(env).get_channel(channel.id)
    assert isinstance(target, discord.TextChannel)
    return await target.send("as seen before", view=view)


def now(channel: simcord.ChannelHandle, message: discord.Message) -> discord.Message:
    """`message` as it is now in the channel (after the bot's later edits)."""
    return next(m for m in channel.history() if m.id == message.id)


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif")


def image_attachments(message: discord.Message) -> list[discord.Attachment]:
    """The images a message carries (an exported record is an attachment, not an image)."""
    return [a for a in message.attachments if a.filename.lower().endswith(IMAGE_SUFFIXES)]


def _public(channel: simcord.ChannelHandle) -> list[StoredMessage]:
    """The channel's public messages as simcord stores them, oldest first.

    `channel.history()` and `channel.last_message` turn every one into a
    ``discord.Message``; a complete game asks for the newest, or the live ones,
    after each move, and converting its whole history each time cost more than
    playing it. These helpers convert only the messages they return."""
    env: simcord.Env = channel._env
    stored = env.backend.messages.get(channel.id, {}).values()
    return sorted((m for m in stored if m.visible_to(None)), key=lambda m: m.id)


def _converted(channel: simcord.ChannelHandle, message: StoredMessage) -> discord.Message:
    return to_discord_message(channel._env, message)


def last_message(channel: simcord.ChannelHandle) -> discord.Message:
    """The channel's latest public message (`channel.last_message`, see `_public`)."""
    public = _public(channel)
    assert public, "no message in the channel"
    return _converted(channel, public[-1])


def public_messages_since(channel: simcord.ChannelHandle, seen: set[int]) -> list[discord.Message]:
    """The bot's public messages of the channel whose ids are not in `seen`, oldest
    first (only those converted, see `_public`)."""
    new = [_converted(channel, m) for m in _public(channel) if m.id not in seen]
    return [message for message in new if message.author.bot]


def live_messages(channel: simcord.ChannelHandle) -> list[discord.Message]:
    """The channel's messages that still have components."""
    with_components = [_converted(channel, m) for m in _public(channel) if m.components]
    return [message for message in with_components if custom_ids(message)]


def answers(result: simcord.InteractionResult) -> list[simcord.ResponseMessage]:
    """Every message the bot answered an interaction with: response, then follow-ups."""
    return [m for m in (result.response, *result.followups) if m is not None]


def private_texts(result: simcord.InteractionResult) -> list[str]:
    """The texts of the ephemeral answers of an interaction (a panel edited in place
    after its click was acknowledged may have none)."""
    return [m.content for m in answers(result) if m.ephemeral and m.content]


def public_texts(result: simcord.InteractionResult) -> list[str]:
    """The texts of the answers of an interaction that everyone sees."""
    return [m.content for m in answers(result) if not m.ephemeral]


def private_text(result: simcord.InteractionResult) -> str:
    """The text of an ephemeral answer (response or follow-up); fails if it was public."""
    private = private_texts(result)
    assert private, f"no ephemeral answer in {result!r}"
    return "\n".join(private)


def followup_text(result: simcord.InteractionResult) -> str:
    """The text of the private follow-ups of a click: a click acknowledged first leaves
    its message (a panel, a hand) as it was and answers after it."""
    private = [m.content for m in result.followups if m.ephemeral]
    assert private and len(private) == len(result.followups), f"not private: {result!r}"
    return "\n".join(private)


def reminders(world: TableWorld) -> list[discord.Message]:
    """The reminder messages posted in the channel so far."""
    return [m for m in world.channel.history() if m.content.startswith("⏰")]


class InEnv(Protocol):
    """A test world (`TableWorld`, or a game's own)."""

    env: simcord.Env


async def restart(world: InEnv, settings: Settings, *, clean: bool = True) -> TableBot:
    """Replace the bot by a new one on the same database file, as a process restart would.

    `clean` closes the old bot and its database first; otherwise the old bot is just
    dropped, as after a kill -9 (its connection is closed afterwards, only to free it).
    """
    old = world.env.bot
    if clean:
        await old.close()
    new = create_bot(settings)
    await world.env.restart_bot(new)
    if not clean:
        await old.close()
    return new


def speak_french(monkeypatch: pytest.MonkeyPatch, *users: simcord.MemberActor) -> None:
    """Make the interactions of `users` arrive with the French locale (simcord sends en-US)."""
    speak(monkeypatch, "fr", *users)


def speak(monkeypatch: pytest.MonkeyPatch, locale: str, *users: simcord.MemberActor) -> None:
    """Make the interactions of `users` arrive with the Discord `locale` (``de``, ``fr``)."""
    original = simcord_interactions.base_payload
    speaking = {user.id for user in users}

    def base_payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(*args, **kwargs)
        if kwargs["user_id"] in speaking:
            payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", base_payload)


SLOW_SECONDS = 4
"""Longer than Discord waits for the first answer to an interaction (3 s)."""


def slow(env: simcord.Env, render: Callable[..., Any]) -> Callable[..., Any]:
    """`render` (a renderer or `render_png`), taking `SLOW_SECONDS` of simcord's clock:
    an interaction answered only after it is lost (10062 Unknown interaction)."""

    def slowly(*args: Any) -> Any:
        env.backend.advance_clock(SLOW_SECONDS)
        return render(*args)

    return slowly


@dataclass(frozen=True)
class CompleteGame:
    """How to play one game to its end through the bot: each game's
    ``tests/<game>_discord_support.py`` names its own as ``COMPLETE_GAME``, and
    tests/test_discord_complete_games.py finds it there by the game's id."""

    world: Callable[[simcord.Env, str | None], Awaitable[Any]]
    """A server in a language (None: English) whose `channel` hosts the table."""
    play: Callable[[Any, Callable[[], Awaitable[None]]], Awaitable[object]]
    """Plays the whole game in that world, awaiting the hook after the start and each move."""
    members: Callable[[Any], list[simcord.MemberActor]]
    """Everyone on the server (players and watchers)."""


class Follower:
    """Follows a complete game from its record: `state` as of the record's `entries`
    first actions (None before the first look)."""

    def __init__(self, env: simcord.Env, world: Any) -> None:
        self.env = env
        self.world = world
        self.state: GameState[Any] | None = None
        self.entries = 0

    @property
    def service(self) -> GameService:
        service: GameService = self.env.bot.service  # type: ignore[attr-defined]
        return service

    async def table_and_record(self) -> tuple[Table, dict[str, Any]]:
        """The table and its record now; `state` set to the start at the first call."""
        table = await self.service.tables.get_table(self.world.table_id)
        record = await self.service.results.record(table.id)
        if self.state is None:
            self.state = initial_state(record)
        return table, record
