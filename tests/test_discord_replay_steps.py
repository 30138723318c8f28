"""The step-through replay in Discord: after the export of a long finished game in its
channel, a private message shows the replay one step at a time, ◀ ▶ redraw it in
place, and a forged or stale step button gets a private refusal that changes nothing."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any, cast

import pytest
from PIL import Image

from bot.games.record import entry_events, initial_state
from bot.service import ActResult, TableStatus
from cogs.platform import replay_steps
from cogs.platform.plugins import presenter_for
from cogs.platform.replay_steps import ReplayJumpSelect, ReplayStepButton
from cogs.platform.seen import seen
from renderer import replay
from tests.discord_support import (
    TableWorld,
    answers,
    custom_ids,
    enabled_ids,
    enabled_or_not,
    followup_text,
    option_values,
    speak_french,
)
from tests.forging import forged_component
from tests.test_discord_export_privacy import finished_coal_baron


async def test_a_long_replay_steps_on_and_back_in_one_private_message(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = table_world
    monkeypatch.setattr(replay, "MAX_FRAMES", 3)  # the GIF is tested elsewhere
    table = await finished_coal_baron(w, w.channel)
    speak_french(monkeypatch, w.carol)
    result = await w.carol.slash(w.channel, "game export", table=table)
    record, steps = answers(result)
    assert [a.filename for a in record.attachments] == [
        f"coal-baron-{table}.json", f"coal-baron-{table}-replay.gif"
    ]
    gif = record.attachments[1]  # its alt text (issue 32): the end of the game
    assert str(gif.description).startswith(
        "Gueules Noires, poste 3 sur 3 : le déroulé de toute la partie. "
        "La partie est finie ; victoire de "
    )
    moves = len((await w.bot.service.results.record(table))["actions"])
    assert steps.ephemeral and steps.content.startswith(
        f"Rediffusion de la table n°{table}, une partie de {moves} coups :"
    )  # counted as Review, the captions and the record count: moves
    [title] = steps.attachments
    with Image.open(io.BytesIO(await title.read())) as image:
        assert image.size == replay.TITLE_SIZE
    spans = replay.move_spans(await w.bot.service.results.record(table))
    last = len(spans)
    assert last + 1 > replay_steps.STEP_THROUGH_FROM
    first_id, back, on, last_id = (
        ReplayStepButton.make_id(table, None, arg) for arg in ("0-first", "0", "1", f"{last}-last")
    )
    jump = ReplayJumpSelect.make_id(table)
    assert enabled_or_not(steps) == [first_id, back, on, last_id, jump]
    assert enabled_ids(steps) == [on, last_id, jump]  # ⏮ and ◀ disabled on the title card
    await w.carol.click(steps, custom_id=on)
    assert steps.content == (
        f"Rediffusion de la table n°{table} : le début, avant le coup 1 sur {moves}."
    )
    await w.carol.click(steps, custom_id=ReplayStepButton.make_id(table, None, "2"))
    first, number = spans[1]
    shown = f"coup {number}" if first == number else f"coups {first} à {number}"
    assert steps.content == f"Rediffusion de la table n°{table} : {shown.capitalize()} sur {moves}."
    [board] = steps.attachments
    assert board.filename == f"coal-baron-{table}-step-3.png"
    assert f"le déroulé, {shown} sur {moves}." in str(board.description)
    await w.carol.click(steps, custom_id=last_id)  # ⏭: the end in one click
    first, number = spans[-1]
    assert number == moves and f"{number} sur {moves}." in steps.content
    assert enabled_ids(steps) == [first_id, back.replace(":0", f":{last - 1}"), jump]
    await w.carol.click(steps, custom_id=first_id)  # ⏮: the title card again
    assert steps.content.startswith(f"Rediffusion de la table n°{table}, une partie de")


async def test_the_replay_jumps_to_a_move_chosen_in_its_select(
    world_in_language: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = world_in_language
    monkeypatch.setattr(replay, "MAX_FRAMES", 3)
    table = await finished_coal_baron(w, w.channel)
    result = await w.carol.slash(w.channel, "game export", table=table)
    _, steps = answers(result)
    record = await w.bot.service.results.record(table)
    spans, moves = replay.move_spans(record), len(record["actions"])
    jump = ReplayJumpSelect.make_id(table)
    offered = option_values(steps)
    assert 2 < len(offered) <= 25 and offered[0] == "1" and offered[-1] == str(len(spans))
    middle = offered[len(offered) // 2]
    await w.carol.select(steps, [middle], custom_id=jump)
    first, number = spans[int(middle) - 1]
    french = w.guild.name.endswith("-fr")
    word = ("Coup" if first == number else "Coups") if french else (
        "Move" if first == number else "Moves")
    assert f": {word} " in steps.content and f"{number} {'sur' if french else 'of'} {moves}." in (
        steps.content)
    assert steps.attachments[0].filename == f"coal-baron-{table}-step-{int(middle) + 1}.png"


async def test_a_forged_step_is_refused_privately(table_world: TableWorld) -> None:
    w = table_world
    table = await finished_coal_baron(w, w.channel)
    forged = ReplayStepButton.make_id(table, None, "99999")
    result = await forged_component(w.env, w.bob, w.channel, forged)
    assert followup_text(result) == "This replay has no such step."
    elsewhere = w.guild.create_text_channel("elsewhere")  # a real step, another channel
    result = await forged_component(
        w.env, w.bob, elsewhere, ReplayStepButton.make_id(table, None, "1")
    )
    assert followup_text(result) == f"There is no table #{table}."
    playing = await w.start_tiny()
    assert playing is not None
    tiny_table = int(custom_ids(w.last())[0].split(":")[2])
    result = await forged_component(
        w.env, w.bob, w.channel, ReplayStepButton.make_id(tiny_table, None, "1")
    )
    assert "once the game is over" in followup_text(result)



async def test_each_step_and_the_gif_tell_the_turn_in_the_turn_messages_words(
    table_world: TableWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A step's description says the game, where it was, whose turn it was and what that
    turn did, in the words its turn message used; the GIF's, each of its frames."""
    w = table_world
    monkeypatch.setattr(replay, "MAX_FRAMES", 3)  # the title card and two turns
    table = await finished_coal_baron(w, w.channel)
    result = await w.carol.slash(w.channel, "game export", table=table)
    exported, steps = answers(result)
    total = len((await w.bot.service.results.record(table))["actions"])
    on = ReplayStepButton.make_id(table, None, "1")
    await w.carol.click(steps, custom_id=on)
    assert str(steps.attachments[0].description) == (
        "Coal Baron, the draft of the starting orders: the replay, the start, before move 1 "
        f"of {total}. The start of the game. Scores: alice 0, bob 0."
    )
    await w.carol.click(steps, custom_id=ReplayStepButton.make_id(table, None, "2"))
    first = await first_turn_line(w, table)
    assert first.startswith("alice drafts order ")
    assert str(steps.attachments[0].description) == (
        f"Coal Baron, the draft of the starting orders: the replay, move 1 of {total}. "
        f"alice's turn: {first}. Scores: alice 0, bob 0."
    )
    gif = str(exported.attachments[1].description)
    assert gif.startswith("Coal Baron, shift 3 of 3: the replay of the whole game. "
                          "The game is over; won by ")
    assert "Last move: bob " in gif  # the game's last action, from the table's log
    frames = gif.split("Scores: alice 3, bob 12. ")[1]  # the frames after the title card
    assert frames.startswith("The start of the game. Shift 3 of 3, bob's turn: bob ")
    assert frames.count("'s turn: ") == 1
    assert len(gif) <= 1024


async def first_turn_line(w: TableWorld, table_id: int) -> str:
    """The first line of the turn message after the table's first action, as the bot
    writes it, the mention read as a name."""
    service = cast(Any, w.env.bot).service
    record = await service.results.record(table_id)
    table = await service.tables.get_table(table_id)
    state = initial_state(record)
    seat = state.to_act()[0]
    events = entry_events(state, record["actions"][0])
    after = replace(table, state=state, status=TableStatus.PLAYING)
    played = ActResult(after, seat, record["actions"][0], events)
    message = await presenter_for("coal-baron").turn(seen(after, None), "en", played)
    return message.content.splitlines()[0].replace(w.alice.mention, "alice").rstrip(".")
