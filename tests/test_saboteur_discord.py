"""Saboteur through the real bot (simcord): the board after every turn, the private
hand, `/sab play` and its autocomplete, the hand view's components, and every way
an action is refused without changing the table."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest
import simcord

import cogs.saboteur.hand
import cogs.saboteur.presenter
from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import BreakTool, Discard, PlacePath, RepairTool
from bot.games.saboteur.cards import card_tools, card_type, shape_of
from bot.games.saboteur.cells import cell_name
from bot.games.saboteur.spots import placement_spots
from bot.i18n import t
from bot.service.errors import IllegalAction, NotSeated, NotYourTurn
from bot.startup.config import Settings
from cogs.platform.builder import StepSelect
from cogs.platform.errors import NoTableHere, WrongGame
from cogs.saboteur.choices import card_name
from renderer.saboteur.board import render_board
from renderer.saboteur.hand import render_hand
from renderer.saboteur.labels import shape_words
from renderer.saboteur.placement import render_placement
from tests.conftest import REMINDER_MINUTES
from tests.discord_support import (
    enabled_ids,
    followup_text,
    options_of,
    panel_words,
    private_texts,
    public_texts,
    restart,
    select_offering,
    shown_text,
    shows_notation,
    slow,
    suggested,
    turn_id,
)
from tests.saboteur_discord_support import (
    SabWorld,
    discard_from_hand,
    hand_panel,
    member_names,
    play_from_hand,
    sab_world,
    seed_where,
)


def card_of(action: object) -> str | None:
    """The card an action plays (a gold pick plays none)."""
    card = getattr(action, "card", None)
    return card if isinstance(card, str) else None


def holds(seat: int, kind: str) -> Callable[[SaboteurState], bool]:
    """A seed test: `seat` starts with a card of type `kind` (path: one that leads on)."""

    def holding(state: SaboteurState) -> bool:
        return any(
            card_type(card) == kind and not card.endswith("x") for card in state.hands[seat]
        )

    return holding


def first_path(state: SaboteurState, seat: int) -> PlacePath:
    return next(a for a in state.legal_actions(seat) if isinstance(a, PlacePath))


async def unchanged_after(w: SabWorld, version: int, messages: int) -> bool:
    """Nothing happened: same table version, no new public message."""
    return (await w.table()).version == version and len(w.public_messages()) == messages


# -- the public turn message -------------------------------------------------------------


async def test_start_posts_the_spectator_board_and_mentions_the_first_player(
    simcord_env: simcord.Env,
) -> None:
    w = await sab_world(simcord_env)
    first = await w.start(seed=3)
    state = await w.state()
    assert f"👉 {w.alice.mention}: your turn (round 1/3" in first.content
    for member in w.players:
        assert member.mention in first.content
    (image,) = first.attachments
    assert await image.read() == render_board(state.view(None), member_names(state), "en")


async def test_the_public_messages_follow_the_server_language(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env, locale="fr")
    first = await w.start(seed=3)
    assert f"👉 {w.alice.mention} : à vous (manche 1/3" in first.content
    (image,) = first.attachments
    assert await image.read() == render_board(
        (await w.state()).view(None), member_names(await w.state()), "fr"
    )


# -- the private hand --------------------------------------------------------------------


async def test_my_hand_answers_the_role_the_hand_image_and_the_peeks_privately(
    simcord_env: simcord.Env,
) -> None:
    w = await sab_world(simcord_env)
    first = await w.start(seed=3)
    state = await w.state()
    result = await w.bob.click(first, label="🂠 My hand")
    answer = result.response
    assert answer is not None and answer.ephemeral
    role = t("en", f"saboteur.role.{state.roles[1]}")
    assert f"(round 1): you are a **{role}**" in shown_text(answer)
    assert "Goals you looked at: none" in shown_text(answer)
    assert f"Waiting for {w.alice.mention}" in shown_text(answer)
    assert not answer.components  # nothing to choose while another player plays
    (image,) = answer.attachments
    assert await image.read() == render_hand(state.view(1), member_names(state), "en")


async def test_the_hand_of_the_player_to_act_offers_their_cards_and_discards(
    simcord_env: simcord.Env,
) -> None:
    w = await sab_world(simcord_env)
    first = await w.start(seed=3)
    state = await w.state()
    answer = (await w.alice.click(first, label="🂠 My hand")).response
    assert answer is not None
    playable = {f"card:{card_of(a)}" for a in state.legal_actions(0) if not isinstance(a, Discard)}
    passes = {f"discard {c}" for c in state.hands[0]}
    assert options_of(answer) == [playable, passes]


async def test_a_spectator_is_refused_a_hand(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    first = await w.start(seed=3)
    result = await w.dave.click(first, label="🂠 My hand")
    assert private_texts(result) == [t("en", "error.not_seated")]
    result = await w.dave.slash(w.channel, "sab hand")
    simcord.assert_error(w.env, NotSeated)
    assert private_texts(result) == [t("en", "error.not_seated")]


# -- /sab play and its autocomplete ------------------------------------------------------


async def test_autocomplete_offers_every_card_and_every_discard_when_nothing_is_typed(
    simcord_env: simcord.Env,
) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    state = await w.state()
    legal = {state.format_action(a) for a in state.legal_actions(0)}
    choices = await w.alice.autocomplete(w.channel, "sab play", "action", "")
    values = suggested(choices)
    assert 0 < len(values) <= 25
    assert set(values) <= legal
    playable = {card_of(a) for a in state.legal_actions(0) if not isinstance(a, Discard)}
    offered = {card_of(state.parse_action(0, v)) for v in values if not v.startswith("discard")}
    assert offered == playable
    assert {f"discard {card}" for card in state.hands[0]} <= set(values)


async def test_autocomplete_narrows_to_what_is_typed(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    choices = await w.alice.autocomplete(w.channel, "sab play", "action", "discard")
    assert choices and all(value.startswith("discard ") for value in suggested(choices))
    assert await w.alice.autocomplete(w.channel, "sab play", "action", "nonsense") == []


async def test_autocomplete_offers_nothing_to_a_player_who_is_not_to_act(
    simcord_env: simcord.Env,
) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    assert await w.bob.autocomplete(w.channel, "sab play", "action", "") == []
    assert await w.dave.autocomplete(w.channel, "sab play", "action", "") == []


async def test_sab_play_announces_the_card_and_tells_the_player_what_they_drew(
    simcord_env: simcord.Env,
) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    state = await w.state()
    path = first_path(state, 0)
    drawn = state.deck[-1]
    result = await w.alice.slash(w.channel, "sab play", action=state.format_action(path))
    # The command is answered privately (its options could be read from a public
    # reply); the turn is a plain channel message.
    assert public_texts(result) == []
    public = w.public_messages()[-1].content
    shape = shape_words(shape_of(path.card, path.rotated), "en")
    assert f"{w.alice.mention} laid a {shape} in {cell_name(path.x, path.y)}." in public
    assert f"👉 {w.bob.mention}:" in public
    assert private_texts(result) == [f"You drew: {card_name('en', drawn)}."]


# -- the hand view's components ----------------------------------------------------------


async def test_the_hand_view_plays_a_card_then_its_placement(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    state = await w.state()
    path = first_path(state, 0)
    await play_from_hand(w, w.alice, path.card, state.format_action(path))
    after = await w.state()
    assert after.maze.cards[path.pos].code == path.card
    assert f"{w.alice.mention} laid a " in w.last().content
    assert await w.last().attachments[0].read() == render_board(
        after.view(None), member_names(after), "en"
    )


async def test_the_hand_view_discards_to_pass(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    card = (await w.state()).hands[0][0]
    await discard_from_hand(w, w.alice, card)
    assert f"{w.alice.mention} passed, discarding a card face down." in w.last().content
    assert (await w.state()).discard == [card]


async def test_undo_returns_from_a_card_to_the_hand(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    state = await w.state()
    path = first_path(state, 0)
    hand = (await w.alice.slash(w.channel, "sab hand")).response
    assert hand is not None
    card = f"card:{path.card}"
    await w.alice.select(hand, [card], custom_id=select_offering(hand, card))
    plays = {
        state.format_action(a)
        for a in state.legal_actions(0)
        if card_of(a) == path.card and not isinstance(a, Discard)
    }
    offered = set().union(*options_of(hand)) | {
        i.rsplit(":", 1)[1] for i in enabled_ids(hand) if i.startswith("mt:step:")
    }
    assert offered == plays
    await w.alice.click(hand, custom_id=turn_id(hand, "undo"))
    assert "Your turn: choose a card" in shown_text(hand)
    assert card in options_of(hand)[0]


async def test_a_slow_image_still_reaches_the_player(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The interaction is acknowledged before the hand or board image is drawn."""
    w = await sab_world(simcord_env)
    first = await w.start(seed=3)
    monkeypatch.setattr(cogs.saboteur.hand, "render_hand", slow(w.env, render_hand))
    monkeypatch.setattr(cogs.saboteur.presenter, "render_board", slow(w.env, render_board))
    by_button = (await w.alice.click(first, label="🂠 My hand")).response
    hand = (await w.alice.slash(w.channel, "sab hand")).response
    status = (await w.dave.slash(w.channel, "game status")).response
    assert hand is not None and by_button is not None and status is not None
    card = f"card:{first_path(await w.state(), 0).card}"
    await w.alice.select(hand, [card], custom_id=select_offering(hand, card))
    await w.alice.click(hand, custom_id=turn_id(hand, "undo"))
    for answer in (by_button, hand, status):
        assert answer.ephemeral and len(answer.attachments) == 1


# -- refusals: nothing changes ------------------------------------------------------------


async def test_a_path_card_with_a_broken_tool_is_refused(simcord_env: simcord.Env) -> None:
    def alice_paths_bob_breaks(state: SaboteurState) -> bool:
        return holds(0, "path")(state) and holds(1, "break")(state)

    w = await sab_world(simcord_env)
    await w.start(seed=seed_where(alice_paths_bob_breaks))
    state = await w.state()
    path = first_path(state, 0)
    spare = next(card for card in state.hands[0] if card != path.card)
    await w.alice.slash(w.channel, "sab play", action=f"discard {spare}")
    breaking = next(a for a in (await w.state()).legal_actions(1)
                    if isinstance(a, BreakTool) and a.target == 0)
    await w.bob.slash(w.channel, "sab play", action=f"break {breaking.tool} p1")
    await w.carol.slash(w.channel, "sab play", action=f"discard {(await w.state()).hands[2][0]}")
    version, messages = (await w.table()).version, len(w.public_messages())

    result = await w.alice.slash(w.channel, "sab play", action=state.format_action(path))

    reason = t("en", "reason.saboteur.tools_broken")
    simcord.assert_error(w.env, IllegalAction)
    assert private_texts(result) == [t("en", "error.illegal_action", reason=reason)]
    assert await unchanged_after(w, version, messages)


async def test_a_path_card_off_the_network_is_refused(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=seed_where(holds(0, "path")))
    state = await w.state()
    path = first_path(state, 0)
    version, messages = (await w.table()).version, len(w.public_messages())
    off = state.format_action(PlacePath(path.card, 4, 4, path.rotated))

    result = await w.alice.slash(w.channel, "sab play", action=off)

    reason = t("en", "reason.saboteur.not_connected")
    simcord.assert_error(w.env, IllegalAction)
    assert private_texts(result) == [t("en", "error.illegal_action", reason=reason)]
    assert await unchanged_after(w, version, messages)


async def test_repairing_a_tool_that_is_not_broken_is_refused(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=seed_where(holds(0, "repair")))
    state = await w.state()
    card = next(c for c in state.hands[0] if card_type(c) == "repair")
    repair = RepairTool(card, card_tools(card)[0], 1)
    version, messages = (await w.table()).version, len(w.public_messages())

    result = await w.alice.slash(w.channel, "sab play", action=state.format_action(repair))

    reason = t("en", "reason.saboteur.nothing_to_repair")
    simcord.assert_error(w.env, IllegalAction)
    assert private_texts(result) == [t("en", "error.illegal_action", reason=reason)]
    assert await unchanged_after(w, version, messages)


async def test_someone_elses_hand_components_are_refused(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    table = await w.table()
    state = await w.state()
    card = first_path(state, 0).card
    # Alice's card select, as if her hand view had reached the channel.
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=card, value=card)]
    select = StepSelect.as_select(table.id, table.version, "hand:1:0", options, "Play a card")
    view.add_item(select)
    channel = w.bot.get_channel(w.channel.id)
    assert isinstance(channel, discord.TextChannel)
    leaked = await channel.send("alice's hand", view=view)
    version, messages = table.version, len(w.public_messages())

    result = await w.bob.select(leaked, [card], custom_id=f"mt:steps:{table.id}:{version}:hand:1:0")

    assert private_texts(result) == [t("en", "error.not_your_turn")]
    assert await unchanged_after(w, version, messages)


async def test_playing_out_of_turn_is_refused(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    state = await w.state()
    version, messages = (await w.table()).version, len(w.public_messages())
    result = await w.bob.slash(w.channel, "sab play", action=f"discard {state.hands[1][0]}")
    simcord.assert_error(w.env, NotYourTurn)
    assert private_texts(result) == [t("en", "error.not_your_turn")]
    assert await unchanged_after(w, version, messages)


async def test_sab_play_without_a_saboteur_table_says_how_to_open_one(
    simcord_env: simcord.Env,
) -> None:
    w = await sab_world(simcord_env)
    result = await w.alice.slash(w.channel, "sab play", action="take 3")
    simcord.assert_error(w.env, NoTableHere)
    assert private_texts(result) == [t("en", "error.no_table_here")]


async def test_a_hand_view_from_an_earlier_turn_is_refused(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    state = await w.state()
    hand = (await w.alice.slash(w.channel, "sab hand")).response
    assert hand is not None
    await w.alice.slash(w.channel, "sab play", action=f"discard {state.hands[0][0]}")
    version, messages = (await w.table()).version, len(w.public_messages())
    card = sorted(options_of(hand)[0])[0]
    result = await w.alice.select(hand, [card], custom_id=select_offering(hand, card))
    assert followup_text(result) == t("en", "error.stale_action")
    assert await unchanged_after(w, version, messages)


async def test_a_hand_view_of_an_abandoned_game_says_so(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    hand = (await w.alice.slash(w.channel, "sab hand")).response
    assert hand is not None
    await w.bot.service.tables.abandon(w.table_id, w.alice.id, can_manage=False)
    card = sorted(options_of(hand)[0])[0]
    result = await w.alice.select(hand, [card], custom_id=select_offering(hand, card))
    answer = followup_text(result)  # how and when it ended (cogs.ended.clicks)
    assert answer.startswith("Table #1 has ended: the game was abandoned, <t:"), answer


# -- secrets ------------------------------------------------------------------------------


async def test_the_map_result_is_told_only_to_its_player(simcord_env: simcord.Env) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=seed_where(holds(0, "map")))
    state = await w.state()
    found = "peeked_gold" if state.maze.hidden_goals[(8, -2)] == "goal-gold" else "peeked_stone"
    told = t("en", f"event.saboteur.{found}", goal="top")

    result = await w.alice.slash(w.channel, "sab play", action="map top")

    public = w.public_messages()[-1].content
    assert f"{w.alice.mention} secretly looked at the top goal." in public
    assert told not in public
    (private,) = private_texts(result)
    assert private.startswith(told)
    hand = (await w.alice.slash(w.channel, "sab hand")).response
    assert hand is not None
    assert f"Goals you looked at: top: {'gold' if found == 'peeked_gold' else 'stone'}" in (
        shown_text(hand)
    )
    bob_hand = (await w.bob.slash(w.channel, "sab hand")).response
    assert bob_hand is not None and "Goals you looked at: none" in shown_text(bob_hand)


async def test_skipping_an_idle_player_tells_the_skipper_none_of_their_secrets(
    simcord_env: simcord.Env,
) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    drawn = (await w.state()).deck[-1]
    await w.env.advance_time(2 * REMINDER_MINUTES * 60)

    result = await w.bob.slash(w.channel, "game skip")

    assert f"{w.bob.mention} skipped the turn of {w.alice.mention}" in w.last().content
    told = " ".join(private_texts(result))
    assert card_name("en", drawn) not in told


async def test_another_games_command_names_the_game_this_table_plays(
    simcord_env: simcord.Env,
) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    result = await w.alice.slash(w.channel, "coal play", action="bank")
    simcord.assert_error(w.env, WrongGame)
    assert private_texts(result) == [
        t("en", "error.wrong_game", game="Saboteur", wanted="Coal Baron")
    ]


async def test_a_typed_discard_is_answered_privately_and_never_names_the_card(
    simcord_env: simcord.Env,
) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    state = await w.state()
    card = state.hands[0][0]
    result = await w.alice.slash(w.channel, "sab play", action=f"discard {card}")
    assert public_texts(result) == [] and result.ephemeral
    public = w.public_messages()[-1].content
    assert f"{w.alice.mention} passed" in public and card not in public


async def test_a_path_card_is_placed_by_its_lettered_spot_in_two_taps(
    simcord_env: simcord.Env,
) -> None:
    """After choosing a path card, the panel shows the maze with each legal spot
    lettered and one button per spot; the spot then Confirm play it."""
    w = await sab_world(simcord_env)
    await w.start(seed_where(lambda s: any(
        isinstance(a, PlacePath) for a in s.legal_actions(s.to_act()[0]))))
    actor = await w.to_act()
    state = await w.state()
    (seat,) = state.to_act()
    card = next(a.card for a in state.legal_actions(seat) if isinstance(a, PlacePath))
    hand = await hand_panel(w, actor)
    await actor.select(hand, [f"card:{card}"], custom_id=select_offering(hand, f"card:{card}"))
    spots = placement_spots(state, seat, card)
    assert 0 < len(spots) <= 20
    buttons = [c for row in hand.components for c in row["components"]
               if str(c.get("custom_id", "")).startswith("mt:step:")]
    assert [b["label"] for b in buttons] == [
        f"{spot.letter} · {cell_name(spot.x, spot.y)}" for spot in spots
    ]  # the letter on the image, and the cell its edges name
    (image,) = hand.attachments
    assert await image.read() == render_placement(
        state.view(seat), card, spots, member_names(state), "en")
    last = spots[-1]
    await actor.click(hand, custom_id=next(b["custom_id"] for b in buttons
                                          if b["custom_id"].endswith(f":{last.notation}")))
    confirm = next(i for i in enabled_ids(hand) if i.endswith(":confirm"))
    await actor.click(hand, custom_id=confirm)  # two taps after the card
    after = await w.state()
    assert (last.x, last.y) in after.maze.cards


@pytest.mark.storage_facing  # replayed on PostgreSQL (tests/conftest.py)
async def test_the_hand_panel_after_two_steps_shows_words_and_survives_a_restart(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    w = await sab_world(simcord_env)
    await w.start(seed=3)
    state = await w.state()
    path = first_path(state, 0)
    play = state.format_action(path)
    hand = (await w.alice.slash(w.channel, "sab hand")).response
    assert hand is not None
    card = f"card:{path.card}"
    await w.alice.select(hand, [card], custom_id=select_offering(hand, card))
    spot = next((i for i in enabled_ids(hand) if i.endswith(f":{play}")), None)
    if spot is not None:
        await w.alice.click(hand, custom_id=spot)
    else:
        await w.alice.select(hand, [play], custom_id=select_offering(hand, play))
    words = panel_words(hand)
    assert not shows_notation(play, words) and card not in words, words
    await restart(w, settings)
    await w.alice.click(hand, custom_id=turn_id(hand, "confirm"))
    assert hand.content == t("en", "builder.done")
    assert (await w.bot.service.results.record(w.table_id))["actions"][-1].endswith(play)
