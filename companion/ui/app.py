"""The app: the main loop and a router between the lobby (everything before a game) and the game
screen. The game screen's content comes from the game's table module, so nothing here knows a game.

Desk mode shows the simulated die and printer tray in the panel. Autoplay lets a bot tap the
same buttons a player would (a board tap for zones), which is how the whole app is tested.
"""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Callable
from typing import Any

from companion import i18n
from companion.i18n import _
from companion.tables import find_table, table_ids
from companion.ui.autoplay import RunStats, play_through
from companion.ui.panel import Entry

KEYS = {
    "return": "confirm",
    "backspace": "back",
    "n": "next",
    "r": "roll",
}  # desk mode: keys for the table's buttons
DIE_KEY = "d"  # desk mode: the simulated die box's button (a click on its lights too)


class App:
    def __init__(
        self,
        session: Any = None,
        size: tuple[int, int] = (800, 480),
        headless: bool = False,
        tray: list[Any] | None = None,
        new_session: Callable[..., Any] | None = None,
        resume: tuple[Callable[[], str | None], Callable[[], Any]] | None = None,
        notice: str = "",
        presses: queue.Queue[str] | None = None,
        check_devices: Callable[[], list[Any]] | None = None,
        choose_language: Callable[[str], None] | None = None,
        camera: Any = None,
        games: list[str] | None = None,
        choices: dict[str, Any] | None = None,
    ) -> None:
        """`session` None opens the start screen, whose New game calls `new_session(game, options,
        cards=())`. `tray`: desk mode's printed tickets (Pillow images), shown by the printer's line.
        `resume`: (what the Resume button says, or None when no game is in progress; the resumed
        session). `notice`: a sentence for the start screen (a repaired journal). `size` (0, 0):
        the whole screen. `presses`: the table buttons' queue (gpiozero puts names in from its
        threads). `check_devices`: the hardware check behind the settings screen (companion.doctor).
        `choose_language`: keeps the language picked in settings. `camera`: the card reader, for
        cards the table shows before a game (Milano's set-up Zone cards with its own decks).
        `games`: the games offered (default: every registered one); `choices`: their start choices."""
        self._open_display(size, headless)
        from companion.ui.lobby import Doors, Lobby

        self.modules = {game: find_table(game) for game in (games or table_ids())}
        doors = Doors(new_session, resume, check_devices, self._language(choose_language), camera, self.begin)
        self.lobby = Lobby(
            self.screen.get_rect(),
            self.target,
            self.fonts["body"].get_linesize(),
            self.modules,
            choices or {game: module.Choices() for game, module in self.modules.items()},
            doors,
            notice,
        )
        self.game: Any = None  # the game screen (companion.ui.game.GameScreen), once a session plays
        self.paused: Any = None  # the game screen while its menu's Settings are open
        self.buttons: list[Any] = []
        self.stats = RunStats()
        self.tray = tray
        self.presses: queue.Queue[str] = (
            presses or queue.Queue()
        )  # table buttons: gpiozero calls from its threads
        self._animate = True  # show an automated side's turn step by step (autoplay and tests turn it off)
        self._shown_view: tuple[object, ...] = ()
        if session is not None:
            self.begin(session)

    def _open_display(self, size: tuple[int, int], headless: bool) -> None:
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the chime plays to nobody
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from companion.ui import theme
        from companion.ui.painter import Painter

        self.pygame = pygame
        pygame.display.init()
        driver = pygame.display.get_driver()
        if not headless and driver in ("offscreen", "dummy"):  # SDL's last resort: a window nobody sees
            pygame.display.quit()
            raise RuntimeError(f"no display here (SDL could only start its {driver} driver)")
        pygame.font.init()
        self.screen = pygame.display.set_mode(size, pygame.FULLSCREEN if size == (0, 0) else 0)
        pygame.display.set_caption("Table Companion")
        height = self.screen.get_height()
        # every sentence is in body type (24 px at 480 lines); the small type is for labels on the
        # map (zone numbers, initials) and a button label too long for its button
        self.fonts = {
            "body": theme.font_of_height(pygame, theme.text_px(height)),
            "small": theme.font_of_height(pygame, round(theme.text_px(height) * 0.8)),
        }
        self.painter = Painter(self.screen, self.fonts)
        self.target = theme.target_px(height)

    # the loop

    def frame(self) -> None:
        """Handle input, poll the devices, draw one frame."""
        start = time.perf_counter()
        events = self.pygame.event.get()
        for event in events:
            self._handle(event)
        pressed = not self.presses.empty()
        while not self.presses.empty():
            name = self.presses.get_nowait()
            if self.game is not None:
                self.game.session.button(name)
        if self.game is not None:
            self.game.poll()
        else:
            self.lobby.cards_before_game()
        view = self._view()
        moving = self.game is not None and self.game.moving()
        if not (events or pressed or moving or view != self._shown_view):
            self.stats.idle += 1  # nothing changed: no drawing, the CPU rests until the next tick
            return
        self._shown_view = view
        drawing = time.perf_counter()
        self.draw()
        now = time.perf_counter()
        self.stats.render_ms.append((now - drawing) * 1000)
        self.stats.frames_ms.append((now - start) * 1000)

    def _handle(self, event: Any) -> None:
        pygame = self.pygame
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self.game is None or not self.game.press(event.pos):
                self.tap(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.game is not None:
            self.game.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and self.game is not None:
            self.game.release(event.pos)
        elif event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) and self.lobby.typing(event):
            pass  # a name typed on the desk's keyboard
        elif event.type == pygame.KEYDOWN and pygame.key.name(event.key) == DIE_KEY and self.game is not None:
            self.game.press_die()  # its listener puts "die" among the table's buttons (companion.devices)
        elif event.type == pygame.KEYDOWN and pygame.key.name(event.key) in KEYS:
            self.press(KEYS[pygame.key.name(event.key)])  # desk mode: the keyboard stands in for the buttons
        elif event.type == pygame.QUIT:
            raise SystemExit(0)

    def _view(self) -> tuple[object, ...]:
        """Everything on screen that can change without a tap: redraw when it does."""
        parts = (i18n.language, len(self.tray or ())) + self.lobby.key()
        return parts + (self.game.key() if self.game is not None else ())

    # the screens

    @property
    def animate(self) -> bool:
        return self._animate

    @animate.setter
    def animate(self, on: bool) -> None:
        self._animate = on
        if self.game is not None:
            self.game.view.animate = on

    @property
    def session(self) -> Any:
        assert self.game is not None, "no game yet: the start screen is showing"
        return self.game.session

    def _language(self, keep: Callable[[str], None] | None) -> Callable[[str], None]:
        """A language picked in settings: the game's last sentence was said in the other one (a
        refusal stays in English on an Italian screen otherwise), so it goes; `keep` keeps the choice."""

        def chosen(code: str) -> None:
            if self.game is not None:
                self.game.session.message = self.game.session.news = ""
            if keep is not None:
                keep(code)

        return chosen

    def begin(self, session: Any) -> None:
        """Play this session (a new game, or one resumed: with the colours the table chose for it)."""
        from companion.ui.game import GameScreen
        from companion.ui.menu import GameMenu

        lobby, journal = self.lobby, session.journal
        lobby.notice = ""
        kept = journal.colours if journal is not None else None
        if kept and sorted(kept) == list(range(len(kept))):
            lobby.colours = kept
        elif journal is not None:
            journal.keep_colours(lobby.colours)
        game_id = session.table.game_id
        choices = lobby.start_screen.choices.get(game_id)
        view = find_table(game_id).new_view(
            session, self.screen.get_height(), self.target, choices, lobby.colours
        )
        view.animate = self.animate
        menu = GameMenu(self.new_game, self._settings_in_game, self.lobby.settings.use_language)
        self.game = GameScreen(
            self.screen.get_rect(),
            self.target,
            self.painter,
            session,
            view,
            self.tray,
            self._app_buttons,
            menu,
        )

    def _settings_in_game(self) -> None:
        """The settings screen from the game's menu; closing it comes back to the game."""
        self.paused, self.game = self.game, None
        self.lobby.showing_settings = True

    def _back_to_game(self) -> None:
        if self.paused is not None and not self.lobby.showing_settings:
            self.game, self.paused = self.paused, None

    def new_game(self) -> None:
        """Back to the start screen (the game over screen's button; the menu's, where a game in
        progress stays in the journal for Resume)."""
        self.game = None

    def _app_buttons(self) -> list[Entry]:
        """The app's own buttons after the game's: a new game once this one is over."""
        if self.game is not None and self.game.session.over and self.lobby.doors.new_session is not None:
            return [(_("New game"), ("new-game",), self.new_game)]
        return []

    # input and drawing

    def press(self, name: str) -> None:
        """A table button (Confirm, Back, Next, Roll); safe to call from any thread."""
        self.presses.put(name)

    def tap(self, position: tuple[int, int]) -> None:
        if self.game is not None:
            self.game.tap(position)
        else:
            self.lobby.tap(position, self.buttons)
            self._back_to_game()

    def draw(self) -> None:
        self._back_to_game()
        if self.game is not None:
            self.game.draw()
            self.buttons = self.game.buttons
        else:
            self.buttons = self.lobby.draw(self.painter)
        self.pygame.display.flip()

    def autoplay(self, rounds: int, seed: int = 1, bot: Any = None) -> RunStats:
        """A bot (the game's own unless given) plays through the app's own buttons until the game
        ends or `rounds` are over."""
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
