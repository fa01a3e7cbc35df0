"""Where the game stands: the turn and its phase, the secret selections and the cup, the Higher
Commanders' boxes, the activation under way, every unit's steps and markers, the ledger and the cities.
Frozen: every decision makes a new state, so undo is a step back and never a re-roll."""

from __future__ import annotations

from dataclasses import dataclass, field

from .readings import Readings
from .units import Counter, Holding

HIGHER_COMMANDERS = {"radetzky": "austria", "chrzanowski": "sardinia"}
SIXTH = "S-6"  # the 6th Division (Variants > The non-participating forces)


@dataclass(frozen=True)
class Selection:
    """One side's secret choice for a turn (phase A)."""

    side: str
    formations: tuple[str, ...] = ()  # chits put in the cup
    commander: str = ""  # a Higher Commander, whose chit goes in the cup instead of the boxed ones
    boxed: tuple[str, ...] = ()
    general_retreat: tuple[str, ...] = ()  # formations retreating instead of any activation


@dataclass(frozen=True)
class Activation:
    """The chit drawn and taken up: who it activates and what they did."""

    chit: str
    side: str
    formations: tuple[str, ...]
    forced_march: bool = False
    independents: tuple[str, ...] = ()
    attrition_due: tuple[str, ...] = ()  # formations still to roll forced-march attrition for


@dataclass(frozen=True)
class Pending:
    """Losses a side still has to allocate (after a combat, a charge, a bombardment or attrition)."""

    kind: str  # "combat", "charge", "bombard", "attrition"
    due: tuple[tuple[str, int], ...]  # (side, steps) in the order they are applied
    units: tuple[tuple[str, tuple[str, ...]], ...]  # side -> the units involved
    result: str = ""  # "" while the players still have to read it on their printed table
    column: str = ""
    modified: int = 0
    withdrawal_allowed: bool = True
    shake: tuple[str, ...] = ()  # units shaken by the result whatever the allocation (bombardment SH)
    defenders: int = 0


@dataclass(frozen=True)
class Ledger:
    """Steps lost, recovered and exited per side, and the combat points permanently eliminated."""

    lost: dict[str, int] = field(default_factory=lambda: {"austria": 0, "sardinia": 0})
    recovered: dict[str, int] = field(default_factory=lambda: {"austria": 0, "sardinia": 0})
    eliminated_cp: dict[str, int] = field(default_factory=lambda: {"austria": 0, "sardinia": 0})
    exited: dict[str, int] = field(default_factory=lambda: {"austria": 0, "sardinia": 0})
    exited_supplied: dict[str, int] = field(default_factory=lambda: {"austria": 0, "sardinia": 0})


@dataclass(frozen=True)
class State:
    turn: int
    last_turn: int
    phase: str  # "turn" (facts needed), "select", "draw", "decide", "activation", "night", "over"
    seed: int
    counters: dict[str, Counter]
    units: dict[str, Holding]
    formations: dict[str, str]  # formation -> side
    night: bool = False
    points: dict[str, int] = field(default_factory=dict)
    selections: dict[str, Selection] = field(default_factory=dict)
    cup: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()
    passed: tuple[str, ...] = ()
    commander_used: dict[str, int] = field(default_factory=dict)  # Higher Commander -> last turn used
    retreat_used: tuple[str, ...] = ()  # sides that have declared their one general retreat
    current: str = ""  # the chit drawn, awaiting Activate or Pass
    active: Activation | None = None
    activated_units: tuple[str, ...] = ()  # only the units the companion was told about
    pending: Pending | None = None
    bombarded: tuple[str, ...] = ()  # artillery that bombarded this turn (it may not also fight)
    rolls: int = 0  # how many rolls the game has made: roll k uses the seed's k-th stream
    ledger: Ledger = field(default_factory=Ledger)
    cities: dict[str, str] = field(default_factory=dict)  # city -> side controlling it
    supplied_entry: dict[str, bool] = field(default_factory=dict)  # city -> last entered by a supplied unit
    night_done: bool = False
    recovered_tonight: tuple[str, ...] = ()  # formations (or "<side>-independent") recovered this night
    retreats: tuple[tuple[str, str], ...] = ()  # (side, formation) general-retreat attrition still to roll
    absent: int = 0  # steps missing from units entered already reduced (they were never lost in this game)
    surprise: str = ""  # a formation selected on the first turn whose chit stays out of the cup
    winner: str | None = None
    how: str = ""
    scenario: str = "campaign"  # whose victory conditions apply (a state file is scored without its record)
    readings: Readings = field(default_factory=Readings)
    waiting: tuple[str, ...] = ()  # units the track (or the 6th Division variant) has not brought on yet
    sixth: int = 0  # the turn the 6th Division entered (variant): +1 Sardinian activation point from then
    hidden: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)  # side -> box -> units
    set_up: bool = False  # Fateful Novara's starting losses entered
    sixth_division: bool = False  # the 6th Division variant is in play (a state file is read without options)
    fog: str = ""  # the Fog of War option both players chose: "", "dummies" or "hidden"
    command_factors: dict[str, int] = field(default_factory=dict)  # Higher Commander -> his chit's number

    def side_of(self, chit: str) -> str:
        if chit in self.formations:
            return self.formations[chit]
        if chit.endswith("-independent"):
            return chit.removesuffix("-independent")
        return HIGHER_COMMANDERS.get(chit, "")

    def on_map(self, unit: str) -> bool:
        """A unit with steps on the map: not eliminated, exited, still to arrive, or in a hidden box."""
        holding = self.units.get(unit)
        if holding is None or not holding.steps or holding.exited or unit in self.waiting:
            return False
        return not any(unit in box for boxes in self.hidden.values() for box in boxes.values())

    def start_steps(self) -> int:
        """The steps the units had when the companion first knew them."""
        return sum(counter.steps for counter in self.counters.values()) - self.absent
