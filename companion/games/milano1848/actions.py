"""Decisions players (or the app) take: small frozen value objects with to_dict/from_dict."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from .errors import DataError
from .quoting import shown
from .words import ActionKind


@dataclass(frozen=True)
class Action:
    kind: ClassVar[ActionKind]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True)
class PlacePatriot(Action):
    """Setup step 9: place the next Patriot on a soldier-free zone."""

    kind: ClassVar[ActionKind] = ActionKind.PLACE
    zone: int


@dataclass(frozen=True)
class ChoosePatriot(Action):
    """Solitaire: choose which Patriot takes its turn next."""

    kind: ClassVar[ActionKind] = ActionKind.CHOOSE
    patriot: int


@dataclass(frozen=True)
class Move(Action):
    kind: ClassVar[ActionKind] = ActionKind.MOVE
    zone: int


@dataclass(frozen=True)
class Conquer(Action):
    kind: ClassVar[ActionKind] = ActionKind.CONQUER


@dataclass(frozen=True)
class FightSoldiers(Action):
    kind: ClassVar[ActionKind] = ActionKind.FIGHT_SOLDIERS


@dataclass(frozen=True)
class FightRadetzky(Action):
    kind: ClassVar[ActionKind] = ActionKind.FIGHT_RADETZKY


@dataclass(frozen=True)
class Refresh(Action):
    kind: ClassVar[ActionKind] = ActionKind.REFRESH


@dataclass(frozen=True)
class UseHelp(Action):
    """Advanced: play `card` for the Help at its bottom.

    zones: Hot-Air Balloon the path (1 zone, or up to 2 when heroic); Barricade the zone;
    Noblewoman (from, to); Martinitt and Rifle none.
    """

    kind: ClassVar[ActionKind] = ActionKind.HELP
    card: str
    zones: tuple[int, ...] = ()


@dataclass(frozen=True)
class Strengthen(Action):
    """Advanced: play matching cards under one Help tile."""

    kind: ClassVar[ActionKind] = ActionKind.STRENGTHEN
    help: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class EndTurn(Action):
    """End the active Patriot's turn before its actions are used up."""

    kind: ClassVar[ActionKind] = ActionKind.END_TURN


@dataclass(frozen=True)
class Answer(Action):
    """A fight: the Italy card(s) played against what Austria revealed (3 against Radetzky).

    patriots (optional): for each card, the Patriot who played it. Needed only with table decks
    when several Patriots fight together and a card was unseen: it says whose hand it left.
    """

    kind: ClassVar[ActionKind] = ActionKind.ANSWER
    cards: tuple[str, ...]
    patriots: tuple[int, ...] = ()


@dataclass(frozen=True)
class Continue(Action):
    kind: ClassVar[ActionKind] = ActionKind.CONTINUE


@dataclass(frozen=True)
class Stop(Action):
    kind: ClassVar[ActionKind] = ActionKind.STOP


@dataclass(frozen=True)
class Promote(Action):
    """Advanced: the combat cube passed the last space; this not-Available zone becomes Available."""

    kind: ClassVar[ActionKind] = ActionKind.PROMOTE
    zone: int


@dataclass(frozen=True)
class AustrianTurn(Action):
    """Phase 2 (2.A-2.D) and Phase 3."""

    kind: ClassVar[ActionKind] = ActionKind.AUSTRIAN_TURN


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        PlacePatriot,
        ChoosePatriot,
        Move,
        Conquer,
        FightSoldiers,
        FightRadetzky,
        Refresh,
        UseHelp,
        Strengthen,
        EndTurn,
        Answer,
        Continue,
        Stop,
        Promote,
        AustrianTurn,
    )
}


def small_value(value: object) -> bool:
    """No zone, Patriot or card in the game needs a number of more than 9 digits (or a string over 100)."""
    return abs(value) < 10**9 if isinstance(value, int) else not isinstance(value, str) or len(value) <= 100


def _field_value(value: object, annotation: str, where: str) -> object:
    if annotation == "int" and isinstance(value, int) and not isinstance(value, bool) and small_value(value):
        return value
    if annotation == "str" and isinstance(value, str):
        return value
    item_type = {"tuple[int, ...]": int, "tuple[str, ...]": str}.get(annotation)
    if item_type and isinstance(value, list) and len(value) <= 64:
        if all(isinstance(v, item_type) and not isinstance(v, bool) and small_value(v) for v in value):
            return tuple(value)
    raise DataError(where, f"{shown(value)} is not a valid {annotation}")


def action_from_dict(data: object) -> Action:
    """Inverse of Action.to_dict; raises DataError naming the bad field."""
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(kind, str) or kind not in ACTION_TYPES:
        kinds = ", ".join(ACTION_TYPES)
        raise DataError("action.type", f"must be one of {kinds}")
    cls = ACTION_TYPES[data["type"]]
    values = {}
    for f in fields(cls):
        where = f"action.{f.name}"
        if f.name not in data:
            if f.default is not MISSING:
                continue
            raise DataError(where, "is missing")
        values[f.name] = _field_value(data[f.name], str(f.type), where)
    extra = set(data) - {"type"} - {f.name for f in fields(cls)}
    if extra:
        raise DataError(f"action.{sorted(extra)[0]}", f"is not a field of a {cls.kind} action")
    return cls(**values)
