"""Every shipped game, complete through the real bot, in English and in French: the
table manners all games share, checked on every public message.

- The start message names every player.
- A move posts one public message, and at every moment exactly one public message
  has live components: the newest (a turn's controls, then the end's Rematch).
- A public message pings (``allowed_mentions``) only players who are to act after it.
- No public text holds the notation of an action just played (the turn is told in
  words; the notation belongs to ``/game play`` and its confirmation).
- No private message (a panel and each of its edits, a hand, a question, an error)
  holds the notation of an action just played or then legal, but the typed-play
  confirmation (read from the REST calls the bot made: every version of a panel).
- A turn posts one public message (draw-5s, scorings and round ends folded in), the
  last one included (the summary), and no public message carries more than two images.
- Every image the bot sends or edits, public or private, has an alt text of at most
  1,024 characters that names the game, who is to act or who won, and the last move,
  in words only (`tests.alt_text_support.DescriptionCheck`, issue 32).
- The game keeps the footprint budgets (tests/footprint_support.py; figures printed
  with ``pytest -s``).

Each game is played by its own complete-game driver (``COMPLETE_GAME`` in
``tests/<game>_discord_support.py``, found by the game's id), which calls back after
each move; the checks here know nothing of any one game.
"""

from __future__ import annotations

import importlib
import re
from importlib.metadata import entry_points
from typing import Any

import discord
import pytest
import simcord

from bot.games.base import GameState
from bot.games.record import parse_entry, play_entry
from bot.games.registry import ENTRY_POINT_GROUP
from bot.i18n import catalog
from tests.alt_text_support import DescriptionCheck, Uploads
from tests.discord_support import (
    CompleteGame,
    Follower,
    image_attachments,
    last_message,
    live_messages,
    public_messages_since,
    shows_notation,
    speak_french,
)
from tests.footprint_support import MAX_IMAGES, footprint

DEAL = 20261126


@pytest.fixture(autouse=True)
def same_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table gets the same seed every run (the service draws one with `secrets`)."""
    monkeypatch.setattr("bot.service.tables.secrets.randbits", lambda bits: DEAL)


SHIPPED_GAMES = sorted(entry.name for entry in entry_points(group=ENTRY_POINT_GROUP))


def complete_game(game_id: str) -> CompleteGame:
    """The game's driver, ``COMPLETE_GAME`` of ``tests/<game>_discord_support.py``."""
    module = importlib.import_module(f"tests.{game_id.replace('-', '_')}_discord_support")
    found = getattr(module, "COMPLETE_GAME", None)
    assert isinstance(found, CompleteGame), f"{module.__name__} has no COMPLETE_GAME"
    return found


async def complete_world(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch, game: str, language: str
) -> tuple[CompleteGame, Any]:
    """The game's driver and its world, on a server in `language` whose members all
    speak it."""
    complete = complete_game(game)
    world = await complete.world(env, "fr" if language == "fr" else None)
    if language == "fr":
        speak_french(monkeypatch, *complete.members(world))
    return complete, world


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_every_shipped_game_has_a_complete_game_here(game: str) -> None:
    assert complete_game(game).world is not None


def public_text(message: discord.Message) -> str:
    """What everyone reads in a message: its text and its embeds' titles and texts."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{field.name} {field.value}" for field in embed.fields]
    return "\n".join(parts)


EPHEMERAL = 64
"""Discord's message flag of a message only its interaction's user sees."""
INTERACTION = re.compile(r"simcord_interaction_(\d+)")
TYPED_CONFIRMATION = re.compile(
    "|".join(
        re.escape(catalog(language)["turn.played_private"]).replace(re.escape("{action}"), ".+")
        for language in ("en", "fr")
    )
)
"""The typed-play confirmation ("Done: `m6 c1`."), the one private text holding notation."""


def payload_words(payload: dict[str, Any]) -> str:
    """What a message payload the bot sent shows in words: text, embeds, the labels,
    placeholders and option texts of its components (not their values or ids)."""
    parts = [str(payload.get("content") or "")]
    for embed in payload.get("embeds") or []:
        parts += [str(embed.get(key) or "") for key in ("title", "description")]
        parts.append(str((embed.get("footer") or {}).get("text") or ""))
        parts += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
    for row in payload.get("components") or []:
        for item in row.get("components") or []:
            parts += [str(item.get("label") or ""), str(item.get("placeholder") or "")]
            parts += [f"{o.get('label')} {o.get('description') or ''}"
                      for o in item.get("options") or []]
    return "\n".join(line for line in "\n".join(parts).split("\n")
                     if not TYPED_CONFIRMATION.fullmatch(line))


def unnamed_menus(components: list[dict[str, Any]]) -> list[str]:
    """The custom ids of the menus of `components` (a payload's rows) with no placeholder
    in words: a client would show "Select an option" (issue 44)."""
    return [str(item.get("custom_id")) for row in components
            for item in row.get("components") or []
            if item.get("type") == SELECT_MENU and not str(item.get("placeholder") or "").strip()]


SELECT_MENU = 3
"""Discord's component type of a string select."""


def private_payloads(env: simcord.Env, since: int) -> list[dict[str, Any]]:
    """The messages the bot sent or edited privately (ephemeral) in answer to an
    interaction, from its REST call number `since` on."""
    backend: Any = env.backend
    found = []
    for request in env.http_requests[since:]:
        match = INTERACTION.search(request.path)
        body = request.json if isinstance(request.json, dict) else None
        if match is None or body is None:
            continue
        record = backend.interactions[int(match[1])]
        if request.path.endswith("/callback"):
            if body.get("type") not in (4, 7):
                continue  # acknowledgements and autocomplete carry no message
            body = body.get("data") or {}
        if body.get("flags", 0) & EPHEMERAL:
            found.append(body)
        elif request.method == "PATCH" or body.get("type") == 7:
            target = request.path.rsplit("/", 1)[-1]
            message_id = record.message_id if target in ("@original", "callback") else int(target)
            if message_id is None:
                message_id = record.source_message_id
            message = backend.get_message(record.channel_id, message_id)
            if message.is_ephemeral:
                found.append(body)
    return found


def legal_notations(state: GameState[Any]) -> list[str]:
    """The notation of every legal action of the seats to act."""
    if state.is_over():
        return []
    return [
        state.format_action(action)
        for seat in state.to_act()
        for action in state.legal_actions(seat)
    ]


class Manners(Follower):
    """Called after each move of a complete game: checks the public messages posted since."""

    def __init__(self, env: simcord.Env, world: Any) -> None:
        super().__init__(env, world)
        self.channel: simcord.ChannelHandle = world.channel
        self.checked: set[int] = set()
        self.messages = 0
        self.requests = 0
        self.private = 0
        self.turns = 0
        self.before_first_turn = 0

    async def __call__(self) -> None:
        table, record = await self.table_and_record()
        assert self.state is not None
        may_be_pinged = {table.seats[seat] for seat in self.state.to_act()}
        legal = legal_notations(self.state)  # what the private messages since offered
        played = []
        for entry in record["actions"][self.entries :]:
            played.append(parse_entry(self.state, entry)[1])
            play_entry(self.state, entry)
            may_be_pinged |= {table.seats[seat] for seat in self.state.to_act()}
        self.entries = len(record["actions"])
        self.check_private(played + legal)
        new = public_messages_since(self.channel, self.checked)
        self.turns += 1
        if not self.checked:  # the start: the lobby, then the first turn
            self.before_first_turn = len(new) - 1
            for user in table.seats:
                assert f"<@{user}>" in new[-1].content, "the start message names every player"
        else:
            assert len(new) == 1, ("a move posts one public message", [m.content for m in new])
        live = [m.id for m in live_messages(self.channel)]
        assert live == [last_message(self.channel).id], (
            "exactly one public message has live components"
        )
        for message in new:
            pinged = set(self.env.backend.get_message(self.channel.id, message.id).ping_user_ids)
            assert pinged <= may_be_pinged, (message.content, pinged, may_be_pinged)
            text = public_text(message)
            assert not any(shows_notation(n, text) for n in played), (played, text)
            stored = self.env.backend.get_message(self.channel.id, message.id)
            assert not unnamed_menus(list(stored.components or [])), text
            images = [a.filename for a in image_attachments(message)]
            assert len(images) <= MAX_IMAGES, (images, text)
            self.checked.add(message.id)
        self.messages += len(new)

    def check_private(self, notations: list[str]) -> None:
        """No private message sent since the last check shows one of `notations`."""
        for payload in private_payloads(self.env, self.requests):
            words = payload_words(payload)
            assert not any(shows_notation(n, words) for n in notations), (notations, words)
            assert not unnamed_menus(payload.get("components") or []), words
            self.private += 1
        self.requests = len(self.env.http_requests)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", SHIPPED_GAMES)
async def test_a_complete_game_pings_only_who_acts_tells_every_move_and_image_in_words(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, game: str, language: str
) -> None:
    uploads = Uploads(simcord_env, monkeypatch)
    complete, world = await complete_world(simcord_env, monkeypatch, game, language)
    manners = Manners(simcord_env, world)
    described = DescriptionCheck(simcord_env, world, uploads, game, language)

    async def after_each_move() -> None:
        await manners()
        await described()

    await complete.play(world, after_each_move)
    assert manners.messages > 10 and manners.entries > 10 and manners.private > 10
    assert described.images > 20 and described.told_over >= 1, described.images
    measured = footprint(list(world.channel.history()))
    print(f"\n{game} ({language}), {manners.turns} turns: {measured}")
    measured.check(manners.turns, manners.before_first_turn)
