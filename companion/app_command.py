"""`companion run`: the touchscreen app in desk mode (every device simulated), or the text demo."""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.assets import milano1848
from companion.commands import UserError, run_demo, user_errors
from companion.games.milano1848.errors import DataError
from companion.games.milano1848.game import Game
from companion.games.milano1848.setup import Options
from companion.session import Devices, Session

DOTS_PER_MM = 203 / 25.4


@user_errors
def run(args: argparse.Namespace) -> int:
    if args.terminal:
        return int(run_demo(args))
    try:
        options = Options(players=args.players, mode=args.mode, seed=args.seed, wave=args.wave)
        options.validate()
    except DataError as exc:
        raise UserError(f"--{exc.field.removeprefix('options.')} {exc.problem}") from None
    try:
        from companion.ui.app import App
        from hardware.printer import PrintService
        from hardware.sim.die import SimDie
        from hardware.sim.printer import SimPrinter
    except ImportError as exc:
        raise UserError(f"the app needs pygame-ce and Pillow ({exc.name} is missing): pip install -e '.[app]'") from None
    printer = SimPrinter(ticket_dir=Path(args.ticket_dir) if args.ticket_dir else None)
    with tempfile.TemporaryDirectory() as spool:  # desk mode: the queue lives as long as the window
        service = PrintService(printer, Path(spool) / "print-queue.jsonl", retry_s=0.2)

        def new_session(chosen: Options) -> Session:
            return Session(Game(milano1848(), chosen), Devices(SimDie(), service))

        try:
            # --autoplay starts the game at once; a person chooses on the start screen
            app = _open(App, new_session(options) if args.autoplay else None, args, printer.tray, new_session)
            if args.autoplay:
                return _autoplay(app, service, printer, args.rounds)
            app.run()
        finally:
            service.close()
    return 0


def _open(app_class: type, session: Session | None, args: argparse.Namespace, tray: list[Any],  # type: ignore[no-untyped-def]
          new_session: Callable[[Options], Session]):
    width, _, height = args.size.partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        raise UserError(f"--size: {args.size!r} is not WIDTHxHEIGHT, like 800x480") from None
    try:
        return app_class(session, size, headless=args.headless, tray=tray, new_session=new_session)
    except Exception as exc:  # pygame.error: no display, no video driver
        raise UserError(f"no screen to open ({exc}); try --headless, or --terminal for the text demo") from None


def _autoplay(app, service, printer, rounds: int) -> int:  # type: ignore[no-untyped-def]
    stats = app.autoplay(rounds)
    deadline = time.monotonic() + 10
    while service.queue.documents() and time.monotonic() < deadline:
        time.sleep(0.05)
    lengths = [round(image.height / DOTS_PER_MM) for image in printer.tray]
    state = app.session.state
    result = f"winner {state.winner}" if state.winner else f"round {state.round}"
    print(f"autoplay: {result}; {stats.summary()}")
    print(f"tickets printed: {len(lengths)}, lengths {lengths} mm")
    app.close()
    return 0
