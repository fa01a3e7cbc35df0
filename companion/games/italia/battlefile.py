"""The battle value as JSON-ready dicts and back (the state file, the record, a table's screen);
bad input gets a DataError naming the field."""

from __future__ import annotations

from typing import Any

from companion.games.vocabulary import DataError

from .battle import Battle, Counts, Side, Tally, unit_type
from .numbers import TERRAINS, UNIT_TYPES

SIDE_FIELDS = ("nation", "units", "damaged", "leaders", "fleets")
PHASES = ("normal", "major-invasion-1", "major-invasion-2", "campaign")


def side_to_dict(side: Side) -> dict[str, Any]:
    tally = {fate: dict(getattr(side.tally, fate)) for fate in Tally.__dataclass_fields__}
    return {
        "nation": side.nation,
        "units": dict(side.units),
        "damaged": dict(side.damaged),
        "leaders": side.leaders,
        "fleets": side.fleets,
        "tally": tally,
    }


def battle_to_dict(battle: Battle) -> dict[str, Any]:
    return {
        "attacker": side_to_dict(battle.attacker),
        "defender": side_to_dict(battle.defender),
        "zone": battle.zone,
        "terrain": battle.terrain,
        "city": battle.city,
        "capital_of": battle.capital_of,
        "mode": battle.mode,
        "phase": battle.phase,
        "invaded": battle.invaded,
        "round": battle.round,
        "major": battle.major,
        "ended": battle.ended,
        "converted": battle.converted,
    }


def battle_from_dict(data: object, where: str = "battle") -> Battle:
    """A battle from its dict; every field checked."""
    if not isinstance(data, dict):
        raise DataError(where, "must be an object with attacker, defender and the zone")
    return Battle(
        side_from_dict(data.get("attacker"), f"{where}.attacker"),
        side_from_dict(data.get("defender"), f"{where}.defender"),
        zone=_text(data.get("zone", ""), f"{where}.zone", empty=True),
        terrain=_choice(data.get("terrain", "standard"), TERRAINS, f"{where}.terrain"),
        city=_choice(data.get("city", "none"), ("none", "intact", "ruin"), f"{where}.city"),
        capital_of=_optional_text(data.get("capital_of"), f"{where}.capital_of"),
        mode=_choice(data.get("mode", "normal"), ("normal", "raid"), f"{where}.mode"),
        phase=_choice(data.get("phase", "normal"), PHASES, f"{where}.phase"),
        invaded=_flag(data.get("invaded", False), f"{where}.invaded"),
        round=_count(data.get("round", 1), f"{where}.round", low=1),
        major=_flag(data.get("major", False), f"{where}.major"),
        ended=_choice(data.get("ended", ""), ("", "submitted", "raided", "raid failed"), f"{where}.ended"),
        converted=_text(data.get("converted", ""), f"{where}.converted", empty=True),
    )


def side_from_dict(data: object, where: str) -> Side:
    if not isinstance(data, dict):
        raise DataError(where, "must be an object with nation and units")
    units = counts(data.get("units", {}), f"{where}.units")
    damaged = counts(data.get("damaged", {}), f"{where}.damaged")
    for key, n in damaged.items():
        if n > units.get(key, 0):
            raise DataError(f"{where}.damaged.{key}", "cannot be more than the units of that kind")
    tally_data = data.get("tally", {})
    if not isinstance(tally_data, dict):
        raise DataError(f"{where}.tally", "must be an object")
    tally = Tally(
        **{
            f: counts(tally_data.get(f, {}), f"{where}.tally.{f}", leaders=True)
            for f in Tally.__dataclass_fields__
        }
    )
    return Side(
        _text(data.get("nation"), f"{where}.nation"),
        units,
        damaged,
        _count(data.get("leaders", 0), f"{where}.leaders"),
        _count(data.get("fleets", 0), f"{where}.fleets"),
        tally,
    )


def counts(data: object, where: str, *, leaders: bool = False) -> Counts:
    """Unit key -> count: a unit type, or a type that came by sea ("legion:sea")."""
    if not isinstance(data, dict):
        raise DataError(where, "must map unit types to counts")
    made: Counts = {}
    for key, n in data.items():
        known = unit_type(str(key)) in UNIT_TYPES and str(key) in (
            unit_type(str(key)),
            f"{unit_type(str(key))}:sea",
        )
        if not (known or (leaders and key == "leader")):
            raise DataError(f"{where}.{key}", f"is not a unit type ({', '.join(UNIT_TYPES)}, or TYPE:sea)")
        number = _count(n, f"{where}.{key}")
        if number:
            made[str(key)] = number
    return made


def _count(value: object, where: str, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= 999:
        raise DataError(where, f"must be a whole number from {low} to 999")
    return value


def _flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise DataError(where, "must be true or false")
    return value


def _text(value: object, where: str, *, empty: bool = False) -> str:
    if not isinstance(value, str) or not (value or empty) or len(value) > 60:
        raise DataError(where, "must be a name")
    return value


def _optional_text(value: object, where: str) -> str | None:
    return None if value is None else _text(value, where)


def _choice(value: object, allowed: tuple[str, ...], where: str) -> str:
    if value not in allowed:
        raise DataError(where, f"must be one of {', '.join(repr(a) for a in allowed)}")
    return str(value)
