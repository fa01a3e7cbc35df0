"""`companion run`: the touchscreen app with the devices the config names, or the text demo.

Every decision goes to the journal (companion/store.py) before the table sees it, so a power cut
loses nothing: the start screen offers to resume the game in progress.
"""

from __future__ import annotations

import argparse
import queue
from collections.abc import Sequence
import sys
import time
from typing import Any

from companion.assets import milano1848
from companion.commands import UserError, run_demo, user_errors
from companion.games.milano1848 import stateio
from companion.games.milano1848.dealer import Draw
from companion.games.milano1848.errors import DataError
from companion.games.milano1848.game import Game
from companion.games.milano1848.setup import Options
from companion.appliance_command import load_config, open_store
from companion import i18n
from companion.i18n import _
from companion.notify import Notifier
from companion.session import Session
from companion.store import Journal, Store, StoreError

DOTS_PER_MM = 203 / 25.4


@user_errors
def run(args: argparse.Namespace) -> int:
    if args.terminal:
        return int(run_demo(args))
    options = _options(args)
    config = load_config()
    try:
        from companion.devices import open_devices
        from companion.doctor import run_checks
        from companion.ui import display
        from companion.ui.app import App
    except ImportError as exc:
        raise UserError(f"the app needs pygame-ce and Pillow ({exc.name} is missing): pip install -e '.[app]'") from None
    if not args.headless:
        problem = display.prepare(config["screen.driver"])  # may start us again inside the kiosk compositor
        if problem:
            raise UserError(f"no screen to open: {problem}; try --headless, or --terminal for the text demo")
    store = open_store()
    i18n.use(store.setting("language") or config["companion.language"])  # the settings screen's choice wins
    presses: queue.Queue[str] = queue.Queue()  # the table's buttons, from gpiozero's threads
    opened = open_devices(config, store.directory, presses.put, ticket_dir=_ticket_dir(args),
                          retry_s=0.2 if args.headless else 2.0)
    sessions = Sessions(store, opened.devices, trace=args.trace_journal)
    try:
        app = _open(App, args, config, opened.tray, sessions, presses, store.notice,
                    check_devices=lambda: run_checks(config, opened, store, headless=args.headless))
        if args.autoplay:
            resumed = sessions.resume() if args.resume and store.in_progress() else None
            app.begin(resumed or sessions.new(options))
            return _autoplay(app, opened, args.rounds)
        app.run(heartbeat=Notifier().frame)
    finally:
        opened.close()
        store.close()
    return 0


class Sessions:
    """New and resumed sessions, each with its journal in the store."""

    def __init__(self, store: Store, devices: Any, trace: bool = False) -> None:
        self.store, self.devices = store, devices
        self.trace = _print_commit if trace else None

    def new(self, options: Options, cards: Sequence[Draw] = ()) -> Session:
        """A new game; table decks name the setup's Zone cards in `cards` (CardNeeded: one more is needed)."""
        game = Game(milano1848(), options, cards)
        return Session(game, self.devices, journal=Journal.start(self.store, game, self.trace))

    def remember_language(self, code: str) -> None:
        try:
            self.store.remember("language", code)
        except StoreError:
            pass  # switched for now; the next start falls back to the config's language

    def resumable(self) -> str | None:
        """What the start screen's Resume button says, if a game is in progress."""
        saved = self.store.in_progress()
        if saved is None:
            return None
        options = saved.header.get("options", {})
        return _("Resume: round {round}, {players} players, {actions} actions").format(
            round=saved.round, players=options.get("players", "?"), actions=saved.actions)

    def resume(self) -> Session:
        saved = self.store.in_progress()
        assert saved is not None
        game = self.store.load(saved.id)
        if self.trace is not None:
            print(f"resumed {len(game.records)} {state_digest(game)}", flush=True)
        session = Session(game, self.devices, journal=Journal(self.store, saved.id, self.trace))
        face = self.store.setting("die.face")
        if face:
            try:
                self.devices.die.show(face)  # the die shows what it showed before the power went
            except ValueError:
                pass  # a damaged setting: the next reveal shows a face again
        session.message = _("Resumed: round {round}.").format(round=game.state.round)
        return session


def _print_commit(seq: int, game: Game) -> None:
    """--trace-journal (the crash test): each committed decision and the state it led to."""
    print(f"committed {seq} {state_digest(game)}", flush=True)


def state_digest(game: Game) -> str:
    """A short fingerprint of where the game stands (the crash test compares live and replayed)."""
    import hashlib

    return hashlib.sha256(stateio.dumps(game.state).encode()).hexdigest()[:16]


def _options(args: argparse.Namespace) -> Options:
    try:
        options = Options(players=args.players, mode=args.mode, seed=args.seed, wave=args.wave)
        options.validate()
    except DataError as exc:
        raise UserError(f"--{exc.field.removeprefix('options.')} {exc.problem}") from None
    return options


def _ticket_dir(args: argparse.Namespace) -> Any:
    from pathlib import Path

    return Path(args.ticket_dir) if args.ticket_dir else None


def _open(app_class: type, args: argparse.Namespace, config: Any, tray: list[Any] | None,  # type: ignore[no-untyped-def]
          sessions: Sessions, presses: queue.Queue[str], notice: str, check_devices: Any):
    size_text = args.size or config["screen.size"]
    width, _, height = size_text.partition("x")
    try:
        size = (0, 0) if size_text == "full" else (int(width), int(height))
    except ValueError:
        raise UserError(f"--size: {size_text!r} is not WIDTHxHEIGHT, like 800x480") from None
    try:
        return app_class(None, size, headless=args.headless, tray=tray, new_session=sessions.new,
                         resume=(sessions.resumable, sessions.resume), notice=notice, presses=presses,
                         check_devices=check_devices, choose_language=sessions.remember_language,
                         camera=sessions.devices.cards)
    except Exception as exc:  # pygame.error: no display, no video driver
        raise UserError(f"no screen to open ({exc}); try --headless, or --terminal for the text demo") from None


def _autoplay(app, opened, rounds: int) -> int:  # type: ignore[no-untyped-def]
    try:
        stats = app.autoplay(rounds)
    except StoreError as exc:
        raise UserError(str(exc)) from None
    service = opened.devices.printer
    deadline = time.monotonic() + 10
    while service.queue.documents() and time.monotonic() < deadline:
        time.sleep(0.05)
    state = app.session.state
    result = f"winner {state.winner}" if state.winner else f"round {state.round}"
    print(f"autoplay: {result}; {stats.summary()}")
    if opened.tray is not None:
        lengths = [round(image.height / DOTS_PER_MM) for image in opened.tray]
        print(f"tickets printed: {len(lengths)}, lengths {lengths} mm")
    app.close()
    sys.stdout.flush()
    return 0
