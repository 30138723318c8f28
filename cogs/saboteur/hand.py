"""The private hand view: a card, then where or on whom to play it, in the turn builder.

The panel shows the player's role, goals seen, gold and hand image. When it is
their turn, it offers the cards they can play (a select saying how many ways
each has), a card to discard to pass, or the gold cards to pick from. Choosing a
card (a step of the panel only, not of the game) offers its legal plays, most
relevant first: buttons for a few, else selects. Confirm plays the chosen line;
Undo goes back to the cards. Nothing is tried on a copy for the picture: a
path reaching a goal, or a map, would show the player what they may not see
yet; the panel names the chosen play in words instead.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.base import GameState, Seat
from bot.games.saboteur import SaboteurState
from bot.games.saboteur.actions import Action
from bot.games.saboteur.cards import PATH_CARDS
from bot.games.saboteur.cells import cell_name
from bot.games.saboteur.shapes import as_view
from bot.games.saboteur.spots import Spot, placement_spots
from bot.i18n import LocaleLike, language_of, t
from bot.service import ActResult, Table
from cogs.platform.alt_text import description, seen_of
from cogs.platform.items import LABEL_LIMIT, OPTIONS_PER_SELECT
from cogs.platform.names import Seated, known_names
from cogs.platform.presenter import image_file
from cogs.platform.steps import MENU_ROWS, Menu, Picture, StepOption, TurnSteps
from cogs.saboteur.choices import (
    card_name,
    describe,
    discards,
    goal_name,
    gold_picks,
    player,
    plays_by_card,
    sab_state,
)
from cogs.saboteur.reading import placement_description
from renderer.saboteur.hand import render_hand
from renderer.saboteur.placement import render_placement

HAND_FILE = "saboteur-hand.png"
PLACEMENT_FILE = "saboteur-placement.png"
BUTTONS_PER_ROW = 5
MENUS = 4
CARD = "card:"
"""Marks the step choosing a card (``card:map``): a choice of the panel, not a play."""


async def hand_file(
    table: Table, state: SaboteurState, seat: Seat, locale: LocaleLike,
    played: ActResult | None,
) -> discord.File:
    """The private image of `seat` (role, hand, peeks, gold): for that player only."""
    lang = language_of(locale)
    view, names = state.view(seat), known_names(table)
    told = description(seen_of(table, state, seat, names, view), locale, "hand", played,
                       parts=("hand", "round"))
    return await image_file(HAND_FILE, render_hand, view, names, lang, description=told)


async def placement_file(
    table: Table, state: SaboteurState, seat: Seat, card: str, locale: LocaleLike,
    played: ActResult | None,
) -> discord.File:
    """The maze around the legal spots of path card `card`, each lettered as its button."""
    lang = language_of(locale)
    spots = placement_spots(state, seat, card)
    view, names = state.view(seat), known_names(table)
    told = placement_description(seen_of(table, state, seat, names, view), locale, card, spots,
                                 played)
    return await image_file(
        PLACEMENT_FILE, render_placement, view, card, spots, names, lang, description=told
    )


def spot_menus(spots: list[Spot], labels: list[str], placeholder: str) -> list[Menu]:
    """One button per spot, lettered as on the placement image, with the cell the
    image's edges name (``A · D3``), in rows of 5; selects of them when there are more
    spots than the panel's rows of buttons hold."""
    if len(spots) <= MENU_ROWS * BUTTONS_PER_ROW:
        steps = [StepOption(spot.notation, spot_label(spot)) for spot in spots]
        return [
            Menu(steps[start : start + BUTTONS_PER_ROW], buttons=True)
            for start in range(0, len(steps), BUTTONS_PER_ROW)
        ]
    steps = [
        StepOption(spot.notation, spot_label(spot), label)
        for spot, label in zip(spots, labels, strict=True)
    ]
    return chunks(steps, placeholder)


def spot_label(spot: Spot) -> str:
    """A spot's letter on the placement image, then its cell: ``A · D3``."""
    return f"{spot.letter} · {cell_name(spot.x, spot.y)}"


def hand_text(table: Table, seat: Seat, locale: LocaleLike) -> str:
    """The words of the hand view: role, goals seen, gold, and what to do now."""
    view = as_view(sab_state(table).view(seat))
    you = view["you"]
    role = t(locale, f"saboteur.role.{you['role']}")
    lines = [t(locale, "sab.hand.title", round=view["round"], role=role)]
    peeks = [
        t(locale, "sab.hand.peek_gold" if peek["gold"] else "sab.hand.peek_stone",
          goal=goal_name(locale, peek["name"]))
        for peek in you["peeks"]
    ]
    seen = " · ".join(peeks) or t(locale, "sab.hand.no_peeks")
    lines.append(t(locale, "sab.hand.peeks", peeks=seen))
    lines.append(t(locale, "sab.hand.gold", nuggets=you["nuggets"]))
    if view["to_act"] != [seat]:
        waiting = " ".join(player(table, s, locale) for s in view["to_act"])
        lines.append(t(locale, "sab.hand.waiting", player=waiting))
    elif view["phase"] == "gold":
        offer = ", ".join(str(value) for value in you["gold_offer"])
        lines.append(t(locale, "sab.hand.pick_gold", values=offer))
    else:
        lines.append(t(locale, "sab.hand.choose"))
    return "\n".join(lines)


def seat_words(table: Seated, locale: LocaleLike) -> list[str]:
    """How the panel names each seat: its display name, as the images draw it (the
    numbered stand-in, "Player 2", when unknown)."""
    return [
        name or t(locale, "render.saboteur.player", number=seat + 1)
        for seat, name in enumerate(known_names(table))
    ]


def word_step(
    state: SaboteurState, locale: LocaleLike, action: Action, names: list[str]
) -> StepOption:
    """A play as a panel step: its notation as the value, what it does as the label."""
    return StepOption(state.format_action(action), describe(locale, action, names))


def chunks(steps: list[StepOption], placeholder: str) -> list[Menu]:
    """Steps as selects of 25 (at most `MENUS`), or one row of buttons for a few whose
    words fit a button (80 characters; a select option holds 100)."""
    if len(steps) <= 5 and all(len(step.label) <= LABEL_LIMIT for step in steps):
        return [Menu(steps, placeholder, buttons=True)]
    return [
        Menu(steps[start : start + OPTIONS_PER_SELECT], placeholder)
        for start in range(0, min(len(steps), MENUS * OPTIONS_PER_SELECT), OPTIONS_PER_SELECT)
    ]


def ways_text(locale: LocaleLike, count: int) -> str:
    return t(locale, "sab.hand.card_ways", count=count)


class HandSteps(TurnSteps):
    """Steps: a card (``card:<code>``, a choice of the panel), then a play's notation;
    or a discard or gold pick alone."""

    kind = "hand"

    def trial(self, state: GameState[Any], seat: Seat, steps: list[str]) -> GameState[Any]:
        """Checks the play without drawing it: the copy is only for the engine's check."""
        play = self.play(steps)
        if play is not None:
            state.copy().apply(seat, state.parse_action(seat, play))
        return state

    def moves(self, steps: list[str]) -> list[str]:
        """None: a card chosen on the panel is no move yet, and a play is the whole turn."""
        return []

    @staticmethod
    def play(steps: list[str]) -> str | None:
        """The notation chosen so far, if any (the last step that is a play)."""
        if steps and not steps[-1].startswith(CARD):
            return steps[-1]
        return None

    def menus(
        self, table: Table, seat: Seat, steps: list[str], after: GameState[Any], locale: LocaleLike
    ) -> list[Menu]:
        state = sab_state(table)
        if seat not in state.to_act() or self.play(steps) is not None:
            return []
        names = seat_words(table, locale)
        if steps:
            card = steps[0].removeprefix(CARD)
            if card in PATH_CARDS:
                spots = placement_spots(state, seat, card)
                words = [describe(locale, spot.action, names) for spot in spots]
                return spot_menus(spots, words, t(locale, "sab.hand.spot_placeholder"))
            plays = plays_by_card(state, seat).get(card, [])
            found = [word_step(state, locale, play, names) for play in plays]
            return chunks(found, t(locale, "sab.hand.step_placeholder"))
        picks = [word_step(state, locale, pick, names) for pick in gold_picks(state, seat)]
        if picks:
            return [Menu(picks, buttons=True)]
        cards = [
            StepOption(CARD + card, card_name(locale, card), ways_text(locale, len(plays)))
            for card, plays in plays_by_card(state, seat).items()
        ]
        passes = [word_step(state, locale, a, names) for a in discards(state, seat)]
        menus = []
        if cards:
            menus.append(Menu(cards, t(locale, "sab.hand.card_placeholder")))
        if passes:
            menus.append(Menu(passes, t(locale, "sab.hand.discard_placeholder")))
        return menus

    def line(self, steps: list[str], after: GameState[Any], seat: Seat) -> str | None:
        return self.play(steps)

    async def picture(
        self, table: Table, seat: Seat, steps: list[str], after: GameState[Any],
        locale: LocaleLike, played: ActResult | None,
    ) -> Picture:
        state = sab_state(table)
        title, *lines = hand_text(table, seat, locale).split("\n")
        play = self.play(steps)
        if play is not None:
            action = state.parse_action(seat, play)
            chosen = describe(locale, action, seat_words(table, locale))
            lines.append(t(locale, "sab.hand.chosen", play=chosen))
        elif steps and steps[0].removeprefix(CARD) in PATH_CARDS:
            card = steps[0].removeprefix(CARD)
            lines.append(t(locale, "sab.hand.spot", card=card_name(locale, card)))
            placement = await placement_file(table, state, seat, card, locale, played)
            return Picture(title, lines, placement)
        elif steps:
            card = steps[0].removeprefix(CARD)
            lines.append(t(locale, "sab.hand.step", card=card_name(locale, card)))
            total = len(plays_by_card(state, seat).get(card, []))
            if total > MENUS * OPTIONS_PER_SELECT:
                shown = MENUS * OPTIONS_PER_SELECT
                lines.append(t(locale, "sab.hand.more", shown=shown, total=total))
        return Picture(title, lines, await hand_file(table, state, seat, locale, played))


HAND = HandSteps()
