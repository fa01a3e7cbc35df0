"""Italy '43-'45: La Resa Dei Conti at a table: the deck built step by step, the card loop with
eligibility, operations and their costs, the offensive from entered counts, the Clash die, a ticket per
card and per offensive. What taps, buttons and cards mean (table.py), what the table is entering
(desk.py), its pages and buttons (pages.py, panel.py, view.py), its words (words.py), its autoplay
(autoplay.py) and its `companion italy4345 ...` commands (cli.py).

The app and the session reach the game only through this module's names below.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from companion.games.italy4345.actions import Op
from companion.games.italy4345.model import State
from companion.tables.italy4345.choices import Choices
from companion.tables.italy4345.cli import add_commands
from companion.tables.italy4345.table import GAME, Italy4345Table
from companion.tables.italy4345.words import told

TITLE = "Italy '43-'45"

__all__ = [
    "GAME",
    "TITLE",
    "Choices",
    "add_commands",
    "before_game",
    "bot",
    "card_faces",
    "forget_choice",
    "new_table",
    "new_view",
    "next_tap",
    "round_of",
    "run_demo",
    "told",
]


def new_table() -> Italy4345Table:
    return Italy4345Table()


def new_view(session: Any, height: int, target: int, choices: Any, colours: list[int]) -> Any:
    """The game screen's content (the factions have their own colours: the players' are not used)."""
    from companion.tables.base import tap_first
    from companion.tables.italy4345.view import Italy4345View

    view = Italy4345View(session, height, target)
    view.desk.names = session.game.options.names or tuple(getattr(choices, "players", ()))
    table = getattr(session, "table", None)
    if isinstance(table, Italy4345Table):  # the die box's button throws what the screen's Clash would
        table.screen_clash = lambda: tap_first(view.entries(session), partial(_companion_clash, view.desk))
    return view


def _companion_clash(desk: Any, marker: object) -> bool:
    """The button that plays a declared Clash with the companion's die (not the table's typed one)."""
    return isinstance(marker, Op) and marker.op == "clash" and not desk.die


def before_game(
    options: Any, height: int, target: int, open_game: Callable[[list[Any]], Any], leave: Callable[[], None]
) -> Any:
    return None  # the deck build and the set-up are the game screen's first pages


def next_tap(app: Any, action: Any) -> tuple[int, int] | None:
    """Where autoplay taps next toward this decision (companion.tables.italy4345.autoplay)."""
    from companion.tables.italy4345.autoplay import next_tap as tap

    return tap(app, action)


def bot(state: State, rng: random.Random) -> Any:
    from companion.tables.italy4345.autoplay import bot as play

    return play(state, rng)


def round_of(state: State) -> int:
    """The cards revealed so far (autoplay's `--rounds` counts cards)."""
    return state.card_index


def forget_choice(view: Any) -> None:
    """Autoplay played a decision straight: what the screen was entering is dropped."""
    view.desk.reset()


def run_demo(args: Any) -> int:
    """`companion run --terminal`: Italy '43-'45 has no text demo; one sentence says so."""
    print(
        "Italy '43-'45 has no text demo: run the app (companion run --game italy4345),"
        " or companion italy4345 ..."
    )
    return 2


def card_faces() -> dict[str, str]:
    """Each sticker's card: its face, where the sticker goes (never the back: spec 8)."""
    faces = {f"event-{n:02d}": f"event card {n} (face)" for n in range(1, 97)}
    return faces | {f"offensive-{n:02d}": f"offensive card {n} (face)" for n in range(1, 10)}
