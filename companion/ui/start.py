"""The start screen: which game (when more than one is installed), the game's own choices as rows of
buttons (the chosen one highlighted), Settings, Resume and New game."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from companion.i18n import _
from companion.ui import theme
from companion.ui.widgets import Button


class StartScreen:
    def __init__(
        self,
        rect: pygame.Rect,
        target: int,
        choices: dict[str, Any],
        titles: dict[str, str],
        start: Callable[[str, Any], None],
        resume: Callable[[], None] | None = None,
        settings: Callable[[], None] | None = None,
        line: int = 27,
    ) -> None:
        """`choices`: each game's choices (its table module's `Choices`: `title()`, `rows()`,
        `options(seed)`), by game id; `titles`: the games' names for the picker; `start(game,
        options)`: New game; `line`: the body type's line height (the title and each heading)."""
        self.rect, self.target, self.choices, self.titles = rect, target, choices, titles
        self.start, self.resume, self.settings = start, resume, settings
        self.line = line
        self.game = next(iter(choices))

    @property
    def chosen(self) -> Any:
        return self.choices[self.game]

    def title(self) -> str:
        return self.chosen.title()  # type: ignore[no-any-return]

    def _rows(self) -> list[tuple[str, list[tuple[str, bool, Callable[[], object]]]]]:
        rows: list[tuple[str, list[tuple[str, bool, Callable[[], object]]]]] = list(self.chosen.rows())
        if len(self.choices) > 1:  # the picker: each registered game, under the title that names it
            rows.insert(
                0,
                (
                    "",
                    [
                        (self.titles[g], g == self.game, partial(setattr, self, "game", g))
                        for g in self.choices
                    ],
                ),
            )
        return rows

    def buttons(
        self,
        seed: int,
        resume_label: str | None = None,
        fits: Callable[[str, pygame.Rect], bool] | None = None,
    ) -> list[Button]:
        """Every choice, then Settings, Resume (saying where the game in progress stands) and New game;
        `fits(label, rect)`: whether a label shows whole on a button of that size."""
        buttons = []
        rows = self._rows()
        tops, top = self._layout(rows)
        for (_heading, row), y in zip(rows, tops):
            width = (self.rect.width - 40 - 8 * (len(row) - 1)) // len(row)
            for index, (label, chosen, tap) in enumerate(row):
                rect = pygame.Rect(self.rect.x + 20 + index * (width + 8), y, width, self.target)
                buttons.append(Button(rect, label, tap, colour=theme.ITALY_GREEN if chosen else theme.BUTTON))
        left = self.rect.x + 20
        if self.settings is not None:
            width = max(150, self.rect.width // 4)
            buttons.append(Button(pygame.Rect(left, top, width, self.target), _("Settings"), self.settings))
            left += width + 8
        width = self.rect.right - 20 - left
        if resume_label and self.resume is not None:
            resume_width = (width - 8) * 3 // 5
            if fits is not None and not fits(resume_label, pygame.Rect(0, 0, resume_width, self.target)):
                resume_width = width - 8 - max(150, self.rect.width // 5)  # a long game's name: more room
            buttons.append(
                Button(
                    pygame.Rect(left, top, resume_width, self.target),
                    resume_label,
                    self.resume,
                    colour=theme.ITALY_GREEN,
                )
            )
            left, width = left + resume_width + 8, width - resume_width - 8
        start = pygame.Rect(left, top, width, self.target)
        buttons.append(
            Button(
                start,
                _("New game"),
                lambda: self.start(self.game, self.chosen.options(seed)),
                colour=theme.ALERT,
            )
        )
        return buttons

    def labels(self) -> list[tuple[str, int]]:
        """The headings above each row of choices, with their heights on screen."""
        rows = self._rows()
        tops, _bottom = self._layout(rows)
        return [(heading, y - self.line - 2) for (heading, _row), y in zip(rows, tops) if heading]

    def _layout(self, rows: list[Any]) -> tuple[list[int], int]:
        """Each row's top (a heading, if any, just above it) under the title, and the last row's (Settings,
        New game); the space between rows shrinks (6 px down to 2) when a game has many rows."""
        for space in (6, 4, 2):
            y, tops = self.rect.y + 10 + self.line + space, []
            for heading, _row in rows:
                y += self.line + 2 if heading else 0
                tops.append(y)
                y += self.target + space
            if y + self.target <= self.rect.bottom - 2:
                break
        return tops, y
