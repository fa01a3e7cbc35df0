"""Everything before a game: the start screen (which game, its choices, Resume, New game), the
players' names, the settings screen, and a game's own screen before its session opens."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from companion.i18n import _
from companion.store import StoreError
from companion.ui import theme
from companion.ui.painter import Painter
from companion.ui.players import PlayersScreen
from companion.ui.settings import SettingsScreen
from companion.ui.start import StartScreen
from companion.ui.widgets import Button, label_fits


@dataclass
class Doors:
    """How the lobby reaches beyond itself: a new session (`new_session(game, options, cards=())`),
    the game in progress (what Resume says, or None; the resumed session), the hardware check, the
    language kept, the camera before a game, and where a session goes once it is open."""

    new_session: Callable[..., Any] | None
    resume: tuple[Callable[[], str | None], Callable[[], Any]] | None
    check_devices: Callable[[], list[Any]] | None
    choose_language: Callable[[str], None] | None
    camera: Any
    begin: Callable[[Any], None]


class Lobby:
    def __init__(
        self,
        screen: pygame.Rect,
        target: int,
        line: int,
        modules: dict[str, Any],
        choices: dict[str, Any],
        doors: Doors,
        notice: str = "",
    ) -> None:
        self.rect, self.target, self.modules, self.doors, self.notice = screen, target, modules, doors, notice
        self.start_screen = StartScreen(
            screen,
            target,
            choices,
            {g: m.TITLE for g, m in modules.items()},
            self._start,
            self._resume if doors.resume else None,
            settings=self._open_settings,
            line=line,
        )
        self.settings = SettingsScreen(
            screen,
            target,
            doors.check_devices,
            close=self._close_settings,
            choose_language=doors.choose_language,
        )
        self.players = PlayersScreen(screen, target, self._start_with, back=self._close_players)
        self.showing_settings = self.showing_players = False
        self._pending: tuple[str, Any] | None = None  # the game and options chosen, names still to come
        self.before_game: Any = None  # a game's own screen before its session opens (Milano: table decks)
        self.colours = list(range(len(theme.PATRIOT_COLOURS)))  # player -> colour, as chosen before the game

    def key(self) -> tuple[object, ...]:
        """What this screen shows that can change without a tap."""
        screen = self.before_game
        before = (len(screen.zones), screen.notice) if screen is not None else None
        return (
            self.notice,
            self.showing_settings,
            self.showing_players,
            before,
            self.settings.running,
            id(self.settings.checks),
        )

    def _open_settings(self) -> None:
        self.showing_settings = True

    def _close_settings(self) -> None:
        self.showing_settings = False

    def _close_players(self) -> None:
        self.showing_players = False

    def _start(self, game: str, options: Any) -> None:
        """New game chosen: the players' names and colours come next."""
        self._pending = (game, options)
        choices = self.start_screen.choices[game]
        count, defaults = choices.names(options)
        palette = getattr(choices, "palette", None)  # a game whose rules fix each player's colour
        self.players.open(count, defaults, choices.names_heading, palette(options) if palette else None)
        self.showing_players = True

    def _start_with(self, names: tuple[str, ...], colours: list[int]) -> None:
        assert self.doors.new_session is not None and self._pending is not None
        game, chosen = self._pending
        options = self.start_screen.choices[game].named(chosen, names)
        self.colours = colours + [c for c in range(len(self.colours)) if c not in colours]
        self.showing_players = False
        new_session = self.doors.new_session
        before = self.modules[game].before_game(
            options,
            self.rect.height,
            self.target,
            lambda cards: self._open_game(game, options, cards),
            self._leave_before_game,
        )
        if before is None:
            self._begin_with(lambda: new_session(game, options))
        else:
            self.before_game = before

    def _open_game(self, game: str, options: Any, cards: list[Any]) -> Any:
        assert self.doors.new_session is not None
        try:
            session = self.doors.new_session(game, options, cards)
        except StoreError as exc:
            self.notice = str(exc)
            return None
        self.before_game = None
        self.doors.begin(session)
        return session

    def _leave_before_game(self) -> None:
        self.before_game, self.notice = None, ""

    def cards_before_game(self) -> None:
        """A card shown to the camera before the game (the game's own screen says what it means)."""
        from companion.cards_command import card_registry

        if self.before_game is None or self.doors.camera is None:
            return
        for event, name in self.doors.camera.events():
            card = card_registry().named(name)
            if event == "placed" and card is not None and self.before_game is not None:
                self.before_game.card(card)

    def _resume(self) -> None:
        assert self.doors.resume is not None
        self._begin_with(self.doors.resume[1])

    def _begin_with(self, open_session: Callable[[], Any]) -> None:
        try:
            self.doors.begin(open_session())
        except StoreError as exc:  # the journal cannot be written (full card) or read: say so, stay here
            self.notice = str(exc)

    def typing(self, event: Any) -> bool:
        """A key or a typed text (pygame's KEYDOWN, TEXTINPUT) for the name being typed: True if taken."""
        if not self.showing_players:
            return False
        key = pygame.key.name(event.key) if hasattr(event, "key") else ""
        return self.players.keyboard(key, getattr(event, "text", ""))

    def tap(self, position: tuple[int, int], buttons: list[Button]) -> None:
        if self.notice and self.before_game is None:  # the start screen's notice, read
            self.notice = ""
            return
        for button in buttons:
            if button.hit(position):
                button.on_tap()
                return
        if self.before_game is not None:
            self.before_game.tap(position)

    def draw(self, painter: Painter) -> list[Button]:
        """The screen of the moment; its buttons."""
        painter.screen.fill(theme.BACKGROUND)
        buttons = self._screen(painter)
        painter.buttons(buttons)
        if (
            self.notice
            and self.before_game is None
            and not self.showing_players
            and not self.showing_settings
        ):
            self._banner(painter)
        return buttons

    def _screen(self, painter: Painter) -> list[Button]:
        if self.before_game is not None:
            panel = pygame.Rect(self.rect.height, 0, self.rect.width - self.rect.height, self.rect.height)
            before: list[Button] = self.before_game.draw(painter, panel)
            return before
        if self.showing_players:
            below = painter.wrapped(self.players.title(), self.rect.inflate(-40, 0), 12, theme.INK)
            return self.players.buttons(below)
        if self.showing_settings:
            return self.settings.draw(painter)
        painter.text(self.start_screen.title(), (20, 10))
        for text, y in self.start_screen.labels():
            painter.text(text, (20, y), theme.MUTED)
        resume = self.doors.resume
        return self.start_screen.buttons(
            random.SystemRandom().randrange(2**31),
            resume[0]() if resume else None,
            lambda label, rect: label_fits(label, rect, painter.body, painter.fonts["small"]),
        )

    def _banner(self, painter: Painter) -> None:
        """Over the choices until a tap: what happened to the journal must be read."""
        banner = self.rect.inflate(-24, 0)
        banner.height = painter.wrapped(self.notice, banner.inflate(-24, 0), 0, theme.ALERT, draw=False) + 56
        banner.y = 8
        pygame.draw.rect(painter.screen, theme.ZONE, banner, border_radius=8)
        pygame.draw.rect(painter.screen, theme.ALERT, banner, width=3, border_radius=8)
        bottom = painter.wrapped(self.notice, banner.inflate(-24, 0), banner.y + 12, theme.ALERT)
        painter.wrapped(_("Tap to go on."), banner.inflate(-24, 0), bottom + 4, theme.MUTED)
