"""`companion games`, `companion config` and `companion doctor`: the saved games in the journal, the
config file, the hardware check."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion import config as configuration
from companion import paths
from companion.commands import MAX_RECORD_BYTES, UserError, printable, read_text, user_errors
from companion.games.vocabulary import DataError
from companion.records import rules_of
from companion.store import Store, StoreError


def open_store() -> Store:
    """The journal in the state directory; a repaired journal's notice goes to stderr."""
    with store_errors():
        store = Store(paths.state_dir())
    if store.notice:
        print(f"companion: {store.notice}", file=sys.stderr)
    return store


@contextmanager
def store_errors() -> Iterator[None]:
    """A journal fault ends the command with its one sentence."""
    try:
        yield
    except StoreError as exc:
        raise UserError(str(exc)) from None


@user_errors
def list_games(args: argparse.Namespace) -> int:
    store = open_store()
    saved = store.games()
    for game in saved:
        print(printable(game.describe()))
    if not saved:
        print(f"no saved games in {store.path}")
    return 0


@user_errors
def show_game(args: argparse.Namespace) -> int:
    store = open_store()
    with store_errors():
        saved, game = store.game(args.id), store.load(args.id)
    if args.state:
        print(printable(rules_of(game.header()).dumps(game.state)))  # whatever a game's dumps escapes
        return 0
    print(printable(saved.describe()))
    print(printable("\n".join(rules_of(game.header()).describe(game.state))))
    return 0


@user_errors
def export_game(args: argparse.Namespace) -> int:
    store = open_store()
    with store_errors():
        data = store.export_raw(args.id)  # as stored: a damaged game's bytes are kept, not mended
    if args.out is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        return 0
    try:
        Path(args.out).write_bytes(data)
    except OSError as exc:
        raise UserError(f"{args.out}: cannot be written ({exc.strerror})") from None
    print(f"game {args.id} written to {args.out}")
    return 0


@user_errors
def import_game(args: argparse.Namespace) -> int:
    text = read_text(args.record, MAX_RECORD_BYTES)
    store = open_store()
    try:
        with store_errors():
            game_id = store.import_text(text)
    except DataError as exc:
        raise UserError(f"{args.record}: {exc}") from None
    print(printable(f"imported as {store.game(game_id).describe()}"))
    try:
        store.backup(game_id)  # the spare a damaged journal is restored from, as for a game played here
    except StoreError as exc:
        print(f"companion: {exc} The game is in the journal.", file=sys.stderr)
    return 0


@user_errors
def delete_game(args: argparse.Namespace) -> int:
    store = open_store()
    with store_errors():
        store.delete(args.id)
    print(f"game {args.id} deleted")
    return 0


def load_config() -> configuration.Config:
    try:
        return configuration.load(paths.config_path())
    except configuration.ConfigError as exc:
        raise UserError(str(exc)) from None


@user_errors
def check_config(args: argparse.Namespace) -> int:
    """One line: the config in force is fine, or what is wrong (a file COMPANION_CONFIG names must exist)."""
    named = os.environ.get("COMPANION_CONFIG")
    if named and not Path(named).exists():
        raise UserError(f"{named}: not found (COMPANION_CONFIG names it); without it every default holds")
    print(f"{load_config().source}: ok")
    return 0


@user_errors
def show_config(args: argparse.Namespace) -> int:
    sys.stdout.write(load_config().to_toml())
    return 0


@user_errors
def doctor(args: argparse.Namespace) -> int:
    """Check every configured device; exit 0 only when every required one is fine."""
    import queue

    from companion.devices import open_devices
    from companion.doctor import healthy, run_checks, table

    config = load_config()
    store = open_store()
    presses: queue.Queue[str] = queue.Queue()
    opened = open_devices(config, store.directory, presses.put)
    try:
        checks = run_checks(
            config, opened, store, headless=args.headless, presses=presses, press_s=args.buttons
        )
    finally:
        opened.close()
        store.close()
    print(f"config   ok    {config.source}")
    sys.stdout.write(table(checks))
    return 0 if healthy(checks) else 1
