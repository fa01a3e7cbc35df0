"""The Italia data files, validated: the rule numbers, both scenarios and the map's facts."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.vocabulary import DataError

from .nations import parse_nation
from .numbers import TERRAINS, Numbers, parse_numbers
from .scenario import Scenario, parse_scenario

KINDS = ("land", "sea")


@dataclass(frozen=True)
class Zone:
    id: str
    name: str
    kind: str
    region: str
    terrain: str
    city_allowed: bool


@dataclass(frozen=True)
class Board:
    """The map as far as the data goes: zones and the adjacency pairs known (complete or not)."""

    zones: dict[str, Zone]
    adjacent: frozenset[frozenset[str]]
    complete: bool
    complete_zones: frozenset[str] = frozenset()  # zones whose every neighbour is listed

    def neighbours(self, zone: str) -> set[str] | None:
        """The zone's neighbours, or None while the map does not list them all."""
        if not (self.complete or zone in self.complete_zones):
            return None
        return {z for pair in self.adjacent if zone in pair for z in pair if z != zone}


@dataclass(frozen=True)
class Edition:
    numbers: Numbers
    scenarios: dict[str, Scenario]
    board: Board
    nations: dict[str, dict[str, Any]]  # the owner's nation files, by nation id (none shipped)

    def scenario(self, which: str) -> Scenario:
        if which not in self.scenarios:
            raise DataError("scenario", f"must be one of {', '.join(self.scenarios)}")
        return self.scenarios[which]


def load(read: Callable[[str], str], where: Callable[[str], str]) -> Edition:
    """Every file of assets/italia; DataError names the file and the field."""
    numbers = parse_numbers(read("rules.toml"), where("rules.toml"))
    scenarios = {}
    for name in ("scenario-1.toml", "scenario-2.toml"):
        scenario = parse_scenario(read(name), where(name))
        scenarios[scenario.id] = scenario
    parse_nation(read("nations/TEMPLATE.toml"), where("nations/TEMPLATE.toml"), template=True)
    board = parse_board(read("map.toml"), where("map.toml"))
    return Edition(numbers, scenarios, board, _nations(read, where, scenarios))


def _nations(
    read: Callable[[str], str], where: Callable[[str], str], scenarios: dict[str, Scenario]
) -> dict[str, dict[str, Any]]:
    """The nation files the owner filled, listed in nations/index.toml."""
    name = "nations/index.toml"
    try:
        listed = tomllib.loads(read(name)).get("filled", [])
    except (ValueError, RecursionError) as exc:  # bad TOML, a number past 4,300 digits, deep nesting
        raise DataError(where(name), f"is not TOML ({exc})") from None
    if not isinstance(listed, list) or not all(
        isinstance(n, str) and n.replace("-", "").isalpha() for n in listed
    ):
        raise DataError(f"{where(name)}: filled", 'must list nation ids, e.g. ["celts"]')
    found = {}
    for nation in listed:
        data = parse_nation(read(f"nations/{nation}.toml"), where(f"nations/{nation}.toml"))
        _check_names(data, scenarios, where(f"nations/{nation}.toml"))
        found[data["nation"]["id"]] = data
    return found


def _check_names(data: dict[str, Any], scenarios: dict[str, Scenario], where: str) -> None:
    """The masters a card's revolts name and the nation it replaces (§12.4, §12.6) play in its scenario."""
    nation = data["nation"]["id"]
    game = next((s for s in scenarios.values() if nation in s.ids()), None)
    if game is None:
        raise DataError(f"{where}: nation.id", f"{nation!r} is a nation of neither scenario")
    named = [(f"revolt {n}.against", row["against"]) for n, row in enumerate(data.get("revolt", []), 1)]
    if data["nation"].get("replaces"):
        named.append(("nation.replaces", data["nation"]["replaces"]))
    for field, other in named:
        if other not in game.ids():
            raise DataError(f"{where}: {field}", f"{other!r} is not a nation of {game.title}")


def parse_board(text: str, where: str) -> Board:
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # bad TOML, a number past 4,300 digits, deep nesting
        raise DataError(where, f"is not TOML ({exc})") from None
    zones: dict[str, Zone] = {}
    for number, row in enumerate(data.get("zone", []), start=1):
        zone = _zone(row, f"{where}: zone {number}")
        if zone.id in zones:
            raise DataError(f"{where}: zone {number}.id", f"{zone.id!r} is listed twice")
        zones[zone.id] = zone
    pairs = set()
    for table in ("adjacent", "strait"):
        for number, row in enumerate(data.get(table, []), start=1):
            pair = row.get("zones") if isinstance(row, dict) else None
            if not isinstance(pair, list) or len(pair) != 2 or not all(z in zones for z in pair):
                raise DataError(f"{where}: {table} {number}.zones", "must name two zones of the map")
            pairs.add(frozenset(pair))
    complete = data.get("meta", {}).get("complete", False)
    if not isinstance(complete, bool):
        raise DataError(f"{where}: meta.complete", "must be true or false")
    listed = set()
    for number, row in enumerate(data.get("complete", []), start=1):
        if not isinstance(row, dict) or row.get("zone") not in zones:
            raise DataError(f"{where}: complete {number}.zone", "must name a zone of the map")
        listed.add(row["zone"])
    return Board(zones, frozenset(pairs), complete, frozenset(listed))


def _zone(row: object, where: str) -> Zone:
    if not isinstance(row, dict):
        raise DataError(where, "must be a table")
    for key in ("id", "name", "region"):
        if not isinstance(row.get(key), str) or not row[key]:
            raise DataError(f"{where}.{key}", "must be a non-empty string")
    if row.get("kind") not in KINDS:
        raise DataError(f"{where}.kind", "must be 'land' or 'sea'")
    if row.get("terrain") not in TERRAINS:
        raise DataError(f"{where}.terrain", f"must be one of {', '.join(TERRAINS)}")
    if not isinstance(row.get("city_allowed"), bool):
        raise DataError(f"{where}.city_allowed", "must be true or false")
    return Zone(row["id"], row["name"], row["kind"], row["region"], row["terrain"], row["city_allowed"])
