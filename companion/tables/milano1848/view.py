"""Milano 1848 on the game screen: the zone map, the panel's headline, sentences and buttons, the
companion's deal to set up, and the Austrian turn shown step by step."""

from __future__ import annotations

import time
from typing import Any

import pygame

from companion.games.milano1848 import actions as a
from companion.games.milano1848.state import ACT, CONTINUE, PLACE, PROMOTE
from companion.i18n import _
from companion.tables.base import Intent, NameCard, Play
from companion.tables.milano1848.animation import TurnAnimation
from companion.tables.milano1848.board import BoardView
from companion.tables.milano1848.layout import zone_layout
from companion.tables.milano1848.legend import draw_legend
from companion.tables.milano1848.panel import Panel
from companion.tables.milano1848.table import MilanoTable, ahead_of
from companion.tables.milano1848.texts import (
    advice_text,
    fight_news,
    not_available_line,
    players_lines,
    setup_lines,
    strengthen_news,
    threat_text,
)
from companion.ui import theme
from companion.ui.painter import Painter
from companion.ui.widgets import Button


class MilanoView:
    def __init__(self, table: MilanoTable, height: int, target: int, privacy: str = "open") -> None:
        self.board = BoardView(pygame.Rect(0, 0, height, height), zone_layout())
        self.board_rect = self.board.rect
        self.panel = Panel(table, privacy)
        self.target = target
        self.animate = True  # show each Austrian turn step by step (autoplay turns it off)
        self.animation: TurnAnimation | None = None
        self._shown_turn: object = None
        self.set_up = False  # the companion's deal is on the table (the setup screen was confirmed)
        self.setup_page = 0  # the set-up's pages: the board, then the players

    # the whole screen: the deal to set up, the Austrian turn

    def draw_whole(self, painter: Painter, panel: pygame.Rect, session: Any) -> list[Button] | None:
        if session.last_turn is not self._shown_turn:
            self._shown_turn = session.last_turn
            if self.animate and session.last_turn is not None:
                before, events = session.last_turn
                self.animation = TurnAnimation(before, events, time.monotonic())
        if self.animation is not None and self.animation.done(time.monotonic()):
            self.animation = None
        if self.animation is not None:
            return self._draw_animation(painter, panel)
        if self.needs_setup(session):
            return self._draw_setup(painter, panel, session)
        return None

    def needs_setup(self, session: Any) -> bool:
        """A new game: the table sets up what the companion dealt (with its own decks only the players'
        page: the board was set up as its Zone cards were named), before Patriots go down."""
        state = session.state
        return state.step == PLACE and not self.set_up and not any(p.zone for p in state.patriots)

    def _draw_setup(self, painter: Painter, panel: pygame.Rect, session: Any) -> list[Button]:
        """The set-up the table does by hand, in two pages: the board, then the players."""
        state = session.state
        self.board.draw(painter.screen, state, painter.fonts)
        pygame.draw.rect(painter.screen, theme.PANEL, panel)
        if not state.tracked:
            self.setup_page = 1  # the table's own decks: its board is set up already
        title, lines = (
            (_("Set up the board"), setup_lines(state))
            if self.setup_page == 0
            else (_("Set up the players"), players_lines(state))
        )
        painter.text(title, (panel.x + 10, 8))
        y = 8 + painter.body.get_linesize() + 4
        for line in lines:
            y = painter.wrapped(line, panel.inflate(-20, 0), y, theme.INK) + 4
        rect = pygame.Rect(panel.x + 8, panel.bottom - self.target - 34, panel.width - 16, self.target)
        if self.setup_page == 0:
            return [Button(rect, _("Next: the players"), self._next_page, colour=theme.ITALY_GREEN)]
        half = rect.width // 2 - 4
        back = pygame.Rect(rect.x, rect.y, half, rect.height)
        done = pygame.Rect(rect.right - half, rect.y, half, rect.height)
        buttons = [  # forward first, on both pages (autoplay taps the first)
            Button(done, _("Done"), self._done_setting_up, colour=theme.ITALY_GREEN),
            Button(back, _("Back"), self._previous_page),
        ]
        return buttons if state.tracked else buttons[:1]

    def _next_page(self) -> None:
        self.setup_page = 1

    def _previous_page(self) -> None:
        self.setup_page = 0

    def _done_setting_up(self) -> None:
        self.set_up = True

    def _draw_animation(self, painter: Painter, panel: pygame.Rect) -> list[Button]:
        assert self.animation is not None
        board, text = self.animation.frame(time.monotonic())
        self.board.draw(painter.screen, board, painter.fonts)
        pygame.draw.rect(painter.screen, theme.PANEL, panel)
        painter.text(_("Round {round}: Austria").format(round=board.round), (panel.x + 10, 8))
        area = panel.inflate(-20, 0)
        painter.wrapped(text, area, 8 + painter.body.get_linesize() * 2, theme.INK)
        painter.wrapped(_("Tap to skip."), area, panel.bottom - 40, theme.MUTED)
        return []

    def skip(self) -> bool:
        """A tap while the Austrian turn is shown skips it (True)."""
        if self.animation is None:
            return False
        self.animation = None
        return True

    # the usual screen

    def draw_legend(self, painter: Painter, area: pygame.Rect) -> None:
        draw_legend(painter, area, self.board.radius)

    def lens_area(self, target: int) -> pygame.Rect:
        return self.board.free_corner(target)

    def draw_board(self, painter: Painter, session: Any) -> None:
        self.board.draw(painter.screen, session.state, painter.fonts, self.threat(session)[0])

    def headline(self, session: Any) -> list[str]:
        return self.panel.headline(session.state)

    def lines(self, session: Any) -> list[tuple[str, tuple[int, int, int]]]:
        """Most wanted first (what does not fit waits): the hand while Peek is held, what the last
        clash did (the table moves Soldiers by it), the Help being chosen, a Strengthen confirmed, the
        not-Available zones, the coming Austrian turn, the odds (first when they weigh the choice on
        the buttons: Continue or Stop), the active hand."""
        state, lines = session.state, []
        hand = self.panel.hand_line(state)
        advice = self.advice(session)
        advised = [(advice_text(advice), theme.ITALY_GREEN)] if advice is not None else []
        if state.step == CONTINUE:
            lines, advised = advised, []
        if hand and self.panel.peeking:  # Peek held: the hand is what the player looks for
            lines.append((hand, theme.INK))
        news = fight_news(*session.last_move) if session.last_move is not None else None
        if news:
            lines.append((news, theme.INK))
        hint = self.panel.helps.hint(state) if state.step == ACT else None
        if hint:  # a Help or a Strengthen being chosen: what to tap
            lines.append((hint, theme.INK))
        done = strengthen_news(state, session.last_move)
        if done:  # the Strengthen just played, confirmed
            lines.append((done, theme.ITALY_GREEN))
        if state.mode == "advanced" and state.step == ACT:
            lines.append((not_available_line(state), theme.INK))
        falling, winner = self.threat(session)
        if falling or winner:
            lines.append((threat_text(falling, winner), theme.ALERT))
        unpeeked = [(hand, theme.INK)] if hand and not self.panel.peeking else []
        return lines + advised + unpeeked  # the hand last: the cards are in the players' hands too

    def advice(self, session: Any) -> Any:
        """The odds, only with open hands: they would tell of hidden ones."""
        return ahead_of(session.look_ahead())[0] if self.panel.privacy == "open" else None

    def threat(self, session: Any) -> tuple[frozenset[int], str | None]:
        return ahead_of(session.look_ahead())[1]

    def entries(self, session: Any) -> list[Any]:
        return self.panel.entries(session)

    def board_tap(self, position: tuple[int, int], session: Any) -> Intent | None:
        """A zone tapped: the Zone card the table drew, a Help's zone, or where a Patriot goes."""
        if self.skip() or self.needs_setup(session):
            return None
        zone = self.board.zone_at(position)
        if zone is None:
            return None
        if session.needed is not None and session.needed[1] == "zone":
            return NameCard(zone)
        if self.panel.helps.wants_zone():
            return self.panel.helps.zone(session.state, zone, Play)
        return Play(zone_action(session.state.step, zone))

    def hold(self, marker: object, down: bool) -> None:
        self.panel.peeking = down

    def draggable(self, marker: object, session: Any) -> str | None:
        if isinstance(marker, a.Answer):
            return marker.cards[0]
        if isinstance(marker, tuple) and marker[:1] == ("pick",):
            return str(marker[1])
        return None

    def moving(self) -> bool:
        return self.animation is not None

    def view_key(self, session: Any) -> tuple[object, ...]:
        return (self.advice(session), self.threat(session), id(session.last_turn), self.animation is not None)


def zone_action(step: str, zone: int) -> a.Action:
    if step == PLACE:
        return a.PlacePatriot(zone)
    if step == PROMOTE:
        return a.Promote(zone)
    return a.Move(zone)
