"""The decisions the players take, as small frozen values with to_dict/from_dict. The faction is never
named: it is the one the card (or the offensive's step) says is acting."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .errors import DataError

Change = tuple[str, str, Any]  # (area, field, new value) for Adjust


@dataclass(frozen=True)
class Step:
    """One area of an operation, special activity or civic action: `area` (the source for a move), `n`
    (troops placed or moved, brigades revealed), `to` (a destination), `pick` (what the player chose:
    pieces to eliminate, areas to reveal in, an option)."""

    area: str = ""
    n: int = 0
    to: str = ""
    pick: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"area": self.area, "n": self.n, "to": self.to, "pick": list(self.pick)}

    @classmethod
    def from_dict(cls, data: object) -> Step:
        if not isinstance(data, dict):
            raise DataError("step", "must be an object")
        area, n, to, pick = data.get("area", ""), data.get("n", 0), data.get("to", ""), data.get("pick", [])
        if (
            not isinstance(area, str)
            or not isinstance(to, str)
            or not isinstance(n, int)
            or isinstance(n, bool)
        ):
            raise DataError("step", "area and to must be text, n a whole number")
        if not isinstance(pick, list) or not all(isinstance(p, str) for p in pick):
            raise DataError("step.pick", "must be a list of names")
        return cls(area, n, to, tuple(pick))


@dataclass(frozen=True)
class Action:
    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            data[f.name] = _plain(getattr(self, f.name))
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, Step):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class Answer(Action):
    """A value the edition files lack, given when the game asks (errors.ValueNeeded)."""

    kind: ClassVar[str] = "answer"
    key: str = ""
    value: Any = None


@dataclass(frozen=True)
class Place(Action):
    """§9.2 Alternative Set-up, one faction's placement in the text's order (the Anglo-Americans' is the
    companion's): Germany first = 3 cities, second = 2 front areas; RSI first = 3 countryside areas and
    second = 3 cities at Collaborationism, third = 4 areas with a troop; CLN first = 4 brigades (mountain
    areas or NDH), second = 4 mountain areas at Resistance; Autonomous first = 4 brigades (countryside
    areas or France)."""

    kind: ClassVar[str] = "place"
    first: tuple[str, ...] = ()
    second: tuple[str, ...] = ()
    third: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reveal(Action):
    """Turn the top card: its id as tapped or read by the camera; empty with a companion deck."""

    kind: ClassVar[str] = "reveal"
    card: str = ""


@dataclass(frozen=True)
class ClashDie(Action):
    """The Autonomous faction declared a Clash in `area`: its die is pending (the LED die shows "?") until
    the Clash is played with the die the companion throws or the table's typed in (§7.4)."""

    kind: ClassVar[str] = "clash-die"
    area: str = ""


@dataclass(frozen=True)
class MovePawn(Action):
    """The Autonomous player moves the reinforcements pawn (§6.1.1, or after an offensive)."""

    kind: ClassVar[str] = "move-pawn"
    area: str = ""


@dataclass(frozen=True)
class Stukas(Action):
    """The German player removes an Anglo-American troop (or, none being in play, may take an Autonomous
    troop: piece "aut_troops"); area "" removes nothing."""

    kind: ClassVar[str] = "stukas"
    area: str = ""
    piece: str = "aa"


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Adjust(Action):
    """What the table changed by hand (an event the players read, a correction): each change sets one
    field of one area; resources and the CLN reserve are set to the values given."""

    kind: ClassVar[str] = "adjust"
    label: str = ""
    changes: tuple[Change, ...] = ()
    resources: tuple[tuple[str, int], ...] = ()
    cln_reserve_tokens: int = -1  # -1: unchanged


@dataclass(frozen=True)
class Event(Action):
    """The acting faction plays the card's event; its effect is recorded as an adjustment."""

    kind: ClassVar[str] = "event"
    changes: tuple[Change, ...] = ()
    resources: tuple[tuple[str, int], ...] = ()
    cln_reserve_tokens: int = -1  # -1: unchanged


@dataclass(frozen=True)
class Op(Action):
    """An operation in one or more areas, with its special activity or none; the SA is played whole
    after the first `sa_at` areas of the operation (§6.1.3). `target`: Sabotage's Axis faction."""

    kind: ClassVar[str] = "op"
    op: str = ""
    steps: tuple[Step, ...] = ()
    sa: str = ""
    sa_steps: tuple[Step, ...] = ()
    sa_at: int = -1  # -1: after the whole operation
    target: str = ""


@dataclass(frozen=True)
class Assault(Action):
    """Offensive step A: (from, to, Anglo-American troops, Autonomous troops) moves as the table made
    them; with the map, the Anglo-American moves are dealt by the companion and only the Autonomous
    troops' are given (aa = 0)."""

    kind: ClassVar[str] = "assault"
    moves: tuple[tuple[str, str, int, int], ...] = ()


@dataclass(frozen=True)
class Battle(Action):
    """Steps B to D in one area ("" = the next in the map's order): `to` is where the loser withdraws,
    `aut_losses` which Autonomous piece goes first when both could ("troop" or "brigade", A-25)."""

    kind: ClassVar[str] = "battle"
    area: str = ""
    to: str = ""
    aut_losses: str = "troop"


@dataclass(frozen=True)
class EndRound(Action):
    """Step E and F: the pockets and any other area now south of the troops (the table's confirmation
    without a map; with it, computed)."""

    kind: ClassVar[str] = "end-round"
    liberated: tuple[str, ...] = ()
    pockets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Redistribute(Action):
    """After the clean-up: the Anglo-American (and Autonomous) troops moved along the front, and the pawn."""

    kind: ClassVar[str] = "redistribute"
    moves: tuple[tuple[str, str, int, int], ...] = ()
    pawn: str = "rds"


@dataclass(frozen=True)
class Score(Action):
    """The score step; `hand` holds the terms the table counted itself, (faction, term, value), e.g.
    ("cln", "areas", 3) at level L0 (shown "(h)", as spec 7 marks a value entered by hand, and recorded)."""

    kind: ClassVar[str] = "score"
    hand: tuple[tuple[str, str, int], ...] = ()


@dataclass(frozen=True)
class Income(Action):
    kind: ClassVar[str] = "income"


@dataclass(frozen=True)
class Civic(Action):
    """One civic action of the faction whose turn it is (§6.2.4)."""

    kind: ClassVar[str] = "civic"
    name: str = ""
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Done(Action):
    """The faction taking civic actions is done."""

    kind: ClassVar[str] = "done"


KINDS: dict[str, type[Action]] = {
    c.kind: c
    for c in (
        Answer,
        Reveal,
        ClashDie,
        MovePawn,
        Stukas,
        Pass,
        Adjust,
        Event,
        Op,
        Assault,
        Battle,
        EndRound,
        Redistribute,
        Score,
        Income,
        Civic,
        Done,
    )
}
STEPS = ("steps", "sa_steps")


def action_from_dict(data: object) -> Action:
    """The action a record's line or a table sent; DataError names the field at fault."""
    if not isinstance(data, dict) or data.get("type") not in KINDS:
        raise DataError("action.type", f"must be one of {', '.join(KINDS)}")
    cls = KINDS[data["type"]]
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        value = data[f.name]
        values[f.name] = _parsed(f.name, value, getattr(cls(), f.name))
    return cls(**values)


def _parsed(name: str, value: Any, default: Any) -> Any:
    if name in STEPS:
        if not isinstance(value, list) or len(value) > 64:
            raise DataError(f"action.{name}", "must be a list of steps")
        return tuple(Step.from_dict(v) for v in value)
    if isinstance(default, tuple):
        if not isinstance(value, list) or len(value) > 256:
            raise DataError(f"action.{name}", "must be a list")
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    if name == "value":
        json.dumps(value)  # any JSON value; checked by the game when answered
        return value
    if type(value) is not type(default):
        raise DataError(f"action.{name}", f"must be {type(default).__name__}")
    return value
