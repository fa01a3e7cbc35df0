"""The left square's drawing: text from the top down, steppers, the control map's tiles and its
zones grid, shared by every Italia page."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from companion.tables.italia.desk import Desk, land_zones
from companion.tables.italia.words import (
    PLAYER_COLOURS,
)
from companion.ui import theme
from companion.ui.painter import Painter
from companion.ui.widgets import Button

Colour = tuple[int, int, int]
LIGHT = 0.35  # a held zone's tile: the holder's colour, this much over white


def tint(colour: Colour) -> Colour:
    r, g, b = colour
    return (
        round(255 - (255 - r) * LIGHT),
        round(255 - (255 - g) * LIGHT),
        round(255 - (255 - b) * LIGHT),
    )


class Tile(Button):
    """A zone of the control map: its name in the tile type, its city marked in the corner."""

    font: Any = None
    city: str = "none"

    def draw(
        self, surface: pygame.Surface, font: pygame.font.Font, narrow: pygame.font.Font | None = None
    ) -> None:
        pygame.draw.rect(surface, self.colour, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.MUTED, self.rect, width=1, border_radius=6)
        name = self.font.render(self.label, True, theme.INK)
        surface.blit(name, name.get_rect(center=self.rect.center))
        if self.city != "none":
            mark = self.font.render("+" if self.city == "intact" else "x", True, theme.INK)
            surface.blit(mark, mark.get_rect(topright=(self.rect.right - 4, self.rect.y + 1)))


class Canvas:
    """The left square being drawn: text from the top down, and its buttons."""

    def __init__(self, painter: Painter, area: pygame.Rect, target: int, tile_font: Any = None) -> None:
        self.painter, self.area, self.target = painter, area, target
        self.tile_font = tile_font or painter.fonts["small"]
        self.y = area.y
        self.spots: list[Button] = []

    def line(self, text: str, colour: Colour = theme.INK, small: bool = False) -> None:
        font = self.painter.fonts["small" if small else "body"]
        from companion.ui.widgets import wrap

        for part in wrap(font, text, self.area.width) or [""]:
            self.painter.screen.blit(font.render(part, True, colour), (self.area.x, self.y))
            self.y += font.get_linesize()

    def gap(self, pixels: int = 6) -> None:
        self.y += pixels

    def stepper(
        self, label: str, value: int, key: str, change: Callable[[int], None], x: int | None = None
    ) -> None:
        """A label, then [-] value [+] at the row's right (or at `x`): the row is a target high."""
        t, font = self.target, self.painter.body
        right = self.area.right if x is None else x
        plus = pygame.Rect(right - t, self.y, t, t)
        shown = pygame.Rect(plus.x - t, self.y, t, t)
        minus = pygame.Rect(shown.x - t, self.y, t, t)
        if label:
            room = minus.x - self.area.x - 6
            face = font if font.size(label)[0] <= room else self.painter.fonts["small"]  # a long one: small
            drawn = face.render(label, True, theme.INK)
            self.painter.screen.blit(drawn, (self.area.x, self.y + (t - face.get_height()) // 2))
        number = font.render(str(value), True, theme.INK)
        self.painter.screen.blit(number, number.get_rect(center=shown.center))
        self.spots.append(Button(minus.inflate(-4, -4), "-", partial(change, -1), action=("less", key)))
        self.spots.append(Button(plus.inflate(-4, -4), "+", partial(change, 1), action=("more", key)))

    def row_done(self) -> None:
        self.y += self.target + 2


def bump(counts: dict[str, int], key: str, top: int | None, by: int) -> None:
    value = max(0, counts.get(key, 0) + by)
    counts[key] = value if top is None else min(top, value)


def bump_attr(owner: Any, name: str, by: int) -> None:
    setattr(owner, name, max(0, getattr(owner, name) + by))


def zone_grid(canvas: Canvas, desk: Desk, session: Any, tapped: Callable[[str], None]) -> None:
    """Every land zone as a tile, grouped by region: its holder's colour and its city
    (+ intact, x ruined); a zone changed and not yet confirmed has a dark border."""
    state, zones = session.state, land_zones(desk.edition)
    columns = 5
    rows = -(-len(zones) // columns)
    width = canvas.area.width // columns
    height = max(canvas.target - 4, (canvas.area.bottom - canvas.y - 4) // rows)
    for number, zone in enumerate(zones):
        x, y = canvas.area.x + (number % columns) * width, canvas.y + 4 + (number // columns) * height
        rect = pygame.Rect(x, y, width - 4, height - 4)
        holder, city = desk.holding(state, zone.id)
        colour = PLAYER_COLOURS.get(desk.scenario.nation(holder).colour, theme.ZONE) if holder else theme.ZONE
        tile = Tile(rect, zone.name, partial(tapped, zone.id), action=("zone", zone.id), colour=tint(colour))
        tile.font, tile.city = canvas.tile_font, city
        canvas.spots.append(tile)
        if zone.id in desk.changes:
            pygame.draw.rect(canvas.painter.screen, theme.INK, rect.inflate(4, 4), width=3, border_radius=8)
    canvas.y += rows * height
