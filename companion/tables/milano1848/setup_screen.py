"""Milano 1848 with the table's own decks: the set-up's Zone cards named one by one (tapped on the
board or shown to the camera) before the game begins."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.assets import edition
from companion.games.milano1848.setup import Options, table_preview
from companion.games.vocabulary import CardNeeded, IllegalActionError
from companion.i18n import _, translate
from companion.tables.milano1848.board import BoardView
from companion.tables.milano1848.layout import zone_layout
from companion.tables.milano1848.texts import table_setup_line
from companion.ui import theme
from companion.ui.painter import Painter
from companion.ui.widgets import Button


class TableDecksSetup:
    """Table decks: the set-up's Zone cards, tapped on the board (or shown to the camera) as the
    table draws them; the game starts once the last one is named."""

    def __init__(
        self,
        options: Options,
        height: int,
        target: int,
        open_game: Callable[[list[Any]], Any],
        leave: Callable[[], None],
    ) -> None:
        self.options, self.target, self.open_game, self.leave = options, target, open_game, leave
        self.zones: list[int] = []
        self.notice = ""
        self.board = BoardView(pygame.Rect(0, 0, height, height), zone_layout())

    def zone(self, zone: int) -> Any:
        """The Zone card just drawn; the session once the last one is named, else None."""
        if zone in self.zones:
            self.notice = _("Zone {zone}'s card is already drawn: draw the next one.").format(zone=zone)
            return None
        self.zones.append(zone)
        try:
            session = self.open_game([("zone", z) for z in self.zones])
        except CardNeeded:
            self.notice = ""
            return None  # more Zone cards to draw
        except IllegalActionError as exc:
            self.zones.pop()
            self.notice = translate(exc.args[0])
            return None
        return session

    def tap(self, position: tuple[int, int]) -> Any:
        zone = self.board.zone_at(position)
        return self.zone(zone) if zone is not None else None

    def card(self, seen: Any) -> Any:
        """A Zone card shown to the camera names it, as a tap on its zone would."""
        if seen.game == "milano1848" and seen.deck == "zone":
            return self.zone(seen.number)
        return None

    def draw(self, painter: Painter, panel: pygame.Rect) -> list[Button]:
        self.board.draw(
            painter.screen, table_preview(edition("milano1848"), self.options, self.zones), painter.fonts
        )
        pygame.draw.rect(painter.screen, theme.PANEL, panel)
        painter.text(_("Set up the table"), (panel.x + 10, 8))
        area = panel.inflate(-20, 0)
        y = painter.wrapped(
            table_setup_line(self.options, len(self.zones)),
            area,
            8 + painter.body.get_linesize() + 4,
            theme.INK,
        )
        if self.notice:
            painter.wrapped(self.notice, area, y + 4, theme.ALERT)
        half = panel.width // 2 - 12
        row = panel.bottom - self.target - 34
        buttons = [Button(pygame.Rect(panel.x + 8, row, half, self.target), _("Back"), self.leave)]
        if self.zones:
            buttons.append(
                Button(
                    pygame.Rect(panel.centerx + 4, row, half, self.target),
                    _("Undo"),
                    self.zones.pop,
                    colour=theme.MUTED,
                )
            )
        return buttons
