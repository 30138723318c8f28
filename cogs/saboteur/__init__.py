"""Saboteur at a table: the plugin the ``saboteur`` entry point leads to.

Modules: `presenter` (turn message, events in words), `hand` (the private
hand view: a card, then where to play it, in the platform's turn builder),
`choices` (legal plays ranked and in words), `commands` (``/sab hand``).
"""

from bot.games.saboteur import SaboteurState
from cogs.platform.plugins import GamePlugin
from cogs.saboteur.cards import CATALOGUE
from cogs.saboteur.commands import SaboteurCog
from cogs.saboteur.hand import HAND
from cogs.saboteur.presenter import SaboteurPresenter
from cogs.saboteur.reading import WORDS
from cogs.saboteur.typed import SaboteurPlays
from renderer.saboteur.board import REPLAY
from renderer.saboteur.warm import warm_up

PLUGIN = GamePlugin(
    SaboteurState,
    SaboteurPresenter(),
    commands=SaboteurCog,
    builders={HAND.kind: HAND},
    replay_board=REPLAY,
    warm_up=warm_up,
    cards=CATALOGUE,
    words=WORDS,
    typed=SaboteurPlays(),
)
