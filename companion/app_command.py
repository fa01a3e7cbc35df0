"""`companion run`: the touchscreen app with the devices the config names, or the text demo.

Every decision goes to the journal (companion/store.py) before the table sees it, so a power cut
loses nothing: the start screen offers to resume the game in progress.
"""

from __future__ import annotations

import argparse
import os
import queue
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from companion import i18n
from companion.appliance_command import load_config, open_store, store_errors
from companion.assets import assets_dir, die_faces, edition
from companion.commands import UserError, user_errors
from companion.games import find_game
from companion.games.base import PlayedGame
from companion.games.vocabulary import DataError
from companion.i18n import _, ngettext, translate
from companion.notify import Notifier
from companion.records import rules_of
from companion.session import Session
from companion.store import Journal, Store, StoreError
from companion.tables import find_table, table_ids

DOTS_PER_MM = 203 / 25.4


@user_errors
def run(args: argparse.Namespace) -> int:
    game = args.game or table_ids()[0]
    if args.terminal:
        args.seed = 1 if args.seed is None else args.seed  # the demo repeats itself unless told otherwise
        return int(find_table(game).run_demo(args))
    choices = _choices(game, args)
    _check_assets(
        [game]
    )  # a damaged assets file is one sentence before a screen opens (another game's: when chosen)
    config = load_config()
    try:
        from companion.devices import open_devices
        from companion.ui import display
        from companion.ui.app import App
    except ImportError as exc:
        raise UserError(
            f"the app needs pygame-ce and Pillow ({exc.name} is missing): pip install -e '.[app]'"
        ) from None
    if not args.headless:
        problem = display.prepare(config["screen.driver"])  # may start us again inside the kiosk compositor
        if problem:
            raise UserError(f"no screen to open: {problem}; try --headless, or --terminal for the text demo")
    store = open_store()
    i18n.use(store.setting("language") or config["companion.language"])  # the settings screen's choice wins
    presses: queue.Queue[str] = queue.Queue()  # the table's buttons, from gpiozero's threads
    opened = open_devices(
        config,
        store.directory,
        presses.put,
        ticket_dir=_ticket_dir(args),
        retry_s=0.2 if args.headless else 2.0,
    )
    sessions = Sessions(store, opened.devices, trace=args.trace_journal)
    try:
        app = _open(
            App,
            args,
            config,
            opened.tray,
            sessions,
            presses,
            store.notice,
            choices,
            check_devices=app_checks(config, opened, store, args.headless),
        )
        try:
            if args.autoplay:
                with store_errors():  # a record that cannot be replayed, a full card: one line
                    resumed = sessions.resume() if args.resume and store.in_progress() else None
                    app.begin(resumed or sessions.new(game, _options(choices[game], args)))
                return _autoplay(app, opened, args.rounds)
            app.run(heartbeat=Notifier().frame)
        finally:
            app.close()  # SDL's signal handlers go with the display: a refusal must not leave them behind
    finally:
        opened.close()
        store.close()
    return 0


def app_checks(config: Any, opened: Any, store: Any, headless: bool) -> Callable[[], list[Any]]:
    """The settings screen's hardware check: `companion doctor`'s, except that the display, which
    shows the app, is not opened again (that would close the app's window)."""
    from companion.doctor import run_checks

    showing = None if headless else os.environ.get("SDL_VIDEODRIVER") or "cage"
    return lambda: run_checks(config, opened, store, headless, showing=showing)


class Sessions:
    """New and resumed sessions, each with its journal in the store."""

    def __init__(self, store: Store, devices: Any, trace: bool = False) -> None:
        self.store, self.devices = store, devices
        self.trace = _print_commit if trace else None
        self._said: tuple[object, str] = (None, "")  # the Resume button's progress, for this game's count

    def new(self, game_id: str, options: Any, cards: Sequence[Any] = ()) -> Session:
        """A new game; table decks name the setup's cards in `cards` (CardNeeded: one more is needed)."""
        try:
            game = find_game(game_id).new_game(edition(game_id), options, cards)
        except DataError as exc:  # a damaged assets file of a game chosen on the start screen: its sentence
            raise StoreError(str(exc)) from None
        return Session(
            game,
            self.devices,
            find_table(game_id).new_table(),
            journal=Journal.start(self.store, game, self.trace),
        )

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
        progress = self._progress(saved)
        if progress is not None:
            return _("Resume {game}: {progress}").format(game=saved.title, progress=progress)
        return ngettext(
            "Resume {game}: round {round}, {actions} decision so far",
            "Resume {game}: round {round}, {actions} decisions so far",
            saved.actions,
        ).format(game=saved.title, round=saved.round, actions=saved.actions)

    def resume(self) -> Session:
        """The game in progress, replayed. StoreError: one sentence (none is in progress, or its record
        cannot be replayed); the other games and a new one are untouched."""
        saved = self.store.in_progress()
        if saved is None:
            raise StoreError("No game is in progress; start a new one.")
        game = self.store.load(saved.id)
        if self.trace is not None:
            print(f"resumed {len(game.records)} {state_digest(game)}", flush=True)
        journal = Journal(self.store, saved.id, self.trace)
        session = Session(game, self.devices, journal=journal)
        face = journal.last_shown()
        if face is not None:
            self.devices.die.show(face)  # the die shows what it showed before the power went
        where = said_progress(game.header(), game.state, every=True)
        if where is not None:
            session.message = session.news = _("Resumed: {progress}.").format(progress=where)
        else:
            session.message = session.news = _("Resumed: round {round}.").format(round=saved.round)
        return session

    def _progress(self, saved: Any) -> str | None:
        """A game that says where it stands in words of its own (Rules.progress): its saved game replayed
        once per decision count; None for the others, or when the record cannot be replayed now."""
        try:
            if not hasattr(rules_of(saved.header), "progress"):
                return None
        except DataError:  # a damaged header: the round line says what it can
            return None
        key = (saved.id, saved.actions, i18n.language)
        if self._said[0] != key:
            try:
                game = self.store.load(saved.id)
            except StoreError:
                return None
            self._said = (key, said_progress(saved.header, game.state) or "")
        return self._said[1] or None


def said_progress(header: dict[str, Any], state: Any, every: bool = False) -> str | None:
    """Where a game stands in its own words (the optional Rules.progress), in the table's language: the
    first of its sentences (the Resume button's room), or `every` one."""
    progress = getattr(rules_of(header), "progress", None)
    if progress is None:
        return None
    said = [translate(s) for s in progress(state)]
    return "; ".join(said if every else said[:1])


def _check_assets(games: list[str]) -> None:
    """Each game's data files and its die faces (if it has any), read once: a broken one is told now."""
    for game in games:
        edition(game)
        if (assets_dir() / game / "die-faces.toml").exists():
            die_faces(game)


def _print_commit(seq: int, game: PlayedGame) -> None:
    """--trace-journal (the crash test): each committed decision and the state it led to."""
    print(f"committed {seq} {state_digest(game)}", flush=True)


def state_digest(game: PlayedGame) -> str:
    """A short fingerprint of where the game stands (the crash test compares live and replayed)."""
    import hashlib

    return hashlib.sha256(rules_of(game.header()).dumps(game.state).encode()).hexdigest()[:16]


def _choices(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """Every game's start choices; the one asked for (--game) first, with the command's options."""
    ordered = [game] + [g for g in table_ids() if g != game]
    return {
        g: find_table(g).Choices.from_args(args) if g == game else find_table(g).Choices() for g in ordered
    }


def _options(choices: Any, args: argparse.Namespace) -> Any:
    """The game --autoplay starts: the command's options (--seed as given)."""
    try:
        options = choices.options(1 if args.seed is None else args.seed)
        if hasattr(options, "validate"):  # a game whose options are checked only when the game is made
            options.validate()
    except DataError as exc:
        raise UserError(f"--{exc.field.removeprefix('options.')} {exc.problem}") from None
    return options


def _ticket_dir(args: argparse.Namespace) -> Any:
    from pathlib import Path

    return Path(args.ticket_dir) if args.ticket_dir else None


def _open(
    app_class: type,
    args: argparse.Namespace,
    config: Any,
    tray: list[Any] | None,
    sessions: Sessions,
    presses: queue.Queue[str],
    notice: str,
    choices: dict[str, Any],
    check_devices: Any,
) -> Any:
    size_text = args.size or config["screen.size"]
    width, _, height = size_text.partition("x")
    try:
        size = (0, 0) if size_text == "full" else (int(width), int(height))
    except ValueError:
        raise UserError(f"--size: {size_text!r} is not WIDTHxHEIGHT, like 800x480") from None
    try:
        return app_class(
            None,
            size,
            headless=args.headless,
            tray=tray,
            new_session=sessions.new,
            resume=(sessions.resumable, sessions.resume),
            notice=notice,
            presses=presses,
            check_devices=check_devices,
            choose_language=sessions.remember_language,
            camera=sessions.devices.cards,
            games=list(choices),
            choices=choices,
        )
    except Exception as exc:  # pygame.error: no display, no video driver
        raise UserError(
            f"no screen to open ({exc}); try --headless, or --terminal for the text demo"
        ) from None


def _autoplay(app, opened, rounds: int) -> int:  # type: ignore[no-untyped-def]
    from companion.ui.autoplay import Stopped

    try:
        stats = app.autoplay(rounds)
    except (StoreError, Stopped) as exc:
        raise UserError(f"autoplay stopped: {exc}") from None
    service = opened.devices.printer
    deadline = time.monotonic() + 10
    while service.queue.documents() and time.monotonic() < deadline:
        time.sleep(0.05)
    round_, winner = rules_of(app.session.game.header()).standing(app.session.state)
    result = f"winner {winner}" if winner else f"round {round_}"
    print(f"autoplay: {result}; {stats.summary()}")
    if opened.tray is not None:
        lengths = [round(image.height / DOTS_PER_MM) for image in opened.tray]
        print(f"tickets printed: {len(lengths)}, lengths {lengths} mm")
    app.close()
    sys.stdout.flush()
    return 0
