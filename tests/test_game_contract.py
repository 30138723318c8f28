"""The engine contract and the secrets rule, once over every registered game.

Each test is parametrized over the registry (the built-in games from the entry
points, and the test game): a new game is checked by registering it, with no
copy of these tests. Secrets are shuffled by the engine's own `shuffle_secrets`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from bot.games.base import Event, GameState, Seat
from bot.games.registry import game_ids, get_game
from bot.games.selfplay import play_random_game
from bot.i18n import languages
from bot.service import ActResult, ReplayedAction, Since, Table, TableStatus
from cogs.platform.alt_text import description, seen_of
from cogs.platform.digest import digest_text
from cogs.platform.plugins import plugin_for
from cogs.platform.seen import seat_copy, seen
from cogs.platform.typed_plays import TypedPlays

GAMES = game_ids()
SEEDS = range(3)
LEAK_ACTIONS = 12
"""Actions per game whose public message is compared (each draws the board)."""
LEAK_PLAYERS = 5
"""The leak test's table: the game's largest, at most this many (a board for 10 is slow)."""


def players_of(game: str) -> list[int]:
    """The smallest and the largest table of `game`."""
    engine = get_game(game)
    return sorted({engine.min_players, engine.max_players})


def every_player_count(game: str) -> range:
    engine = get_game(game)
    return range(engine.min_players, engine.max_players + 1)


def random_positions(game: str, players: int, seed: int) -> list[GameState[Any]]:
    """Every state of a seeded random game, from the deal to the end."""
    rng = random.Random(seed)
    state = get_game(game).new(players, seed)
    positions = [state.copy()]
    while not state.is_over():
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        positions.append(state.copy())
    return positions


def random_plays(
    game: str, players: int, seed: int, actions: int, rng: random.Random
) -> Iterator[tuple[GameState[Any], Seat, str, list[Event]]]:
    """At most `actions` actions of a new game chosen by `rng`: after each, the state
    (one state, moved on: read it before the next), who played, what and its events."""
    state = get_game(game).new(players, seed)
    for _ in range(actions):
        if state.is_over():
            return
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        notation = state.format_action(action)
        events = state.apply(seat, action)
        yield state, seat, notation, events


def test_the_registry_holds_the_built_in_games_and_the_test_game() -> None:
    assert {"coal-baron", "saboteur", "mine-out", "tiny"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_reach_their_end_with_every_check(game: str, seed: int) -> None:
    for players in every_player_count(game):
        state, record = play_random_game(get_game(game), players, seed, check=True)
        assert state.is_over() and state.outcome() is not None
        assert record["actions"]


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_formats_and_parses_back(game: str) -> None:
    for state in random_positions(game, players_of(game)[-1], seed=1):
        for seat in state.to_act():
            for action in state.legal_actions(seat):
                assert state.parse_action(seat, state.format_action(action)) == action


@pytest.mark.parametrize("game", GAMES)
def test_the_default_action_is_legal_in_every_phase(game: str) -> None:
    for state in random_positions(game, players_of(game)[-1], seed=2):
        for seat in state.to_act():
            state.copy().apply(seat, state.default_action(seat))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_views_hide_every_secret(game: str, seed: int) -> None:
    rng = random.Random(seed)
    for state in random_positions(game, players_of(game)[0], seed)[::2]:
        for seat in [None, *range(state.num_players)]:
            shuffled = state.shuffle_secrets(seat, rng)
            assert shuffled.view(seat) == state.view(seat), seat
            assert shuffled.legal_actions(seat) == state.legal_actions(seat), seat


@pytest.mark.parametrize("game", GAMES)
def test_the_secrets_shuffler_changes_a_game_under_way(game: str) -> None:
    """A shuffler that kept everything would let every leak test pass."""
    rng = random.Random(4)
    positions = random_positions(game, players_of(game)[-1], seed=4)
    middle = positions[len(positions) // 3]
    for seat in [None, *range(middle.num_players)]:
        assert middle.shuffle_secrets(seat, rng).to_json() != middle.to_json(), seat


def table_of(state: GameState[Any], game: str) -> Table:
    return Table(
        id=1, guild_id=1, channel_id=2, game=game, creator_id=100,
        seats=tuple(100 + seat for seat in range(state.num_players)),
        status=TableStatus.FINISHED if state.is_over() else TableStatus.PLAYING,
        options={}, seed=0, version=1,
        reminder_minutes=60, created_at=0.0, updated_at=0.0, turn_started_at=0.0,
        reminded=False, state=state,
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_reads_in_words_in_both_languages(game: str) -> None:
    """What a take-back names: the action in words, for a game whose typed plays have them."""
    typed = plugin_for(game).typed
    has_words = type(typed).words is not TypedPlays.words
    for state in random_positions(game, players_of(game)[0], 3)[::5]:
        table = table_of(state, game)
        for seat in state.to_act():
            for action in state.legal_actions(seat)[:10]:
                notation = state.format_action(action)
                for language in languages():
                    words = typed.words(seat_copy(table, seat), notation, language)
                    assert words and (words != notation or not has_words), (notation, words)


@pytest.mark.parametrize("game", GAMES)
def test_typed_plays_answer_the_same_whatever_the_other_seats_secrets(game: str) -> None:
    """`/game play`'s choices and an action in words are computed on a `SeatCopy`:
    shuffling what the seat does not know changes none of them."""
    typed = plugin_for(game).typed
    rng = random.Random(7)
    for state in random_positions(game, players_of(game)[-1], 4)[::4]:
        for seat in state.to_act():
            real = seat_copy(table_of(state, game), seat)
            other = seat_copy(table_of(state.shuffle_secrets(seat, rng), game), seat)
            assert typed.ranked_choices(real, "fr") == typed.ranked_choices(other, "fr")
            for action in state.legal_actions(seat)[:5]:
                notation = state.format_action(action)
                assert typed.words(real, notation, "en") == typed.words(other, notation, "en")


async def public_message(state: GameState[Any], game: str, played: ActResult) -> tuple[Any, ...]:
    """The public turn message's text and images (bytes and alt texts) after `played`, as a bot just
    started posts it (a presenter of its own: Coal Baron's remembers which mines image
    each table last posted, `CoalBaronPresenter._mines_changed`)."""
    presenter = type(plugin_for(game).presenter)()
    public = seen(table_of(state, game), None, public_choices=presenter.public_choices)
    message = await presenter.turn(public, "en", played)
    images = tuple((file.fp.read(), file.description) for file in message.files)
    embeds = tuple(str(embed.to_dict()) for embed in message.embeds)
    return message.content, images, embeds


@pytest.mark.parametrize("game", GAMES)
async def test_public_text_and_images_are_the_same_whatever_the_secrets(game: str) -> None:
    """The generic leak test: after each action, the public message is the same for the
    game as played and for a copy whose every secret was changed."""
    rng = random.Random(7)
    players = min(players_of(game)[-1], LEAK_PLAYERS)
    for state, seat, notation, events in random_plays(game, players, 7, LEAK_ACTIONS, rng):
        hidden = state.shuffle_secrets(None, random.Random(rng.random()))
        played = ActResult(table_of(state, game), seat, notation, events)
        other = ActResult(table_of(hidden, game), seat, notation, events)
        assert await public_message(state, game, played) == await public_message(
            hidden, game, other
        ), f"{game}: the public message after {notation!r} depends on a secret"


READING_ACTIONS = 60
"""Actions per game after which each reader's reading is compared (text only: cheap)."""


def reading(state: GameState[Any], game: str, seat: int | None, language: str) -> list[str]:
    """Every part of the game's reading for `seat`, and the alt text built on all of it."""
    words = plugin_for(game).words
    assert words is not None
    shown = seen_of(table_of(state, game), state, seat, ("Ann", "Bob", "Cleo", "Dan", "Eve"))
    lines = [line for part in words.parts for line in words.read(shown, language, part, None)]
    return [*lines, description(shown, language, "board", parts=words.whole)]


@pytest.mark.parametrize("game", [game for game in GAMES if plugin_for(game).words is not None])
def test_the_reading_is_the_same_whatever_the_secrets_hidden_from_its_reader(game: str) -> None:
    """The leak test of the 📖 reading and of every alt text (issue 32): after each action,
    what each seat and the channel read of the table (every part, in both languages)
    is the same for the game as played and for a copy whose secrets hidden from that
    reader were changed."""
    rng = random.Random(11)
    players = min(players_of(game)[-1], LEAK_PLAYERS)
    state = get_game(game).new(players, 11)
    for _ in range(READING_ACTIONS):
        if state.is_over():
            break
        for seat in [None, *range(players)]:
            hidden = state.shuffle_secrets(seat, random.Random(rng.random()))
            for language in languages():
                assert reading(state, game, seat, language) == reading(
                    hidden, game, seat, language
                ), (game, seat)
        reader = rng.choice(state.to_act())
        state.apply(reader, rng.choice(state.legal_actions(reader)))


DIGEST_ACTIONS = 40
"""Actions per game after which a reader's digests are compared (text only: cheap)."""


@pytest.mark.parametrize("game", GAMES)
def test_the_digest_is_the_same_whatever_the_secrets_hidden_from_its_reader(game: str) -> None:
    """The generic leak test of "since your last turn" (`cogs.platform.digest`): each
    time seat 0 is to act, its digest is the same for the game as played and for copies
    of every state in it whose secrets hidden from seat 0 were changed."""
    rng = random.Random(5)
    presenter = plugin_for(game).presenter
    players = min(players_of(game)[-1], LEAK_PLAYERS)
    state = get_game(game).new(players, 5)
    since = Since(state.copy(), (), acted=False)
    told = 0
    for _ in range(DIGEST_ACTIONS):
        if state.is_over():
            break
        if state.to_act() == (0,) and since.steps:
            table = table_of(state, game)
            hidden = Since(
                since.before.shuffle_secrets(0, random.Random(rng.random())),
                tuple(
                    replace(step, state=step.state.shuffle_secrets(0, random.Random(rng.random())))
                    for step in since.steps
                ),
                acted=since.acted,
            )
            for language in languages():
                text = digest_text(presenter, table, 0, since, language)
                assert text == digest_text(presenter, table, 0, hidden, language), game
            told += 1
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        notation = state.format_action(action)
        events = state.apply(seat, action)
        if seat == 0:
            since = Since(state.copy(), (), acted=True)
        else:
            step = ReplayedAction(seat, notation, events, state.copy())
            since = replace(since, steps=(*since.steps, step))
    assert told, f"{game}: seat 0 never came back to act"
