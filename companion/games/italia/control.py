"""The control map as the table tells it (spec 1.4): who holds each land zone and its city (none,
intact, ruin), confirmed at the end of a nation's turn and updated by the battles."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.vocabulary import IllegalActionError, Sentence

from .edition import Board

CITIES = ("none", "intact", "ruin")
Holding = tuple[str, str, str]  # zone id, holder nation ("" for none), city (none | intact | ruin)


@dataclass(frozen=True)
class ConfirmMap:
    """The control map after a nation's turn: each change is (zone, holder or "", city)."""

    changes: tuple[Holding, ...] = ()
    kind: str = "confirm-map"


def checked_changes(board: Board, nations: set[str], changes: tuple[Holding, ...]) -> None:
    """Each change names a land zone of the map, a nation of the scenario (or none) and a city the
    zone allows; IllegalActionError names the first one that does not."""
    for zone_id, holder, city in changes:
        zone = board.zones.get(zone_id)
        if zone is None or zone.kind != "land":
            raise IllegalActionError(Sentence("{zone} is not a land zone of the map.", zone=zone_id))
        if holder and holder not in nations:
            raise IllegalActionError(Sentence("{nation} is not a nation of this game.", nation=holder))
        if city not in CITIES or (city != "none" and not zone.city_allowed):
            raise IllegalActionError(Sentence("{zone} cannot hold that city.", zone=zone.name))


def apply_changes(
    control: Mapping[str, str], cities: Mapping[str, str], changes: tuple[Holding, ...]
) -> tuple[dict[str, str], dict[str, str]]:
    """The control map and the cities after the changes (a zone held by none leaves the map)."""
    held, built = dict(control), dict(cities)
    for zone, holder, city in changes:
        if holder:
            held[zone] = holder
        else:
            held.pop(zone, None)
        if city == "none":
            built.pop(zone, None)
        else:
            built[zone] = city
    return held, built


def zone_for(board: Board, name: str) -> str | None:
    """The zone id a battle names (by id or by its printed name), or None for a zone off the map."""
    if name in board.zones:
        return name
    return next((z.id for z in board.zones.values() if z.name == name), None)
