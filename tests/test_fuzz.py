"""The property test of `tests.fuzz` at `make test`'s depth: every command and component
template of the bot gets a few hundred hostile inputs; none may crash, go unanswered or
untranslated, or change a stored table. `make fuzz` runs the same at 10,000+ inputs."""

from __future__ import annotations

import pytest
import simcord

from bot.i18n import t
from bot.startup.config import Settings
from tests.fuzz import (
    build_world,
    quick_settle,
    run_fuzz,
    speak_french_for,
    templates_of,
    translated,
)

PER_COMMAND = 120
PER_COMPONENT = 40
WALK_ACTIONS = 400
"""Actions played on each game's walk table: to their end but for Mine Out's longer game
(`make fuzz` plays it to its end too)."""


@pytest.mark.sqlite_only
async def test_hostile_input_is_refused_cleanly_everywhere(
    simcord_env: simcord.Env, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    world = await build_world(simcord_env, settings.database)
    undo = speak_french_for(world)
    try:
        with quick_settle():
            report = await run_fuzz(
                world, seed=1, per_command=PER_COMMAND, per_component=PER_COMPONENT,
                walk_actions=WALK_ACTIONS,
            )
    finally:
        undo()
    simcord_env.errors  # noqa: B018  (user errors answered by the tree; crashes are in the report)
    assert not report.problems(), report.summary()
    assert report.inputs >= 15 * PER_COMMAND
    await simcord_env.bot.close()


def test_an_answer_counts_as_translated_only_in_the_users_language() -> None:
    english = t("en", "error.table_not_found", table_id=5)
    assert translated(english, templates_of("en"))
    assert not translated(english, templates_of("fr"))
    assert not translated("Traceback (most recent call last):", templates_of("en"))
