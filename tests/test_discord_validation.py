"""Command options checked on the bot's side: a client is not bound to Discord's checks.

Each case sends what a hostile client could (tests.forging) and expects a clear,
translated refusal, nothing logged as an error, and no table opened or changed.
"""

from __future__ import annotations

from typing import Any, cast

import pytest

from bot.i18n import t
from tests.discord_support import TableWorld, private_text, speak_french
from tests.forging import forged_component, forged_slash

STRING, INTEGER = 3, 4


def option(name: str, value: Any, kind: int = STRING) -> dict[str, Any]:
    return {"name": name, "type": kind, "value": value}


async def open_tables(world: TableWorld) -> int:
    """How many tables the bot has stored (lobby, playing or closed)."""
    service = cast(Any, world.env.bot).service
    count = 0
    while True:
        try:
            await service.tables.get_table(count + 1)
        except Exception:
            return count
        count += 1


@pytest.mark.parametrize(
    "game", ["Coal-Baron", "coal_baron", "../../etc/passwd", "çoal-barön", "", "x" * 100]
)
async def test_a_game_outside_the_choices_is_refused_naming_the_known_games(
    table_world: TableWorld, game: str
) -> None:
    w = table_world
    result = await forged_slash(w.alice, w.channel, "game new", [option("game", game)])
    text = private_text(result)
    assert text.startswith("`game` must be one of: ")
    assert "Coal Baron" in text and "Saboteur" in text and "Tiny" in text
    assert await open_tables(w) == 0


@pytest.mark.parametrize("reminder", [-(2**53), 2**53, 0, 10_081, 2**64])
async def test_a_reminder_outside_its_range_is_refused(
    table_world: TableWorld, reminder: int
) -> None:
    w = table_world
    options = [option("game", "tiny"), option("reminder", reminder, INTEGER)]
    result = await forged_slash(w.alice, w.channel, "game new", options)
    assert private_text(result) == "`reminder` must be between 1 and 10080."
    assert await open_tables(w) == 0


@pytest.mark.parametrize("reminder", ["5", 5.5, True, None, [5], {"5": 5}])
async def test_a_reminder_that_is_not_a_whole_number_is_refused(
    table_world: TableWorld, reminder: Any
) -> None:
    w = table_world
    options = [option("game", "tiny"), option("reminder", reminder, INTEGER)]
    result = await forged_slash(w.alice, w.channel, "game new", options)
    assert private_text(result) == "The option `reminder` does not hold a valid value."
    assert await open_tables(w) == 0


async def test_a_missing_game_is_refused_without_logging_a_signature_mismatch(
    table_world: TableWorld,
) -> None:
    w = table_world
    result = await forged_slash(w.alice, w.channel, "game new", [])
    assert private_text(result).startswith("The option `game` is missing")
    assert await open_tables(w) == 0


async def test_an_option_the_command_does_not_declare_is_refused(table_world: TableWorld) -> None:
    w = table_world
    result = await forged_slash(w.alice, w.channel, "game status", [option("evil", "x")])
    assert private_text(result).startswith("This command does not have that option")


@pytest.mark.parametrize("table", [2**63, 2**63 + 1, 10**30, 0, -1])
async def test_an_export_of_a_table_number_out_of_range_is_refused(
    table_world: TableWorld, table: int
) -> None:
    w = table_world
    options = [option("table", table, INTEGER)]
    result = await forged_slash(w.alice, w.channel, "game export", options)
    assert private_text(result).startswith("`table` must be between 1 and ")


async def test_an_action_longer_than_its_limit_is_refused(table_world: TableWorld) -> None:
    w = table_world
    result = await forged_slash(w.alice, w.channel, "coal play", [option("action", "m" * 10_000)])
    assert "too long" in private_text(result)


async def test_the_refusal_is_in_the_users_language(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = table_world
    speak_french(monkeypatch, w.alice)
    result = await forged_slash(w.alice, w.channel, "game new", [option("game", "Coal-Baron")])
    text = private_text(result)
    assert text.startswith("`jeu` doit être l'une de ces valeurs : ")
    assert t("fr", "game.coal-baron.name") in text


async def test_a_forged_button_of_a_table_elsewhere_does_nothing(table_world: TableWorld) -> None:
    """A lobby in another channel cannot be joined (nor abandoned) from this one."""
    w = table_world
    await w.open_lobby()
    elsewhere = w.guild.create_text_channel("elsewhere")
    for custom_id in ("mt:lobby:1:join", "mt:abandon:1:yes"):
        result = await forged_component(w.env, w.bob, elsewhere, custom_id)
        assert private_text(result) == "There is no table #1."
    table = await cast(Any, w.env.bot).service.tables.get_table(1)
    assert table.seats == (w.alice.id,) and table.status == "lobby"


@pytest.mark.parametrize(
    "custom_id", ["mt:lobby:99999999999999999999999999999:join", "mt:view:9223372036854775808"]
)
async def test_a_forged_button_with_a_huge_table_number_is_answered(
    table_world: TableWorld, custom_id: str
) -> None:
    w = table_world
    result = await forged_component(w.env, w.bob, w.channel, custom_id)
    assert private_text(result).startswith("There is no table #")


async def test_a_saboteur_button_forged_for_another_games_table_is_answered(
    table_world: TableWorld,
) -> None:
    """Found by tests/fuzz.py: the hand view's Back button on a tiny table raised TypeError
    (the hand view is now a turn builder panel of kind ``hand``)."""
    w = table_world
    await w.start_tiny()
    result = await forged_component(w.env, w.alice, w.channel, "mt:turn:1:2:hand:1:cancel")
    assert private_text(result) == "This table is not being played."


async def test_a_retry_images_button_forged_for_a_lobby_is_answered(
    table_world: TableWorld,
) -> None:
    """Found by tests/fuzz.py: a lobby has no turn message, so nothing to draw again."""
    w = table_world
    await w.open_lobby()
    result = await forged_component(w.env, w.bob, w.channel, "mt:img:1:0")
    assert private_text(result) == "This table is not being played."
