"""The game record as JSON Lines: a header (options, setup draws), then one line per decision."""

from __future__ import annotations

import json
from typing import Any

from .edition import Edition
from .errors import DataError
from .game import Game, Record, replay


def dump_record(game: Game) -> str:
    lines = [json.dumps(game.header())] + [json.dumps(r.to_dict()) for r in game.records]
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> tuple[dict[str, Any], list[Record]]:
    """Header and records; DataError names the line and the field."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise DataError("line 1", "the record is empty; it needs a header line")
    header = _json_line(*lines[0])
    if not isinstance(header, dict):
        raise DataError("line 1", "the header must be a JSON object")
    records = []
    for number, line in lines[1:]:
        try:
            records.append(Record.from_dict(_json_line(number, line)))
        except DataError as exc:
            raise DataError(f"line {number}: {exc.field}", exc.problem) from None
    return header, records


def _json_line(number: int, line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise DataError(f"line {number}", f"is not JSON ({exc.msg})") from None
    except RecursionError:
        raise DataError(f"line {number}", "is nested too deeply") from None
    except ValueError:  # Python refuses integers of more than 4,300 digits
        raise DataError(f"line {number}", "holds a number too long to be any count in the game") from None


def load_record(text: str, edition: Edition) -> Game:
    header, records = parse_record(text)
    return replay(edition, header, records)
