"""Italia on the game screen: the left square shows the page of the moment (the turn clerk's order,
the shop, the battle entry and its odds, the control map, the score pad), the panel its headline,
sentences and buttons. Steppers and zones on the left square are tapped there (board taps)."""

from __future__ import annotations

from typing import Any

import pygame

from companion.assets import edition
from companion.games.italia.game import active
from companion.i18n import _
from companion.tables.base import Entry, Intent, StillBoard
from companion.tables.italia import pages
from companion.tables.italia.desk import Desk
from companion.tables.italia.panel import entries
from companion.tables.italia.words import colour_name, nation_name
from companion.ui import theme
from companion.ui.painter import Painter
from companion.ui.widgets import Button


def page_title(page: str) -> str:
    titles = {
        "income": _("Income"),
        "shop": _("Shop"),
        "place": _("Placement"),
        "move": _("Movement"),
        "combat": _("Combat"),
        "subjects": _("Masters and subjects"),
        "leader": _("Campaign: the leader"),
        "czones": _("Campaign: a zone"),
        "campaign": _("Campaign"),
        "switch": _("Legion switching"),
        "ten": _("Turn 10"),
        "sea-setup": _("Naval battle: who fights"),
        "sea-order": _("Naval battle: several attackers"),
        "sea": _("Naval battle"),
        "sea-over": _("Naval battle over"),
        "ask": _("A card's value"),
        "setup": _("Battle: who fights"),
        "zones": _("Battle: which zone"),
        "battle": _("Battle"),
        "retreat": _("Retreat"),
        "pad": _("The table's dice"),
        "aim": _("Battle: aim the dice"),
        "aftermath": _("Battle over"),
        "map": _("Control map"),
        "end": _("Control map confirmed"),
        "score": _("Score pad"),
        "over": _("Game over"),
    }
    return titles[page]


def tile_font(books: Any, height: int) -> Any:
    """The type of the control map's tiles: the longest zone name fits a tile (5 to a row)."""
    width = (height - 16) // 5 - 10
    longest = max((z.name for z in books.board.zones.values() if z.kind == "land"), key=len)
    pixels = round(theme.text_px(height) * 0.75)
    font = theme.font_of_height(pygame, pixels)
    while font.size(longest)[0] > width and pixels > 10:
        pixels -= 1
        font = theme.font_of_height(pygame, pixels)
    return font


class ItaliaView(StillBoard):
    def __init__(self, session: Any, height: int, target: int) -> None:
        game = session.game
        self.edition = edition("italia")
        self.desk = Desk(self.edition, game.scenario)
        self.desk.names = game.options.names
        self.board_rect = pygame.Rect(0, 0, height, height)
        self.target = target
        self.animate = True
        self.spots: list[Button] = []  # the left square's buttons (steppers, zones, keys)
        self.tile_font = tile_font(self.edition, height)

    def page(self, session: Any) -> str:
        return self.desk.page(session.state)

    # the game screen's protocol

    def draw_whole(self, painter: Painter, panel: pygame.Rect, session: Any) -> list[Button] | None:
        return None

    def draw_legend(self, painter: Painter, area: pygame.Rect) -> None:
        pages.legend(painter, area, self.target)

    def lens_area(self, target: int) -> pygame.Rect:
        return pygame.Rect(8, self.board_rect.bottom - target - 8, self.board_rect.width // 2, target)

    def draw_board(self, painter: Painter, session: Any) -> None:
        page = self.page(session)
        area = self.board_rect.inflate(-16, -12)
        self.spots = pages.draw(page, painter, area, self.target, self.desk, session, self.tile_font)
        for spot in self.spots:
            spot.draw(painter.screen, painter.body, painter.fonts["small"])

    def headline(self, session: Any) -> list[str]:
        state, game = session.state, session.game
        scenario = game.scenario
        first = _("{scenario}, turn {turn}").format(scenario=scenario.title, turn=state.turn)
        nation = active(scenario, state)
        if state.over or nation is None:
            return [first, page_title("over")]
        colour = scenario.nation(nation).colour
        names = game.options.names
        player = names[scenario.colours.index(colour)] if len(names) == len(scenario.colours) else ""
        who = f"{nation_name(nation)} ({colour_name(colour)}{', ' + player if player else ''})"
        return [first, who, page_title(self.page(session))]

    def lines(self, session: Any) -> list[tuple[str, tuple[int, int, int]]]:
        return pages.lines(self.page(session), self.desk, session)

    def entries(self, session: Any) -> list[Entry]:
        page = self.page(session)
        return entries(self.desk, page, session.state, bool(session.game.records))

    def board_tap(self, position: tuple[int, int], session: Any) -> Intent | None:
        for spot in self.spots:
            if spot.hit(position):
                spot.on_tap()
                return None
        return None

    def view_key(self, session: Any) -> tuple[object, ...]:
        """The odds arrive from a worker: the battle page redraws when they do."""
        return (session.look_ahead() is not None,) if session.state.battle is not None else ()
