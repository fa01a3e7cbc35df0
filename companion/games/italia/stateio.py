"""The state file: the game state as JSON, and back (validated)."""

from __future__ import annotations

import json
from dataclasses import asdict, fields, replace

from companion.games.vocabulary import DataError

from .battlefile import battle_from_dict, battle_to_dict
from .game import State
from .ledger import Ledger, awards_from_list, ledger_from_dict, ledger_to_dict

FORMAT = "companion/italia-state"


def dumps(state: State) -> str:
    data = asdict(replace(state, battle=None, ledger=Ledger()))
    data["battle"] = None if state.battle is None else battle_to_dict(state.battle)
    data["ledger"] = ledger_to_dict(state.ledger)
    return json.dumps({"format": FORMAT, "version": 1, **data}, sort_keys=True)


def loads(text: str) -> State:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise DataError("state", "is not JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError("format", f"must be {FORMAT!r}")
    known = {f.name for f in fields(State)}
    values = {k: v for k, v in data.items() if k in known}
    if values.get("scenario") not in ("I", "II"):
        raise DataError("scenario", "must be 'I' or 'II'")
    battle = values.pop("battle", None)
    values["ledger"] = ledger_from_dict(values.get("ledger", {}))
    values["scores"] = awards_from_list(values.get("scores", []))
    values["without_pieces"] = tuple(values.get("without_pieces", ()))
    for name in ("gold", "must_spend", "masters", "control", "cities"):
        if not isinstance(values.get(name, {}), dict):
            raise DataError(name, "must be an object")
    try:
        state = State(**values)
    except TypeError as exc:
        raise DataError("state", f"is malformed ({exc})") from None
    return replace(state, battle=None if battle is None else battle_from_dict(battle))
