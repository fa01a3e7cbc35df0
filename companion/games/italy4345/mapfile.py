"""map.toml and setup.toml: the board the owner copies from their map (level L2), checked whole: a map
with any "?" left is no map (the companion then asks instead of checking)."""

from __future__ import annotations

from typing import Any

from .edition import UNKNOWN, Board
from .errors import DataError
from .model import CITIES, FACTIONS, LOYALTIES, SPECIALS, TYPES

FIXED = {**dict.fromkeys(CITIES, "city"), **dict.fromkeys(SPECIALS, "special")}


def board_of(data: dict[str, Any], where: str) -> Board | None:
    """The complete map, or None while it has a "?" anywhere (a template)."""
    areas = data.get("areas", {})
    if not isinstance(areas, dict) or _unfilled(data):
        return None
    types, neighbours = {}, {}
    for area, entry in areas.items():
        key = f"{where}: areas.{area}"
        if not isinstance(entry, dict) or entry.get("type") not in TYPES:
            raise DataError(f"{key}.type", f"must be one of {', '.join(TYPES)}")
        if FIXED.get(area, entry["type"]) != entry["type"]:
            raise DataError(f"{key}.type", f"must be {FIXED[area]}")
        types[area] = entry["type"]
        neighbours[area] = _neighbours(entry, key)
    _check_areas(types, neighbours, areas, where)
    return Board(types, neighbours, _lines(data, types, where), _order(data, types, where))


def _unfilled(value: object) -> bool:
    if isinstance(value, dict):
        return any(_unfilled(v) for v in value.values())
    if isinstance(value, list):
        return any(_unfilled(v) for v in value)
    return value == UNKNOWN


def _neighbours(entry: dict[str, Any], key: str) -> tuple[str, ...]:
    near, clockwise = entry.get("neighbours", []), entry.get("clockwise", [])
    if not isinstance(near, list) or not all(isinstance(n, str) for n in near):
        raise DataError(f"{key}.neighbours", "must be a list of area ids")
    if not isinstance(clockwise, list) or sorted(clockwise) != sorted(near):
        raise DataError(f"{key}.clockwise", "must list the same ids as neighbours, clockwise from due west")
    return tuple(clockwise)


def _check_areas(
    types: dict[str, str], neighbours: dict[str, tuple[str, ...]], areas: dict[str, Any], where: str
) -> None:
    for area in FIXED:
        if area not in types:
            raise DataError(f"{where}: areas.{area}", "is missing (the nine cities and six special areas)")
    for area, near in neighbours.items():
        for other in near:
            if other not in types or area not in neighbours[other]:
                raise DataError(f"{where}: areas.{area}.neighbours", f"{other} is not a neighbour both ways")
    reached, todo = {"rds"}, ["rds"]
    while todo:
        for other in neighbours[todo.pop()]:
            if other not in reached:
                reached.add(other)
                todo.append(other)
    for area in types:
        if area not in reached and not areas[area].get("isolated", False):
            raise DataError(f"{where}: areas.{area}", "cannot be reached from rds (mark it isolated = true)")


def _lines(data: dict[str, Any], types: dict[str, str], where: str) -> frozenset[frozenset[str]]:
    lines = data.get("logistic", {}).get("lines", [])
    found = set()
    for line in lines if isinstance(lines, list) else [None]:
        if not isinstance(line, list) or len(line) != 2 or not set(line) <= set(types) or line[0] == line[1]:
            raise DataError(f"{where}: logistic.lines", "must be pairs of two existing areas")
        found.add(frozenset(line))
    return frozenset(found)


def _order(data: dict[str, Any], types: dict[str, str], where: str) -> tuple[str, ...]:
    order = data.get("offensive", {}).get("south_west_to_north_east", [])
    playable = sorted(a for a, t in types.items() if t != "special")
    if not isinstance(order, list) or sorted(order) != playable:
        raise DataError(
            f"{where}: offensive.south_west_to_north_east", "must list every non-special area once"
        )
    return tuple(order)


def setup_of(data: dict[str, Any], where: str, board: Board | None) -> dict[str, Any] | None:
    """The printed set-up in the state file's shape, or None while it has a "?"."""
    if not data or _unfilled(data):
        return None
    resources = data.get("resources")
    if not isinstance(resources, dict) or sorted(resources) != sorted(FACTIONS):
        raise DataError(f"{where}: resources", "must give the four factions' starting resources")
    areas = data.get("areas", {})
    if not isinstance(areas, dict):
        raise DataError(f"{where}: areas", "must be a table of areas")
    for area, entry in areas.items():
        if board is not None and area not in board.types:
            raise DataError(f"{where}: areas.{area}", "is not an area of map.toml")
        if not isinstance(entry, dict) or entry.get("loyalty", "neutral") not in LOYALTIES:
            raise DataError(f"{where}: areas.{area}.loyalty", "must be res, neutral or coll")
    return {"resources": resources, "areas": areas, "liberated": data.get("liberated", ["rds"])}
