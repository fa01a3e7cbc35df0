"""Italia (Italia I and II) at a table: the turn clerk, the battle resolver on the LED die with its
exact odds, the control map and the score pad. What taps and buttons mean (table.py), what the
table is entering (desk.py), its screens (view.py; pages.py with clerk_pages.py and battle_pages.py,
drawn with canvas.py; panel.py; choices.py), its words in the table's language (words.py), its
autoplay (autoplay.py) and its commands (cli.py).

The app and the session reach the game only through this module's names below.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from companion.games.italia.game import State
from companion.tables.italia.choices import Choices
from companion.tables.italia.cli import add_commands
from companion.tables.italia.table import GAME, ItaliaTable
from companion.tables.italia.words import told

TITLE = "Italia"

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


def new_table() -> ItaliaTable:
    return ItaliaTable()


def new_view(session: Any, height: int, target: int, choices: Any, colours: list[int]) -> Any:
    """The game screen's content (the players' colours are the scenario's own, §3.0)."""
    from companion.tables.base import tap_first
    from companion.tables.italia.table import ItaliaTable
    from companion.tables.italia.view import ItaliaView

    view = ItaliaView(session, height, target)
    table = getattr(session, "table", None)
    if isinstance(table, ItaliaTable):  # the table's buttons throw what the screen's Roll would
        table.screen_roll = lambda: tap_first(view.entries(session), lambda marker: marker == ("roll",))
        table.screen_back = partial(_back, view, session)
    return view


LEAVE_MARKERS = (("cancel",), ("back",), ("to-setup",))  # a page's Cancel or Back: what it opened closes


def _back(view: Any, session: Any) -> Any:
    """The table's Back on this screen: a page the screen opened is left as its Cancel would leave it
    (the pad's thresholds leave the box with it); with none open, the last decision is undone."""
    from companion.tables.base import Undo

    leave = next((tap for _label, marker, tap in view.entries(session) if marker in LEAVE_MARKERS), None)
    return Undo() if leave is None else leave()


def before_game(
    options: Any, height: int, target: int, open_game: Callable[[list[Any]], Any], leave: Callable[[], None]
) -> Any:
    return None  # the set-up is on the table; the companion needs no screen before the game


def next_tap(app: Any, action: Any) -> tuple[int, int] | None:
    """Where autoplay taps next toward this decision (companion.tables.italia.autoplay)."""
    from companion.tables.italia.autoplay import next_tap as tap

    return tap(app, action)


def bot(state: State, rng: random.Random) -> Any:
    from companion.tables.italia.autoplay import bot as play

    return play(state, rng)


def round_of(state: State) -> int:
    return state.turn


def forget_choice(view: Any) -> None:
    """Autoplay played a decision straight: what the screen was entering is dropped."""
    view.desk.reset(None)


def run_demo(args: Any) -> int:
    """`companion run --terminal`: Italia has no text demo; one sentence says so."""
    print("Italia has no text demo: run the app (companion run --game italia), or companion italia ...")
    return 2


def card_faces() -> dict[str, str]:
    return {}  # no cards carry stickers in the first version (spec 8)
