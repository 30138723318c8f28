"""The Saboteur presenter on its own: what the public turn message and the private hand
say, in both languages, over whole self-played games."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

import pytest

from bot.games.saboteur import SaboteurState
from bot.i18n import t
from bot.service import ActResult, Table, TableStatus
from cogs.platform.presenter import ActionChoice, matching
from cogs.platform.seen import seat_copy, seen
from cogs.saboteur.choices import AUTOCOMPLETE_LIMIT, first_actions
from cogs.saboteur.hand import hand_text
from cogs.saboteur.presenter import SaboteurPresenter
from cogs.saboteur.typed import SaboteurPlays
from renderer.saboteur.board import render_board
from tests.saboteur_support import digger_play, hide_other_secrets, seat_names

SEATS = (101, 102, 103, 104, 105)


def table_of(state: SaboteurState) -> Table:
    return Table(
        id=1, guild_id=1, channel_id=2, game="saboteur", creator_id=SEATS[0],
        seats=SEATS[: state.players],
        status=TableStatus.FINISHED if state.is_over() else TableStatus.PLAYING,
        options={}, seed=state.seed, version=1, reminder_minutes=60, created_at=0.0,
        updated_at=0.0, turn_started_at=0.0, reminded=False, state=state,
    )


def self_play(players: int, seed: int) -> Iterator[tuple[SaboteurState, ActResult]]:
    """Every position of a seeded game, with the action that led to it."""
    state = SaboteurState.new(players, seed)
    rng = random.Random(seed)
    while not state.is_over():
        (seat,) = state.to_act()
        action = digger_play(rng, state.legal_actions(seat))
        events = state.apply(seat, action)
        table = table_of(state)
        yield state, ActResult(table, seat, state.format_action(action), events)


def hide_gold_on_table(state: SaboteurState, rng: random.Random) -> SaboteurState:
    """A copy where the gold cards being shared (seen only by the picking seat) are
    swapped with the gold stock; as many stay on the table."""
    other = copy.deepcopy(state)
    gold = other.gold_pool + other.gold_deck
    rng.shuffle(gold)
    size = len(other.gold_pool)
    other.gold_pool, other.gold_deck = gold[:size], gold[size:]
    return other


def public_text(table: Table, played: ActResult, lang: str) -> str:
    """The words of the turn message (`SaboteurPresenter.turn` without drawing the board,
    which is drawn from ``view(None)``)."""
    presenter = SaboteurPresenter()
    public = seen(table, None)
    lines = presenter.event_lines(public, played.events, lang, seat=None)
    return "\n".join([*lines, presenter.status_text(public, lang)])


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (5, 7)])
def test_the_public_message_is_the_same_whatever_the_secrets(players: int, seed: int) -> None:
    """Roles, hands, peeks, face-down goals, the gold owned and the gold being shared
    are shuffled in a copy of each position: neither the turn message nor the
    board's view may change."""
    rng = random.Random(seed)
    for state, played in self_play(players, seed):
        other = hide_gold_on_table(hide_other_secrets(state, None, rng), rng)
        assert other.view(None) == state.view(None)
        for lang in ("en", "fr"):
            assert public_text(table_of(other), played, lang) == public_text(
                table_of(state), played, lang
            )


async def test_the_turn_message_is_its_events_then_whose_turn_with_the_board() -> None:
    state, played = next(self_play(3, 2))
    message = await SaboteurPresenter().turn(seen(table_of(state), None), "en", played)
    assert message.content == public_text(table_of(state), played, "en")
    (board,) = message.files
    assert board.fp.read() == render_board(state.view(None), seat_names(state), "en")


def test_each_round_end_names_every_role_and_the_game_end_ranks_the_players() -> None:
    ended = 0
    for state, played in self_play(3, 2):
        text = public_text(table_of(state), played, "en")
        if any(event.kind == "roles_revealed" for event in played.events):
            ended += 1
            roles = state.history[-1]["roles"]
            for seat, role in enumerate(roles):
                name = t("en", f"saboteur.role.{role}")
                assert f"<@{SEATS[seat]}> {name}" in text
    assert ended == 3
    outcome = state.outcome()
    assert outcome is not None
    best = max(outcome.scores)
    for seat in outcome.winners:
        assert f"1. <@{SEATS[seat]}>: {best} nuggets 🏆" in text


def test_the_hand_is_written_in_the_reader_s_language() -> None:
    state = SaboteurState.new(3, 4)
    role = state.roles[1]
    text = hand_text(table_of(state), 1, "fr")
    role_words = t("fr", f"saboteur.role.{role}")
    assert f"🂠 **Votre main** (manche 1) : vous êtes **{role_words}**" in text
    assert "Cartes Arrivée regardées : aucune" in text
    assert "En attente de <@101>." in text


def test_the_first_choices_hold_every_playable_card_and_every_discard() -> None:
    for state, _ in self_play(5, 3):
        if state.phase != "play":
            continue
        (seat,) = state.to_act()
        first = first_actions(state, seat)
        assert len(first) <= AUTOCOMPLETE_LIMIT
        legal = state.legal_actions(seat)
        assert all(action in legal for action in first)
        cards = {getattr(action, "card", None) for action in legal}
        assert {getattr(action, "card", None) for action in first} == cards


def matching_choices(state: SaboteurState, seat: int, typed: str, lang: str) -> list[ActionChoice]:
    """What `/game play`'s autocomplete offers `seat` for `typed`."""
    return matching(SaboteurPlays().ranked_choices(seat_copy(table_of(state), seat), lang), typed)


def test_typed_words_narrow_the_choices_to_those_holding_them() -> None:
    state = SaboteurState.new(3, 3)
    found = matching_choices(state, 0, "path 1,0", "en")
    assert found and all(c.notation.startswith("path ") and "1,0" in c.notation for c in found)
    assert matching_choices(state, 1, "", "en") == []


def test_autocomplete_labels_follow_the_reader_s_language() -> None:
    state = SaboteurState.new(3, 3)
    english = matching_choices(state, 0, "discard", "en")
    french = matching_choices(state, 0, "discard", "fr")
    assert [c.notation for c in english] == [c.notation for c in french]
    assert all("pass, discarding" in c.label for c in english)
    assert all("passer en défaussant" in c.label for c in french)
