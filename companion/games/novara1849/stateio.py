"""The state file (docs/formats.md): the whole State as JSON, and back, refused with one line naming the
field at fault (spec 10.3: a turn outside 1-20, a unit in two states, steps above the maximum, an unknown
chit in the cup, a Higher Commander used on two consecutive turns)."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import Any

from companion.games.records import load_json

from .errors import DataError
from .readings import Readings
from .setup import FOG, SCENARIOS
from .state import HIGHER_COMMANDERS, Activation, Ledger, Pending, Selection, State
from .units import SIDES, Counter, Holding

FORMAT = "companion/novara1849-state"
VERSION = 1
PHASES = ("turn", "select", "draw", "decide", "activation", "night", "over")
MAX_ITEMS = 2000


def dumps(state: State) -> str:
    """The state file's text: every field of the state, with the file's format and version."""
    data = {"format": FORMAT, "version": VERSION, **dataclasses.asdict(state)}
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def loads(text: str) -> State:
    """A state from its file; DataError names the field and the fault."""
    data = load_json(text, "state")
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise DataError("format", f"must be {FORMAT!r}, version {VERSION}")
    body = {k: v for k, v in data.items() if k not in ("format", "version")}
    state: State = _build(State, body, "")
    check(state)
    return state


NESTED: dict[str, type] = {
    "Counter": Counter,
    "Holding": Holding,
    "Selection": Selection,
    "Activation": Activation,
    "Pending": Pending,
    "Ledger": Ledger,
    "Readings": Readings,
}


def _build(cls: type, data: object, where: str) -> Any:
    """A dataclass from a JSON object, every field checked against its type."""
    if not isinstance(data, dict):
        raise DataError(where or "state", "must be an object")
    known = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise DataError(_at(where, unknown[0]), "is not a field of the state file")
    hints = typing.get_type_hints(cls, localns=NESTED)
    values = {name: _value(hints[name], data[name], _at(where, name)) for name in known if name in data}
    missing = [
        name
        for name, f in known.items()
        if name not in data and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    if missing:
        raise DataError(_at(where, missing[0]), "is missing")
    return cls(**values)


def _at(where: str, key: object) -> str:
    return f"{where}.{key}" if where else str(key)


def _value(hint: Any, value: object, where: str) -> object:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        return _value(next(a for a in args if a is not type(None)), value, where)
    if origin is tuple:
        return _sequence(args, value, where)
    if origin is dict:
        if not isinstance(value, dict) or len(value) > MAX_ITEMS:
            raise DataError(where, "must be an object")
        return {_value(args[0], k, where): _value(args[1], v, _at(where, k)) for k, v in value.items()}
    if dataclasses.is_dataclass(hint):
        return _build(hint, value, where)  # type: ignore[arg-type]
    return _scalar(hint, value, where)


def _sequence(args: tuple[Any, ...], value: object, where: str) -> tuple[object, ...]:
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise DataError(where, "must be a list")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_value(args[0], item, f"{where}[{i}]") for i, item in enumerate(value))
    if len(value) != len(args):
        raise DataError(where, f"must be a list of {len(args)} values")
    return tuple(_value(arg, item, f"{where}[{i}]") for i, (arg, item) in enumerate(zip(args, value)))


def _scalar(hint: Any, value: object, where: str) -> object:
    if hint is bool:
        if not isinstance(value, bool):
            raise DataError(where, "must be true or false")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**63:
            raise DataError(where, "must be a whole number, 0 or more")
        return value
    if hint is str:
        if not isinstance(value, str) or len(value) > 200:
            raise DataError(where, "must be a short text")
        return value
    raise DataError(where, "cannot be read")  # a field type this reader does not know


def check(state: State) -> None:
    """The rules a state must keep, each refused naming its field."""
    if not 1 <= state.turn <= state.last_turn <= 20:
        raise DataError("turn", f"must run from 1 to the last turn (at most 20), not {state.turn}")
    if state.scenario not in SCENARIOS:
        raise DataError("scenario", f"must be one of {', '.join(SCENARIOS)}")
    Readings.from_dict(state.readings.to_dict())  # each switch one of its values
    _check_variants(state)
    if state.phase not in PHASES:
        raise DataError("phase", f"must be one of {', '.join(PHASES)}")
    _check_units(state)
    chits = set(state.formations) | set(HIGHER_COMMANDERS) | {f"{side}-independent" for side in SIDES}
    for index, chit in enumerate(state.cup):
        if chit not in chits:
            raise DataError(f"cup[{index}]", f"{chit!r} is not a chit of this game")
    for name, turn in state.commander_used.items():
        if name not in HIGHER_COMMANDERS or turn > state.turn:
            raise DataError(f"commander_used.{name}", "must be a Higher Commander and a turn already played")
    for name, factor in state.command_factors.items():
        if name not in HIGHER_COMMANDERS or not 1 <= factor <= 9:
            raise DataError(f"command_factors.{name}", "must be a Higher Commander's factor from 1 to 9")
    for side, chosen in state.selections.items():
        last = state.commander_used.get(chosen.commander, 0)
        if chosen.commander and last not in (0, state.turn):
            raise DataError(
                f"selections.{side}.commander", f"{chosen.commander} was used on turn {last}: not again now"
            )
    for side in (*state.points, *state.selections, *state.retreat_used):
        if side not in SIDES:
            raise DataError("points", f"{side!r} is not austria or sardinia")


def _check_units(state: State) -> None:
    for formation, side in state.formations.items():
        if side not in SIDES:
            raise DataError(f"formations.{formation}", "must be austria or sardinia")
    for unit, counter in state.counters.items():
        counter.check(f"counters.{unit}")
        if counter.id != unit:
            raise DataError(f"counters.{unit}.id", "must be the unit's own key")
        if counter.formation and counter.formation not in state.formations:
            raise DataError(f"counters.{unit}.formation", f"{counter.formation!r} is not a formation")
    if set(state.units) != set(state.counters):
        odd = sorted(set(state.units) ^ set(state.counters))[0]
        raise DataError(f"units.{odd}", "every unit needs both its counter and its holding")
    for unit, holding in state.units.items():
        if holding.steps > state.counters[unit].steps:
            raise DataError(
                f"units.{unit}.steps", f"{holding.steps} is above the counter's {state.counters[unit].steps}"
            )
        if holding.exited and not holding.steps:
            raise DataError(f"units.{unit}", "is both eliminated and off the map: it can only be one")


def _check_variants(state: State) -> None:
    """The 6th Division and the Fog of War as the game was set up, and what they allow."""
    if state.fog not in FOG:
        raise DataError("fog", 'must be "", "dummies" or "hidden"')
    if state.sixth and not state.sixth_division:
        raise DataError("sixth", "the 6th Division entered, but sixth_division (the variant) is false")
    if state.sixth > state.turn:
        raise DataError(
            "sixth", f"the 6th Division cannot have entered on turn {state.sixth}, after this one"
        )
    if any(state.hidden.values()) and state.fog != "hidden":
        raise DataError("hidden", 'units are in a Hidden Forces Display, but fog is not "hidden"')
    for side, boxes in state.hidden.items():
        for box in boxes:
            if side not in SIDES or box not in tuple("ABCDEFGH"):
                raise DataError(f"hidden.{side}.{box}", "must be a side's box A to H")
