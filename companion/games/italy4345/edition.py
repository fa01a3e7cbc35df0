"""The edition files (assets/italy4345/ or the owner's copies), validated. Only rules.toml is filled (every
number the text prints); the others are templates whose "?" means "the text does not say": a feature that
needs such a value asks for it when it is needed (errors.ValueNeeded), never guesses.

Files: rules.toml, cities.toml (disk values, G-9/G-10), events.toml (faction order and top-left symbols,
G-2), offensives.toml (arrows, G-3), map.toml (areas, adjacency, lines, orders, G-4 to G-7), setup.toml
(G-8, G-11). A file marked `fixture = true` (invented values for tests) is refused unless asked for."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .deck import EVENT_IDS, OFFENSIVE_IDS
from .errors import DataError
from .model import CITIES, FACTIONS, LOYALTIES, SPECIALS, TYPES

UNKNOWN = "?"
OPTIONAL = ("cities.toml", "events.toml", "offensives.toml", "map.toml", "setup.toml")
SYMBOLS = ("marines", "royal_army", "stukas", "bomb")
SWITCHES = {
    "simultaneous_win": ("priority", "highest_then_priority"),
    "second_after_event": ("op_with_or_without_sa", "op_plus_sa_only"),
    "winner_loss_from": ("nominal_difference", "units_removed"),
    "clash_cost": ("per_area", "per_roll"),  # one roll per area, so both cost the same
    "assault_cost": ("per_area", "per_resource"),
    "sabotage_penalty": ("once_per_activity", "per_area"),
}
PIECES = ("aa", "ger", "rsi", "aut_troops", "aut_brigades", "aut_bases", "cln_brigades")


@dataclass(frozen=True)
class Rules:
    """The numbers the text prints (rules.toml), and the readings that are switches."""

    victory_points: int
    victory_check_from: int
    offensives: int
    tie_order: tuple[str, ...]
    pass_resources: dict[str, int]
    pieces: dict[str, int]
    city_bonus: int
    mountain_bonus: int
    cln_per_brigade: int
    aut_per_base: int
    switches: dict[str, str]
    alternative_resources: dict[str, int] = field(default_factory=dict)  # §9.2


@dataclass(frozen=True)
class EventCard:
    order: tuple[str, ...]
    symbols: tuple[str, ...] = ()  # printed left to right, each once
    marines: int = 0  # green infantry icons
    bomb: tuple[str, ...] = ()
    title: str = ""


@dataclass(frozen=True)
class Board:
    """map.toml, complete (level L2): every area's type and neighbours, clockwise from due west (A-27)."""

    types: dict[str, str]
    neighbours: dict[str, tuple[str, ...]]
    lines: frozenset[frozenset[str]]
    south_west_to_north_east: tuple[str, ...]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, ())

    def on_line(self, area: str) -> bool:
        return any(area in line for line in self.lines)


@dataclass(frozen=True)
class Edition:
    rules: Rules
    cities: dict[str, dict[str, Any]] = field(default_factory=dict)  # city -> "disk", "intact", "bombed"
    events: dict[str, EventCard] = field(default_factory=dict)  # only the cards filled in
    arrows: dict[str, int] = field(default_factory=dict)
    board: Board | None = None
    setup: dict[str, Any] | None = None
    missing: tuple[str, ...] = ()  # one sentence per file or feature not given (data check)
    demo: bool = False


Read = Callable[[str], str]


def load(read: Read, where: Callable[[str], str], allow_fixture: bool = False) -> Edition:
    """Every file validated; a DataError names the file and the key at fault."""
    files = {"rules.toml": _toml(read("rules.toml"), where("rules.toml"))}
    for name in OPTIONAL:
        try:
            text = read(name)
        except (DataError, OSError):
            continue  # an absent file is all "?"
        files[name] = _toml(text, where(name))
    demo = False
    for name, data in files.items():
        if data.pop("fixture", False) and not allow_fixture:
            raise DataError(f"{where(name)}: fixture", "this file holds invented test values, not the game's")
        demo = bool(data.pop("demo", False)) or demo
    return _edition(files, where, demo)


def _edition(files: dict[str, dict[str, Any]], where: Callable[[str], str], demo: bool) -> Edition:
    from .mapfile import board_of, setup_of  # the map's checks are long: their own module

    rules = rules_of(files["rules.toml"], where("rules.toml"))
    cities = cities_of(files.get("cities.toml", {}), where("cities.toml"))
    events = events_of(files.get("events.toml", {}), where("events.toml"))
    arrows = arrows_of(files.get("offensives.toml", {}), where("offensives.toml"))
    board = board_of(files.get("map.toml", {}), where("map.toml"))
    setup = setup_of(files.get("setup.toml", {}), where("setup.toml"), board)
    edition = Edition(rules, cities, events, arrows, board, setup, demo=demo)
    return Edition(**{**edition.__dict__, "missing": missing(edition)})


def _toml(text: str, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # bad TOML, a number past 4,300 digits, deep nesting
        raise DataError(where, f"is not TOML ({exc})") from None


def _int(value: object, key: str, low: int = 0, high: int = 99) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DataError(key, f"must be a whole number {low}-{high}")
    return value


def _maybe_int(value: object, key: str, low: int = 0, high: int = 20) -> int | None:
    return None if value == UNKNOWN else _int(value, key, low, high)


def _table(data: dict[str, Any], name: str, key: str) -> dict[str, Any]:
    value = data.get(name)
    if not isinstance(value, dict):
        raise DataError(f"{key}{name}", "must be a table")
    return value


def rules_of(data: dict[str, Any], where: str) -> Rules:
    if data.get("format") != "companion/italy4345-rules" or data.get("version") != 1:
        raise DataError(f"{where}: format", 'must be "companion/italy4345-rules", version 1')
    k = f"{where}: "
    passes, pieces = _table(data, "pass_resources", k), _table(data, "pieces", k)
    if sorted(passes) != sorted(FACTIONS) or sorted(pieces) != sorted(PIECES):
        raise DataError(f"{k}pass_resources", "must name the four factions, and pieces the seven kinds")
    battle, cleanup = _table(data, "battle", k), _table(data, "offensive_cleanup", k)
    tie = data.get("tie_order")
    if not isinstance(tie, list) or sorted(tie) != sorted(FACTIONS):
        raise DataError(f"{k}tie_order", "must list the four factions once each")
    return Rules(
        _int(data.get("victory_points"), f"{k}victory_points"),
        _int(data.get("victory_check_from_offensive"), f"{k}victory_check_from_offensive", 1, 5),
        _int(data.get("offensives_per_game"), f"{k}offensives_per_game", 1, 5),
        tuple(tie),
        {f: _int(v, f"{k}pass_resources.{f}") for f, v in passes.items()},
        {p: _int(v, f"{k}pieces.{p}") for p, v in pieces.items()},
        _int(battle.get("city_bonus"), f"{k}battle.city_bonus"),
        _int(battle.get("mountain_bonus"), f"{k}battle.mountain_bonus"),
        _int(cleanup.get("cln_per_brigade"), f"{k}offensive_cleanup.cln_per_brigade"),
        _int(cleanup.get("aut_per_base"), f"{k}offensive_cleanup.aut_per_base"),
        switches_of(data, k),
        {
            f: _int(v, f"{k}alternative_setup_resources.{f}")
            for f, v in _table(data, "alternative_setup_resources", k).items()
        },
    )


def switches_of(data: dict[str, Any], k: str) -> dict[str, str]:
    found = {}
    for name, values in SWITCHES.items():
        value = data.get(name, values[0])
        if value not in values:
            raise DataError(f"{k}{name}", f"must be one of {', '.join(values)}")
        found[name] = value
    return found


def cities_of(data: dict[str, Any], where: str) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for city, entry in data.items():
        key = f"{where}: {city}"
        if city not in CITIES or not isinstance(entry, dict):
            raise DataError(key, f"must be one of the nine cities ({', '.join(CITIES)}), as a table")
        disk = entry.get("disk", UNKNOWN)
        if disk not in (True, False, UNKNOWN):
            raise DataError(f"{key}.disk", 'must be true, false or "?"')
        found[city] = {"disk": None if disk == UNKNOWN else disk}
        for side in ("intact", "bombed"):
            values = _table(entry, side, f"{key}.")
            found[city][side] = {
                name: _maybe_int(values.get(name, UNKNOWN), f"{key}.{side}.{name}")
                for name in ("population", "production", "cln_points")
            }
    return found


def events_of(data: dict[str, Any], where: str) -> dict[str, EventCard]:
    found = {}
    for card, entry in data.items():
        key = f"{where}: {card}"
        if card not in EVENT_IDS or not isinstance(entry, dict):
            raise DataError(key, "must be event-01 to event-96, as a table")
        parsed = event_of(entry, key)
        if parsed is not None:
            found[card] = parsed
    return found


def event_of(entry: dict[str, Any], key: str) -> EventCard | None:
    """A card's order and symbols, or None while any of them is "?" (asked at its first reveal)."""
    if any(entry.get(name, UNKNOWN) == UNKNOWN for name in ("order", "symbols")):
        return None
    order, symbols = entry["order"], entry["symbols"]
    if not isinstance(order, list) or len(set(order)) != len(order) or not set(order) <= set(FACTIONS):
        raise DataError(f"{key}.order", "must list distinct factions (ger, rsi, cln, aut) as printed")
    if not isinstance(symbols, list) or not set(symbols) <= set(SYMBOLS) or len(set(symbols)) < len(symbols):
        raise DataError(f"{key}.symbols", f"must list the printed symbols ({', '.join(SYMBOLS)}), in order")
    marines = _int(entry.get("marines", 0), f"{key}.marines", 0, 25)
    if bool(marines) != ("marines" in symbols) or not order:
        raise DataError(f"{key}.marines", "must count the green icons when the card shows marines")
    bomb = entry.get("bomb", [])
    if not isinstance(bomb, list) or not set(bomb) <= set(CITIES) or bool(bomb) != ("bomb" in symbols):
        raise DataError(f"{key}.bomb", "must list the bombed cities when the card shows a bomb")
    title = entry.get("title", "")
    return EventCard(
        tuple(order), tuple(symbols), marines, tuple(bomb), "" if title == UNKNOWN else str(title)
    )


def arrows_of(data: dict[str, Any], where: str) -> dict[str, int]:
    found = {}
    for card, entry in data.items():
        if card not in OFFENSIVE_IDS or not isinstance(entry, dict):
            raise DataError(f"{where}: {card}", "must be offensive-1 to offensive-9, as a table")
        arrows = _maybe_int(entry.get("arrows", UNKNOWN), f"{where}: {card}.arrows", 1, 3)
        if arrows is not None:
            found[card] = arrows
    return found


def missing(edition: Edition) -> tuple[str, ...]:
    """What the owner's files do not give, one sentence each, with the feature it turns off."""
    lines = []
    values = [v for c in edition.cities.values() for side in ("intact", "bombed") for v in c[side].values()]
    if len(edition.cities) < len(CITIES) or None in values:
        lines.append("Cities: disk values not all given: scores and incomes will ask for them.")
    if len(edition.events) < len(EVENT_IDS):
        lines.append(
            f"Events: {len(EVENT_IDS) - len(edition.events)} cards have no faction order or symbols: "
            "each is asked at its first reveal."
        )
    if len(edition.arrows) < len(OFFENSIVE_IDS):
        lines.append("Offensive cards: arrows not all given: asked when the card is revealed.")
    if edition.board is None:
        lines.append(
            "Map: not given: offensives will ask you to enter where the Anglo-American troops go, "
            "and adjacency is not checked."
        )
    if edition.setup is None:
        lines.append("Set-up: not given: enter the printed starting position and resources by hand.")
    return tuple(lines)


__all__ = ["Board", "Edition", "EventCard", "LOYALTIES", "Rules", "SPECIALS", "TYPES", "load"]
