"""A game's record as JSON Lines, for every engine: a header (the game's format, its options, its
set-up), then one line per decision with its random outcome. Standard library only."""

from __future__ import annotations

import json
from typing import Any

from companion.games.base import PlayedGame
from companion.games.vocabulary import DataError


def load_json(text: str, field: str) -> Any:
    """Any JSON a game reads (a state file, a record line, a battle file), or DataError naming `field`
    and the fault: broken, nested too deeply, or a number longer than Python reads (4,300 digits)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(field, f"is not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise DataError(field, "is nested too deeply") from None
    except ValueError:  # Python refuses integers of more than 4,300 digits
        raise DataError(field, "holds a number too long to be any count in the game") from None


def dump_record(game: PlayedGame) -> str:
    lines = [json.dumps(game.header())] + [json.dumps(r.to_dict()) for r in game.records]
    return "\n".join(lines) + "\n"


def parse_lines(text: str) -> tuple[dict[str, Any], list[tuple[int, Any]]]:
    """The header and each decision's line as parsed JSON, with its line number; DataError names the
    line."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise DataError("line 1", "the record is empty; it needs a header line")
    first_number, first = lines[0]
    return parse_header(first, first_number), [
        (number, _json_line(number, line)) for number, line in lines[1:]
    ]


def parse_header(line: str, number: int = 1) -> dict[str, Any]:
    """A record's header line as an object; DataError says what is wrong with it."""
    header = _json_line(number, line)
    if not isinstance(header, dict):
        raise DataError(f"line {number}", "the header must be a JSON object")
    return header


def _json_line(number: int, line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise DataError(f"line {number}", f"is not JSON ({exc.msg})") from None
    except RecursionError:
        raise DataError(f"line {number}", "is nested too deeply") from None
    except ValueError:  # Python refuses integers of more than 4,300 digits
        raise DataError(f"line {number}", "holds a number too long to be any count in the game") from None
