"""The state file: the game state as JSON, and back (validated)."""

from __future__ import annotations

import json
from dataclasses import asdict, fields, replace
from typing import Any

from companion.games.records import load_json
from companion.games.vocabulary import DataError

from .battlefile import battle_from_dict, battle_to_dict, sea_from_dict, sea_to_dict
from .campaign import Campaign
from .game import State
from .ledger import Ledger, awards_from_list, ledger_from_dict, ledger_to_dict
from .phases import Leader

FORMAT = "companion/italia-state"


def dumps(state: State) -> str:
    data = asdict(replace(state, battle=None, sea=None, ledger=Ledger()))
    data["sea"] = None if state.sea is None else sea_to_dict(state.sea)
    data["battle"] = None if state.battle is None else battle_to_dict(state.battle)
    data["ledger"] = ledger_to_dict(state.ledger)
    return json.dumps({"format": FORMAT, "version": 1, **data}, sort_keys=True)


def loads(text: str) -> State:
    data = load_json(text, "state")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError("format", f"must be {FORMAT!r}")
    known = {f.name for f in fields(State)}
    values = {k: v for k, v in data.items() if k in known}
    if values.get("scenario") not in ("I", "II"):
        raise DataError("scenario", "must be 'I' or 'II'")
    battle = values.pop("battle", None)
    sea = values.pop("sea", None)
    values["sea"] = None if sea is None else sea_from_dict(sea)
    values["ledger"] = ledger_from_dict(values.get("ledger", {}))
    values["leaders"], values["campaign"] = _turn_parts(values)
    values["scores"] = awards_from_list(values.get("scores", []))
    values["without_pieces"] = tuple(values.get("without_pieces", ()))
    values["granted"] = tuple(values.get("granted", ()))
    values["sea_order"] = tuple(values.get("sea_order", ()))
    for name in ("gold", "must_spend", "masters", "control", "cities", "departed"):
        if not isinstance(values.get(name, {}), dict):
            raise DataError(name, "must be an object")
    try:
        state = State(**values)
    except TypeError as exc:
        raise DataError("state", f"is malformed ({exc})") from None
    return replace(state, battle=None if battle is None else battle_from_dict(battle))


def _turn_parts(values: dict[str, Any]) -> tuple[tuple[Leader, ...], Campaign | None]:
    """The leaders in play and the campaign under way, checked."""
    try:
        leaders = tuple(Leader(**row) for row in values.get("leaders", []))
        found = values.get("campaign")
        campaign = None if found is None else Campaign(**found)
    except TypeError as exc:
        raise DataError("leaders or campaign", f"is malformed ({exc})") from None
    return leaders, campaign
