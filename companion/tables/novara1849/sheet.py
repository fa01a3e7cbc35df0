"""The left square of the game screen as a sheet: sentences top to bottom and rows of buttons, laid
out once per moment and drawn every frame (the view's own widgets; the panel keeps the generic ones)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from companion.ui import theme
from companion.ui.widgets import Button, wrap

Cell = tuple[str, object, "Callable[[], Any] | None", bool]  # label, marker, tap (None: a label), chosen
GAP = 6
LABEL = 64  # a row's name


@dataclass
class Sheet:
    rect: pygame.Rect
    target: int
    font: pygame.font.Font
    y: int = 8
    texts: list[tuple[str, tuple[int, int], tuple[int, int, int]]] = field(default_factory=list)
    spots: list[Button] = field(default_factory=list)
    large: list[tuple[str, tuple[int, int]]] = field(default_factory=list)

    @property
    def left(self) -> int:
        return self.rect.x + 8

    @property
    def width(self) -> int:
        return self.rect.width - 16

    def say(self, text: str, colour: tuple[int, int, int] = theme.INK, big: bool = False) -> None:
        """A sentence wrapped to the sheet's width (`big`: twice the type, as a drawn chit is shown)."""
        if big:
            self.large.append((text, (self.left, self.y)))
            self.y += self.font.get_linesize() * 2 + 4
            return
        for line in wrap(self.font, text, self.width):
            self.texts.append((line, (self.left, self.y), colour))
            self.y += self.font.get_linesize()
        self.y += 2

    def row(
        self,
        cells: Sequence[Cell],
        height: int | None = None,
        left: int | None = None,
        width: int = 0,
        label: str = "",
        label_width: int = LABEL,
    ) -> None:
        """Cells side by side, evenly across the sheet (or across `width` from `left`)."""
        height = height or self.target
        x0, span = left if left is not None else self.left, width or self.width
        if label:  # a row's name at its left, in a column of its own
            self.texts.append((label, (x0, self.y + (height - self.font.get_linesize()) // 2), theme.INK))
            x0, span = x0 + label_width, span - label_width
        each = (span - GAP * (len(cells) - 1)) // max(1, len(cells))
        for index, (label, marker, tap, chosen) in enumerate(cells):
            rect = pygame.Rect(x0 + index * (each + GAP), self.y, each, height)
            if tap is None:  # a value between buttons is centred in its cell; a row's name is not
                x = rect.x + 4 if index == 0 else rect.centerx - self.font.size(label)[0] // 2
                self.texts.append((label, (x, rect.centery - self.font.get_linesize() // 2), theme.INK))
                continue
            colour = theme.ITALY_GREEN if chosen else theme.BUTTON
            self.spots.append(Button(rect, label, tap, action=marker, colour=colour))
        self.y += height + GAP

    def grid(
        self, cells: Sequence[Cell], columns: int, rows: int, left: int | None = None, width: int = 0
    ) -> int:
        """Cells in a grid of `columns`, at most `rows` rows; how many did not fit."""
        shown = cells[: columns * rows]
        for start in range(0, len(shown), columns):
            part = list(shown[start : start + columns])
            part += [("", None, None, False)] * (columns - len(part))
            self.row(part, left=left, width=width)
        return len(cells) - len(shown)

    def draw(self, surface: pygame.Surface, fonts: dict[str, Any]) -> None:
        for text, position in self.large:
            picture = fonts["body"].render(text, True, theme.INK)
            width, height = picture.get_size()
            scale = min(2.0, self.width / max(1, width))
            surface.blit(
                pygame.transform.smoothscale(picture, (int(width * scale), int(height * scale))), position
            )
        for text, position, colour in self.texts:  # the painter's type: the same as the sheet's, measured
            surface.blit(fonts["body"].render(text, True, colour), position)
        for spot in self.spots:
            spot.draw(surface, fonts["body"], fonts["small"])

    def hit(self, position: tuple[int, int]) -> Button | None:
        return next((spot for spot in self.spots if spot.hit(position)), None)
