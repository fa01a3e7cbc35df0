"""The side panel's buttons: a game's entries (label, marker, tap) laid out in a grid."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from companion.ui.widgets import Button

Entry = tuple[str, object, Callable[[], Any]]  # a button's label, its marker (autoplay finds it), its tap
HOLD = "hold"  # a marker (HOLD, name): the button acts while held down (the screen tells the game)
UNDO = ("undo",)  # the Undo button's marker: drawn in the muted colour


def grid(
    entries: Sequence[Entry],
    rect: pygame.Rect,
    top: int,
    target: int,
    label_width: Callable[[str], int],
    tap: Callable[[Callable[[], Any]], Callable[[], Any]],
) -> list[Button]:
    """Two columns, a label too wide for its cell across both; three columns when there are more
    than eight buttons (there a long label takes the small type). `tap` wraps each entry's tap."""
    columns = 3 if len(entries) > 8 else 2
    width = (rect.width - 8 - 8 * columns) // columns
    buttons, column, row = [], 0, 0
    for label, marker, on_tap in entries:
        wide = columns == 2 and label_width(label) > width - 12
        if wide and column:
            column, row = 0, row + 1
        span = columns if wide else 1
        cell = pygame.Rect(
            rect.x + 8 + column * (width + 8), top + row * (target + 8), span * width + (span - 1) * 8, target
        )
        buttons.append(Button(cell, label, tap(on_tap), action=marker))
        column += span
        if column >= columns:
            column, row = 0, row + 1
    return buttons
