"""A whole Saboteur game through the real bot: no secret in any public message or
image before the round it belongs to is over (the game of seed 11, three rounds to
the standings with every kind of action both typed and clicked, is the complete game
of tests/test_discord_complete_games.py, `tests.saboteur_discord_support.read_game`)."""

from __future__ import annotations

import random

import pytest
import simcord

from bot.app import TableBot
from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import Action
from bot.i18n import t
from cogs.platform.seen import seen
from cogs.saboteur.choices import sab_state
from cogs.saboteur.presenter import SaboteurPresenter
from renderer.saboteur.board import render_board, render_round_end
from tests.discord_support import bot_of, labels, plain_channel
from tests.saboteur_discord_support import (
    SabWorld,
    member_names,
    play_game,
    sab_world,
)
from tests.saboteur_support import digger_play

# -- leaks -------------------------------------------------------------------------------


ROLE_WORDS = [
    t(lang, f"saboteur.role.{role}").lower()
    for lang in ("en", "fr")
    for role in ("digger", "saboteur")
]
GOAL_CARDS = ("goal-gold", "goal-SW", "goal-ES")


async def private_lines(w: SabWorld, before: SaboteurState, action: Action) -> list[str]:
    """Every text the action's events meant for one seat turn into, in both languages."""
    (seat,) = before.to_act()
    events = SaboteurState.from_json(before.to_json()).apply(seat, action)
    table = await w.table()
    presenter = SaboteurPresenter()
    lines = []
    for event in events:
        if event.seat is not None:
            for lang in ("en", "fr"):
                lines += presenter.event_lines(
                    seen(table, event.seat), [event], lang, seat=event.seat
                )
    return lines


@pytest.mark.complete_game("saboteur")
async def test_no_public_message_or_image_tells_a_secret_before_the_round_ends(
    simcord_env: simcord.Env,
) -> None:
    """Every action posts one public message; what a spectator reads in it and the
    board image must hold no role (before the round ends), no card in hand, no
    goal seen with a map, no face-down goal."""
    w = await sab_world(simcord_env)
    turns = await play_game(w, seed=5)
    seen = w.channel.history(viewer=w.dave)
    public = [m for m in seen if m.id > w.first_turn_id]
    assert len(public) == len(turns)
    secrets_checked = 0
    for turn, message in zip(turns, public, strict=True):
        secrets = await private_lines(w, turn.before, turn.action)
        round_over = len(turn.after.history) > len(turn.before.history)
        text = message.content
        assert not any(secret in text for secret in secrets), text
        assert not any(goal in text for goal in GOAL_CARDS), text
        assert "discard " not in text
        if not round_over:
            assert not any(word in text.lower() for word in ROLE_WORDS), text
        assert not message.embeds
        names = member_names(turn.after)
        images = [await image.read() for image in message.attachments]
        if turn.after.is_over():  # the summary's score chart comes last
            assert message.attachments[-1].filename == "scores.png"
            images.pop()
        expected = []
        if round_over:  # the maze as the round ended, every goal face up
            rounds = len(turn.after.history)
            expected.append(render_round_end(turn.after.view(None), rounds, names, "en"))
        if not turn.after.is_over():  # then the maze of the round in play
            expected.append(render_board(turn.after.view(None), names, "en"))
        assert images == expected
        secrets_checked += len(secrets)
    assert secrets_checked > len(turns)


# -- Discord's limits --------------------------------------------------------------------


async def test_a_ten_player_game_keeps_every_message_within_discords_limits(
    simcord_env: simcord.Env,
) -> None:
    """The longest messages: ten players (mentions of 19-digit ids) in French, every
    round's end (roles, gold) and the final standings. Ordinary turns go straight to the
    service; every action that ends a phase goes through `/sab play`, and simcord
    refuses a message over Discord's limits."""
    env = simcord_env
    await bot_of(env).tree.sync()
    guild = env.create_guild(name="mines", preferred_locale="fr")
    channel = plain_channel(guild, "saboteur")
    members = [guild.add_member(env.create_user(f"miner{n}")) for n in range(10)]
    await members[0].slash(channel, "game new", game="saboteur")
    for member in members[1:]:
        await member.slash(channel, "game join")
    await members[0].slash(channel, "game start")
    bot = env.bot
    assert isinstance(bot, TableBot)
    table = await bot.service.tables.active_table(channel.id)
    assert table is not None
    rng = random.Random(7)
    rounds_ended = 0
    while (table := await bot.service.tables.get_table(table.id)).status == "playing":
        state = sab_state(table)
        (seat,) = state.to_act()
        notation = state.format_action(digger_play(rng, state.legal_actions(seat)))
        after = SaboteurState.from_json(state.to_json())
        after.apply(seat, after.parse_action(seat, notation))
        if (after.round, after.phase) != (state.round, state.phase):
            await members[seat].slash(channel, "sab play", action=notation)
            last = channel.last_message
            assert last is not None and len(last.content) <= 2000
            rounds_ended += "🎭" in last.content
        else:
            await bot.service.moves.act(table.id, table.seats[seat], notation)
    assert rounds_ended == 3
    last = channel.last_message
    assert last is not None and "🏁" in last.content
    # The summary, in French: the score chart, Revanche and Exporter.
    assert last.attachments[-1].filename == "scores.png"
    assert labels(last) == ["Revanche", "Exporter", "🔎 Revoir la partie"]
