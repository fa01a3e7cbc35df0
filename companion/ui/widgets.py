"""Buttons as rectangles with an intent (drawing and hit testing), and sentences wrapped to a width."""

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

    def draw(
        self, surface: pygame.Surface, font: pygame.font.Font, narrow: pygame.font.Font | None = None
    ) -> None:
        """`narrow`: the font for a label too wide for the button; without it such a label wraps
        (the button must be tall enough for its lines)."""
        colour = self.colour if self.enabled else theme.BUTTON_OFF
        pygame.draw.rect(surface, colour, self.rect, border_radius=8)
        if narrow is not None and font.size(self.label)[0] > self.rect.width - 12:
            font = narrow
        lines = wrap(font, self.label, self.rect.width - 12) if narrow is None else [self.label]
        top = self.rect.centery - font.get_linesize() * len(lines) // 2
        for number, line in enumerate(lines):
            label = font.render(line, True, self.text_colour)
            surface.blit(
                label, label.get_rect(midtop=(self.rect.centerx, top + number * font.get_linesize()))
            )

    def hit(self, position: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(position)


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """The sentence in lines no wider than `width` (a word longer than that keeps a line to itself)."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] >= width:
            lines.append(line)
            trial = word
        line = trial
    return lines + [line] if line else lines
