"""The two scenarios as the rulebook prints them (§3.0 colours, §5.1/§5.2 turn order, income and
turns, §11.0 scoring turns), parsed from `assets/italia/scenario-*.toml` and validated."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from companion.games.vocabulary import DataError

INCOMES = ("normal", "none", "half", "half-without", "normal-or-half")


@dataclass(frozen=True)
class Nation:
    """One row of the turn-order table."""

    id: str
    name: str
    colour: str
    income: str  # normal | none | half | half-without | normal-or-half
    first: int
    last: int
    income_zone: str = ""  # half-without: the zone whose loss halves the income (§6.1)


@dataclass(frozen=True)
class Scenario:
    id: str  # "I" or "II"
    title: str
    players: int
    turns: int
    scoring_turns: tuple[int, ...]
    nations: tuple[Nation, ...]  # in turn order
    colours: tuple[str, ...]  # player 1, 2, ...

    def ids(self) -> set[str]:
        return {n.id for n in self.nations}

    def nation(self, nation_id: str) -> Nation:
        for nation in self.nations:
            if nation.id == nation_id:
                return nation
        raise DataError("nation", f"{nation_id!r} is not a nation of {self.title}")


def parse_scenario(text: str, where: str) -> Scenario:
    """A scenario file; DataError names the file and the field at fault."""
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # bad TOML, a number past 4,300 digits, deep nesting
        raise DataError(where, f"is not TOML ({exc})") from None
    head = _table(data.get("scenario"), f"{where}: [scenario]")
    colour_of: dict[str, str] = {}
    colours = []
    for number, player in enumerate(_list(data.get("player"), f"{where}: [[player]]"), start=1):
        colour = _text(player.get("colour"), f"{where}: player {number}.colour")
        colours.append(colour)
        for nation in _list_of_text(player.get("nations"), f"{where}: player {number}.nations"):
            colour_of[nation] = colour
    nations = tuple(
        _nation(row, colour_of, f"{where}: nation {n}")
        for n, row in enumerate(_list(data.get("nation"), f"{where}: [[nation]]"), start=1)
    )
    turns = _whole(head.get("turns"), f"{where}: scenario.turns")
    scoring = tuple(
        _whole(t, f"{where}: scenario.scoring_turns") for t in _raw_list(head.get("scoring_turns"))
    )
    return Scenario(
        _text(head.get("id"), f"{where}: scenario.id"),
        _text(head.get("title"), f"{where}: scenario.title"),
        _whole(head.get("players"), f"{where}: scenario.players"),
        turns,
        scoring,
        nations,
        tuple(colours),
    )


def _nation(row: dict[str, Any], colour_of: dict[str, str], where: str) -> Nation:
    nation_id = _text(row.get("id"), f"{where}.id")
    if nation_id not in colour_of:
        raise DataError(f"{where}.id", f"{nation_id!r} belongs to no [[player]]")
    income = row.get("income")
    if income not in INCOMES:
        raise DataError(f"{where}.income", f"must be one of {', '.join(INCOMES)}")
    span = _raw_list(row.get("turns"))
    if len(span) != 2:
        raise DataError(f"{where}.turns", "must be [first, last]")
    first, last = (_whole(t, f"{where}.turns") for t in span)
    zone = row.get("income_zone", "")
    if income == "half-without" and not zone:
        raise DataError(f"{where}.income_zone", "names the zone whose loss halves the income")
    name = _text(row.get("name"), f"{where}.name")
    return Nation(nation_id, name, colour_of[nation_id], str(income), first, last, str(zone))


def _table(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DataError(where, "is missing")
    return value


def _list(value: object, where: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
        raise DataError(where, "must list at least one entry")
    return value


def _raw_list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _list_of_text(value: object, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise DataError(where, "must be a list of nation ids")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise DataError(where, "must be a non-empty string")
    return value


def _whole(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
        raise DataError(where, f"must be a whole number from 0 to 100, not {value!r}")
    return value
