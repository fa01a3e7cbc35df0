"""The state file `companion/italy4345`, version 1 (spec 1.14): the state as JSON, and back, checked.
A refusal names the field and the fault in one line."""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from typing import Any

from companion.games.records import load_json

from .deck import CARD_IDS
from .edition import Edition
from .errors import DataError, IllegalActionError
from .model import BRIGADES, COUNTS, FACTIONS, LOYALTIES, Area, Offensive, Options, State

FORMAT = "companion/italy4345"
MAX_BYTES = 1 << 20
CHOICES = ("event", "op", "op+sa", "limop")
STEPS = (
    "setup",
    "reveal",
    "symbols",
    "choose",
    "offensive",
    "redistribute",
    "score",
    "income",
    "civic",
    "over",
)


def dumps(state: State) -> str:
    return json.dumps({"format": FORMAT, "version": 1, **asdict(state)}, sort_keys=True)


def loads(text: str, edition: Edition) -> State:
    """The state a file holds, or DataError naming the field at fault."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise DataError("state", "is over 1 MiB")
    data = load_json(text, "state")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError("format", f"must be {FORMAT!r}")
    if data.get("version") != 1:
        raise DataError("version", "must be 1")
    state = _state(data)
    _check(state, edition)
    return state


def _state(data: dict[str, Any]) -> State:
    known = {f.name for f in fields(State)}
    values = {k: v for k, v in data.items() if k in known}
    values["options"] = Options.from_dict(values.get("options"))
    areas = values.get("areas", {})
    if not isinstance(areas, dict):
        raise DataError("areas", "must be an object of areas")
    values["areas"] = {k: _area(k, v) for k, v in areas.items()}
    if values.get("offensive") is not None:
        off = values["offensive"]
        if not isinstance(off, dict) or not isinstance(off.get("power"), int) or not 1 <= off["power"] <= 3:
            raise DataError("offensive", "must hold its card and a power of 1 to 3")
        values["offensive"] = Offensive(
            **{k: v for k, v in off.items() if k in {f.name for f in fields(Offensive)}}
        )
    try:
        return State(**values)
    except TypeError as exc:
        raise DataError("state", f"is malformed ({exc})") from None


def _area(area_id: str, data: object) -> Area:
    key = f"areas.{area_id}"
    if not isinstance(data, dict):
        raise DataError(key, "must be an object")
    area = Area()
    for name in COUNTS:
        value = data.get(name, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise DataError(f"{key}.{name}", "must be a whole number 0 or more")
        setattr(area, name, value)
    for name in BRIGADES:
        value = data.get(name, [0, 0])
        if not (isinstance(value, list) and len(value) == 2 and all(_count(v) for v in value)):
            raise DataError(f"{key}.{name}", "must be [hidden, visible], whole numbers 0 or more")
        setattr(area, name, list(value))
    if data.get("loyalty", "neutral") not in LOYALTIES:
        raise DataError(f"{key}.loyalty", "must be res, neutral or coll")
    area.loyalty = data.get("loyalty", "neutral")
    area.type = str(data.get("type", "?"))
    area.liberated, area.sabotage = bool(data.get("liberated")), bool(data.get("sabotage"))
    area.disk = data.get("disk")
    return area


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check(state: State, edition: Edition) -> None:
    from .board import check_totals

    if sorted(state.eligible + state.ineligible) != sorted(FACTIONS):
        raise DataError("eligible", "eligible and ineligible must hold the four factions once each")
    if not isinstance(state.die_pending, str) or (state.die_pending and state.step != "choose"):
        raise DataError("die_pending", "names the area of a Clash declared, while a faction chooses")
    if state.step not in STEPS:
        raise DataError("step", f"must be one of {', '.join(STEPS)}")
    if len(state.acted) > 2 or any(a.get("choice") not in CHOICES for a in state.acted):
        raise DataError("acted", "at most two acting factions, each with its choice")
    if sorted(state.resources) != sorted(FACTIONS) or not all(_count(v) for v in state.resources.values()):
        raise DataError("resources", "must give each faction 0 or more")
    for area_id, area in state.areas.items():
        _check_area(state, edition, area_id, area)
    for card in [*state.seen, *([state.current] if state.current else [])]:
        if card not in CARD_IDS:
            raise DataError("seen", f"{card!r} is not a card of the game")
    try:
        check_totals(state, edition)
    except IllegalActionError as exc:
        raise DataError("areas", str(exc)) from None


def _check_area(state: State, edition: Edition, area_id: str, area: Area) -> None:
    key = f"areas.{area_id}"
    if edition.board is not None and area_id not in edition.board.types:
        raise DataError(key, "is not an area of the map")
    if area.disk is not None and (area.type != "city" or area.disk not in ("intact", "bombed")):
        raise DataError(f"{key}.disk", "a disk is intact or bombed, on a city only")
    if area.sabotage and area.type == "city":
        raise DataError(f"{key}.sabotage", "a city takes no sabotage token (its disk turns)")
    if area.liberated and area.axis() and state.offensive is None:
        raise DataError(key, "a liberated area holds Axis pieces outside an offensive")
