"""Buttons as rectangles with an intent (drawing and hit testing), and sentences wrapped to a width."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from companion.ui import theme

PAD = 8  # a label's least margin inside its button, both sides together


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
        """`narrow`: the small type for a label too wide for the button (on two lines if need be);
        without it such a label wraps in `font` (the button must be tall enough for its lines)."""
        colour = self.colour if self.enabled else theme.BUTTON_OFF
        pygame.draw.rect(surface, colour, self.rect, border_radius=8)
        font, lines = label_lines(self.label, self.rect, font, narrow)
        top = self.rect.centery - font.get_linesize() * len(lines) // 2
        for number, line in enumerate(lines):
            label = font.render(line, True, self.text_colour)
            surface.blit(
                label, label.get_rect(midtop=(self.rect.centerx, top + number * font.get_linesize()))
            )

    def hit(self, position: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(position)


def wrap(font: pygame.font.Font, text: str, width: int, break_words: bool = False) -> list[str]:
    """The sentence in lines no wider than `width`. A word wider than a line keeps a line to itself
    (a button's label: the layout test sees it clipped), or with `break_words` (running text: a file's
    path) is broken after its slashes, or where it must."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] >= width:
            lines.append(line)
            trial = word
        while break_words and font.size(trial)[0] >= width and len(trial) > 1:
            head = _longest_head(font, trial, width)
            lines.append(trial[:head])
            trial = trial[head:]
        line = trial
    return lines + [line] if line else lines


def fitted(font: pygame.font.Font, text: str, width: int) -> str:
    """The text, cut short with "..." where it is wider than `width` (a name over a narrow column)."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text.rstrip() + "...")[0] > width:
        text = text[:-1]
    return text.rstrip() + "..."


def _longest_head(font: pygame.font.Font, word: str, width: int) -> int:
    """How much of a too-wide word fits a line: up to its last slash that fits, else the most letters."""
    fits = max((n for n in range(1, len(word)) if font.size(word[:n])[0] < width), default=1)
    slash = word.rfind("/", 0, fits)
    return slash + 1 if slash > 0 else fits


def label_lines(
    label: str, rect: pygame.Rect, font: pygame.font.Font, narrow: pygame.font.Font | None
) -> tuple[pygame.font.Font, list[str]]:
    """The type and lines a button's label is drawn in: one line in `font` when it fits, else in
    `narrow` on one line, or on as many as the button's height holds."""
    width = rect.width - PAD
    if narrow is None or font.size(label)[0] <= width:
        return font, [label] if narrow is not None else wrap(font, label, width)
    lines = wrap(narrow, label, width)
    return narrow, lines if len(lines) * narrow.get_linesize() <= rect.height - 4 else [label]


def label_fits(label: str, rect: pygame.Rect, font: pygame.font.Font, narrow: pygame.font.Font) -> bool:
    """Whether the label shows whole on a button of this size (see `label_lines`)."""
    chosen, lines = label_lines(label, rect, font, narrow)
    return all(chosen.size(line)[0] <= rect.width - PAD for line in lines)
