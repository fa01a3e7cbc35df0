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
        self.line, self.gap = line, line + 8  # between rows: the next row's heading
        self.game = next(iter(choices))

    @property
    def chosen(self) -> Any:
        return self.choices[self.game]

    def title(self) -> str:
        return self.chosen.title()  # type: ignore[no-any-return]

    def _rows(self) -> list[tuple[str, list[tuple[str, bool, Callable[[], object]]]]]:
        rows: list[tuple[str, list[tuple[str, bool, Callable[[], object]]]]] = list(self.chosen.rows())
        if len(self.choices) > 1:  # the picker: each registered game, under the title (no heading)
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

    def _tops(self) -> tuple[list[int], int]:
        """Where each row of choices starts, and the row of Settings and New game: a heading above
        a row that has one (the picker, under the title, has none); when the rows would push the
        last buttons off the screen the space above each heading closes up, never under it."""
        rows = self._rows()
        start = self.rect.y + 10 + self.line  # under the title
        headed = [bool(heading) for heading, _row in rows]
        aboves = [self.gap if h else 6 for h in headed] + [self.gap if len(rows) < 5 else 12]
        over = sum(aboves) + len(aboves) * self.target - (self.rect.bottom - 8 - start)
        squeeze = min(self.gap - self.line - 4, -(-over // max(1, sum(headed)))) if over > 0 else 0
        tops, top = [], start
        for number, above in enumerate(aboves):
            top += above - (squeeze if number < len(headed) and headed[number] else 0)
            tops.append(top)
            top += self.target
        return tops[:-1], tops[-1]

    def buttons(self, seed: int, resume_label: str | None = None) -> list[Button]:
        """Every choice, then Settings, Resume (saying where the game in progress stands) and New game."""
        buttons = []
        tops, top = self._tops()
        for (_heading, row), y in zip(self._rows(), tops, strict=True):
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
        tops, _bottom = self._tops()
        rows = zip(self._rows(), tops, strict=True)
        return [(heading, y - self.line - 2) for (heading, _row), y in rows if heading]
