"""Buttons as rectangles with an intent: drawing and hit testing, nothing else."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from companion.ui import theme


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_tap: Callable[[], Any]
    enabled: bool = True
    action: object = None  # the engine action it plays, if any (autoplay taps buttons by action)
    colour: tuple[int, int, int] = theme.BUTTON
    text_colour: tuple[int, int, int] = theme.BUTTON_TEXT

    def draw(self, surface: pygame.Surface, font: pygame.font.Font, narrow: pygame.font.Font | None = None) -> None:
        """`narrow`: the font for a label too wide for the button."""
        colour = self.colour if self.enabled else theme.BUTTON_OFF
        pygame.draw.rect(surface, colour, self.rect, border_radius=8)
        if narrow is not None and font.size(self.label)[0] > self.rect.width - 12:
            font = narrow
        label = font.render(self.label, True, self.text_colour)
        surface.blit(label, label.get_rect(center=self.rect.center))

    def hit(self, position: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(position)
