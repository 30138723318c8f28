"""Alt texts cut by meaning and said as a screen reader should say them
(`cogs.platform.alt_text`, issue 32)."""

from __future__ import annotations

from bot.games.registry import get_game
from cogs.platform.alt_text import LIMIT, fitted, plain
from cogs.platform.seen import seen
from tests.test_game_contract import table_of


def test_whole_sentences_are_kept_up_to_the_limit_never_a_piece_of_one() -> None:
    sentences = [f"Sentence number {index} says something about the mine." for index in range(60)]
    text = fitted(sentences)
    assert len(text) <= LIMIT
    assert text.endswith("about the mine.") and text.startswith("Sentence number 0 ")
    assert fitted(sentences[:3]) == " ".join(sentences[:3])


def test_a_first_sentence_too_long_is_cut_after_a_whole_word() -> None:
    text = fitted(["word " * 400])
    assert len(text) <= LIMIT and text.endswith("word…")


def test_mentions_become_names_and_markup_and_end_emoji_go() -> None:
    state = get_game("saboteur").new(3, 1)
    shown = seen(table_of(state, "saboteur"), None, names=("Ann", "", "Cleo"))
    said = plain("**<@100>** laid a card for <@101> <:gold:123> 👉", shown, "en")
    assert said == "Ann laid a card for Player 2."
    assert plain("<@999> passed!", shown, "fr") == "quelqu'un passed!"
