"""The board: 16 zones on the schematic layout, with Soldiers, owners, Radetzky, Patriots, Barricades."""

from __future__ import annotations

import math

import pygame

from companion.games.milano1848.state import AUSTRIA, ITALY, State
from companion.i18n import _, ngettext
from companion.ui import theme


class BoardView:
    def __init__(self, rect: pygame.Rect, layout: dict[int, tuple[float, float]]) -> None:
        self.rect = rect
        self.radius = max(24, rect.height // 18)
        self.colours = list(
            range(len(theme.PATRIOT_COLOURS))
        )  # Patriot -> its colour, as chosen before the game
        pad = self.radius + 8
        self.centres = {
            z: (rect.x + pad + x * (rect.width - 2 * pad), rect.y + pad + y * (rect.height - 2 * pad))
            for z, (x, y) in layout.items()
        }

    def free_corner(self, height: int) -> pygame.Rect:
        """The board's bottom left corner below the zones there, their labels and pawns (desk
        mode's camera lens): at most `height` tall."""
        width, left = self.rect.width * 2 // 5, self.rect.x + 4
        reach = self.radius + self.marker + 4  # a zone's circle and its pawns below
        lowest = max(y + reach for x, y in self.centres.values() if x - self.radius - 12 < left + width)
        top = max(int(lowest), self.rect.bottom - 4 - height)
        return pygame.Rect(left, top, width, self.rect.bottom - 4 - top)

    def zone_at(self, position: tuple[int, int]) -> int | None:
        for zone, (x, y) in self.centres.items():
            if (position[0] - x) ** 2 + (position[1] - y) ** 2 <= (self.radius + 6) ** 2:
                return zone
        return None

    def draw(
        self,
        surface: pygame.Surface,
        state: State,
        fonts: dict[str, pygame.font.Font],
        falling: frozenset[int] = frozenset(),
    ) -> None:
        """`falling`: zones the coming Austrian turn takes (a red dashed halo)."""
        board = state.edition.board
        for zone in state.zones:
            for other in board.neighbours[zone]:
                if other > zone:
                    self._edge(surface, zone, other, other not in board.open_neighbours[zone])
        for zone in state.zones:
            self._zone(surface, state, zone, fonts)
            if zone in falling:
                self._halo(surface, zone)
        self._counts(surface, state, fonts["body"])

    def _counts(self, surface: pygame.Surface, state: State, font: pygame.font.Font) -> None:
        """The Castle and the reserve (top left) and the zones each side holds (top right), in the
        map's empty corners (the bottom left is desk mode's lens): the panel keeps its height for
        sentences in body type."""
        italy, austria = len(state.conquered(ITALY)), len(state.conquered(AUSTRIA))
        corners = (
            (
                [
                    _("Castle {castle}").format(castle=state.castle),
                    _("Reserve {reserve}").format(reserve=state.reserve),
                ],
                "topleft",
            ),
            (
                [
                    ngettext("Italy: {count} zone", "Italy: {count} zones", italy).format(count=italy),
                    ngettext("Austria: {count} zone", "Austria: {count} zones", austria).format(
                        count=austria
                    ),
                ],
                "topright",
            ),
        )
        line = font.get_linesize()
        for lines, corner in corners:
            for number, text in enumerate(lines):
                label = font.render(text, True, theme.INK)
                x = self.rect.x + 6 if corner == "topleft" else self.rect.right - 8 - label.get_width()
                surface.blit(label, (x, self.rect.y + 4 + number * line))

    def _halo(self, surface: pygame.Surface, zone: int) -> None:
        halo(surface, self.centres[zone], self.radius)

    def _edge(self, surface: pygame.Surface, a: int, b: int, barrier: bool) -> None:
        (x1, y1), (x2, y2) = self.centres[a], self.centres[b]
        pygame.draw.line(surface, theme.MUTED, (x1, y1), (x2, y2), 2)
        if barrier:
            barrier_bar(surface, (x1, y1), (x2, y2))

    def _zone(
        self, surface: pygame.Surface, state: State, zone: int, fonts: dict[str, pygame.font.Font]
    ) -> None:
        x, y = self.centres[zone]
        r = self.radius
        owner = state.owner[zone]
        disc(surface, (x, y), r, owner, zone in state.available, zone in state.not_available)
        label = "A" if owner == AUSTRIA else "I" if owner == ITALY else str(state.soldiers[zone])
        text = fonts["body"].render(label, True, theme.BUTTON_TEXT if owner == AUSTRIA else theme.INK)
        surface.blit(text, text.get_rect(center=(x, y)))
        number = fonts["small"].render(str(zone), True, theme.MUTED)
        surface.blit(number, number.get_rect(center=(x - r, y - r)))
        if zone == state.radetzky:
            radetzky_badge(surface, (int(x + r), int(y - r)), r, fonts["small"])
        if zone in state.barricades:
            self._barricade(surface, x, y)
        self._patriots(surface, state, zone, fonts)

    def _barricade(self, surface: pygame.Surface, x: float, y: float) -> None:
        """A Mobile Barricade: a striped road barrier across the zone's right edge (no letter, which
        would pass for a pawn's initial)."""
        r = self.radius
        bar = pygame.Rect(0, 0, r * 5 // 4, max(12, r // 2))
        bar.center = (int(x + r), int(y))  # across the ring, clear of the Soldier count
        pygame.draw.rect(surface, theme.BUTTON_TEXT, bar)
        clip = surface.get_clip()
        surface.set_clip(bar)
        for stripe in range(bar.left - bar.height, bar.right, bar.height):  # red and white diagonals
            start, end = (stripe, bar.bottom), (stripe + bar.height, bar.top)
            pygame.draw.line(surface, theme.ALERT, start, end, max(3, bar.height // 3))
        surface.set_clip(clip)
        pygame.draw.rect(surface, theme.INK, bar, 2)

    def _patriots(
        self, surface: pygame.Surface, state: State, zone: int, fonts: dict[str, pygame.font.Font]
    ) -> None:
        here = state.patriots_in(zone)
        marker = self.marker
        spots = self.pawn_spots(zone, len(here), state.edition.board.neighbours[zone])
        for (px, py), index in zip(spots, here, strict=True):
            pygame.draw.circle(
                surface, theme.PATRIOT_COLOURS[self.colours[index % len(self.colours)]], (px, py), marker
            )
            pygame.draw.circle(surface, theme.INK, (px, py), marker, 3 if index == state.active else 1)
            initial = fonts["small"].render(state.patriots[index].name[0], True, theme.INK)
            surface.blit(initial, initial.get_rect(center=(px, py)))

    @property
    def marker(self) -> int:
        """A Patriot pawn's radius."""
        return max(10, int(self.radius * 0.45))

    def pawn_spots(self, zone: int, count: int, neighbours: frozenset[int]) -> list[tuple[int, int]]:
        """Where a zone's pawns stand: on its ring, in the directions furthest from its paths (and
        their Barrier marks), its number (top left) and Radetzky's badge (top right), the bottom
        first; each pawn clear of the others."""
        x, y = self.centres[zone]
        paths = [math.atan2(self.centres[n][1] - y, self.centres[n][0] - x) for n in neighbours]
        paths += [math.radians(-135), math.radians(-45)]  # the number, the badge
        apart = 2 * math.asin(min(1.0, 0.85 * self.marker / self.radius))  # pawns side by side
        chosen: list[float] = []
        for _pawn in range(count):
            options = [math.radians(d) for d in range(0, 360, 5)]
            free = [o for o in options if not chosen or _clearance(o, chosen) >= apart] or options
            chosen.append(max(free, key=lambda o: (_clearance(o, paths + chosen), -abs(o - math.pi / 2))))
        r = self.radius + self.marker // 4  # on the ring, a little out: clear of the count inside
        return [(round(x + r * math.cos(o)), round(y + r * math.sin(o))) for o in chosen]


def _clearance(angle: float, taken: list[float]) -> float:
    """How far (radians) a direction is from the nearest one already taken."""
    return min(abs((angle - t + math.pi) % (2 * math.pi) - math.pi) for t in taken)


Point = tuple[float, float]


def disc(
    surface: pygame.Surface, centre: Point, r: int, owner: str | None, available: bool, waiting: bool
) -> None:
    """A zone's circle: dark when Austria's; a thick green ring when Italy's or Available, a thin
    one when not; a second thin ring outside when not yet Available (Advanced)."""
    pygame.draw.circle(surface, theme.AUSTRIA if owner == AUSTRIA else theme.ZONE, centre, r)
    ring = theme.ITALY_GREEN if owner == ITALY else theme.AVAILABLE if available else theme.INK
    pygame.draw.circle(surface, ring, centre, r, 6 if owner == ITALY or available else 2)
    if waiting:
        pygame.draw.circle(surface, theme.AVAILABLE, centre, r + 5, 2)


def halo(surface: pygame.Surface, centre: Point, r: int) -> None:
    """A red dashed halo: the zone falls in the coming Austrian turn (dashed: told apart from the
    green rings without colour)."""
    box = pygame.Rect(0, 0, 2 * r + 16, 2 * r + 16)
    box.center = (int(centre[0]), int(centre[1]))
    for start in range(0, 360, 30):
        pygame.draw.arc(surface, theme.ALERT, box, math.radians(start), math.radians(start + 18), 4)


def barrier_bar(surface: pygame.Surface, a: Point, b: Point) -> None:
    """A thick bar across the middle of the path a-b."""
    (x1, y1), (x2, y2) = a, b
    mx, my, dx, dy = (x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1
    length = max((dx * dx + dy * dy) ** 0.5, 1)
    nx, ny = -dy / length * 10, dx / length * 10
    pygame.draw.line(surface, theme.INK, (mx - nx, my - ny), (mx + nx, my + ny), 6)


def radetzky_badge(surface: pygame.Surface, centre: tuple[int, int], r: int, font: pygame.font.Font) -> None:
    side = int(r * 0.9)
    badge = pygame.Rect(0, 0, side, side)
    badge.center = centre
    pygame.draw.rect(surface, theme.ALERT, badge, border_radius=4)
    letter = font.render("R", True, theme.BUTTON_TEXT)
    surface.blit(letter, letter.get_rect(center=badge.center))
