"""The start screen: how many play, which game mode, how hard; then a new game."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.games.milano1848.setup import Options
from companion.i18n import _
from companion.ui import theme
from companion.ui.widgets import Button

DIFFICULTY = (-2, -1, 0, 1, 2)  # Soldiers per wave, around the rules' own


def hands_names() -> dict[str, str]:
    """What the screen tells of each hand when the companion deals, or the table's own decks."""
    return {"open": _("Open"), "count": _("Icon count"), "hidden": _("Hidden"), TABLE_DECKS: _("Own decks")}


TABLE_DECKS = "table"  # the last choice of the hands row: the table shuffles and deals its own cards


class StartScreen:
    """Choices as rows of buttons (the chosen one highlighted), and Start."""

    def __init__(self, rect: pygame.Rect, target: int, waves: dict[int, int], start: Callable[[Options], None],
                 resume: Callable[[], None] | None = None, settings: Callable[[], None] | None = None,
                 line: int = 27) -> None:
        """`waves`: the rules' Soldiers per wave by rule player count (3-5); `resume`, `settings`: those
        buttons' taps; `line`: the body type's line height (the title and each row's heading)."""
        self.rect, self.target, self.waves, self.start, self.resume = rect, target, waves, start, resume
        self.line, self.gap = line, line + 8  # between rows: the next row's heading
        self.top = 10 + 2 * line + 8  # the first row, under the title and its heading
        self.settings = settings
        self.players, self.mode, self.difficulty, self.privacy = 4, "basic", 0, "open"

    def options(self, seed: int) -> Options:
        """The chosen game; difficulty moves the wave by one Soldier a step, as the rulebook suggests."""
        wave = self.waves[max(self.players, 3)] + self.difficulty if self.difficulty else None
        return Options(players=self.players, mode=self.mode, seed=seed, wave=wave, tracked=self.privacy != TABLE_DECKS)

    def buttons(self, seed: int, resume_label: str | None = None) -> list[Button]:
        """Every choice, then Start (and Resume, saying where the game in progress stands)."""
        rows: list[list[tuple[str, bool, Callable[[], object]]]] = [
            [(str(n), n == self.players, partial(setattr, self, "players", n)) for n in range(1, 6)],
            [(label, m == self.mode, partial(setattr, self, "mode", m)) for m, label in
             (("basic", _("Basic")), ("advanced", _("Advanced")))],
            [(f"{d:+d}" if d else _("Printed"), d == self.difficulty, partial(setattr, self, "difficulty", d))
             for d in DIFFICULTY],
            [(label, p == self.privacy, partial(setattr, self, "privacy", p)) for p, label in hands_names().items()],
        ]
        buttons = []
        top = self.rect.y + self.top
        for row in rows:
            width = (self.rect.width - 40 - 8 * (len(row) - 1)) // len(row)
            for index, (label, chosen, tap) in enumerate(row):
                rect = pygame.Rect(self.rect.x + 20 + index * (width + 8), top, width, self.target)
                buttons.append(Button(rect, label, tap, colour=theme.ITALY_GREEN if chosen else theme.BUTTON))
            top += self.target + self.gap
        left = self.rect.x + 20
        if self.settings is not None:
            width = max(150, self.rect.width // 4)
            buttons.append(Button(pygame.Rect(left, top, width, self.target), _("Settings"), self.settings))
            left += width + 8
        width = self.rect.right - 20 - left
        if resume_label and self.resume is not None:
            resume_width = (width - 8) * 3 // 5
            buttons.append(Button(pygame.Rect(left, top, resume_width, self.target), resume_label, self.resume,
                                  colour=theme.ITALY_GREEN))
            left, width = left + resume_width + 8, width - resume_width - 8
        start = pygame.Rect(left, top, width, self.target)
        buttons.append(Button(start, _("New game"), lambda: self.start(self.options(seed)), colour=theme.ALERT))
        return buttons

    def labels(self) -> list[tuple[str, int]]:
        """The headings above each row of choices, with their heights on screen."""
        top = self.rect.y + self.top - self.line - 2
        headings = (_("Players"), _("Game"), _("Difficulty: Soldiers per wave"),
                    _("Hands (the companion deals), or the table's own decks"))
        return [(text, top + i * (self.target + self.gap)) for i, text in enumerate(headings)]
