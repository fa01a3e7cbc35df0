"""What the Milano map's marks mean, drawn over the board while the game menu is open: each mark
as the map draws it, and a few words."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.games.milano1848.state import AUSTRIA
from companion.i18n import _
from companion.tables.milano1848.board import barrier_bar, disc, halo, radetzky_badge
from companion.ui import theme
from companion.ui.painter import Painter

Sample = Callable[[pygame.Surface, tuple[int, int], int, dict[str, pygame.font.Font]], None]


def draw_legend(painter: Painter, area: pygame.Rect, radius: int) -> None:
    """The legend in a white card over `area`, a row per mark (drawn as the map draws it, its zones
    `radius` big), spread over the card's height."""
    card = area.inflate(-12, -12)
    pygame.draw.rect(painter.screen, theme.ZONE, card, border_radius=10)
    pygame.draw.rect(painter.screen, theme.INK, card, width=2, border_radius=10)
    r = max(12, int(radius * 0.7))
    area = pygame.Rect(card.x + 2 * r + 34, 0, card.width - 2 * r - 44, 0)
    rows = [(sample, text, painter.wrapped(text, area, 0, theme.INK, draw=False)) for sample, text in _rows()]
    gap = min(12, (card.height - 12 - sum(max(2 * r + 4, h) for *_, h in rows)) // len(rows))
    y = card.y + 6 + gap // 2
    for sample, text, lines in rows:
        height = max(2 * r + 4, lines)
        sample(painter.screen, (card.x + 14 + r + 6, y + height // 2), r, painter.fonts)
        painter.wrapped(text, area, y + (height - lines) // 2, theme.INK)
        y += height + gap


def _rows() -> list[tuple[Sample, str]]:
    return [
        (_available, _("Available: may be Conquered")),
        (_waiting, _("Not yet Available (Advanced)")),
        (_falling, _("Falls in the next Austrian turn")),
        (_counted, _("Soldiers there; the zone's number")),
        (_austrian, _("Held by Austria (A) or Italy (I)")),
        (_radetzky, _("Radetzky is there")),
        (_barrier, _("Barrier: Soldiers stop (Advanced: Patriots too)")),
        (_pawn, _("A Patriot; thick outline: whose turn")),
        (_die, _("The die's face (desk mode)")),
    ]


def _available(
    surface: pygame.Surface, c: tuple[int, int], r: int, fonts: dict[str, pygame.font.Font]
) -> None:
    disc(surface, c, r, None, True, False)


def _waiting(surface: pygame.Surface, c: tuple[int, int], r: int, fonts: dict[str, pygame.font.Font]) -> None:
    disc(surface, c, r - 4, None, False, True)


def _falling(surface: pygame.Surface, c: tuple[int, int], r: int, fonts: dict[str, pygame.font.Font]) -> None:
    disc(surface, c, r - 6, None, False, False)
    halo(surface, c, r - 6)


def _counted(surface: pygame.Surface, c: tuple[int, int], r: int, fonts: dict[str, pygame.font.Font]) -> None:
    disc(surface, c, r, None, False, False)
    _centred(surface, fonts["small"], "2", c, theme.INK)
    _centred(surface, fonts["small"], "7", (c[0] - r, c[1] - r + 4), theme.MUTED)


def _austrian(
    surface: pygame.Surface, c: tuple[int, int], r: int, fonts: dict[str, pygame.font.Font]
) -> None:
    disc(surface, c, r, AUSTRIA, False, False)
    _centred(surface, fonts["small"], "A", c, theme.BUTTON_TEXT)


def _radetzky(
    surface: pygame.Surface, c: tuple[int, int], r: int, fonts: dict[str, pygame.font.Font]
) -> None:
    radetzky_badge(surface, c, r * 3 // 2, fonts["small"])  # as big as the map's beside a zone


def _barrier(surface: pygame.Surface, c: tuple[int, int], r: int, fonts: dict[str, pygame.font.Font]) -> None:
    a, b = (c[0] - r, c[1] + r // 2), (c[0] + r, c[1] - r // 2)
    pygame.draw.line(surface, theme.MUTED, a, b, 2)
    barrier_bar(surface, a, b)


def _pawn(surface: pygame.Surface, c: tuple[int, int], r: int, fonts: dict[str, pygame.font.Font]) -> None:
    pygame.draw.circle(surface, theme.PATRIOT_COLOURS[0], c, r * 2 // 3)
    pygame.draw.circle(surface, theme.INK, c, r * 2 // 3, 3)
    _centred(surface, fonts["small"], "A", c, theme.INK)


def _die(surface: pygame.Surface, c: tuple[int, int], r: int, fonts: dict[str, pygame.font.Font]) -> None:
    """The die's 8x8 lights as desk mode draws them (here a face of one pip)."""
    for row in range(8):
        for column in range(8):
            lit = row in (3, 4) and column in (3, 4)
            colour = theme.ALERT if lit else (60, 20, 20)
            pygame.draw.rect(surface, colour, (c[0] - 12 + column * 3, c[1] - 12 + row * 3, 3, 3))


def _centred(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    c: tuple[int, int],
    colour: tuple[int, int, int],
) -> None:
    label = font.render(text, True, colour)
    surface.blit(label, label.get_rect(center=c))
