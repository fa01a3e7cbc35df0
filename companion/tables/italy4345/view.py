"""Italy '43-'45 on the game screen: the left square shows the page of the moment (the deck build, the
card and the keypad, a new card's order, an operation, an adjustment, a battle), the panel the current
card, the offensive odds, eligibility, what a decision costs or why it is refused, and the buttons."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import pygame

from companion.games.italy4345.actions import Reveal
from companion.games.italy4345.deck import forecast, is_offensive
from companion.games.italy4345.errors import ValueNeeded
from companion.games.italy4345.model import FACTIONS
from companion.i18n import _, translate
from companion.tables.base import Entry, Intent
from companion.tables.italy4345.desk import Desk, trial
from companion.tables.italy4345.pages import Page, Spot, entered_texts, page_of, position_text
from companion.tables.italy4345.panel import entries
from companion.tables.italy4345.words import card_name, faction_name, told
from companion.ui import theme
from companion.ui.painter import Painter
from companion.ui.widgets import Button, label_fits

CHOSEN = (0, 120, 60)
KEEP = ("answer", "clash-die")  # an answer keeps the card typed for its reveal; a Clash declared, its op


class Italy4345View:
    def __init__(self, session: Any, height: int, target: int) -> None:
        self.desk = Desk(session.game.edition)
        self.board_rect = pygame.Rect(0, 0, height, height)
        self.target = target
        self.animate = True
        self.spots: list[Button] = []
        self.hidden: list[str] = []  # the page's texts that did not fit above its rows, this frame
        self._seen: tuple[int, int] = (-1, -1)

    def page(self, session: Any) -> str:
        self._forget_after_a_decision(session)
        table, state = session.table, session.state
        if table.seen and state.step == "reveal" and table.seen not in state.seen:
            self.desk.take_card(table.seen)  # read by the camera, refused for a value the files lack
        table.seen = ""
        return self.desk.page(state, len(session.game.records))

    def _forget_after_a_decision(self, session: Any) -> None:
        """A decision played (or undone): what was being entered for it is dropped."""
        now = (len(session.game.records), id(session.state))
        if now != self._seen:
            records = session.game.records
            kept = bool(records) and records[-1].action.kind in KEEP and now[0] > self._seen[0]
            if self._seen != (-1, -1) and not kept:
                self.desk.reset()
            self._seen = now

    # the game screen's protocol

    def draw_whole(self, painter: Painter, panel: pygame.Rect, session: Any) -> list[Button] | None:
        return None

    def draw_legend(self, painter: Painter, area: pygame.Rect) -> None:
        lines = [
            _("The factions in the card's order; > marks the one to act."),
            _("Green keys are what you chose; blue keys are what you may choose."),
            _("Sentences in green say what the last decision asks the table to do."),
        ]
        card = area.inflate(-8, -8)
        pygame.draw.rect(painter.screen, theme.ZONE, card, border_radius=8)  # over the page, on a card
        pygame.draw.rect(painter.screen, theme.MUTED, card, 2, border_radius=8)
        y = area.y + 16
        for line in lines:
            y = painter.wrapped(line, area.inflate(-32, 0), y, theme.INK) + 6

    def lens_area(self, target: int) -> pygame.Rect:
        return pygame.Rect(8, self.board_rect.bottom - target - 8, self.board_rect.width // 2, target)

    def draw_board(self, painter: Painter, session: Any) -> None:
        """The title, the page's rows in their slots (sized by the page's own room for its texts, never by
        the texts of the moment: a tap repeated lands on the same spot), the texts above the top row."""
        page = page_of(self.page(session), self.desk, session.state)
        area = self.board_rect.inflate(-16, -12)
        painter.text(page.title, (area.x, area.y))
        top = area.y + painter.body.get_linesize() + 6
        kept = top + page.room * painter.body.get_linesize()
        fits = partial(label_fits, font=painter.body, narrow=painter.fonts["small"])
        self.spots = self._lay_out(page, pygame.Rect(area.x, kept, area.width, area.bottom - kept), fits)
        limit = min([s.rect.top for s in self.spots] + [area.bottom - self.target - 8]) - 2
        y, self.hidden = top, []
        for text in page.texts:  # what does not fit above the rows waits
            if painter.wrapped(text, area, y, theme.MUTED, draw=False) > limit:
                self.hidden.append(text)
                continue
            y = painter.wrapped(text, area, y, theme.MUTED) + 2
        if page.picture is not None:
            page.picture(painter, pygame.Rect(area.x, y + 8, area.width, area.bottom - y - self.target - 20))
        for spot in self.spots:
            spot.draw(painter.screen, painter.body, painter.fonts["small"])

    def _lay_out(
        self, page: Page, area: pygame.Rect, fits: Callable[[str, pygame.Rect], bool]
    ) -> list[Button]:
        """The rows of spots in slots of one height, the last at the bottom, each row's spots of equal
        width; an empty row keeps its slot (what comes later on the page); a row whose labels would not
        show whole (an Italian operation's name) goes on two."""
        rows: list[Sequence[Spot]] = list(page.rows)
        bottom = area.bottom - self.target - 8  # the die's lights and the menu below
        for _split in range(2):
            height = min(self.target, (bottom - area.y - 8) // max(1, len(rows)) - 6)
            rows = [
                part
                for row in rows
                for part in _halves(row, pygame.Rect(area.x, 0, area.width, height), fits)
            ]
        height = min(self.target, (bottom - area.y - 8) // max(1, len(rows)) - 6)
        found = []
        for number, row in enumerate(rows):  # in the page's order, top row first
            top = bottom - (len(rows) - number) * (height + 6)
            width = (area.width - 6 * (len(row) - 1)) // max(1, len(row))
            for k, spot in enumerate(row):
                rect = pygame.Rect(area.x + k * (width + 6), top, width, height)
                colour = CHOSEN if spot.chosen else theme.BUTTON
                if spot.shown:
                    found.append(Button(rect, spot.label, spot.tap, action=spot.marker, colour=colour))
        return found

    def headline(self, session: Any) -> list[str]:
        state = session.state
        if not state.current:
            return [_("Italy '43-'45"), position_text(state)]
        if state.offensive is not None:
            what = _("Offensive {k} of {n}, power {p}").format(
                k=state.offensive_number(), n=self.desk.edition.rules.offensives, p=state.offensive.power
            )
            return [what, position_text(state)]
        return [card_name(state.current), position_text(state)]

    def lines(self, session: Any) -> list[tuple[str, tuple[int, int, int]]]:
        state = session.state
        page = self.page(session)
        found: list[tuple[str, tuple[int, int, int]]] = []
        found += self._refusal(session, page)
        if page in ("op", "civic"):  # what is entered so far (the board keeps its room for the area now)
            found += [(text, theme.INK) for text in entered_texts(self.desk)]
        if session.last_move is not None:  # what the last decision told the table to do
            found += [(told(e), theme.ITALY_GREEN) for e in session.last_events[-4:]]
        if state.deck_warnings:
            found.append((translate(state.deck_warnings[-1]), theme.ALERT))
        kinds = [is_offensive(c) for c in state.seen]
        found.append((translate(forecast(kinds, state.options.long_deck)), theme.INK))
        shown = session.game.next_card()
        if shown:
            found.append((_("Next card: {card}").format(card=card_name(shown)), theme.INK))
        return found

    def _refusal(self, session: Any, page: str) -> list[tuple[str, tuple[int, int, int]]]:
        """Why the decision entered would be refused, before it is tapped; else what it costs."""
        if page not in ("op", "civic", "adjust", "setup", "battle", "place"):
            return []
        action = self.desk.main_action(session.state, page)
        if action is None:
            return []
        after, fault = trial(session.state, self.desk.edition, action)
        if isinstance(fault, ValueNeeded):
            return []  # the board asks for it
        if after is None:  # said once: a tap refused already shows it as the session's message
            return [] if told(fault) == session.message else [(told(fault), theme.ALERT)]
        spent = [
            f"{faction_name(f)} {session.state.resources[f]} > {after.resources[f]}"
            for f in FACTIONS
            if after.resources[f] != session.state.resources[f]
        ]
        if not spent or page not in ("op", "civic"):
            return []
        return [(_("Cost: {spent}").format(spent=", ".join(spent)), theme.INK)]

    def entries(self, session: Any) -> list[Entry]:
        page = self.page(session)
        return entries(self.desk, page, session.state, len(session.game.records))

    def board_tap(self, position: tuple[int, int], session: Any) -> Intent | None:
        for spot in self.spots:
            if spot.hit(position):
                spot.on_tap()
                return None
        return None

    def hold(self, marker: object, down: bool) -> None:
        return None

    def draggable(self, marker: object, session: Any) -> str | None:
        """Desk mode: the card typed on the keypad may be dragged under the camera's lens instead."""
        if isinstance(marker, Reveal) and marker.card:
            kind, number = marker.card.split("-")
            return f"{kind}-{int(number):02d}"  # its sticker's name in assets/italy4345/cards.toml
        return None

    def moving(self) -> bool:
        return False

    def view_key(self, session: Any) -> tuple[object, ...]:
        return self.desk.key()


def _halves(
    row: Sequence[Spot], area: pygame.Rect, fits: Callable[[str, pygame.Rect], bool]
) -> list[Sequence[Spot]]:
    """The row as it is when every label fits its share of `area` (a row's width and height), else its
    two halves. A label's numbers are measured as two digits: a count typed never splits a row."""
    if len(row) < 2:
        return [row]
    width = (area.width - 6 * (len(row) - 1)) // len(row)
    if all(fits(_widest(spot.label), pygame.Rect(0, 0, width, area.height)) for spot in row):
        return [row]
    middle = (len(row) + 1) // 2
    return [row[:middle], row[middle:]]


def _widest(label: str) -> str:
    return re.sub(r"\d+", "88", label)
