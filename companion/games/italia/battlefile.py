"""The battle value as JSON-ready dicts and back (the state file, the record, a table's screen);
bad input gets a DataError naming the field."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.vocabulary import DataError

from .battle import SEA, Battle, Counts, Side, Tally, unit_type
from .naval import Fleet, Navy, SeaBattle
from .numbers import TERRAINS, TEXT, UNIT_TYPES
from .rounds import Aim
from .tally import add_units

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


# The battle file of spec 1.7 ("companion/italia-battle"): what a table or a test writes by hand.
FILE_FORMAT = "companion/italia-battle"
SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class RoundPlan:
    """One round of a battle file: the aims (empty: the default), the natural values in the aims'
    order (None: rolled), and what happens after it."""

    aims: dict[str, tuple[Aim, ...]] = field(default_factory=dict)
    values: tuple[int, ...] | None = None
    retreats: dict[str, Counts] = field(default_factory=dict)
    submits: bool = False
    rebuild: str | None = None  # the defender's unit removed to rebuild a raided city (§10.7)
    sink: dict[str, tuple[str, ...]] = field(default_factory=dict)  # naval: the fleets each side loses


@dataclass(frozen=True)
class BattleFile:
    """A whole battle file, checked: the battle (land or raid) or the sea battle, the rounds the
    table already knows, and the game facts the battle depends on."""

    scenario: str
    kind: str  # land | naval
    battle: Battle | None
    sea: SeaBattle | None
    rounds: tuple[RoundPlan, ...]
    elephant_battles: int = 0
    conversions: int = 0
    must_submit: bool = False
    pre_combat: tuple[int, ...] | None = None  # the dice rolled before round 1 (fear, switching)
    leader_names: dict[str, tuple[str, ...]] = field(default_factory=dict)


def read_battle_file(data: object) -> BattleFile:
    """A battle file (spec 1.7) from its parsed JSON; DataError names the field and the fault."""
    if not isinstance(data, dict):
        raise DataError("file", "must be a JSON object with format, attacker and defender")
    if data.get("format") != FILE_FORMAT:
        raise DataError("format", f"must be {FILE_FORMAT!r}")
    if data.get("version") != 1:
        raise DataError("version", "must be 1")
    kind = _choice(data.get("kind", "land"), ("land", "naval"), "kind")
    state = _object(data.get("state", {}), "state")
    context = _object(data.get("context", {}), "context")
    common = dict(
        scenario=_choice(data.get("scenario", "I"), ("I", "II"), "scenario"),
        kind=kind,
        elephant_battles=_count(state.get("romans_elephant_battles", 0), "state.romans_elephant_battles"),
        conversions=_count(
            state.get("patrimonium_conversions_used", 0), "state.patrimonium_conversions_used"
        ),
        must_submit=_flag(context.get("defender_must_submit", False), "context.defender_must_submit"),
    )
    pre = data.get("pre_combat")
    pre_combat = None if pre is None else _values(pre, "pre_combat")
    if kind == "naval":
        sea = _sea_battle(data)
        rounds = _list(data.get("rounds", []), "rounds")
        plans = tuple(_sea_round(r, f"rounds[{n}]") for n, r in enumerate(rounds))
        return BattleFile(battle=None, sea=sea, rounds=plans, pre_combat=pre_combat, **common)  # type: ignore[arg-type]
    battle, names = _land_battle(data, context)
    rounds = _list(data.get("rounds", []), "rounds")
    plans = tuple(_land_round(r, f"rounds[{n}]") for n, r in enumerate(rounds))
    return BattleFile(
        battle=battle,
        sea=None,
        rounds=plans,
        pre_combat=pre_combat,
        leader_names=names,
        **common,  # type: ignore[arg-type]
    )


def _land_battle(data: dict[str, Any], context: dict[str, Any]) -> tuple[Battle, dict[str, tuple[str, ...]]]:
    zone = _object(data.get("zone", {}), "zone")
    names: dict[str, tuple[str, ...]] = {}
    sides = []
    for which in SIDES:
        side, names[which] = _file_side(data.get(which), which)
        sides.append(side)
    return (
        Battle(
            sides[0],
            sides[1],
            zone=_text(zone.get("name", ""), "zone.name", empty=True),
            terrain=_choice(zone.get("terrain", "standard"), TERRAINS, "zone.terrain"),
            city=_choice(zone.get("city", "none"), ("none", "intact", "ruin"), "zone.city"),
            capital_of=_optional_text(zone.get("capital_of"), "zone.capital_of"),
            mode=_choice(data.get("mode", "normal"), ("normal", "raid"), "mode"),
            phase=_choice(context.get("phase", "normal"), PHASES, "context.phase"),
            invaded=_flag(context.get("invaded", False), "context.invaded"),
        ),
        names,
    )


def _file_side(data: object, where: str) -> tuple[Side, tuple[str, ...]]:
    """A side of the file: units (some of which arrived by sea), damaged, leaders by name or count."""
    side = _object(data, where)
    units = counts(side.get("units", {}), f"{where}.units")
    by_sea = counts(side.get("arrived_by_sea", {}), f"{where}.arrived_by_sea")
    for key, n in by_sea.items():
        if key.endswith(SEA) or n > units.get(key, 0):
            raise DataError(f"{where}.arrived_by_sea.{key}", "must count units of that type listed in units")
        units = add_units(add_units(units, key, -n), key + SEA, n)
    damaged = counts(side.get("damaged", {}), f"{where}.damaged")
    for key, n in damaged.items():
        if n > units.get(key, 0):
            raise DataError(f"{where}.damaged.{key}", "cannot be more than the units of that kind")
        if unit_type(key) not in TEXT.two_hit_types:
            raise DataError(f"{where}.damaged.{key}", "only consular legions and cavalry take two hits")
    leaders = side.get("leaders", [])
    if isinstance(leaders, list):
        names = tuple(_text(n, f"{where}.leaders") for n in leaders)
        count = _count(len(names), f"{where}.leaders")
    else:
        names, count = (), _count(leaders, f"{where}.leaders")
    fleets = _count(side.get("fleets_in_adjacent_seas", 0), f"{where}.fleets_in_adjacent_seas")
    nation = _text(side.get("nation"), f"{where}.nation")
    return Side(nation, units, damaged, count, fleets), names


def _land_round(data: object, where: str) -> RoundPlan:
    row = _object(data, where)
    aims: dict[str, tuple[Aim, ...]] = {}
    values: list[int] = []
    given = []
    for which in SIDES:
        dice = _list(row.get(f"{which}_dice", []), f"{where}.{which}_dice")
        side_aims, side_values = _dice(dice, f"{where}.{which}_dice")
        if side_aims:
            aims[which] = side_aims
        given += [v is not None for v in side_values]
        values += [v for v in side_values if v is not None]
    if any(given) and not all(given):
        raise DataError(where, "gives some dice values and not others: give every value or none")
    after = _object(row.get("after", {}), f"{where}.after")
    retreats = {
        w: counts(after.get(f"{w}_retreats", {}), f"{where}.after.{w}_retreats")
        for w in SIDES
        if after.get(f"{w}_retreats")
    }
    rebuild = after.get("defender_rebuilds")
    return RoundPlan(
        aims,
        tuple(values) if given and all(given) else None,
        retreats,
        _flag(after.get("defender_submits", False), f"{where}.after.defender_submits"),
        None if rebuild is None else _unit_key(rebuild, f"{where}.after.defender_rebuilds"),
    )


def _dice(dice: list[Any], where: str) -> tuple[tuple[Aim, ...], list[int | None]]:
    """The listed dice as aims, grouped by (unit, target) in the order each group first appears,
    and their values in that order (the order the engine rolls them)."""
    groups: dict[tuple[str, str], list[int | None]] = {}
    for n, die in enumerate(dice):
        entry = _object(die, f"{where}[{n}]")
        unit = _unit_key(entry.get("unit"), f"{where}[{n}].unit")
        raw = entry.get("target")
        target = "city" if raw == "city" else _unit_key(raw, f"{where}[{n}].target")
        value = entry.get("value")
        if value is not None and (
            not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10
        ):
            raise DataError(f"{where}[{n}].value", "must be a d10's natural value, 1-10 (0 counts as 10)")
        groups.setdefault((unit, target), []).append(None if value is None else value or 10)
    aims = tuple((unit, target, len(v)) for (unit, target), v in groups.items())
    return aims, [v for vs in groups.values() for v in vs]


def _unit_key(value: object, where: str) -> str:
    """ "legion", "legion:sea", or "legion:land" (the same as "legion")."""
    if not isinstance(value, str):
        raise DataError(where, "must name a unit type")
    key = value.removesuffix(":land")
    if unit_type(key) not in UNIT_TYPES or key not in (unit_type(key), unit_type(key) + SEA):
        raise DataError(where, f"is not a unit type ({', '.join(UNIT_TYPES)}, or TYPE:sea)")
    return key


def _sea_battle(data: dict[str, Any]) -> SeaBattle:
    navies = []
    for which in SIDES:
        side = _object(data.get(which), which)
        fleets = _list(side.get("fleets"), f"{which}.fleets")
        if not fleets:
            raise DataError(f"{which}.fleets", "must list at least one fleet")
        made = [_fleet(f, f"{which}.fleets[{n}]") for n, f in enumerate(fleets)]
        if len({f.id for f in made}) != len(made):
            raise DataError(f"{which}.fleets", "gives two fleets the same id")
        navies.append(Navy(_text(side.get("nation"), f"{which}.nation"), tuple(made)))
    zone = _object(data.get("zone", {}), "zone")
    return SeaBattle(navies[0], navies[1], _text(zone.get("name", ""), "zone.name", empty=True))


def _fleet(data: object, where: str) -> Fleet:
    fleet = _object(data, where)
    embarked = _count(fleet.get("embarked", 0), f"{where}.embarked")
    if embarked > 2:
        raise DataError(f"{where}.embarked", "a fleet carries at most 2 units (§9.6)")
    leaders = fleet.get("leaders", 0)
    count = len(leaders) if isinstance(leaders, list) else _count(leaders, f"{where}.leaders")
    return Fleet(_text(fleet.get("id"), f"{where}.id"), embarked, count)


def _sea_round(data: object, where: str) -> RoundPlan:
    row = _object(data, where)
    sink = _object(row.get("sink", {}), f"{where}.sink")
    chosen = {}
    for which, ids in sink.items():
        if which not in SIDES or not isinstance(ids, list):
            raise DataError(f"{where}.sink", "maps attacker or defender to a list of fleet ids")
        chosen[which] = tuple(_text(i, f"{where}.sink.{which}") for i in ids)
    values = row.get("values")
    after = _object(row.get("after", {}), f"{where}.after")
    retreats = {}
    for which in SIDES:
        ids = after.get(f"{which}_retreats", [])
        if not isinstance(ids, list):
            raise DataError(f"{where}.after.{which}_retreats", "must list fleet ids")
        if ids:
            retreats[which] = {_text(i, f"{where}.after.{which}_retreats"): 1 for i in ids}
    return RoundPlan(
        values=None if values is None else _values(values, f"{where}.values"), retreats=retreats, sink=chosen
    )


def _values(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10 for v in value
    ):
        raise DataError(where, "must list d10 values, 1-10 (0 counts as 10)")
    return tuple(v or 10 for v in value)


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DataError(where, "must be an object")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise DataError(where, "must be a list")
    return value


def sea_to_dict(sea: SeaBattle) -> dict[str, Any]:
    def navy(n: Navy) -> dict[str, Any]:
        return {
            "nation": n.nation,
            **{part: [vars(f).copy() for f in getattr(n, part)] for part in ("fleets", "sunk", "retreated")},
        }

    return {
        "attacker": navy(sea.attacker),
        "defender": navy(sea.defender),
        "sea": sea.sea,
        "round": sea.round,
    }


def sea_from_dict(data: object, where: str = "sea") -> SeaBattle:
    """A sea battle from its dict (the state file, the record); every field checked."""
    row = _object(data, where)
    navies = []
    for which in SIDES:
        side = _object(row.get(which), f"{where}.{which}")
        parts = {
            part: tuple(
                _fleet(f, f"{where}.{which}.{part}[{n}]")
                for n, f in enumerate(_list(side.get(part, []), f"{where}.{which}.{part}"))
            )
            for part in ("fleets", "sunk", "retreated")
        }
        navies.append(Navy(_text(side.get("nation"), f"{where}.{which}.nation"), **parts))
    sea = _text(row.get("sea", ""), f"{where}.sea", empty=True)
    return SeaBattle(navies[0], navies[1], sea, _count(row.get("round", 1), f"{where}.round", low=1))
