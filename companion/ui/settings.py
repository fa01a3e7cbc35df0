"""The settings screen: the hardware check (the same checks as `companion doctor`), run in a worker
so the screen stays live while the camera and the die are given their few seconds."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from companion import i18n
from companion.i18n import _
from companion.ui import theme
from companion.ui.painter import Painter
from companion.ui.widgets import Button

MARK_COLOURS = {"ok": theme.ITALY_GREEN, "FAIL": theme.ALERT, "warn": (200, 120, 0)}


class SettingsScreen:
    def __init__(
        self,
        rect: pygame.Rect,
        target: int,
        check_devices: Callable[[], list[Any]] | None,
        close: Callable[[], None],
        choose_language: Callable[[str], None] | None = None,
    ) -> None:
        """`choose_language`: remembers the table's choice (the journal keeps it across restarts)."""
        self.rect, self.target, self.check_devices, self.close = rect, target, check_devices, close
        self.choose_language = choose_language
        self.checks: list[Any] | None = None
        self.running = False
        self.problem = ""

    def start_check(self) -> None:
        if self.running or self.check_devices is None:
            return
        self.running, self.checks, self.problem = True, None, ""
        threading.Thread(target=self._check, name="hardware-check", daemon=True).start()

    def _check(self) -> None:
        try:
            self.checks = self.check_devices() if self.check_devices else []
        except Exception as exc:  # a device library's own error: shown, never a crash of the screen
            self.problem = _("The check stopped: {error}").format(error=f"{exc.__class__.__name__}: {exc}")
        finally:
            self.running = False

    def buttons(self) -> list[Button]:
        """One row along the bottom: the languages, Back, Check (the table above takes the rest)."""
        label = _("Checking...") if self.running else _("Check")
        entries: list[tuple[str, Callable[[], None], tuple[int, int, int], bool]] = [
            (
                name,
                partial(self.use_language, code),
                theme.ITALY_GREEN if code == i18n.language else theme.BUTTON,
                True,
            )
            for code, name in i18n.LANGUAGES.items()
        ]
        entries += [
            (_("Back"), self.close, theme.BUTTON, True),
            (label, self.start_check, theme.ITALY_GREEN, not self.running and self.check_devices is not None),
        ]
        width = (self.rect.width - 40 - 8 * (len(entries) - 1)) // len(entries)
        top = self.rect.bottom - self.target - 12
        return [
            Button(
                pygame.Rect(self.rect.x + 20 + i * (width + 8), top, width, self.target),
                name,
                tap,
                colour=colour,
                enabled=enabled,
            )
            for i, (name, tap, colour, enabled) in enumerate(entries)
        ]

    def use_language(self, code: str) -> None:
        """Speak this language now, and keep it (the next start comes back in it)."""
        i18n.use(code)
        if self.choose_language is not None:
            self.choose_language(code)

    def rows(self) -> list[tuple[str, str, str, tuple[int, int, int]]]:
        """(device, mark, what was found or the fix) per check, for the table on screen: failures
        first, each with its fix, so a small screen that cannot show every row shows those."""
        if self.checks is None:
            return []
        marks = {"ok": _("ok"), "FAIL": _("FAIL"), "warn": _("warn")}
        rows = []
        for check in sorted(self.checks, key=lambda c: ("FAIL", "warn", "ok").index(c.mark)):  # trouble first
            colour = MARK_COLOURS[check.mark]
            rows.append((i18n.translate(check.name), marks[check.mark], i18n.translate(check.detail), colour))
            if not check.ok and check.fix:
                rows.append(("", "", _("Fix: {fix}").format(fix=i18n.translate(check.fix)), theme.MUTED))
        return rows

    def draw(self, painter: Painter) -> list[Button]:
        """The heading, what the check is doing or found, the table of checks; the buttons to draw."""
        area = painter.screen.get_rect().inflate(-40, 0)
        painter.text(_("Settings: hardware check"), (20, 10))
        y = 10 + painter.body.get_linesize() + 6
        if self.running:
            painter.wrapped(_("Checking the devices (a few seconds each)..."), area, y, theme.MUTED)
        elif self.problem:
            painter.wrapped(self.problem, area, y, theme.ALERT)
        elif self.checks is None:
            painter.wrapped(
                _(
                    "Tap Check: the display, the journal, the clock, the camera, the die, the printer "
                    "and the buttons, each with the fix when something is wrong."
                ),
                area,
                y,
                theme.MUTED,
            )
        buttons = self.buttons()
        self._check_rows(painter, y, min(b.rect.top for b in buttons) - 6)
        return buttons

    def _check_rows(self, painter: Painter, y: int, limit: int) -> None:
        """The hardware check's table: device, mark, what was found (the fix under a failure); the
        rows that do not fit above the buttons are summed up in one line (each device's mark), their
        details left to `companion doctor`."""
        font, rows = painter.body, self.rows()
        name_w = max([font.size(f"{row[0]}  ")[0] for row in rows] or [0])
        mark_w = max([font.size(f"{row[1]}  ")[0] for row in rows] or [0])
        width = painter.screen.get_width()
        area = pygame.Rect(20 + name_w + mark_w, 0, width - 40 - name_w - mark_w, 0)
        for number, (name, mark, text, colour) in enumerate(rows):
            bottom = painter.wrapped(text, area, y, colour, draw=False)
            room = limit if number == len(rows) - 1 else limit - 2 * font.get_linesize()
            if bottom > room:  # the rest in one line: each device's mark, the details in the terminal
                painter.wrapped(
                    _summed_up(rows[number:]), painter.screen.get_rect().inflate(-40, 0), y, theme.MUTED
                )
                return
            painter.text(name, (20, y))
            painter.text(mark, (20 + name_w, y), colour)
            y = painter.wrapped(text, area, y, theme.INK if mark else theme.MUTED)


def _summed_up(rows: list[tuple[str, str, str, tuple[int, int, int]]]) -> str:
    marks: dict[str, list[str]] = {}
    for name, mark, _text, _colour in rows:
        if name:
            marks.setdefault(mark, []).append(name)
    rest = "; ".join(f"{mark}: {', '.join(names)}" for mark, names in marks.items())
    return _("{devices} (details: companion doctor)").format(devices=rest)
