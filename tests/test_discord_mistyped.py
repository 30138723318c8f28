"""A ``/game play`` typed by hand (without picking a suggestion, common on a phone): a
suggestion's label typed as it reads plays that move; a text that reads as no move is
answered in words, with the closest legal moves (the suggestions' labels, at most
five) and "pick one of the suggestions as you type", and changes nothing; what the
notation expected is added only for a player who typed notation. English and French."""

from __future__ import annotations

import pytest
import simcord

from cogs.platform.errors import MistypedPlay
from tests.discord_support import TableWorld, private_text, speak_french
from tests.mine_out_discord_support import MoWorld, mo_world

MISTYPED = {
    "en": ("“{typed}” is not a move I can read. Pick one of the suggestions as you type;"
           " the closest legal moves:"),
    "fr": ("Je ne reconnais pas de coup dans « {typed} ». Choisissez une des suggestions"
           " pendant que vous tapez ; les coups légaux les plus proches :"),
}


def closest_named(answer: str) -> list[str]:
    """The moves an answer names, on its first line after "moves:" ("proches :")."""
    first = answer.splitlines()[0]
    named = first.split("moves: ", 1)[1] if "moves: " in first else first.split("proches : ")[1]
    return named.removesuffix(".").split(" ; ")


async def mine_out_in(
    env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> tuple[MoWorld, simcord.MemberActor, int, list[str]]:
    """A Mine Out table of two in `language`, started; who is to act, the table's
    version, and the labels `/game play` suggests to them."""
    w = await mo_world(env, 2, None if language == "en" else language)
    if language == "fr":
        speak_french(monkeypatch, *w.players)
    await w.start(4)
    state = await w.state()
    actor = w.players[state.to_act()[0]]
    choices = await actor.autocomplete(w.channel, "game play", "action", "")
    return w, actor, (await w.table()).version, [str(choice["name"]) for choice in choices]


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_suggestions_label_typed_by_hand_plays_that_move(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    w, actor, version, labels = await mine_out_in(simcord_env, monkeypatch, language)
    label = labels[0]
    await actor.slash(w.channel, "game play", action=f"  {label.upper()} ")  # any case
    assert (await w.table()).version == version + 1, label


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_mistyped_move_is_answered_with_the_closest_moves_in_words(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    w, actor, version, labels = await mine_out_in(simcord_env, monkeypatch, language)
    words = labels[0].split()
    typed = f"{' '.join(words[:2])} the thing"  # a label half remembered
    answer = private_text(await actor.slash(w.channel, "game play", action=typed))
    simcord.assert_error(simcord_env, MistypedPlay)
    assert answer.startswith(MISTYPED[language].format(typed=typed)), answer
    named = closest_named(answer)
    assert 1 <= len(named) <= 5
    assert set(named) <= set(labels), (named, labels)
    assert named[0].split()[:2] == words[:2]
    assert "`" not in answer and "Expected" not in answer and "Il faut" not in answer
    assert (await w.table()).version == version  # nothing changed


async def test_a_player_who_types_notation_is_also_told_what_it_expected(
    world_in_language: TableWorld,
) -> None:
    w = world_in_language
    language = "fr" if w.guild.name.endswith("-fr") else "en"
    await w.start_tiny()
    answer = private_text(await w.alice.slash(w.channel, "game play", action="keep it"))
    simcord.assert_error(w.env, MistypedPlay)
    assert answer.startswith(MISTYPED[language].format(typed="keep it")), answer
    assert closest_named(answer) == ["keep", "swap"]
    assert "Expected 'keep', 'swap' or 'add <n>'" in answer  # the notation, for them only
    typed = private_text(await w.alice.slash(w.channel, "game play", action="pick a card"))
    simcord.assert_error(w.env, MistypedPlay)
    assert "Expected" not in typed and closest_named(typed)
