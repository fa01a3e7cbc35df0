"""Radetzky: Milano 1848 at a table: what its taps, buttons and cards mean (table.py), its screens
(view.py, choices.py, setup_screen.py, legend.py), its autoplay and its `companion milano1848 ...`
commands (cli.py).

The app and the session reach the game only through this module's names below.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.games.milano1848.bots import greedy_bot
from companion.games.milano1848.state import State
from companion.tables.milano1848.choices import Choices
from companion.tables.milano1848.cli import add_commands
from companion.tables.milano1848.commands import run_demo
from companion.tables.milano1848.faces import card_faces
from companion.tables.milano1848.table import GAME, MilanoTable

TITLE = "Radetzky: Milano 1848"

__all__ = [
    "GAME",
    "TITLE",
    "Choices",
    "add_commands",
    "card_faces",
    "before_game",
    "bot",
    "forget_choice",
    "new_table",
    "new_view",
    "next_tap",
    "round_of",
    "run_demo",
]


def new_table() -> MilanoTable:
    return MilanoTable()


def new_view(session: Any, height: int, target: int, choices: Any, colours: list[int]) -> Any:
    """The game screen's content; the hands' privacy as the game's options keep it (so a resumed game
    stays as private as it began; open when the table deals its own decks: the companion cannot see them)."""
    from companion.tables.milano1848.view import MilanoView

    privacy = session.game.options.hands if session.state.tracked else "open"
    view = MilanoView(session.table, height, target, privacy)
    view.board.colours = list(colours)
    return view


def before_game(
    options: Any, height: int, target: int, open_game: Callable[[list[Any]], Any], leave: Callable[[], None]
) -> Any:
    """With the table's own decks the set-up's Zone cards are named first (a screen of its own)."""
    if options.tracked:
        return None
    from companion.tables.milano1848.setup_screen import TableDecksSetup

    return TableDecksSetup(options, height, target, open_game, leave)


def next_tap(app: Any, action: Any) -> tuple[int, int] | None:
    """Where autoplay taps next toward this decision (companion.tables.milano1848.autoplay)."""
    from companion.tables.milano1848.autoplay import next_tap as tap

    return tap(app, action)


def bot(state: State, rng: random.Random) -> Any:
    return greedy_bot(state, rng)


def round_of(state: State) -> int:
    return state.round


def forget_choice(view: Any) -> None:
    """Autoplay played a decision straight: a Help half chosen on screen is dropped."""
    view.panel.helps.reset()
