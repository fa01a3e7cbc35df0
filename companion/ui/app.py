"""The app's main loop: draw the session's state, hand taps and table buttons to the session.

Desk mode shows the simulated die and printer tray in the panel. Autoplay lets a bot tap the
same buttons a player would (a board tap for zones), which is how the whole app is tested.
"""

from __future__ import annotations

import dataclasses
import os
import queue
import random
import time
from collections.abc import Callable
from typing import Any

from companion import i18n
from companion.assets import milano1848, milano1848_layout
from companion.games.milano1848 import actions as a
from companion.games.milano1848.bots import greedy_bot
from companion.games.milano1848.errors import CardNeeded, IllegalActionError
from companion.games.milano1848.setup import Options, table_preview
from companion.i18n import _
from companion.session import Session
from companion.store import StoreError
from companion.ui.animation import TurnAnimation
from companion.ui.autoplay import Bot, RunStats, play_through
from companion.ui.chime import Chime
from companion.ui.lens import Lens
from companion.ui.panel import PEEK, Entry
from companion.ui.texts import advice_text, fight_news, printer_text, setup_lines, table_setup_line, threat_text
from companion.ui.widgets import Button, wrap


class App:
    def __init__(self, session: Session | None, size: tuple[int, int] = (800, 480), headless: bool = False,
                 tray: list[Any] | None = None, new_session: Callable[..., Session] | None = None,
                 resume: tuple[Callable[[], str | None], Callable[[], Session]] | None = None, notice: str = "",
                 presses: queue.Queue[str] | None = None, check_devices: Callable[[], list[Any]] | None = None,
                 choose_language: Callable[[str], None] | None = None, camera: Any = None) -> None:
        """`session` None opens the start screen, whose Start calls `new_session`.
        `tray`: desk mode's printed tickets (Pillow images), shown on screen by the Ticket button.
        `resume`: (what the Resume button says, or None when no game is in progress; the resumed session).
        `notice`: a sentence for the start screen (a repaired journal). `size` (0, 0): the whole screen.
        `presses`: the table buttons' queue (gpiozero puts names in from its threads).
        `check_devices`: the hardware check behind the settings screen (companion.doctor).
        `choose_language`: keeps the language picked in settings (companion.i18n switches it).
        `camera`: the card reader, for the Zone cards the table draws at setup with its own decks."""
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the chime plays to nobody
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from companion.ui import theme
        from companion.ui.board import BoardView
        from companion.ui.panel import Panel
        from companion.ui.players import PlayersScreen
        from companion.ui.settings import SettingsScreen
        from companion.ui.start import StartScreen

        self.pygame = pygame
        pygame.display.init()
        driver = pygame.display.get_driver()
        if not headless and driver in ("offscreen", "dummy"):  # SDL's last resort: a window nobody sees
            pygame.display.quit()
            raise RuntimeError(f"no display here (SDL could only start its {driver} driver)")
        pygame.font.init()
        self.screen = pygame.display.set_mode(size, pygame.FULLSCREEN if size == (0, 0) else 0)
        pygame.display.set_caption("Table Companion - Milano 1848")
        width, height = self.screen.get_size()
        # every sentence is in body type (24 px at 480 lines); the small type is for labels on the
        # map (zone numbers, initials) and a button label too long for its button
        self.fonts = {"body": theme.font_of_height(pygame, theme.text_px(height)),
                      "small": theme.font_of_height(pygame, round(theme.text_px(height) * 0.8))}
        self._session = session
        self.new_session = new_session
        self.resume, self.notice = resume, notice
        self.start_screen = StartScreen(pygame.Rect(0, 0, width, height), theme.target_px(height),
                                        milano1848().rules.wave, self._start, self._resume if resume else None,
                                        settings=lambda: setattr(self, "showing_settings", True),
                                        line=self.fonts["body"].get_linesize())
        self.settings = SettingsScreen(pygame.Rect(0, 0, width, height), theme.target_px(height), check_devices,
                                       close=lambda: setattr(self, "showing_settings", False),
                                       choose_language=choose_language)
        self.showing_settings = False
        self.players = PlayersScreen(pygame.Rect(0, 0, width, height), theme.target_px(height), self._start_with,
                                     back=lambda: setattr(self, "showing_players", False))
        self.showing_players = False
        self._pending: Options | None = None
        self._table: tuple[Options, list[int]] | None = None  # table decks: the setup's Zone cards named so far
        self.camera = camera
        self.board = BoardView(pygame.Rect(0, 0, height, height), milano1848_layout())
        self.panel = Panel(pygame.Rect(height, 0, width - height, height), theme.target_px(height),
                           label_width=lambda label: self.fonts["body"].size(label)[0])
        self.lens = Lens(self.board.rect, theme.target_px(height))
        self.chime = Chime(pygame)
        self.buttons: list[Button] = []
        self.stats = RunStats()
        self.tray = tray
        self.showing_ticket = False  # desk mode: the last printed ticket over the board
        self.presses: queue.Queue[str] = presses or queue.Queue()  # table buttons: gpiozero calls from its own threads
        self.animate = True  # show each Austrian turn step by step (autoplay turns it off)
        self.animation: TurnAnimation | None = None
        self._shown_turn: object = None
        self._shown_view: tuple[object, ...] = ()
        self._set_up: object = None  # the session whose table is set up (the setup screen was confirmed)
        self.keys = {pygame.K_RETURN: "confirm", pygame.K_BACKSPACE: "back", pygame.K_n: "next", pygame.K_r: "roll"}

    def frame(self) -> None:
        """Handle input, poll the devices, draw one frame."""
        pygame = self.pygame
        start = time.perf_counter()
        events = pygame.event.get()
        for event in events:
            if event.type == pygame.MOUSEBUTTONDOWN:
                if not self._start_drag(event.pos):
                    self.tap(event.pos)
            elif event.type == pygame.MOUSEMOTION and self.lens.dragging is not None:
                self.lens.pointer = event.pos
            elif event.type == pygame.MOUSEBUTTONUP:
                self.panel.peeking = False
                self._end_drag(event.pos)
            elif event.type == pygame.KEYDOWN and event.key in self.keys:
                self.press(self.keys[event.key])  # desk mode: the keyboard stands in for the table's buttons
            elif event.type == pygame.QUIT:
                raise SystemExit(0)
        pressed = not self.presses.empty()
        while not self.presses.empty():
            name = self.presses.get_nowait()
            if self._session is not None:
                self._session.button(name)
        if self._session is not None:
            self._poll_camera()
        elif self._table is not None and self.camera is not None:
            self._scan_setup_cards()
        view = self._view()
        if not (events or pressed or self.animation is not None or view != self._shown_view):
            self.stats.idle += 1  # nothing changed: no drawing, the CPU rests until the next tick
            return
        self._shown_view = view
        drawing = time.perf_counter()
        self.draw()
        now = time.perf_counter()
        self.stats.render_ms.append((now - drawing) * 1000)
        self.stats.frames_ms.append((now - start) * 1000)

    def _camera(self) -> Any:
        """The desk camera, while a card may be dragged to it; else None."""
        if self._session is None:
            return None
        camera = self._session.devices.cards
        return camera if Lens.wanted(camera, self._session.state.step) else None

    def _start_drag(self, position: tuple[int, int]) -> bool:
        if self._camera() is None:
            return False
        button = next((b for b in self.buttons if b.hit(position)), None)
        action = button.action if button is not None else None
        card = action.cards[0] if isinstance(action, a.Answer) else action[1] if \
            isinstance(action, tuple) and action[:1] == ("pick",) else None
        return self.lens.press(card, button, position)

    def _end_drag(self, position: tuple[int, int]) -> None:
        camera = self._camera()
        if camera is None:
            self.lens.dragging = None
            return
        tapped = self.lens.release(camera, position)
        if tapped is not None:
            tapped.on_tap()  # let go on the button itself: a plain tap

    def _poll_camera(self) -> None:
        """Cards the camera confirmed answer the fight; the lens flashes and is cleared once answered."""
        session = self.session
        records = len(session.game.records)
        confirmed = session.poll()
        if confirmed:
            self.lens.flash()
            self.chime.play()
        camera = session.devices.cards
        if len(session.game.records) != records and callable(getattr(camera, "take", None)):
            self.lens.clear(camera)

    def _view(self) -> tuple[object, ...]:
        """Everything on screen that can change without a tap: redraw when it does."""
        parts: list[object] = [i18n.language, self.notice, self.showing_settings, self.showing_players,
                               len(self._table[1]) if self._table else None, self.settings.running, id(self.settings.checks),
                               len(self.tray or ())]
        if self._session is not None:
            session, devices = self._session, self._session.devices
            rows = getattr(devices.die, "rows", None)
            parts += [id(session.state), session.message, devices.printer.status, devices.die.online, devices.die.status,
                      rows() if callable(rows) else None, devices.cards.status if devices.cards else None,
                      session.advice() if self.panel.privacy == "open" else None, session.threat(),
                      id(session.last_turn), self.lens.flashing, self.lens.pointer,
                      tuple(self._camera().placed()) if self._camera() is not None else None]
        return tuple(parts)

    @property
    def session(self) -> Session:
        assert self._session is not None, "no game yet: the start screen is showing"
        return self._session

    def _start(self, options: Options) -> None:
        """New game chosen: the Patriots' names and colours come next."""
        self._pending = options
        self.players.open(options.patriot_count)
        self.showing_players = True

    def _start_with(self, names: tuple[str, ...], colours: list[int]) -> None:
        assert self.new_session is not None and self._pending is not None
        options = dataclasses.replace(self._pending, names=names)
        self.panel.privacy = self.start_screen.privacy if options.tracked else "open"
        self.board.colours = colours + [c for c in range(5) if c not in colours]
        self.showing_players = False
        if options.tracked:
            self._begin_with(lambda: self.new_session(options))  # type: ignore[misc]
            self._keep_colours()
        else:  # the table deals from its own decks: first it names the setup's Zone cards
            self._table = (options, [])

    def _table_zone(self, zone: int) -> None:
        """Table decks, setup: the Zone card just drawn; the game starts once the last one is named."""
        assert self._table is not None and self.new_session is not None
        options, zones = self._table
        if zone in zones:
            self.notice = _("Zone {zone}'s card is already drawn: draw the next one.").format(zone=zone)
            return
        zones.append(zone)
        try:
            session = self.new_session(options, [("zone", z) for z in zones])
        except CardNeeded:
            self.notice = ""
            return  # more Zone cards to draw
        except IllegalActionError as exc:
            zones.pop()
            self.notice = i18n.translate(exc.args[0])
            return
        except StoreError as exc:
            self.notice = str(exc)
            return
        self._table = None
        self.begin(session)
        self._keep_colours()

    def _scan_setup_cards(self) -> None:
        """Table decks, setup: a Zone card shown to the camera names it, as a tap on its zone would."""
        for event, card in self.camera.events():
            if event == "placed" and card.startswith("zone-") and self._table is not None:
                self._table_zone(int(card.removeprefix("zone-")))

    def _keep_colours(self) -> None:
        if self._session is not None and self._session.journal is not None:
            self._session.journal.keep_colours(self.board.colours)

    def _resume(self) -> None:
        assert self.resume is not None
        self._begin_with(self.resume[1])

    def _begin_with(self, open_session: Callable[[], Session]) -> None:
        try:
            self.begin(open_session())
        except StoreError as exc:  # the journal cannot be written (full card) or read: say so, stay here
            self.notice = str(exc)

    def begin(self, session: Session) -> None:
        """Play this session (a new game, or one resumed: with the colours the table chose for it)."""
        self._session, self.notice = session, ""
        kept = session.journal.colours if session.journal is not None else None
        if kept and sorted(kept) == list(range(len(kept))):
            self.board.colours = kept

    def new_game(self) -> None:
        """Back to the start screen (the game over screen's button)."""
        self._session = None

    def press(self, name: str) -> None:
        """A table button (Confirm, Back, Next, Roll); safe to call from any thread."""
        self.presses.put(name)

    def tap(self, position: tuple[int, int]) -> None:
        if self.showing_ticket:  # any tap puts the ticket away
            self.showing_ticket = False
            return
        if self.notice and self._session is None and self._table is None:  # the start screen's notice, read
            self.notice = ""
            return
        if self.animation is not None:  # any tap skips the Austrian turn's animation
            self.animation = None
            return
        for button in self.buttons:
            if button.hit(position):
                if button.action == PEEK:
                    self.panel.peeking = True  # until the finger lifts
                    return
                button.on_tap()
                return
        if self._session is None:
            zone = self.board.zone_at(position) if self._table is not None else None
            if zone is not None:
                self._table_zone(zone)
            return
        zone = self.board.zone_at(position) if not self._needs_setup() else None
        if zone is not None and self.session.needed is not None and self.session.needed[1] == "zone":
            self.session.name_card(zone)
        elif zone is not None and self.panel.helps.wants_zone():
            self.panel.helps.zone(self.session.state, zone, self.session.do)
        elif zone is not None:
            self.session.do(self._zone_action(zone))

    def _zone_action(self, zone: int) -> a.Action:
        step = self.session.state.step
        if step == "place":
            return a.PlacePatriot(zone)
        if step == "promote":
            return a.Promote(zone)
        return a.Move(zone)

    def draw(self) -> None:
        from companion.ui import theme

        screen = self.screen
        screen.fill(theme.BACKGROUND)
        if self._session is None:
            if self._table is not None:
                self._draw_table_setup()
            elif self.showing_players:
                self._draw_players()
            else:
                self._draw_settings() if self.showing_settings else self._draw_start()
            return
        if self.session.last_turn is not self._shown_turn:
            self._shown_turn = self.session.last_turn
            if self.animate and self.session.last_turn is not None:
                self.animation = TurnAnimation(*self.session.last_turn, time.monotonic())
        if self.animation is not None and self.animation.done(time.monotonic()):
            self.animation = None
        if self.animation is not None:
            self._draw_animation()
            return
        if self._needs_setup():
            self._draw_setup()
            return
        self.board.draw(screen, self.session.state, self.fonts, self.session.threat()[0])
        self.pygame.draw.rect(screen, theme.PANEL, self.panel.rect)
        y = 8
        for line in self.panel.headline(self.session.state):
            if self.fonts["body"].size(line)[0] > self.panel.rect.width - 16:  # a long one wraps
                y = self._message(line, y, theme.INK)
                continue
            screen.blit(self.fonts["body"].render(line, True, theme.INK), (self.panel.rect.x + 10, y))
            y += self.fonts["body"].get_linesize()
        for text, colour in self._panel_lines():  # most wanted first; what does not fit above the buttons waits
            if y + self._wrapped(text, self.panel.rect.inflate(-20, 0), 0, colour, draw=False) <= self._text_limit():
                y = self._message(text, y, colour) + 2
        self.buttons = self.panel.buttons(self.session, y + 8, self._app_buttons())
        for button in self.buttons:
            button.draw(screen, self.fonts["body"], self.fonts["small"])
        if self._camera() is not None:
            self.lens.draw(screen, self.fonts["body"], self._camera())
        self._devices()
        if self.showing_ticket:
            self._ticket()
        self.pygame.display.flip()

    def _panel_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The panel's sentences for this moment, the most wanted first: what the table just did (a
        refusal), a device away, the active hand, the Help being chosen, the coming Austrian turn, the odds,
        what the last clash did."""
        from companion.ui import theme

        session, lines = self.session, []
        if session.message:
            lines.append((session.message, theme.ALERT))
        lines += [(notice, theme.ALERT) for notice in self.notices()]  # a device away: the table must know
        hand = self.panel.hand_line(session.state)
        if hand:
            lines.append((hand, theme.INK))
        hint = self.panel.helps.hint(session.state) if session.state.step == "act" else None
        if hint:
            lines.append((hint, theme.INK))
        falling, winner = session.threat()
        if falling or winner:
            lines.append((threat_text(falling, winner), theme.ALERT))
        advice = session.advice() if self.panel.privacy == "open" else None  # odds would tell of hidden hands
        if advice is not None:
            lines.append((advice_text(advice), theme.ITALY_GREEN))
        news = fight_news(*session.last_move) if session.last_move is not None else None
        if news:  # the table saw the cards: last, when there is room
            lines.append((news, theme.INK))
        return lines

    def _text_limit(self) -> int:
        """How far down the panel's sentences may go and still leave room for this moment's buttons
        and the printer's line (a button in desk mode: the last ticket)."""
        floor: int = self._printer_rect().top - 4
        grid = [b.rect.bottom for b in self.panel.buttons(self.session, 0, self._app_buttons())]
        return floor - (max(grid) + 8 if grid else 0)

    def _needs_setup(self) -> bool:
        """A new game with the companion's decks: the table sets up what it dealt, before Patriots go down."""
        state = self.session.state
        return (state.step == "place" and state.tracked and self._set_up is not self._session
                and not any(p.zone for p in state.patriots))

    def _draw_setup(self) -> None:
        from companion.ui import theme

        state = self.session.state
        self.board.draw(self.screen, state, self.fonts)
        self.pygame.draw.rect(self.screen, theme.PANEL, self.panel.rect)
        y = 8
        self.screen.blit(self.fonts["body"].render(_("Set up the table"), True, theme.INK), (self.panel.rect.x + 10, y))
        y += self.fonts["body"].get_linesize() + 4
        for line in setup_lines(state):
            y = self._message(line, y, theme.INK) + 4
        rect = self.pygame.Rect(self.panel.rect.x + 8, self.panel.rect.bottom - self.panel.target - 34,
                                self.panel.rect.width - 16, self.panel.target)
        self.buttons = [Button(rect, _("Done: place the Patriots"), lambda: setattr(self, "_set_up", self._session),
                               colour=theme.ITALY_GREEN)]
        for button in self.buttons:
            button.draw(self.screen, self.fonts["body"], self.fonts["small"])
        self.pygame.display.flip()

    def _draw_animation(self) -> None:
        from companion.ui import theme

        assert self.animation is not None
        board, text = self.animation.frame(time.monotonic())
        self.board.draw(self.screen, board, self.fonts)
        self.pygame.draw.rect(self.screen, theme.PANEL, self.panel.rect)
        self.screen.blit(self.fonts["body"].render(_("Round {round}: Austria").format(round=board.round), True, theme.INK),
                         (self.panel.rect.x + 10, 8))
        self._message(text, 8 + self.fonts["body"].get_linesize() * 2, theme.INK)
        self._message(_("Tap to skip."), self.panel.rect.bottom - 40, theme.MUTED)
        self.buttons = []
        self.pygame.display.flip()

    def _draw_start(self) -> None:
        from companion.ui import theme

        title = self.fonts["body"].render(_("Table Companion - Radetzky: Milano 1848"), True, theme.INK)
        self.screen.blit(title, (20, 10))
        for text, y in self.start_screen.labels():
            self.screen.blit(self.fonts["body"].render(text, True, theme.MUTED), (20, y))
        resume_label = self.resume[0]() if self.resume is not None else None
        self.buttons = self.start_screen.buttons(random.SystemRandom().randrange(2**31), resume_label)
        for button in self.buttons:
            button.draw(self.screen, self.fonts["body"], self.fonts["small"])
        if self.notice:  # over the choices until a tap: what happened to the journal must be read
            banner = self.screen.get_rect().inflate(-24, 0)
            banner.height = self._wrapped(self.notice, banner.inflate(-24, 0), 0, theme.ALERT, draw=False) + 56
            banner.y = 8
            self.pygame.draw.rect(self.screen, theme.ZONE, banner, border_radius=8)
            self.pygame.draw.rect(self.screen, theme.ALERT, banner, width=3, border_radius=8)
            bottom = self._wrapped(self.notice, banner.inflate(-24, 0), banner.y + 12, theme.ALERT)
            self._wrapped(_("Tap to go on."), banner.inflate(-24, 0), bottom + 4, theme.MUTED)
        self.pygame.display.flip()

    def _draw_table_setup(self) -> None:
        from companion.ui import theme

        assert self._table is not None
        options, zones = self._table
        self.board.draw(self.screen, table_preview(milano1848(), options, zones), self.fonts)
        self.pygame.draw.rect(self.screen, theme.PANEL, self.panel.rect)
        y = 8
        self.screen.blit(self.fonts["body"].render(_("Set up the table"), True, theme.INK), (self.panel.rect.x + 10, y))
        y = self._message(table_setup_line(options, len(zones)), y + self.fonts["body"].get_linesize() + 4, theme.INK)
        if self.notice:
            self._message(self.notice, y + 4)
        half = self.panel.rect.width // 2 - 12
        row = self.panel.rect.bottom - self.panel.target - 34
        self.buttons = [Button(self.pygame.Rect(self.panel.rect.x + 8, row, half, self.panel.target), _("Back"),
                               self._leave_table_setup)]
        if zones:
            self.buttons.append(Button(self.pygame.Rect(self.panel.rect.centerx + 4, row, half, self.panel.target),
                                       _("Undo"), zones.pop, colour=theme.MUTED))
        for button in self.buttons:
            button.draw(self.screen, self.fonts["body"], self.fonts["small"])
        self.pygame.display.flip()

    def _leave_table_setup(self) -> None:
        self._table, self.notice = None, ""

    def _draw_players(self) -> None:
        from companion.ui import theme

        below = self._wrapped(self.players.title(), self.screen.get_rect().inflate(-40, 0), 12, theme.INK)
        self.buttons = self.players.buttons(below)
        for button in self.buttons:
            button.draw(self.screen, self.fonts["body"], self.fonts["small"])
        self.pygame.display.flip()

    def _draw_settings(self) -> None:
        from companion.ui import theme

        self.screen.blit(self.fonts["body"].render(_("Settings: hardware check"), True, theme.INK), (20, 10))
        y = 10 + self.fonts["body"].get_linesize() + 6
        if self.settings.running:
            self._wrapped(_("Checking the devices (a few seconds each)..."), self.screen.get_rect().inflate(-40, 0), y, theme.MUTED)
        elif self.settings.problem:
            self._wrapped(self.settings.problem, self.screen.get_rect().inflate(-40, 0), y, theme.ALERT)
        elif self.settings.checks is None:
            self._wrapped(_("Tap Check: the display, the journal, the clock, the camera, the die, the printer "
                            "and the buttons, each with the fix when something is wrong."),
                          self.screen.get_rect().inflate(-40, 0), y, theme.MUTED)
        self.buttons = self.settings.buttons()
        self._check_rows(y, min(b.rect.top for b in self.buttons) - 6)
        for button in self.buttons:
            button.draw(self.screen, self.fonts["body"], self.fonts["small"])
        self.pygame.display.flip()

    def _check_rows(self, y: int, limit: int) -> None:
        """The hardware check's table: device, mark, what was found (the fix under a failure); the
        rows that do not fit above the buttons are summed up in one line (each device's mark), their
        details left to `companion doctor`."""
        from companion.ui import theme

        font, rows = self.fonts["body"], self.settings.rows()
        name_w = max([font.size(f"{row[0]}  ")[0] for row in rows] or [0])
        mark_w = max([font.size(f"{row[1]}  ")[0] for row in rows] or [0])
        area = self.pygame.Rect(20 + name_w + mark_w, 0, self.screen.get_width() - 40 - name_w - mark_w, 0)
        for number, (name, mark, text, colour) in enumerate(rows):
            bottom = self._wrapped(text, area, y, colour, draw=False)
            room = limit if number == len(rows) - 1 else limit - 2 * font.get_linesize()
            if bottom > room:  # the rest in one line: each device's mark, the details in the terminal
                marks: dict[str, list[str]] = {}
                for rest_name, rest_mark, _text, _colour in rows[number:]:
                    if rest_name:
                        marks.setdefault(rest_mark, []).append(rest_name)
                rest = "; ".join(f"{mark}: {', '.join(names)}" for mark, names in marks.items())
                more = _("{devices} (details: companion doctor)").format(devices=rest)
                self._wrapped(more, self.screen.get_rect().inflate(-40, 0), y, theme.MUTED)
                return
            self.screen.blit(font.render(name, True, theme.INK), (20, y))
            self.screen.blit(font.render(mark, True, colour), (20 + name_w, y))
            y = self._wrapped(text, area, y, theme.INK if mark else theme.MUTED)

    def _app_buttons(self) -> list[Entry]:
        """The app's own buttons after the panel's: a new game once this one is over."""
        extra: list[Entry] = []
        if self.session.over and self.new_session is not None:
            extra.append((_("New game"), ("new-game",), self.new_game))
        return extra

    def _ticket(self) -> None:
        """The last printed ticket, scaled to the screen's height, over the board."""
        assert self.tray
        image = self.tray[-1].convert("RGB")
        surface = self.pygame.image.frombytes(image.tobytes(), image.size, "RGB")
        height = self.screen.get_height()
        width = round(surface.get_width() * height / surface.get_height())
        self.screen.blit(self.pygame.transform.smoothscale(surface, (width, height)), (0, 0))

    def _message(self, message: str, y: int, colour: tuple[int, int, int] | None = None) -> int:
        """A sentence wrapped to the panel's width: a refusal or news (alert colour), or a hint."""
        from companion.ui import theme

        return self._wrapped(message, self.panel.rect.inflate(-20, 0), y, colour or theme.ALERT)

    def _wrapped(self, message: str, area: Any, y: int, colour: tuple[int, int, int], draw: bool = True) -> int:
        """Draw a sentence wrapped to `area`'s width from `y` (or only measure it); the y below it."""
        font = self.fonts["body"]
        for line in wrap(font, message, area.width) or [""]:
            if draw:
                self.screen.blit(font.render(line, True, colour), (area.x, y))
            y += font.get_linesize()
        return y

    def _devices(self) -> None:
        """The printer's line along the panel's foot; in desk mode the die's 8x8 pixels too, in the
        map's bottom right corner (beside the board, as the box would be)."""
        from companion.ui import theme

        die = self.session.devices.die
        rows = getattr(die, "rows", None)
        x, y = self.board.rect.right - 30, self.board.rect.bottom - 28
        if callable(rows):  # desk mode: the box's 8x8 LEDs
            for r, bits in enumerate(rows()):
                for c in range(8):
                    colour = theme.ALERT if bits & (0x80 >> c) else (60, 20, 20)
                    self.pygame.draw.rect(self.screen, colour, (x + c * 3, y + r * 3, 3, 3))
        rect, text = self._printer_rect(), self._printer_words()
        if self.tray:  # desk mode: the printer's line opens the last ticket
            button = Button(rect, text, lambda: setattr(self, "showing_ticket", True), action=("ticket",), colour=theme.MUTED)
            button.draw(self.screen, self.fonts["body"])
            self.buttons.append(button)
            return
        self._wrapped(text, rect.inflate(-12, 0), rect.y + 4, theme.MUTED)

    def _printer_words(self) -> str:
        text = printer_text(self.session.devices.printer)
        return f"{text}  >" if self.tray else text

    def _printer_rect(self) -> Any:
        """The printer's line (two when its news is long) at the panel's foot: a touch target in
        desk mode (the last ticket), else text."""
        area = self.panel.rect.inflate(-28, 0)
        height = self._wrapped(self._printer_words(), area, 0, (0, 0, 0), draw=False) + 8
        if self.tray:
            height = max(height, self.panel.target)
        return self.pygame.Rect(self.panel.rect.x + 8, self.panel.rect.bottom - height - 4, self.panel.rect.width - 16, height)

    def _camera_simulated(self) -> bool:
        return callable(getattr(self.session.devices.cards, "show", None))  # desk mode: the lens says it all

    def notices(self) -> list[str]:
        """Devices in trouble, for the panel: the die away (its face waits), the camera gone (tap cards)."""
        devices = self.session.devices
        found = [] if devices.die.online else [i18n.translate(devices.die.status)]
        if devices.cards is not None and devices.cards.status != "Camera ready." and not self._camera_simulated():
            found.append(i18n.translate(devices.cards.status))
        return found

    def autoplay(self, rounds: int, seed: int = 1, bot: Bot = greedy_bot) -> RunStats:
        """A bot plays through the app's own buttons until the game ends or `rounds` are over."""
        return play_through(self, rounds, seed, bot)

    def run(self, fps: int = 30, heartbeat: Callable[[], None] | None = None) -> None:
        """The main loop; `heartbeat` is called after every frame (systemd's READY and watchdog)."""
        clock = self.pygame.time.Clock()
        while True:
            self.frame()
            if heartbeat is not None:
                heartbeat()
            clock.tick(fps)

    def screenshot(self, path: str) -> None:
        self.draw()
        self.pygame.image.save(self.screen, path)

    def close(self) -> None:
        self.pygame.display.quit()

