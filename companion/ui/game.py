"""The game screen: the game's board on the left, the panel on the right (headline, sentences,
buttons), the desk devices (the die's pixels, the printer's line, the camera's lens).

The game's view (its table module's `View`) draws the board and says what the panel holds; this
screen lays it out and hands every tap to the session as an intent.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

import pygame

from companion import i18n
from companion.i18n import _, ngettext
from companion.ui import theme
from companion.ui.chime import Chime
from companion.ui.lens import Lens
from companion.ui.menu import MENU, GameMenu, MenuButton
from companion.ui.painter import Painter
from companion.ui.panel import HOLD, UNDO, Entry, grid
from companion.ui.widgets import Button, label_fits
from hardware.ports import Printer


class View(Protocol):
    """What a game shows on the game screen (its table module makes one per session)."""

    board_rect: pygame.Rect

    def draw_legend(self, painter: Painter, area: pygame.Rect) -> None:
        """What the board's marks mean, drawn over the board in `area` (while the game menu is open)."""
        ...

    def lens_area(self, target: int) -> pygame.Rect:
        """Where on the board desk mode's camera lens hides nothing (about a target high)."""
        ...

    def draw_whole(self, painter: Painter, panel: pygame.Rect, session: Any) -> list[Button] | None:
        """A screen of the game's own instead of the board and panel (a set-up, an animation): its
        buttons, or None to draw the usual screen."""
        ...

    def draw_board(self, painter: Painter, session: Any) -> None: ...

    def headline(self, session: Any) -> list[str]: ...

    def lines(self, session: Any) -> list[tuple[str, tuple[int, int, int]]]:
        """The panel's sentences after the session's message and the devices' trouble."""
        ...

    def entries(self, session: Any) -> list[Entry]: ...

    def board_tap(self, position: tuple[int, int], session: Any) -> Any: ...

    def hold(self, marker: object, down: bool) -> None:
        """A (HOLD, name) button pressed or let go."""
        ...

    def draggable(self, marker: object, session: Any) -> str | None:
        """The card a button stands for, when it may be dragged to the desk camera."""
        ...

    def view_key(self, session: Any) -> tuple[object, ...]:
        """What the game shows that can change without a tap."""
        ...

    def moving(self) -> bool:
        """Whether the game's screen moves by itself now (an animation)."""
        ...


class GameScreen:
    def __init__(
        self,
        rect: pygame.Rect,
        target: int,
        painter: Painter,
        session: Any,
        view: View,
        tray: list[Any] | None,
        extra: Callable[[], list[Entry]],
        menu: GameMenu | None = None,
    ) -> None:
        """`tray`: desk mode's printed tickets (Pillow images), shown by the printer's line;
        `extra`: the app's own buttons after the game's (a new game once it is over); `menu`: the
        app's menu during the game (its button beside the printer's line)."""
        self.rect, self.target, self.painter, self.session, self.view = rect, target, painter, session, view
        height = rect.height
        self.panel = pygame.Rect(height, 0, rect.width - height, height)
        self.lens = Lens(view.lens_area(target))
        self.chime = Chime(pygame)
        self.tray, self.extra, self.menu = tray, extra, menu
        self.showing_ticket = False
        self.buttons: list[Button] = []

    # input

    def tap(self, position: tuple[int, int]) -> None:
        if self.showing_ticket:  # any tap puts the ticket away
            self.showing_ticket = False
            return
        if self._die_rect().collidepoint(position) and self.press_die():
            return
        for button in self.buttons:
            if button.hit(position):
                if isinstance(button.action, tuple) and button.action[:1] == (HOLD,):
                    self.view.hold(button.action, True)  # until the finger lifts
                    return
                button.on_tap()
                return
        if self.menu is not None and self.menu.open:  # a tap beside the menu closes it
            self.menu.close()
            return
        self.session.perform(self.view.board_tap(position, self.session))

    def press(self, position: tuple[int, int]) -> bool:
        """A finger down: a drag to the desk camera starts (True), or it is a tap."""
        camera = self.camera()
        if camera is None:
            return False
        button = next((b for b in self.buttons if b.hit(position)), None)
        card = self.view.draggable(button.action, self.session) if button is not None else None
        return self.lens.press(card, button, position)

    def release(self, position: tuple[int, int]) -> None:
        self.view.hold(None, False)
        camera = self.camera()
        if camera is None:
            self.lens.dragging = None
            return
        tapped = self.lens.release(position, self.session.show_card)
        if tapped is not None:
            tapped.on_tap()  # let go on the button itself: a plain tap

    def motion(self, position: tuple[int, int]) -> None:
        if self.lens.dragging is not None:
            self.lens.pointer = position

    def poll(self) -> None:
        """Cards the camera confirmed; the lens flashes and is cleared once they are played."""
        session = self.session
        records = len(session.game.records)
        if session.poll():
            self.lens.flash()
            self.chime.play()
        if len(session.game.records) != records and session.devices.desk_camera is not None:
            session.take_cards()
            self.lens.clear()

    def moving(self) -> bool:
        """Something on screen moves by itself (an animation): draw every frame."""
        return bool(self.view.moving())

    def camera(self) -> Any:
        """The desk camera, while a card may be dragged to it; else None."""
        desk = self.session.devices.desk_camera
        return desk if desk is not None and self.session.wants_cards else None

    def _act(self, tap: Callable[[], Any]) -> Callable[[], None]:
        return lambda: self.session.perform(tap())

    def key(self) -> tuple[object, ...]:
        """Everything on this screen that can change without a tap."""
        session, devices = self.session, self.session.devices
        desk = devices.desk_die
        return (
            id(session.state),
            session.message,
            devices.printer.status,
            devices.die.online,
            devices.die.status,
            desk.rows() if desk is not None else None,
            devices.cards.status if devices.cards else None,
            self.view.view_key(session),
            self.lens.flashing,
            self.lens.pointer,
            tuple(self.camera().placed()) if self.camera() is not None else None,
            self.showing_ticket,
            self.menu.open if self.menu is not None else None,
        )

    # drawing

    def draw(self) -> None:
        painter = self.painter
        painter.screen.fill(theme.BACKGROUND)
        whole = self.view.draw_whole(painter, self.panel, self.session)
        if whole is not None:
            self.buttons = whole
            painter.buttons(whole)
            return
        self.view.draw_board(painter, self.session)
        pygame.draw.rect(painter.screen, theme.PANEL, self.panel)
        if self.menu is not None and self.menu.open:
            self._menu()
            return
        y = self._headline()
        self.buttons = self._buttons()
        limit = self._text_limit(self.buttons)
        for text, colour in self.lines():  # most wanted first; what does not fit above the buttons waits
            if y + painter.wrapped(text, self.panel.inflate(-20, 0), 0, colour, draw=False) <= limit:
                y = self.message(text, y, colour) + 2
        painter.buttons(self.buttons)
        if self.camera() is not None:
            self.lens.draw(painter.screen, painter.fonts["small"], self.camera())
        self._devices()
        if self.showing_ticket:
            self._ticket()

    def _menu(self) -> None:
        """The menu in the panel, the game's legend over the board."""
        assert self.menu is not None
        area = self.view.board_rect.copy()
        area.height -= self.target + 4  # the menu's button stays below
        self.view.draw_legend(self.painter, area)
        self.painter.text(_("Menu"), (self.panel.x + 10, 8))
        self.buttons = self._placed(self.menu.entries())
        self.painter.buttons(self.buttons)
        self._devices()

    def _headline(self) -> int:
        y, painter = 8, self.painter
        for line in self.view.headline(self.session):
            if painter.body.size(line)[0] > self.panel.width - 16:  # a long one wraps
                y = self.message(line, y, theme.INK)
                continue
            painter.text(line, (self.panel.x + 10, y))
            y += painter.body.get_linesize()
        return y

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The panel's sentences, the most wanted first: what the table just did (a refusal), a
        device away, then the game's own."""
        session, lines = self.session, []
        if session.message:  # a refusal or a warning in alarm red; news (Undone, Resumed) in ink
            lines.append((session.message, theme.INK if session.message == session.news else theme.ALERT))
        lines += [(notice, theme.ALERT) for notice in self.notices()]  # a device away: the table must know
        return lines + self.view.lines(session)

    def _buttons(self) -> list[Button]:
        """This moment's buttons, their last row just above the printer's line: a sentence that
        comes or goes above them never moves them (a second tap lands where the first did)."""
        return self._placed(self.view.entries(self.session) + self.extra())

    def _placed(self, entries: list[Entry]) -> list[Button]:
        fonts = self.painter.fonts
        buttons = grid(
            entries,
            self.panel,
            0,
            self.target,
            lambda label, rect, small: label_fits(
                label, rect, fonts["body"], fonts["small" if small else "body"]
            ),
            self._act,
        )
        shift = self._printer_rect().top - 8 - max((b.rect.bottom for b in buttons), default=0)
        for button in buttons:
            button.rect.move_ip(0, shift)
            if button.action == UNDO:
                button.colour = theme.MUTED
        return buttons

    def _text_limit(self, buttons: list[Button]) -> int:
        """How far down the panel's sentences may go: above this moment's buttons and the printer's
        line (a button in desk mode: the last ticket)."""
        return min([b.rect.top for b in buttons] + [self._printer_rect().top]) - 4

    def message(self, message: str, y: int, colour: tuple[int, int, int] | None = None) -> int:
        """A sentence wrapped to the panel's width: a refusal or news (alert colour), or a hint."""
        return self.painter.wrapped(message, self.panel.inflate(-20, 0), y, colour or theme.ALERT)

    def notices(self) -> list[str]:
        """Devices in trouble, for the panel: the die away (its face waits), the camera gone (tap cards)."""
        devices = self.session.devices
        found = [] if devices.die.online else [i18n.translate(devices.die.status)]
        if (
            devices.cards is not None
            and devices.cards.status != "Camera ready."
            and devices.desk_camera is None
        ):
            found.append(i18n.translate(devices.cards.status))
        return found

    def _devices(self) -> None:
        """The printer's line along the panel's foot; in desk mode the die's 8x8 pixels too, in the
        board's bottom right corner (beside the board, as the box would be)."""
        desk = self.session.devices.desk_die
        x, y = self._die_rect().topleft
        if desk is not None:  # desk mode: the box's 8x8 LEDs
            for r, bits in enumerate(desk.rows()):
                for c in range(8):
                    colour = theme.ALERT if bits & (0x80 >> c) else (60, 20, 20)
                    pygame.draw.rect(self.painter.screen, colour, (x + c * 3, y + r * 3, 3, 3))
        rect, text = self._printer_rect(), self._printer_words()
        if self.menu is not None:
            self.buttons.append(self._menu_button())
            self.buttons[-1].draw(self.painter.screen, self.painter.body, self.painter.fonts["small"])
        if self.tray:  # desk mode: the printer's line opens the last ticket
            button = Button(
                rect,
                text,
                partial(setattr, self, "showing_ticket", True),
                action=("ticket",),
                colour=theme.MUTED,
            )
            button.draw(self.painter.screen, self.painter.body)
            self.buttons.append(button)
            return
        self.painter.wrapped(text, rect.inflate(-12, 0), rect.y + 4, theme.MUTED)

    def _die_rect(self) -> pygame.Rect:
        """Where desk mode draws the box's 8x8 lights (3 px each): a click on them presses its button."""
        board = self.view.board_rect
        x = board.right - 30 - (self.target + 4 if self.menu is not None else 0)
        return pygame.Rect(x, board.bottom - 28, 24, 24)

    def press_die(self) -> bool:
        """Desk mode: the simulated box's button pressed (a click on its lights, or the D key); False
        where no simulated die is drawn."""
        desk = self.session.devices.desk_die
        if desk is None:
            return False
        desk.press()
        return True

    def _menu_button(self) -> Button:
        """The menu's button, in the board's bottom right corner (the die's lights beside it)."""
        assert self.menu is not None
        board = self.view.board_rect
        rect = pygame.Rect(
            board.right - self.target - 4, board.bottom - self.target - 4, self.target, self.target
        )
        colour = theme.ITALY_GREEN if self.menu.open else theme.MUTED
        return MenuButton(rect, _("Menu"), self.menu.toggle, action=MENU, colour=colour)

    def _printer_words(self) -> str:
        text = printer_text(self.session.devices.printer)
        return f"{text}  >" if self.tray else text

    def _printer_rect(self) -> pygame.Rect:
        """The printer's line at the panel's foot, two lines high (its news, long or short, never
        moves the buttons above it): a touch target in desk mode (the last ticket), else text."""
        area = self.panel.inflate(-28, 0)
        height = self.painter.wrapped(self._printer_words(), area, 0, (0, 0, 0), draw=False) + 8
        height = max(height, self.target if self.tray else 2 * self.painter.body.get_linesize() + 8)
        return pygame.Rect(self.panel.x + 8, self.panel.bottom - height - 4, self.panel.width - 16, height)

    def _ticket(self) -> None:
        """The last printed ticket, scaled to the screen's height, over the board."""
        assert self.tray
        image = self.tray[-1].convert("RGB")
        surface = pygame.image.frombytes(image.tobytes(), image.size, "RGB")
        height = self.painter.screen.get_height()
        width = round(surface.get_width() * height / surface.get_height())
        self.painter.screen.blit(pygame.transform.smoothscale(surface, (width, height)), (0, 0))


def printer_text(printer: Printer) -> str:
    """The printer's line at the bottom of the panel, in the table's language (the print service's
    state and queue)."""
    state, waiting = printer.last_state, printer.waiting
    if state == "ready":
        return (
            _("Printer ready.")
            if not waiting
            else ngettext(
                "Printing, {count} ticket waiting.", "Printing, {count} tickets waiting.", waiting
            ).format(count=waiting)
        )
    problem = {
        "offline": _("Printer offline"),
        "paper-out": _("Printer out of paper"),
        "paper-low": _("Printer paper low"),
    }.get(state, str(state))
    if not waiting:
        return f"{problem}."
    return f"{problem}, " + ngettext("{count} ticket waiting.", "{count} tickets waiting.", waiting).format(
        count=waiting
    )
