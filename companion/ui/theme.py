"""Sizes and colours: readable across a table on 800x480, scaling up to 1280x720."""

from __future__ import annotations

from typing import Any

# Okabe-Ito colours: distinguishable with the common colour-vision deficiencies; each Patriot
# also carries its initial.
PATRIOT_COLOURS = [(230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (213, 94, 0)]
BACKGROUND = (245, 240, 228)
INK = (30, 30, 30)
MUTED = (120, 115, 105)
PANEL = (232, 225, 210)
BUTTON = (60, 90, 140)
BUTTON_OFF = (170, 170, 170)
BUTTON_TEXT = (255, 255, 255)
AUSTRIA = (70, 70, 70)
ITALY_GREEN = (0, 140, 69)
ZONE = (255, 255, 255)
AVAILABLE = (0, 140, 69)
ALERT = (190, 40, 40)

BASE_HEIGHT = 480  # layouts are drawn for 800x480 and scaled by height


def scale(height: int) -> float:
    return height / BASE_HEIGHT


def text_px(height: int) -> int:
    """Body text: 24 px at 480 lines, more on larger screens."""
    return max(24, round(24 * scale(height)))


def target_px(height: int) -> int:
    """Touch targets: at least 48 px."""
    return max(48, round(48 * scale(height)))


def font_of_height(pygame: Any, pixels: int) -> Any:
    """The default font at the size whose lines are at least `pixels` tall (nominal sizes run small)."""
    size = pixels
    while pygame.font.Font(None, size).get_height() < pixels:
        size += 1
    return pygame.font.Font(None, size)
