"""Any game's record as JSON Lines (docs/formats.md): a header naming the game's format, then one
line per decision. The game is found from the header; its engine replays the decisions."""

from __future__ import annotations

from typing import Any

from companion.assets import edition
from companion.games import find_game
from companion.games.base import PlayedGame, Rules
from companion.games.records import parse_lines
from companion.games.vocabulary import DataError


def rules_of(header: dict[str, Any]) -> Rules:
    """The game a record's header names by its format."""
    name = header.get("format")
    if not isinstance(name, str):
        raise DataError("format", "must name the record's game, like 'companion/<game>-record'")
    return find_game(name)


def load_record(text: str) -> tuple[Rules, PlayedGame]:
    """The game of a record, replayed to its last decision."""
    header, lines = parse_lines(text)
    rules = rules_of(header)
    return rules, rules.replay(edition(rules.id), header, [data for _number, data in lines])
