"""What every screen draws with: the surface, the body and small type, sentences wrapped to a box."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from companion.ui import theme
from companion.ui.widgets import Button, wrap


class Painter:
    def __init__(self, screen: pygame.Surface, fonts: dict[str, pygame.font.Font]) -> None:
        self.screen, self.fonts = screen, fonts

    @property
    def body(self) -> pygame.font.Font:
        return self.fonts["body"]

    def text(self, text: str, position: tuple[int, int], colour: tuple[int, int, int] = theme.INK) -> None:
        self.screen.blit(self.body.render(text, True, colour), position)

    def wrapped(
        self, message: str, area: Any, y: int, colour: tuple[int, int, int], draw: bool = True
    ) -> int:
        """Draw a sentence wrapped to `area`'s width from `y` (or only measure it); the y below it."""
        font = self.body
        for line in wrap(font, message, area.width, break_words=True) or [""]:
            if draw:
                self.screen.blit(font.render(line, True, colour), (area.x, y))
            y += font.get_linesize()
        return y

    def buttons(self, buttons: Sequence[Button]) -> None:
        for button in buttons:
            button.draw(self.screen, self.fonts["body"], self.fonts["small"])
