"""The deck build's picture: the five piles as the step leaves them (dealt, an offensive card at each
bottom, the shuffled pile or piles marked, the deck stacked)."""

from __future__ import annotations

from typing import Any

import pygame

from companion.i18n import _
from companion.ui import theme

CARD = (250, 250, 245)
OFFENSIVE = (190, 40, 40)


def piles(long: bool, mode: str, step: int, painter: Any, area: pygame.Rect) -> None:
    """Five piles side by side (steps 2 to 4), or the stacked deck (the last steps)."""
    if mode == "companion" or step == 0:
        return
    size = 10 if long else 8
    stacked = step >= 4
    width = min(72, (area.width - 4 * 12) // 5)
    height = min(area.height - 30, 150)
    for pile in range(5):
        shuffled = (pile > 0) if long else (pile == 4)
        x = area.x + pile * (width + 12)
        y = area.y + (pile * 12 if stacked else 0)
        rect = pygame.Rect(x, y, width, height)
        pygame.draw.rect(painter.screen, CARD, rect, border_radius=6)
        pygame.draw.rect(painter.screen, theme.INK, rect, 2, border_radius=6)
        label = str(size + (1 if step >= 2 else 0))
        painter.screen.blit(painter.fonts["small"].render(label, True, theme.INK), (x + 8, y + 6))
        if step >= 2:  # the offensive card at the bottom, anywhere once shuffled
            bottom = pygame.Rect(x + 4, y + height - 22, width - 8, 16)
            pygame.draw.rect(painter.screen, OFFENSIVE, bottom, border_radius=3)
        if step >= 3 and shuffled:
            mark = painter.fonts["small"].render(_("mixed"), True, OFFENSIVE)
            painter.screen.blit(mark, (x + 4, y + height // 2))
