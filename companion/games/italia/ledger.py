"""What the game remembers for the table's tickets and screens: the active nation's turn (income,
purchases, battles) and the open or last battle's dice, round by round; and the score pad (§11.0).
Each is rebuilt by replay like the rest of the state, so a resumed game prints the same tickets."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.vocabulary import DataError

from .battle import Battle, Counts, Side
from .battlefile import battle_from_dict, battle_to_dict, counts
from .clerk import Income
from .rounds import RoundReport

SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class Throw:
    """One group of dice: a side's unit key at a target, the natural it needed, the values rolled.
    Before the first round `target` is "fear" (§13.3) or "switch" (§14.1): a success takes the unit."""

    side: str
    unit: str
    target: str
    needed: int
    values: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...] = ()  # ("mountain", -1), ... as the screen says them
    typed: int | None = None  # the hits the table typed for the group (no values then, spec 6)
    count: int = 0  # the group's dice when only its hits were typed

    @property
    def hits(self) -> int:
        return self.typed if self.typed is not None else sum(v >= self.needed for v in self.values)

    @property
    def dice(self) -> int:
        return self.count if self.typed is not None else len(self.values)


@dataclass(frozen=True)
class RoundLog:
    """A rolled round: its dice, and what each side lost, had flipped and took out after it."""

    number: int
    throws: tuple[Throw, ...]
    lost: dict[str, Counts] = field(default_factory=dict)
    flipped: dict[str, Counts] = field(default_factory=dict)
    retreated: dict[str, Counts] = field(default_factory=dict)
    wasted: dict[str, int] = field(default_factory=dict)  # side -> its hits that found no unit


@dataclass(frozen=True)
class BattleLine:
    """A closed battle of this nation's turn, for the nation-turn ticket."""

    zone: str
    attacker: str
    defender: str
    how: str
    winner: str | None


@dataclass(frozen=True)
class Ledger:
    """The active nation's turn so far; emptied when the next nation begins."""

    nation: str = ""
    income: Income | None = None
    master: str = ""
    bought: dict[str, Counts] = field(default_factory=dict)  # nation -> units bought this turn
    cities: dict[str, Counts] = field(default_factory=dict)  # nation -> cities bought, by terrain
    spent: dict[str, int] = field(default_factory=dict)
    lost_gold: dict[str, int] = field(default_factory=dict)  # over the cap after a purchase
    battles: tuple[BattleLine, ...] = ()
    before_rounds: tuple[Throw, ...] = ()  # the open or last battle's rolls before round 1
    rounds: tuple[RoundLog, ...] = ()  # ... and its rounds
    closed: Battle | None = None  # the last battle, as it ended
    removed: tuple[str, ...] = ()  # leaders whose time was up at the start of phase 2 (§7.2)


@dataclass(frozen=True)
class Award:
    """One line of the score pad: points a nation scored, on which turn, for what (§11.0)."""

    nation: str
    turn: int
    source: str  # zones | cities | region | eliminations | loot | major battle | leader | other
    points: int  # as scored, after halving for a subject
    halved: bool = False  # the nation was a subject: half, rounded up (§12.5.2, A26)
    asked: int = 0  # the card's value before halving


SOURCES = ("zones", "cities", "region", "eliminations", "loot", "major battle", "leader", "other")


def side_changes(before: Side, after: Side, fate: str) -> Counts:
    """Units of each key that went to `fate` between two moments of one side."""
    old, new = getattr(before.tally, fate), getattr(after.tally, fate)
    return {k: n - old.get(k, 0) for k, n in new.items() if n > old.get(k, 0)}


def flips(before: Side, after: Side) -> Counts:
    return {k: n - before.damaged.get(k, 0) for k, n in after.damaged.items() if n > before.damaged.get(k, 0)}


def round_log(report: RoundReport, before: Battle, after: Battle) -> RoundLog:
    """A rolled round's log: its dice, and from the battle before and after it the losses, the flips
    and the elephants' retreats."""
    throws = tuple(
        Throw(
            g.side,
            g.unit,
            g.target,
            g.needed,
            values,
            tuple((t.reason, t.value) for t in g.terms),
            counted[0] if report.typed else None,
            g.dice if report.typed else 0,
        )
        for g, values, counted in zip(report.groups, report.values, report.counted, strict=True)
    )
    lost, flipped, retreated = {}, {}, {}
    for which in SIDES:
        old, new = before.side(which), after.side(which)
        lost[which] = side_changes(old, new, "lost")
        flipped[which] = flips(old, new)
        retreated[which] = side_changes(old, new, "retreated")
    wasted = {w: sum(h.wasted for h in report.hits[w]) for w in SIDES}
    return RoundLog(report.number, throws, lost, flipped, retreated, wasted)


def add_retreat(ledger: Ledger, which: str, units: Counts) -> Ledger:
    """A retreat after the last rolled round, written into that round's log."""
    if not ledger.rounds or not units:
        return ledger
    last = ledger.rounds[-1]
    moved = {w: dict(c) for w, c in last.retreated.items()}
    mine = moved.setdefault(which, {})
    for key, n in units.items():
        mine[key] = mine.get(key, 0) + n
    return replace(ledger, rounds=ledger.rounds[:-1] + (replace(last, retreated=moved),))


def ledger_to_dict(ledger: Ledger) -> dict[str, Any]:
    return {
        "nation": ledger.nation,
        "income": None if ledger.income is None else vars(ledger.income).copy(),
        "master": ledger.master,
        "bought": ledger.bought,
        "cities": ledger.cities,
        "spent": ledger.spent,
        "lost_gold": ledger.lost_gold,
        "battles": [vars(b).copy() for b in ledger.battles],
        "before_rounds": [_throw_dict(t) for t in ledger.before_rounds],
        "rounds": [_round_dict(r) for r in ledger.rounds],
        "closed": None if ledger.closed is None else battle_to_dict(ledger.closed),
        "removed": list(ledger.removed),
    }


def _throw_dict(throw: Throw) -> dict[str, Any]:
    return {**vars(throw), "values": list(throw.values), "modifiers": [list(m) for m in throw.modifiers]}


def _round_dict(log: RoundLog) -> dict[str, Any]:
    return {**vars(log), "throws": [_throw_dict(t) for t in log.throws]}


def ledger_from_dict(data: object) -> Ledger:
    """The ledger of a state file; DataError names the field."""
    if not isinstance(data, dict):
        raise DataError("ledger", "must be an object")
    try:
        income = data.get("income")
        return Ledger(
            str(data.get("nation", "")),
            None if income is None else Income(**income),
            str(data.get("master", "")),
            {str(n): counts(c, f"ledger.bought.{n}") for n, c in data.get("bought", {}).items()},
            {str(n): dict(c) for n, c in data.get("cities", {}).items()},
            {str(n): int(g) for n, g in data.get("spent", {}).items()},
            {str(n): int(g) for n, g in data.get("lost_gold", {}).items()},
            tuple(BattleLine(**b) for b in data.get("battles", [])),
            tuple(_throw(t) for t in data.get("before_rounds", [])),
            tuple(_round(r) for r in data.get("rounds", [])),
            None if data.get("closed") is None else battle_from_dict(data["closed"], "ledger.closed"),
            tuple(str(n) for n in data.get("removed", [])),
        )
    except (TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, DataError):
            raise
        raise DataError("ledger", f"is malformed ({exc})") from None


def _throw(data: dict[str, Any]) -> Throw:
    modifiers = tuple((str(r), int(v)) for r, v in data.get("modifiers", []))
    return Throw(**{**data, "values": tuple(int(v) for v in data["values"]), "modifiers": modifiers})


def _round(data: dict[str, Any]) -> RoundLog:
    return RoundLog(**{**data, "throws": tuple(_throw(t) for t in data["throws"])})


def awards_from_list(data: object) -> tuple[Award, ...]:
    if not isinstance(data, list):
        raise DataError("scores", "must be a list")
    try:
        return tuple(Award(**a) for a in data)
    except TypeError as exc:
        raise DataError("scores", f"is malformed ({exc})") from None
