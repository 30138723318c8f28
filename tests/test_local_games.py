"""Every game at the local table (`bot.local.table`), played as a person plays it:
``python -m bot local`` in its own process, its page in a headless Chromium
(`tests.local_table_support`), each game started by the welcome's button
(`bot.local.welcome`) in one click.

Private answers (hands, views, turn panels, refusals) are ephemeral follow-ups to a
click or a command: each is drawn in the page for the member it is for ("Only you
can see this"), never for another member of "Viewing as". The middle of each game
is played in the table's file (`play_in_file`, as weeks of play would), the
first turns and the last ones in the page, by clicks only.

Every kind of private panel of every game is clicked in the page, by these tests:
- Saboteur, 🂠 My hand: 💡 Hint, a card chosen, a path's spot by its letter, Confirm; a map's
  goal, whose secret shows in the hand; a pass by a discard; the hand opened by what
  happened since the last turn (`test_saboteur_against_two_computers_to_its_end_by_clicks`);
  the gold pick once the gold is reached, a hand seen by its holder only while
  "Viewing as" switches between two seated people
  (`test_saboteur_hot_seat_each_sees_their_own_hand_then_a_gold_pick`, on a chosen deal).
- Mine Out, My turn / my hand: 💡 Hint, the scoring menu (on a chosen deal), a move, what a
  place offers (chosen, taken back by ↩ Undo, chosen again), the turn's end, Confirm and
  Confirm anyway; the welcome's games offered again at the end
  (`test_mine_out_against_a_computer_to_its_end_by_its_panel`).
- Coal Baron, 🔒 My view and its menus, the draw 5's panel (a card kept, the rest back
  on top) and the extraction's panel (the cage moved, the extraction ended); a
  refusal of a click, `/game card`'s answer
  (`test_welcome_coal_baron_turn_by_my_view_refusals_and_card`); each of two seated
  people's My view seen by them only (tests/test_local_table.py).
"""

from __future__ import annotations

import random
import re
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.ai.knowledge import knowledge_for
from bot.games.coal_baron.state import CoalBaronState
from bot.games.mine_out.state import MineOutState
from bot.games.saboteur.actions import Discard, PlacePath, RepairTool
from bot.games.saboteur.cards import GOAL_GOLD, PATH_CARDS, card_type
from bot.games.saboteur.state import Phase, SaboteurState
from bot.i18n import t
from bot.service import Table, TableStatus
from cogs.mine_out.turn import scoring_matters
from cogs.saboteur.choices import card_name
from tests.chromium import Page, click_until, headless_chromium
from tests.local_table_support import (
    BROWSER_TESTS,
    PANEL,
    PRIVATE,
    STEP_SECONDS,
    LocalTable,
    assert_no_errors,
    button,
    choose,
    click,
    finished_game_buttons,
    hint_in_panel,
    images_loaded,
    in_panel,
    local_table,
    menu,
    newest_private,
    newest_shown,
    open_with_bob_and_a_computer,
    options_of,
    page_text,
    private_ids,
    slash,
    sow,
    stored,
    view_as,
)

pytestmark = BROWSER_TESTS

ALICE = 0
"""Alice's seat: she clicks the welcome's button, and the creator sits first."""


Chooser = Callable[[Any, int, random.Random], Any]
"""(state, seat, rng) -> an action for `seat`, or None to leave it to the default."""


async def play_in_file(
    database: Path, until: Callable[[Table], bool], choose_action: Chooser | None = None
) -> Table:
    """Play table #1 on in its file, each seat by the computers' quick choice (their
    playouts': `choose_action` (state, seat, rng) may pick another), until `until`
    holds with a person to act; the table then."""
    async with stored(database) as service:
        table = await service.tables.get_table(1)
        rng = random.Random(table.seed)
        quick = knowledge_for(table.game).playout_action
        while True:
            assert table.status == TableStatus.PLAYING and table.state is not None, table.status
            seat = table.state.to_act()[0]
            user = table.seats[seat]
            if user > 0 and until(table):
                return table
            action = ((choose_action and choose_action(table.state, seat, rng))
                      or quick(table.state, seat, rng))
            text = table.state.format_action(action)
            if user > 0:
                table = (await service.moves.act(1, user, text, table.version)).table
            else:
                table = (await service.moves.play_for(1, seat, text, table.version,
                                                     played_by=user)).table


async def finished(database: Path) -> bool:
    async with stored(database) as service:
        return (await service.tables.get_table(1)).status == TableStatus.FINISHED


async def start_by_welcome(page: Page, table: LocalTable, game: str) -> None:
    """The page opened on a new channel: the welcome, and its button for `game`."""
    await page.call("Page.navigate", url=table.url)
    await page.wait_for(f"{page_text()}.includes('Welcome to the local table')", STEP_SECONDS)
    await click(page, button(f"Play {game} against the computer"))
    await page.wait_for(f"{page_text()}.includes('The game begins')", STEP_SECONDS)


# -- Saboteur ------------------------------------------------------------------------------

STEP = (
    f"[...({PANEL}?.querySelectorAll('.message-components button:not(.select-trigger)')"
    " ?? [])].filter(b => !b.disabled && !/Undo|Cancel|Confirm/.test(b.innerText))[0]"
)
"""JavaScript: the first button of a step of the newest private panel (a spot's letter,
a goal to look at), not its Undo, Cancel or Confirm."""


async def finish_saboteur_play(page: Page) -> None:
    """After a card is chosen in the hand: its spot (a letter), its goal or target (a
    button or a menu), then Confirm (or a gold card picked by its button)."""
    for _ in range(4):
        if await page.evaluate(f"!!{in_panel('Confirm')}"):
            await click(page, in_panel("Confirm"))
            return
        if await page.evaluate(f"!!{STEP}"):
            await click(page, STEP)
        elif await page.evaluate(f"!!{menu('Where or on whom', PANEL)}"):
            await choose(page, "Where or on whom", within=PANEL)
    panel = await page.evaluate(newest_private())
    raise AssertionError(f"no step to take nor Confirm in: {panel}")


async def saboteur_turn(page: Page, card: str, *, digest: bool = False) -> None:
    """Alice's turn from her hand: the first card whose label holds `card` ("" to
    pass, discarding the first card). `digest`: the hand opens with what happened
    since her last turn."""
    await click(page, button("My hand"))
    await page.wait_for(f"{newest_private()}.includes('Your hand')", STEP_SECONDS)
    if digest:
        assert "Since your last turn:" in await page.evaluate(newest_private())
    if card:
        await choose(page, "Play a card", card, within=PANEL)
    elif await page.evaluate(f"!!{menu('Or pass, discarding', PANEL)}"):
        await choose(page, "Or pass, discarding", within=PANEL)
    # else a pick of gold cards, the path to the gold found by a computer: its buttons
    await finish_saboteur_play(page)


def kind(code: str) -> str:
    """A card's kind as the hand's menu begins its name: a path open (its code without
    the dead end's ``x``; all four ways: the crossroads), a dead end, or an action
    card's type (``map``...)."""
    if card_type(code) != "path":
        return card_type(code)
    return "dead end" if code.endswith("x") else "crossroads" if code == "NESW" else "path open"


def alice_holds(*kinds: str) -> Callable[[Table], bool]:
    """Whether it is Alice's turn to play a card, with a card of each of `kinds` that
    she may play now (a broken tool keeps her path cards out of the "Play a card" menu)."""
    def holds(table: Table) -> bool:
        state = table.state
        assert isinstance(state, SaboteurState)
        if state.phase != Phase.PLAY or state.to_act() != (ALICE,):
            return False
        playable = {
            kind(card) for action in state.legal_actions(ALICE)
            if not isinstance(action, Discard) and (card := getattr(action, "card", None))
        }
        return all(wanted in playable for wanted in kinds)
    return holds


def last_turns(table: Table) -> bool:
    """The last round, the deck empty, Alice holding her last two cards."""
    state = table.state
    assert isinstance(state, SaboteurState)
    return (state.round == 3 and state.phase == Phase.PLAY and not state.deck
            and state.to_act() == (ALICE,) and len(state.hands[ALICE]) <= 2)


def passing_in_the_last_round(state: SaboteurState, seat: int, rng: random.Random) -> Any:
    """In the last round everyone passes (the game ends as the hands run out, not on a
    path found by chance before Alice's last turns)."""
    if state.round < 3 or state.phase != Phase.PLAY:
        return None
    passes = [a for a in state.legal_actions(seat) if type(a).__name__ == "Discard"]
    return rng.choice(passes) if passes else None


async def test_saboteur_against_two_computers_to_its_end_by_clicks(tmp_path: Path) -> None:
    """One click on the welcome seats Alice and two computers; her hand, 💡 Hint, a path
    card, its spot, Confirm; a map on a goal, whose secret only she sees; the last
    round's last turns from her hand, to the end; then the finished game's buttons
    (`finished_game_buttons`: Review, Export and the replay's ◀ ▶, Rematch)."""
    database, log = tmp_path / "local.sqlite3", tmp_path / "table.log"
    async with headless_chromium(420, 900, mobile=True) as page, \
            local_table(database, log) as table:
        await start_by_welcome(page, table, "Saboteur")
        assert "Computer 2 (normal)" in await page.evaluate(page_text())
        await play_in_file(database, alice_holds("path open", "map"))
        await click(page, button("My hand"))
        await page.wait_for(f"{newest_private()}.includes('Your hand')", STEP_SECONDS)
        await hint_in_panel(page)
        await saboteur_turn(page, "path open")
        await play_in_file(database, alice_holds("map"))
        await saboteur_turn(page, "map", digest=True)
        await click(page, button("My hand"))
        hand = await page.evaluate(newest_private())
        secret = re.search(r"Goals you looked at: ([^\n]*: (gold|stone))", hand)
        assert secret, hand  # "top: stone", as the goal's card is drawn for her
        alices = await page.evaluate(private_ids())
        await view_as(page, "Bob")  # not seated: sees the table, never Alice's hand
        seen_by_bob = await page.evaluate(page_text())
        assert PRIVATE not in seen_by_bob and "Your hand" not in seen_by_bob
        assert secret[1] not in seen_by_bob
        assert not set(await page.evaluate(private_ids())) & set(alices)
        await view_as(page, "Alice")

        await play_in_file(database, last_turns, passing_in_the_last_round)
        while not await finished(database):
            await saboteur_turn(page, "")
        await page.wait_for(f"!!{button('Rematch')}", STEP_SECONDS)
        await finished_game_buttons(page)
        await images_loaded(page)
        assert_no_errors(page, log)
        assert "Local table stopped." in await table.stop(signal.SIGTERM)


HOT_SEAT_SEED = 7
"""A deal of three (Alice, Bob, a computer) whose first round gives Alice and Bob
different roles, Alice to play first; Alice passing (her hand's first discard), then
the round played on by `toward_the_gold`, the gold is reached and Alice picks among
gold cards of different values."""
PEOPLE = ("Alice", "Bob")
"""The seated people by seat: Alice opens the table, Bob joins, then a computer."""
DISCARDING = "Or pass, discarding"


def role_words(table: Table, seat: int) -> str:
    """How `seat`'s hand panel names their role (its title)."""
    state = table.state
    assert isinstance(state, SaboteurState)
    return f"you are a {t('en', f'saboteur.role.{state.roles[seat]}')}"


def discard_words(table: Table, seat: int) -> set[str]:
    """The options of `seat`'s hand menu "Or pass, discarding": each card they hold,
    named as the panel names it."""
    state = table.state
    assert isinstance(state, SaboteurState)
    return {t("en", "sab.describe.discard", card=card_name("en", code))
            for code in state.hands[seat]}


async def each_sees_their_own_hand(page: Page, database: Path) -> None:
    """Alice (to play) and Bob each open My hand and read their role and their cards
    (the options of "Or pass, discarding") as the stored deal has them; Alice passes,
    then Bob reads his, and Alice opens her hand again on his turn. Switching "Viewing
    as" back and forth twice, each sees their own private answers, role and cards, and
    none of the other's (no private answer, no role or card the viewer does not share)."""
    async with stored(database) as service:
        dealt = await service.tables.get_table(1)
    roles = [role_words(dealt, seat) for seat in range(len(PEOPLE))]
    assert roles[0] != roles[1]  # the seed's deal: a saboteur and a gold-digger
    private: dict[str, set[str]] = {}
    cards: dict[str, set[str]] = {}
    for seat, person in enumerate(PEOPLE):
        await view_as(page, person)
        await click(page, button("My hand"))
        await page.wait_for(f"{newest_private()}.includes('Your hand')", STEP_SECONDS)
        assert roles[seat] in await page.evaluate(newest_private())
        async with stored(database) as service:
            now = await service.tables.get_table(1)
        assert now.state is not None and now.state.to_act() == (seat,)
        cards[person] = set(await options_of(page, DISCARDING, PANEL))
        assert cards[person] == discard_words(now, seat), person
        if person == "Alice":
            await choose(page, DISCARDING, within=PANEL)
            await click(page, in_panel("Confirm"))  # her hand's panel: "Played"
        private[person] = set(await page.evaluate(private_ids()))
    await view_as(page, "Alice")  # her hand again, on Bob's turn
    await click(page, button("My hand"))
    await page.wait_for(f"{newest_private()}.includes('Your hand')", STEP_SECONDS)
    assert "Waiting for" in await page.evaluate(newest_private())
    private["Alice"] = set(await page.evaluate(private_ids()))
    alice_now = discard_words(now, 0)  # her hand after her pass, as she may see it
    for _ in range(2):
        for seat, person in enumerate(PEOPLE):
            other = PEOPLE[1 - seat]
            await view_as(page, person)
            assert set(await page.evaluate(private_ids())) == private[person], person
            seen = await page.evaluate(page_text())
            assert roles[seat] in seen and roles[1 - seat] not in seen, person
            theirs = cards[other] - cards[person] - (alice_now if person == "Alice" else set())
            assert not [card for card in theirs if card.split("discarding ")[1] in seen]
            if person == "Bob":  # his turn: his hand's menu holds his cards, never hers
                assert set(await options_of(page, DISCARDING, PANEL)) == cards["Bob"]


def toward_the_gold(state: SaboteurState, seat: int, rng: random.Random) -> Any:
    """Everyone digs toward the gold: the path card that leads on nearest to it, else
    a repair, else a pass (no broken tool nor rockfall in the way)."""
    if state.phase != Phase.PLAY:
        return None
    gx, gy = next(pos for pos, code in state.maze.hidden_goals.items() if code == GOAL_GOLD.code)
    legal = state.legal_actions(seat)
    paths = [a for a in legal if isinstance(a, PlacePath) and not PATH_CARDS[a.card].dead_end]
    if paths:
        return min(paths, key=lambda a: (abs(a.x - gx) + abs(a.y - gy),
                                         -len(PATH_CARDS[a.card].edges)))
    return next((a for a in legal if isinstance(a, RepairTool)),
                next((a for a in legal if isinstance(a, Discard)), None))


def gold_to_pick(table: Table) -> bool:
    """A person picks among gold cards of different values."""
    state = table.state
    assert isinstance(state, SaboteurState)
    return state.phase == Phase.GOLD and len(set(state.gold_pool)) > 1


async def test_saboteur_hot_seat_each_sees_their_own_hand_then_a_gold_pick(
    tmp_path: Path,
) -> None:
    """Alice opens a Saboteur table, Bob joins ("Viewing as" Bob, the same page), a
    computer is added, Start: each sees their own hand and never the other's
    (`each_sees_their_own_hand`). The round is then played in the file to the gold
    (`toward_the_gold`), and the person whose pick it is picks a gold card by its
    button in their hand."""
    database, log = tmp_path / "local.sqlite3", tmp_path / "table.log"
    async with headless_chromium(420, 900, mobile=True) as page, \
            local_table(database, log) as table:
        await page.call("Page.navigate", url=table.url)
        await open_with_bob_and_a_computer(page, "saboteur", "Saboteur")
        await sow(database, HOT_SEAT_SEED)
        await click_until(page, button("Start"),
                          f"{page_text()}.includes('The game begins')", STEP_SECONDS)
        await each_sees_their_own_hand(page, database)

        picking = await play_in_file(database, gold_to_pick, toward_the_gold)
        assert isinstance(picking.state, SaboteurState)
        seat, best = picking.state.to_act()[0], max(picking.state.gold_pool)
        await view_as(page, PEOPLE[seat])
        await click(page, button("My hand"))
        await page.wait_for(f"{newest_private()}.includes('Your pick')", STEP_SECONDS)
        await click(page, in_panel(f"take a gold card of {best}"))
        await click(page, in_panel("Confirm"))
        async with stored(database) as service:
            state = (await service.tables.get_table(1)).state
        assert isinstance(state, SaboteurState)
        before = picking.state.gold[seat]  # then what is left is shared out
        assert state.gold[seat][: len(before) + 1] == [*before, best], state.gold[seat]
        assert_no_errors(page, log)
        assert "Local table stopped." in await table.stop(signal.SIGTERM)


# -- Mine Out ------------------------------------------------------------------------------

MOVE = in_panel("Move to")


SO_FAR = (f"({newest_private()}.split('\\n').find(line => line.startsWith('So far:'))"
          " ?? '')")
"""JavaScript: the newest panel's line of the steps taken ("So far: …"), or ''."""


async def chosen_again(page: Page, placeholder: str) -> None:
    """Choose in the panel's menu (as `mine_out_turn` does), take it back (↩ Undo: the
    panel is redrawn in place, its menu at the same place), and choose the same option
    again: the page sends it (simcord's page keeps a menu's last choice by message and
    place, so it sends it only if the option's value changed, `Settings.new_menu_values`)
    and the panel shows the step taken again."""
    label = await choose(page, placeholder, prefer="End the turn", within=PANEL)
    taken = str(await page.evaluate(SO_FAR))
    assert taken, await page.evaluate(newest_private())
    await click(page, in_panel("Undo"))
    await page.wait_for(f"{SO_FAR} !== {taken!r}", STEP_SECONDS)
    assert await choose(page, placeholder, label, within=PANEL) == label
    await page.wait_for(f"{SO_FAR} === {taken!r}", STEP_SECONDS)


async def mine_out_turn(page: Page, *, scoring: bool = False, again: bool = False) -> bool:
    """Alice's turn built in her panel: the scoring when asked (`scoring`: it must be),
    an action where she stands (or a move when none is left), the turn's end, Confirm
    (and "Confirm anyway" for action points left); with `again`, her first choice of
    an action where she stands is taken back and chosen again (`chosen_again`). A step
    that draws cards ends the panel (Confirm plays the turn so far): the caller opens it
    again. Whether a choice was made again."""
    building = f"/your turn|your apprentice's turn/.test({newest_private()})"
    await click(page, button("My turn"))
    await page.wait_for(building, STEP_SECONDS)
    if scoring:
        assert await page.evaluate(f"!!{menu('Scoring', PANEL)}"), "no scoring asked"
        await choose(page, "Scoring", within=PANEL)
    chose_again = False
    for _ in range(8):
        if not await page.evaluate(building):
            return chose_again  # played
        if await page.evaluate(f"!!{in_panel('Confirm')}"):
            await click(page, in_panel("Confirm"))
        elif await page.evaluate(f"!!{menu('Scoring', PANEL)}"):
            await choose(page, "Scoring", within=PANEL)
        elif await page.evaluate(f"!!{in_panel('End the turn')}"):
            await click(page, in_panel("End the turn"))
        elif again and not chose_again and await page.evaluate(f"!!{menu('Act here', PANEL)}"):
            await chosen_again(page, "Act here")
            chose_again = True
        elif await page.evaluate(f"!!{menu('Act here', PANEL)}"):
            await choose(page, "Act here", prefer="End the turn", within=PANEL)
        else:
            await click(page, MOVE)
    panel = await page.evaluate(newest_private())
    raise AssertionError(f"the turn did not end: {panel}")


END_FAME = 51
"""A master with this fame ends the game as their next turn begins (the default end)."""


MINE_OUT_SEED = 7
"""A deal whose game, played on by the computers' quick choice for both seats, asks
Alice to choose her scoring (her jewels' ore changes her fame) after 123 moves."""


def scoring_asked(table: Table) -> bool:
    """Alice's turn begins with a choice of scoring that changes her fame."""
    state = table.state
    assert isinstance(state, MineOutState)
    return bool(scoring_matters(state))


def fame_over(threshold: int) -> Callable[[Table], bool]:
    def over(table: Table) -> bool:
        state = table.state
        assert isinstance(state, MineOutState)
        return max(state.scores()) >= threshold
    return over


async def test_mine_out_against_a_computer_to_its_end_by_its_panel(tmp_path: Path) -> None:
    """One click on the welcome seats Alice and a computer; the deal is replaced in the
    file by `MINE_OUT_SEED`'s (nothing played yet) and played on to Alice's choice of
    scoring, which she makes in her panel (after a 💡 Hint there); her turn is built
    there (a move, what a
    place offers), and, once a player has the fame that ends the game, her last ones,
    to the end: in the first of them, a choice of her panel's menu taken back (↩ Undo)
    and made again, which the page sends (issue 44). The game over, the welcome's
    one-click games are offered again as the newest message, in view at phone width,
    and one click there starts the next game (issue 44)."""
    database, log = tmp_path / "local.sqlite3", tmp_path / "table.log"
    async with headless_chromium(420, 900, mobile=True) as page, \
            local_table(database, log) as table:
        await start_by_welcome(page, table, "Mine Out")
        await sow(database, MINE_OUT_SEED)
        await play_in_file(database, scoring_asked)
        await click(page, button("My turn"))
        await page.wait_for(f"/your turn|your apprentice's turn/.test({newest_private()})",
                            STEP_SECONDS)
        await hint_in_panel(page)
        await mine_out_turn(page, scoring=True)
        await play_in_file(database, fame_over(END_FAME))
        turns, again = 0, True
        while not await finished(database):
            again = not await mine_out_turn(page, again=again) and again
            turns += 1
            assert turns < 20, "the game should have ended"
        assert not again, "no menu of Alice's panel was chosen again"
        await page.wait_for(f"!!{button('Rematch')}", STEP_SECONDS)
        await images_loaded(page)
        await page.wait_for(newest_shown("What next?"), STEP_SECONDS)
        await click(page, button("Play Mine Out against the computer"))
        await page.wait_for(newest_shown("My turn / my hand"), STEP_SECONDS)  # a new game
        assert_no_errors(page, log)
        assert "Local table stopped." in await table.stop(signal.SIGTERM)


# -- Coal Baron, the welcome, refusals ---------------------------------------------------

def alice_may(space: str) -> Callable[[Table], bool]:
    """Whether Alice is to place a worker and may place it on a space whose notation
    starts with `space` (``od``: the orders' draw 5; ``m``: a mining space)."""
    def may(table: Table) -> bool:
        state = table.state
        assert isinstance(state, CoalBaronState)
        return state.pending is None and state.to_act() == (ALICE,) and any(
            state.format_action(action).startswith(space)
            for action in state.legal_actions(ALICE)
        )
    return may


async def coal_baron_panel(page: Page, database: Path, group: str, space: str) -> None:
    """Alice places a worker from My view (the option holding `space` in the menu
    `group`), then makes the decision that follows in its panel (an extraction's opens
    at once, a draw 5's by the turn's button once drawn): in a draw 5, the first card
    kept and the rest back on top; in an extraction, the cage down to level 1 and the
    extraction's end; then Confirm (and Confirm anyway)."""
    await click(page, button("My view"))
    await page.wait_for(f"{newest_private()}.includes('Your mine, @Alice')", STEP_SECONDS)
    await choose(page, group, space, within=PANEL)
    opener = "[...document.querySelectorAll('button')].filter(b => !b.disabled" \
        " && /Open the extraction panel|Choose among the drawn cards/.test(b.innerText)).pop()"
    extraction = f"{newest_private()}.includes('Moves left')"  # opened at once
    await page.wait_for(f"!!{opener} || {extraction}", STEP_SECONDS)
    if not await page.evaluate(extraction):  # a draw 5 is drawn: its panel opened
        await click(page, opener)
    for _ in range(8):
        async with stored(database) as service:
            state = (await service.tables.get_table(1)).state
        assert isinstance(state, CoalBaronState)
        if state.pending is None:
            return  # played
        if await page.evaluate(f"!!{menu('Keep one card', PANEL)}"):
            await choose(page, "Keep one card", "Keep", within=PANEL)
        else:
            steps = [label for label in ("End the extraction", "All back on top", "Level 1",
                                         "Confirm")
                     if await page.evaluate(f"!!{in_panel(label)}")]
            assert steps, await page.evaluate(newest_private())
            await click(page, in_panel(steps[0]))
    raise AssertionError("the panel's decision was not played")


async def test_welcome_coal_baron_turn_by_my_view_refusals_and_card(tmp_path: Path) -> None:
    """One click on the welcome starts Coal Baron against a computer; a second click
    (Alice's, then Bob's) is refused, privately, each refusal drawn for its clicker
    only; Alice plays a turn through My view; a click on the turn's menu by Bob (not
    seated) is refused; ``/game card`` answers privately. Played on in the file, Alice
    draws 5 orders and chooses in the draw's panel, then mines in the extraction's."""
    database, log = tmp_path / "local.sqlite3", tmp_path / "table.log"
    async with headless_chromium(420, 900, mobile=True) as page, \
            local_table(database, log) as table:
        await start_by_welcome(page, table, "Coal Baron")
        await click(page, button("Play Saboteur against the computer"))
        refusal = "A game is already open in this channel: Coal Baron, table #1."
        await page.wait_for(f"{newest_private()}.includes({refusal!r})", STEP_SECONDS)
        alices = await page.evaluate(private_ids())
        await view_as(page, "Bob")
        assert not set(await page.evaluate(private_ids())) & set(alices)
        await click(page, button("Play Mine Out against the computer"))
        await page.wait_for(f"{newest_private()}.includes({refusal!r})", STEP_SECONDS)
        await choose(page, "Choose your starting order")  # the turn's public menu (issue 44)
        await page.wait_for(f"{newest_private()}.includes('You do not have a seat')",
                            STEP_SECONDS)
        bobs = await page.evaluate(private_ids())
        await view_as(page, "Alice")
        assert not set(await page.evaluate(private_ids())) & set(bobs)

        async with stored(database) as service:
            before = (await service.tables.get_table(1)).version
        await click(page, button("My view"))
        await page.wait_for(f"{newest_private()}.includes('Your mine, @Alice')", STEP_SECONDS)
        await choose(page, "Choose your starting order")  # the menu of her private view
        async with stored(database) as service:
            assert (await service.tables.get_table(1)).version > before
        label = await slash(page, "/game card", "card")  # the first card suggested
        await page.wait_for(f"{newest_private()}.includes('Alice used /game')", STEP_SECONDS)
        assert f"{label} (Coal Baron)" in await page.evaluate(newest_private())
        await play_in_file(database, alice_may("od"))
        await coal_baron_panel(page, database, "Deliveries and orders", "look at 5 orders")
        await play_in_file(database, alice_may("m"))
        await coal_baron_panel(page, database, "Mining and money", "mine with")
        await images_loaded(page)
        assert_no_errors(page, log)
        assert "Local table stopped." in await table.stop(signal.SIGTERM)
