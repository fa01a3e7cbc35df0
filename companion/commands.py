"""What the generic `companion` commands share: one line on stderr for every user mistake (exit
code 2), files read with a cap, and `companion replay` for any game's record."""

from __future__ import annotations

import argparse
import functools
import sys
import unicodedata
from collections.abc import Callable
from typing import Any

from companion import files
from companion.games.vocabulary import DataError

USAGE_ERROR = 2
MAX_STATE_BYTES = 1 << 20
MAX_RECORD_BYTES = 32 << 20


class UserError(Exception):
    """A mistake in what the user gave us; the message is the whole story."""


def user_errors(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    @functools.wraps(command)
    def guarded(args: argparse.Namespace) -> int:
        try:
            return command(args)
        except (UserError, DataError) as exc:  # DataError here: a broken file in assets/
            print(f"companion: {exc}", file=sys.stderr)
            return USAGE_ERROR

    return guarded


def printable(text: str) -> str:
    """Text that came from a file, for the terminal: control characters (escape sequences, bidi
    overrides) are shown as escapes, never obeyed; line breaks stay."""
    return "".join(c if c == "\n" or unicodedata.category(c)[0] != "C" else ascii(c)[1:-1] for c in text)


def read_text(path: str, limit: int) -> str:
    """A file the user named, as text; UserError (one line) unless a regular UTF-8 file within `limit`."""
    try:
        return files.read_text(path, limit)
    except files.FileRefused as exc:
        raise UserError(str(exc)) from None


def write_receipt(path: str, document: Any) -> None:
    """A ticket (a hardware.document.Document) as the ESC/POS bytes a 58 mm printer would get."""
    from pathlib import Path

    try:
        from hardware.printer import escpos_bytes

        data = escpos_bytes(document)
    except ImportError:
        raise UserError("--receipt needs the printer extra: pip install 'table-companion[printer]'") from None
    try:
        Path(path).write_bytes(data)
    except OSError as exc:
        raise UserError(f"--receipt: {path} cannot be written ({exc.strerror})") from None


@user_errors
def replay_record(args: argparse.Namespace) -> int:
    """The final state file of any game's record (the game is found from the record's format)."""
    from companion.records import load_record

    try:
        rules, game = load_record(read_text(args.record, MAX_RECORD_BYTES))
    except DataError as exc:
        raise UserError(f"{args.record}: {exc}") from None
    print(rules.dumps(game.state))
    return 0
