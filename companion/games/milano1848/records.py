"""The game record as JSON Lines (companion.games.records): a header (options, setup draws), then one
line per decision."""

from __future__ import annotations

from typing import Any

from companion.games.records import dump_record, parse_lines

from .edition import Edition
from .errors import DataError
from .game import Game, Record, replay

__all__ = ["dump_record", "load_record", "parse_record"]


def parse_record(text: str) -> tuple[dict[str, Any], list[Record]]:
    """Header and records; DataError names the line and the field."""
    header, lines = parse_lines(text)
    records = []
    for number, data in lines:
        try:
            records.append(Record.from_dict(data))
        except DataError as exc:
            raise DataError(f"line {number}: {exc.field}", exc.problem) from None
    return header, records


def load_record(text: str, edition: Edition) -> Game:
    header, records = parse_record(text)
    return replay(edition, header, records)
