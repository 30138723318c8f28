"""The table options of `cogs.platform.table_options` without Discord: names shared by
games, defaults, refusals in words, player counts."""

from __future__ import annotations

import pytest

from cogs.coal_baron import PUT_BACK
from cogs.mine_out import OPTIONS as MINE_OUT
from cogs.platform.replies import error_text
from cogs.platform.table_options import (
    OptionNeedsPlayers,
    OptionNotForGame,
    OptionValueNotForGame,
    TableOption,
    check_players,
    declared,
    options_text,
    table_options,
)

NAMES = declared([("mine-out", MINE_OUT), ("coal-baron", (PUT_BACK,))])


def test_each_option_name_is_declared_once_with_every_value_of_every_game() -> None:
    shared = declared([("a", (TableOption("end", ("x", "y")),)),
                       ("b", (TableOption("end", ("y", "z")), TableOption("size", ("s",))))])
    assert shared["end"].game == "a"
    assert list(shared["end"].values.items()) == [("x", "a"), ("y", "a"), ("z", "b")]
    assert shared["size"].game == "b"
    assert list(NAMES) == ["variant", "end", "put_back"]


def test_the_defaults_fill_what_was_not_chosen() -> None:
    nothing: dict[str, str | None] = {"variant": None, "end": None, "put_back": None}
    assert table_options("mine-out", MINE_OUT, nothing, NAMES, "en") == {"end": "more-than-50"}
    chosen: dict[str, str | None] = {"variant": "teams", "end": "50-or-more", "put_back": None}
    assert table_options("mine-out", MINE_OUT, chosen, NAMES, "en") == {
        "variant": "teams", "end": "50-or-more"}


def test_a_value_the_game_does_not_offer_is_refused_with_its_own_values() -> None:
    with pytest.raises(OptionValueNotForGame) as refused:
        table_options("mine-out", MINE_OUT, {"variant": "solo"}, NAMES, "fr")
    assert error_text(refused.value, "fr") == (
        "Mine Out ne propose pas cette valeur pour `variante` ; "
        "il propose : 2 contre 2 en équipes (4 joueurs)."
    )


def test_an_option_of_another_game_is_named_as_discord_shows_it() -> None:
    with pytest.raises(OptionNotForGame) as refused:
        table_options("coal-baron", (PUT_BACK,), {"variant": "teams"}, NAMES, "en")
    assert refused.value.params["option"] == "variant"
    assert refused.value.params["options"] == "put-back"


def test_options_in_words_and_the_player_counts_they_allow() -> None:
    stored = {"variant": "teams", "end": "50-or-more"}
    assert options_text("mine-out", MINE_OUT, stored, "en") == (
        "variant: 2 vs 2 in teams (4 players) · end: 50 fame or more")
    assert options_text("mine-out", MINE_OUT, {"end": "unknown"}, "en") == ""
    check_players("mine-out", MINE_OUT, stored, 4, "en")
    with pytest.raises(OptionNeedsPlayers):
        check_players("mine-out", MINE_OUT, stored, 3, "en")
    check_players("mine-out", MINE_OUT, {"end": "50-or-more"}, 3, "en")
