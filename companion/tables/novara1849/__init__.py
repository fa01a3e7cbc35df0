"""Radetzky's March: The Road to Novara at a table: what its buttons mean and what follows a
decision (table.py), its screens (view.py with moments.py and fights.py on a sheet.py; choices.py
for the start screen), its autoplay (autoplay.py) and its `companion novara1849 ...` commands (cli.py).

The companion is a clerk, a calculator and a referee's memory for two players: it never plays a
side, so its autoplay bot is a scripted pair of players (autoplay.py) that taps the screen.
The app and the session reach the game only through this module's names below.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.tables.novara1849.choices import Choices
from companion.tables.novara1849.cli import add_commands

GAME = "novara1849"
TITLE = "The Road to Novara"  # the picker's button: the full name does not fit a quarter of the screen

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
]


def new_table() -> Any:
    """The table the session consults (its engine imported only now: the start screen needs none)."""
    from companion.tables.novara1849.table import NovaraTable

    return NovaraTable()


def new_view(session: Any, height: int, target: int, choices: Any, colours: list[int]) -> Any:
    """The game screen's content; the table's dice, cup and idle die as its options keep them (chosen on
    the start screen: a resumed game plays on the same way)."""
    from functools import partial

    from companion.tables.novara1849.table import NovaraTable
    from companion.tables.novara1849.view import NovaraView

    ways = getattr(getattr(session.game, "options", None), "table", ())  # the game's own, on a resume too
    view = NovaraView(
        height,
        target,
        "dice" in ways or getattr(choices, "table_dice", False),
        "cup" in ways or getattr(choices, "table_cup", False),
    )
    table = getattr(session, "table", None)
    if isinstance(table, NovaraTable):  # the die box's button throws what the screen's Roll would
        table.screen_roll = partial(view.roll, session)
        table.ambient = "idle" in ways or getattr(choices, "idle_cup", False)
    return view


def before_game(
    options: Any, height: int, target: int, open_game: Callable[[list[Any]], Any], leave: Callable[[], None]
) -> None:
    return None  # the game opens on its first turn: the track's facts, then the secret selections


def next_tap(app: Any, action: Any) -> tuple[int, int] | None:
    """Where autoplay taps next toward this decision (companion.tables.novara1849.autoplay)."""
    from companion.tables.novara1849.autoplay import next_tap as tap

    return tap(app, action)


def bot(state: Any, rng: random.Random) -> Any:
    from companion.tables.novara1849.autoplay import scripted_players

    return scripted_players(state, rng)


def round_of(state: Any) -> int:
    return int(state.turn)


def forget_choice(view: Any) -> None:
    """Autoplay played a decision straight: what was put together on screen is dropped."""
    from companion.tables.novara1849.draft import Draft

    view.draft = Draft()


def run_demo(args: Any) -> int:
    """`companion run --game novara1849 --terminal`: the scripted players' first turn, told in text."""
    from companion.tables.novara1849.autoplay import demo

    return demo(args)


def card_faces() -> dict[str, str]:
    return {}  # no stickers: the chits' camera markers are an optional later milestone (spec 8)
