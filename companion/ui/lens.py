"""Desk mode's camera: a lens drawn on screen; an answer card dragged into it is shown to the
simulated camera, whose frames go through the real detector and the 3-of-4 vote, exactly as a
card under the Pi's camera would. A confirmed card flashes the lens green."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from companion.i18n import _
from companion.ui import theme
from companion.ui.widgets import wrap

FLASH_S = 0.4


class Lens:
    def __init__(self, rect: pygame.Rect) -> None:
        """`rect`: where on the board nothing else is drawn (the game's view says)."""
        self.rect = rect
        self.dragging: tuple[str, Any] | None = None  # (card, the button it came from)
        self.pointer = (0, 0)
        self.spot = 0  # where the next card goes in the camera's frame (Radetzky: three side by side)
        self.flash_until = 0.0

    def press(self, card: str | None, button: Any, position: tuple[int, int]) -> bool:
        """A finger down on an answer button: a drag starts (True), or nothing to drag."""
        if card is None:
            return False
        self.dragging, self.pointer = (card, button), position
        return True

    def release(self, position: tuple[int, int], show: Callable[[str, int], object]) -> Any:
        """The finger up: in the lens the card goes under the camera (`show(card, spot)`; None); back
        on its button it is a tap (that button); anywhere else the drag is dropped (None)."""
        if self.dragging is None:
            return None
        (card, button), self.dragging = self.dragging, None
        if self.rect.collidepoint(position):
            show(card, self.spot % 3)
            self.spot += 1
            return None
        return button if button.rect.collidepoint(position) else None

    def clear(self) -> None:
        """The answer is played: the cards leave the lens (the session takes them from the camera)."""
        self.spot = 0

    def flash(self) -> None:
        self.flash_until = time.monotonic() + FLASH_S

    @property
    def flashing(self) -> bool:
        return time.monotonic() < self.flash_until

    def draw(self, surface: pygame.Surface, font: pygame.font.Font, camera: Any) -> None:
        colour = theme.ITALY_GREEN if self.flashing else theme.INK
        pygame.draw.rect(surface, theme.ZONE, self.rect, border_radius=10)
        pygame.draw.rect(surface, colour, self.rect, width=6 if self.flashing else 2, border_radius=10)
        seen = camera.placed()
        said = [_("Camera sees:"), ", ".join(seen)] if seen else [_("Camera:"), _("drag a card here")]
        lines = [line for text in said for line in wrap(font, text, self.rect.width - 12)]
        if len(lines) * font.get_linesize() > self.rect.height - 4:  # a low lens: what to do, or what it sees
            lines = wrap(font, said[1], self.rect.width - 12)
        top = self.rect.centery - font.get_linesize() * len(lines) // 2
        for number, text in enumerate(lines):
            label = font.render(text, True, theme.MUTED)
            surface.blit(
                label, label.get_rect(midtop=(self.rect.centerx, top + number * font.get_linesize()))
            )
        if self.dragging is not None:
            tile = pygame.Rect(0, 0, max(90, font.size(self.dragging[1].label)[0] + 16), 56)
            tile.center = self.pointer
            pygame.draw.rect(surface, theme.BUTTON, tile, border_radius=8)
            name = font.render(self.dragging[1].label, True, theme.BUTTON_TEXT)
            surface.blit(name, name.get_rect(center=tile.center))
