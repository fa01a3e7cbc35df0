"""Any game's record as JSON Lines (docs/formats.md): a header naming the game's format, then one
line per decision. The game is found from the header; its engine replays the decisions."""

from __future__ import annotations

import json
from typing import Any

from companion.assets import edition
from companion.games import find_game
from companion.games.base import PlayedGame, Rules
from companion.games.vocabulary import DataError


def dump_record(game: PlayedGame) -> str:
    lines = [json.dumps(game.header())] + [json.dumps(r.to_dict()) for r in game.records]
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> tuple[dict[str, Any], list[Any]]:
    """The header and the decisions as parsed JSON; DataError names the line."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise DataError("line 1", "the record is empty; it needs a header line")
    header = _json_line(*lines[0])
    if not isinstance(header, dict):
        raise DataError("line 1", "the header must be a JSON object")
    return header, [_json_line(n, line) for n, line in lines[1:]]


def _json_line(number: int, line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise DataError(f"line {number}", f"is not JSON ({exc.msg})") from None
    except RecursionError:
        raise DataError(f"line {number}", "is nested too deeply") from None


def rules_of(header: dict[str, Any]) -> Rules:
    """The game a record's header names by its format."""
    name = header.get("format")
    if not isinstance(name, str):
        raise DataError("format", "must name the record's game, like 'companion/<game>-record'")
    return find_game(name)


def load_record(text: str) -> tuple[Rules, PlayedGame]:
    """The game of a record, replayed to its last decision."""
    header, records = parse_record(text)
    rules = rules_of(header)
    return rules, rules.replay(edition(rules.id), header, records)
