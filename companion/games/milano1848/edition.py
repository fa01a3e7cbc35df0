"""The printed game as data: board (zones, adjacency, barriers), card lists and rule numbers.

Parsed from TOML text handed in by the caller, so the engine never opens a file.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from .errors import DataError

ICONS = ("swords", "map", "cannonball")
HELPS = ("balloon", "martinitt", "rifle", "barricade", "noblewoman")
BEATS = {"swords": "map", "map": "cannonball", "cannonball": "swords"}
UNKNOWN_CARD = "?"


def beats(italy_icon: str, austria_icon: str) -> bool:
    """Rock, paper, scissors: Swords beat Map, Map beats Cannonball, Cannonball beats Swords."""
    return BEATS[italy_icon] == austria_icon


@dataclass(frozen=True)
class Board:
    """Zones 1..n with their neighbours; `open_neighbours` leaves out those behind a Barrier."""

    zones: int
    neighbours: tuple[frozenset[int], ...]  # index = zone number, index 0 unused
    open_neighbours: tuple[frozenset[int], ...]

    def adjacent(self, a: int, b: int, *, barriers_block: bool = False) -> bool:
        table = self.open_neighbours if barriers_block else self.neighbours
        return b in table[a]


@dataclass(frozen=True)
class Rules:
    """Every number the rules use, per rule player count (1 and 2 players use 3)."""

    hand_size: int
    actions_per_turn: int
    castle_pour_out: int
    conquest_margin: int
    zones_to_win: int
    setup_radetzky_soldiers: int
    radetzky_castle_removal: int
    radetzky_reveals: int
    solitaire_pool_cards: int
    combat_track_spaces: int
    rifle_reveals: tuple[int, int]
    balloon_moves: tuple[int, int]
    martinitt_draws: tuple[int, int]
    soldiers: dict[int, int]
    wave: dict[int, int]
    cube_start: dict[int, int]


@dataclass(frozen=True)
class Edition:
    """Everything printed: board, card faces and rule numbers."""

    board: Board
    rules: Rules
    austria: dict[str, str]  # card id -> icon
    italy: dict[str, tuple[str, str]]  # card id -> (top icon, help)

    def card_ids(self) -> list[str]:
        """Every physical card's stable id (the card scanner's vocabulary): zones, Austria, Italy, First
        Player."""
        zones = [zone_card_id(z) for z in range(1, self.board.zones + 1)]
        return zones + list(self.austria) + list(self.italy) + [FIRST_PLAYER_CARD]


FIRST_PLAYER_CARD = "first-player"


def zone_card_id(zone: int) -> str:
    return f"zone-{zone:02d}"


def zone_of_card(card: str) -> int | None:
    """The zone a Zone card id stands for ("zone-07" -> 7), None for any other id."""
    number = card.removeprefix("zone-")
    plain = number.isascii() and number.isdigit() and len(number) <= 3  # int() also reads "\uff17"
    return int(number) if card.startswith("zone-") and plain else None


def _parse_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # bad TOML, a number past 4,300 digits, deep nesting
        raise DataError(source, f"not valid TOML ({exc})") from None


def _line_of(text: str, needle: str) -> str:
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return f"line {number}"
    return "somewhere"


def _pair(item: object, zones: int, where: str) -> tuple[int, int]:
    parts = item.split("-") if isinstance(item, str) else []
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        raise DataError(where, f'{item!r} is not a zone pair like "3-4"')
    a, b = int(parts[0]), int(parts[1])
    for zone in (a, b):
        if not 1 <= zone <= zones:
            raise DataError(where, f"zone {zone} in {item!r} is not between 1 and {zones}")
    if a == b:
        raise DataError(where, f"{item!r} joins a zone to itself")
    return a, b


def parse_board(text: str, source: str = "map.toml") -> Board:
    """Validate and build the board: symmetric, connected, barriers only on edges."""
    data = _parse_toml(text, source)
    zones = data.get("zones")
    if not isinstance(zones, int) or zones < 2:
        raise DataError(f"{source}: zones", "must be a whole number of zones, at least 2")
    edges: set[frozenset[int]] = set()
    for item in data.get("edges", []):
        edges.add(frozenset(_pair(item, zones, f"{source} {_line_of(text, str(item))}: edges")))
    barriers: set[frozenset[int]] = set()
    for item in data.get("barriers", []):
        where = f"{source} {_line_of(text, str(item))}: barriers"
        barrier = frozenset(_pair(item, zones, where))
        if barrier not in edges:
            raise DataError(where, f"barrier {item!r} is not on an edge of the map")
        barriers.add(barrier)
    neighbours = [frozenset[int]()] + [
        frozenset(z for e in edges if zone in e for z in e if z != zone) for zone in range(1, zones + 1)
    ]
    open_neighbours = [frozenset[int]()] + [
        frozenset(z for z in neighbours[zone] if frozenset((zone, z)) not in barriers)
        for zone in range(1, zones + 1)
    ]
    _check_connected(neighbours, zones, source)
    return Board(zones, tuple(neighbours), tuple(open_neighbours))


def _check_connected(neighbours: list[frozenset[int]], zones: int, source: str) -> None:
    seen = {1}
    frontier = [1]
    while frontier:
        for other in neighbours[frontier.pop()]:
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    missing = sorted(set(range(1, zones + 1)) - seen)
    if missing:
        raise DataError(f"{source}: edges", f"zone {missing[0]} cannot be reached from zone 1")


def parse_decks(text: str, source: str = "decks.toml") -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
    """Austria cards (id -> icon) and Italy cards (id -> (icon, help))."""
    data = _parse_toml(text, source)
    austria: dict[str, str] = {}
    for card, icon in data.get("austria", {}).items():
        if icon not in ICONS:
            raise DataError(f"{source} {_line_of(text, card)}: austria.{card}", f"unknown icon {icon!r}")
        austria[card] = icon
    italy: dict[str, tuple[str, str]] = {}
    for card, face in data.get("italy", {}).items():
        icon, _, help_ = str(face).partition("/")
        if icon not in ICONS or help_ not in HELPS:
            where = f"{source} {_line_of(text, card)}: italy.{card}"
            raise DataError(where, f"{face!r} is not ICON/HELP with icon in {ICONS} and help in {HELPS}")
        italy[card] = (icon, help_)
    if not austria or not italy:
        raise DataError(source, "needs both an [austria] and an [italy] table of cards")
    return austria, italy


def _base_heroic(data: dict[str, Any], key: str, source: str) -> tuple[int, int]:
    value = data.get(key)
    if not isinstance(value, dict) or not all(isinstance(value.get(k), int) for k in ("base", "heroic")):
        raise DataError(f"{source}: {key}", "needs whole numbers for base and heroic")
    return value["base"], value["heroic"]


_PLAIN_NUMBERS = (
    "hand_size",
    "actions_per_turn",
    "castle_pour_out",
    "conquest_margin",
    "zones_to_win",
    "setup_radetzky_soldiers",
    "radetzky_castle_removal",
    "radetzky_reveals",
    "solitaire_pool_cards",
    "combat_track_spaces",
)


def parse_rules(text: str, source: str = "rules.toml") -> Rules:
    """The rule numbers; player counts 3, 4 and 5 must each give soldiers, wave and cube_start."""
    data = _parse_toml(text, source)
    numbers: dict[str, Any] = {}
    for key in _PLAIN_NUMBERS:
        if not isinstance(data.get(key), int) or data[key] < 1:
            raise DataError(f"{source}: {key}", "must be a whole number of at least 1")
        numbers[key] = data[key]
    for key in ("rifle_reveals", "balloon_moves", "martinitt_draws"):
        numbers[key] = _base_heroic(data, key, source)
    per_player: dict[str, dict[int, int]] = {"soldiers": {}, "wave": {}, "cube_start": {}}
    for players in (3, 4, 5):
        section = data.get("by_players", {}).get(str(players), {})
        for key, table in per_player.items():
            if not isinstance(section.get(key), int):
                raise DataError(f"{source}: by_players.{players}.{key}", "must be a whole number")
            table[players] = section[key]
    return Rules(
        **numbers,
        soldiers=per_player["soldiers"],
        wave=per_player["wave"],
        cube_start=per_player["cube_start"],
    )
