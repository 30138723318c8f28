"""How errors read: the translated message of each user error, the illegal action's reason,
what a mistyped action should have been, and the generic answer to an unexpected failure."""

from __future__ import annotations

import logging
from typing import Any

import pytest
import simcord

from bot.games.base import GameState
from bot.games.coal_baron import CoalBaronState
from bot.games.saboteur import SaboteurState
from bot.i18n import LocaleLike, catalog
from bot.service import ActResult, Tables
from bot.service.errors import (
    ActionSyntaxError,
    IllegalAction,
    NotYourTurn,
    SkipTooEarly,
    UserError,
)
from cogs.platform.plugins import PLUGINS, GamePlugin
from cogs.platform.presenter import Presenter, TurnMessage
from cogs.platform.replies import error_text
from cogs.platform.seen import Seen
from tests.discord_support import TableWorld, private_text
from tests.tinygame import TinyGame


def test_a_user_error_reads_in_the_users_language() -> None:
    assert error_text(NotYourTurn(), "fr") == "Ce n'est pas votre tour."
    assert error_text(SkipTooEarly(minutes_left=3), "en-US") == (
        "Too early to skip: wait 3 more minutes."
    )


def test_an_illegal_action_shows_its_translated_reason_when_the_key_exists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(catalog("en"), "reason.test.too_far", "only {n} steps")
    monkeypatch.setitem(catalog("fr"), "reason.test.too_far", "seulement {n} pas")
    error = IllegalAction("only 2 steps", "test.too_far", n=2)
    assert error_text(error, "fr") == "Vous ne pouvez pas faire cela maintenant. seulement 2 pas"


def test_an_illegal_action_without_a_reason_key_shows_the_english_reason() -> None:
    error = IllegalAction("now you must choose keep or swap", "tiny.unknown_key")
    assert error_text(error, "fr").endswith(". Now you must choose keep or swap.")


@pytest.mark.parametrize(
    "state, text, french",
    [
        (CoalBaronState.new(3, 0), "m8 +q", "Attendu : +y, +b, +g ou +k."),
        (SaboteurState.new(4, 0), "take 4", "Les cartes Or valent 1, 2 ou 3 pépites."),
        (
            SaboteurState.new(4, 0),
            "break hammer p1",
            "Outil inconnu `hammer` : attendu pick, lamp ou cart (ou pioche, lampe, wagonnet).",
        ),
    ],
    ids=["coal-baron", "saboteur", "saboteur-with-parameter"],
)
def test_a_mistyped_action_says_in_french_what_was_expected(
    state: GameState[Any], text: str, french: str
) -> None:
    with pytest.raises(ActionSyntaxError) as caught:
        state.parse_action(0, text)
    assert error_text(caught.value, "fr") == f"Ce n'est pas une action de ce jeu. {french}"


def test_a_syntax_error_without_an_expected_key_shows_the_english_message() -> None:
    error = ActionSyntaxError("expected keep or swap")
    assert error_text(error, "fr") == "Ce n'est pas une action de ce jeu. Expected keep or swap."


def test_an_error_without_a_message_key_says_what_went_wrong() -> None:
    class Odd(UserError):
        key = "odd_thing"

    assert error_text(Odd("the odd thing"), "en") == "That did not work: the odd thing"


class BrokenPresenter(Presenter):
    async def private(
        self, seen: Seen, locale: LocaleLike, played: ActResult | None = None
    ) -> TurnMessage:
        raise RuntimeError("the renderer crashed")


async def test_an_unexpected_error_in_a_button_is_logged_and_answered_generically(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    w = table_world
    monkeypatch.setitem(PLUGINS, "tiny", GamePlugin(TinyGame, BrokenPresenter()))
    await w.start_tiny()
    result = await w.alice.click(w.last(), custom_id="mt:view:1")
    assert private_text(result).startswith("Something went wrong on our side")
    [record] = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert "the renderer crashed" in str(record.exc_info[1] if record.exc_info else "")
    caplog.clear()


async def test_an_unexpected_error_in_a_command_is_logged_and_answered_generically(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    w = table_world

    async def broken(self: Tables, channel_id: int) -> None:
        raise RuntimeError("the database is gone")

    monkeypatch.setattr(Tables, "active_table", broken)
    result = await w.alice.slash(w.channel, "game status")
    simcord.assert_error(w.env, RuntimeError)
    assert private_text(result).startswith("Something went wrong on our side")
    assert any(r.levelno == logging.ERROR for r in caplog.records)
    caplog.clear()


@pytest.mark.parametrize(
    "locale, said",
    [("en", "Not enough yellow cubes in the cage."),
     ("fr", "Pas assez de cubes de couleur jaune dans la cage."),
     ("de", "Nicht genug gelbe Würfel im Förderkorb.")],
)
def test_a_word_an_engine_names_in_a_refusal_is_said_in_the_readers_language(
    locale: str, said: str
) -> None:
    """The engine names the colour by its code (``yellow``): each reader reads it in
    their language, from the game's catalog (``coal-baron.colour.yellow``)."""
    refusal = IllegalAction("not enough yellow cubes in the cage",
                            reason_key="coal-baron.not-in-cage", colour="yellow")
    assert error_text(refusal, locale).endswith(said)
