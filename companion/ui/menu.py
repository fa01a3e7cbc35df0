"""The menu during a game, for every game: back to the start screen (the game stays in the
journal: Resume), Settings, the language; while it is open the board shows the game's legend."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from companion import i18n
from companion.i18n import _
from companion.ui import theme
from companion.ui.panel import Entry
from companion.ui.widgets import Button

MENU = ("menu",)  # the marker of the button that opens the menu


class GameMenu:
    def __init__(
        self, leave: Callable[[], None], settings: Callable[[], None], language: Callable[[str], None]
    ) -> None:
        """`leave`: to the start screen; `settings`: the settings screen, back to the game after;
        `language`: speak (and keep) a language."""
        self.leave, self.settings, self.language = leave, settings, language
        self.open = False

    def toggle(self) -> None:
        self.open = not self.open

    def close(self) -> None:
        self.open = False

    def entries(self) -> list[Entry]:
        """The menu's buttons, in the panel in place of the game's."""
        entries: list[Entry] = [
            (_("Back to the game"), ("menu", "close"), self.close),
            (_("Start screen"), ("menu", "leave"), self._closing(self.leave)),
            (_("Settings"), ("menu", "settings"), self._closing(self.settings)),
        ]
        return entries + [
            (name, ("language", code), partial(self.language, code))
            for code, name in i18n.LANGUAGES.items()
            if code != i18n.language
        ]

    def _closing(self, then: Callable[[], None]) -> Callable[[], None]:
        def go() -> None:
            self.open = False
            then()

        return go


@dataclass
class MenuButton(Button):
    """The menu's button: three bars (the sign every phone uses), square, beside the printer's line."""

    def draw(
        self, surface: pygame.Surface, font: pygame.font.Font, narrow: pygame.font.Font | None = None
    ) -> None:
        pygame.draw.rect(surface, self.colour, self.rect, border_radius=8)
        width, gap = self.rect.width // 2, max(5, self.rect.height // 7)
        for bar in (-1, 0, 1):
            y = self.rect.centery + bar * gap
            pygame.draw.line(
                surface,
                theme.BUTTON_TEXT,
                (self.rect.centerx - width // 2, y),
                (self.rect.centerx + width // 2, y),
                3,
            )
