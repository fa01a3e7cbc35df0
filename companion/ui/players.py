"""Before a new game: each player's name (typed on an on-screen keyboard) and colour (tap to
change; the five are the Okabe-Ito colours, each player's pawn also carries its initial)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.i18n import _
from companion.ui import theme
from companion.ui.widgets import Button

KEY_ROWS = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM", "ÀÈÉÌÒÙ'-")  # Italian names: Niccolò, D'Azeglio
MAX_NAME = 16


class PlayersScreen:
    def __init__(
        self,
        rect: pygame.Rect,
        target: int,
        start: Callable[[tuple[str, ...], list[int]], None],
        back: Callable[[], None],
    ) -> None:
        self.rect, self.target, self.start, self.back = rect, target, start, back
        self.count = 3
        self.defaults: tuple[str, ...] = ()  # the game's own names: an emptied name goes back to its
        self.names: list[str] = []
        self.colours = list(range(len(theme.PATRIOT_COLOURS)))  # Patriot -> index into PATRIOT_COLOURS
        self.editing: int | None = None  # the player whose name the keyboard is typing
        self.before = ""  # the name as it was when the keyboard opened (Cancel puts it back)
        self.over_default = False  # the name shown is the game's own: the first key types over it
        self.heading: Callable[[int | None, str], str] = lambda editing, name: ""
        self.palette: list[tuple[int, int, int]] | None = None  # the game's own colours, fixed

    def open(
        self,
        players: int,
        defaults: tuple[str, ...],
        heading: Callable[[int | None, str], str],
        palette: list[tuple[int, int, int]] | None = None,
    ) -> None:
        """Ask for `players` names, the game's own `defaults` filled in (kept from a game before);
        `heading(editing, name)`: the game's words above them; `palette`: each player's colour when
        the game's rules fix it (then a colour is not tapped to change)."""
        self.count, self.editing, self.defaults, self.heading = players, None, defaults, heading
        self.palette = palette
        self.names = self.names[: len(defaults)] + list(defaults[len(self.names) :])

    def buttons(self, top: int) -> list[Button]:
        """The buttons below the title, which ends at `top`."""
        return self._keyboard(top + 40) if self.editing is not None else self._rows(top + 8)

    def _rows(self, top: int) -> list[Button]:
        buttons, gap = [], 8
        for patriot in range(self.count):
            y = top + patriot * (self.target + gap)
            swatch = pygame.Rect(self.rect.x + 20, y, self.target * 2, self.target)
            if self.palette is not None:  # the game's colour: shown, not changed
                buttons.append(Button(swatch, "", _keep, colour=self.palette[patriot], text_colour=theme.INK))
            else:
                buttons.append(
                    Button(
                        swatch,
                        self.names[patriot][:1],
                        partial(self._next_colour, patriot),
                        colour=theme.PATRIOT_COLOURS[self.colours[patriot]],
                        text_colour=theme.INK,
                    )
                )
            buttons.append(
                Button(
                    pygame.Rect(
                        self.rect.x + 28 + self.target * 2,
                        y,
                        self.rect.width - 48 - self.target * 2,
                        self.target,
                    ),
                    self.names[patriot],
                    partial(self._edit, patriot),
                )
            )
        bottom = self.rect.bottom - self.target - 12
        half = (self.rect.width - 48) // 2
        buttons.append(Button(pygame.Rect(self.rect.x + 20, bottom, half, self.target), _("Back"), self.back))
        buttons.append(
            Button(
                pygame.Rect(self.rect.right - 20 - half, bottom, half, self.target),
                _("Start"),
                lambda: self.start(tuple(self.names[: self.count]), self.colours[: self.count]),
                colour=theme.ALERT,
            )
        )
        return buttons

    def _next_colour(self, patriot: int) -> None:
        """The next colour; the Patriot who had it takes this one's (no two share a colour)."""
        wanted = (self.colours[patriot] + 1) % len(theme.PATRIOT_COLOURS)
        if wanted in self.colours:
            self.colours[self.colours.index(wanted)] = self.colours[patriot]
        self.colours[patriot] = wanted

    def _edit(self, patriot: int) -> None:
        self.editing, self.before = patriot, self.names[patriot]
        self.over_default = patriot < len(self.defaults) and self.before == self.defaults[patriot]

    def _typing(self) -> str:
        """The name the next key changes: a game's own name ("Germany") is typed over, not onto."""
        assert self.editing is not None
        if self.over_default:
            self.over_default, self.names[self.editing] = False, ""
        return self.names[self.editing]

    def keyboard(self, key: str, text: str) -> bool:
        """A desk's own keyboard while a name is typed: its letters (accents too, as the keyboard's
        layout gives them) type, Backspace deletes, Enter is Done, Escape cancels. True if taken."""
        if self.editing is None:
            return False
        named = {"backspace": self._delete, "return": self._done, "enter": self._done, "escape": self._cancel}
        if key in named:
            named[key]()
        for character in text:
            if character.isprintable() and len(self._typing()) < MAX_NAME:
                self.names[self.editing] += character  # typed as typed: the desk has a Shift key
        return True  # every key while typing is the name's (not a table button's stand-in)

    def _cancel(self) -> None:
        assert self.editing is not None
        self.names[self.editing] = self.before
        self.editing = None

    def _keyboard(self, top: int) -> list[Button]:
        assert self.editing is not None
        buttons: list[Button] = []
        width = (self.rect.width - 40) // 10
        for row, keys in enumerate(KEY_ROWS):
            indent = self.rect.x + 20 + row * width // 2
            for column, key in enumerate(keys):
                rect = pygame.Rect(
                    indent + column * width, top + row * (self.target + 6), width - 6, self.target
                )
                buttons.append(Button(rect, key, partial(self._type, key)))
        y = top + len(KEY_ROWS) * (self.target + 6)
        quarter = (self.rect.width - 40) // 4
        specials: list[tuple[str, Callable[[], None]]] = [
            (_("Space"), partial(self._type, " ")),
            (_("Delete"), self._delete),
            (_("Cancel"), self._cancel),
            (_("Done"), self._done),
        ]
        for index, (label, tap) in enumerate(specials):
            buttons.append(
                Button(
                    pygame.Rect(self.rect.x + 20 + index * quarter, y, quarter - 6, self.target),
                    label,
                    tap,
                    colour=theme.ITALY_GREEN if index == 3 else theme.BUTTON,
                )
            )
        return buttons

    def _type(self, key: str) -> None:
        assert self.editing is not None
        name = self._typing()
        if len(name) < MAX_NAME:
            self.names[self.editing] = name + (key if not name or name.endswith(" ") else key.lower())

    def _delete(self) -> None:
        assert self.editing is not None
        self.names[self.editing] = self._typing()[:-1]

    def _done(self) -> None:
        assert self.editing is not None
        if not self.names[self.editing].strip():  # an empty name keeps the rulebook's
            self.names[self.editing] = self.defaults[self.editing]
        self.names[self.editing] = self.names[self.editing].strip()
        self.editing = None

    def title(self) -> str:
        """The game's own words for its players ("Patriots: tap a name..."), or the name being typed."""
        name = self.names[self.editing] if self.editing is not None else ""
        return self.heading(self.editing, name)


def _keep() -> None:
    """A colour the game's rules fix: a tap changes nothing."""
