"""The side panel's buttons: a game's entries (label, marker, tap) laid out in a grid."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from companion.ui.widgets import Button

Entry = tuple[str, object, Callable[[], Any]]  # a button's label, its marker (autoplay finds it), its tap
HOLD = "hold"  # a marker (HOLD, name): the button acts while held down (the screen tells the game)
UNDO = ("undo",)  # the Undo button's marker: drawn in the muted colour
OFF = "off"  # a marker (OFF, ...): the button keeps its place greyed, not tapped (it comes back in it later)


def off(entry: Entry) -> Entry:
    """The entry greyed where it stands: a button a player taps in sequence keeps its place while it
    means nothing yet (the others never move into it)."""
    label, marker, on_tap = entry
    return label, (OFF, marker), on_tap


def grid(
    entries: Sequence[Entry],
    rect: pygame.Rect,
    top: int,
    target: int,
    fits: Callable[[str, pygame.Rect, bool], bool],
    tap: Callable[[Callable[[], Any]], Callable[[], Any]],
) -> list[Button]:
    """Three columns when there are more than eight buttons, or when three save a row and every
    label fits a third of the panel (`fits(label, cell, small)`: with the small type and two lines
    too), leaving the sentences above more room; else two, where a label too wide for its cell
    takes the small type, or goes across both when even that is too wide or the row is its own
    anyway (the last, alone): no hole in the grid. `tap` wraps each entry's tap."""
    cells = {n: (rect.width - 8 - 8 * n) // n for n in (2, 3)}
    narrow = all(fits(label, pygame.Rect(0, 0, cells[3], target), True) for label, _marker, _tap in entries)
    saves_a_row = -(-len(entries) // 3) < -(-len(entries) // 2)
    columns = 3 if len(entries) > 8 or (saves_a_row and narrow) else 2
    width = cells[columns]
    buttons, column, row = [], 0, 0
    for number, (label, marker, on_tap) in enumerate(entries):
        alone = pygame.Rect(0, 0, width, target)
        last = number == len(entries) - 1 and not column  # a row of its own anyway
        wide = columns == 2 and not fits(label, alone, False) and (last or not fits(label, alone, True))
        if wide and column:
            column, row = 0, row + 1
        span = columns if wide else 1
        cell = pygame.Rect(
            rect.x + 8 + column * (width + 8), top + row * (target + 8), span * width + (span - 1) * 8, target
        )
        greyed = isinstance(marker, tuple) and marker[:1] == (OFF,)
        buttons.append(Button(cell, label, tap(on_tap), enabled=not greyed, action=marker))
        column += span
        if column >= columns:
            column, row = 0, row + 1
    return buttons
