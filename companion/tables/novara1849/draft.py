"""What the players are putting together on screen before it becomes a decision: the turn's facts, a
secret selection, a combat's units and ring, a charge, a bombardment, losses, the night's checklist,
a new unit. Nothing in it is recorded until the decision is played."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.novara1849.state import State
from companion.games.novara1849.units import KINDS

SHORT = {
    "infantry": "inf",
    "light-infantry": "lt",
    "cavalry": "cav",
    "artillery": "art",
    "horse-artillery": "h.art",
    "pontoon": "pont",
}


@dataclass
class UnitForm:
    """A counter typed in from the table: its printed values and its markers now."""

    side: str = "austria"
    formation: str = ""
    kind: str = "infantry"
    cf: int = 4
    cf_reduced: int = 2
    elite: int = 0
    reduced: bool = False
    oos: bool = False
    shaken: bool = False

    def name(self, state: State) -> str:
        """The unit's name on screen and in the record: its formation, type and factor (a second one
        alike gets a letter)."""
        base = f"{self.formation or self.side[0].upper()} {SHORT[self.kind]} {self.cf}"
        taken = set(state.counters)
        for suffix in ["", *" bcdefghijklmnopqrstuvwxyz"]:
            name = f"{base}{' ' + suffix.strip() if suffix.strip() else ''}"
            if name not in taken:
                return name
        return base + " +"


@dataclass
class Draft:
    mode: str = ""  # "" (the phase's own screen), units, combat, charge, bombard, chits, ledger, display
    back: str = ""  # the screen a new unit returns to
    night: bool = False
    points: dict[str, int] = field(default_factory=lambda: {"austria": 2, "sardinia": 2})
    handed: str = ""  # the side the screen was handed to for its secret selection
    display: str = ""  # the side the screen was handed to for its hidden display (fog of war)
    hiding: list[str] = field(default_factory=list)  # the units being put in a box of that display
    picks: dict[str, str] = field(default_factory=dict)  # formation -> cup, box or retreat
    forced: bool = False
    independents: list[str] = field(default_factory=list)
    ring: int = 1  # the ring position being filled (0: the defending hex)
    attackers: dict[str, int] = field(default_factory=dict)
    defenders: list[str] = field(default_factory=list)
    terrain: int = 0  # the defending hex's left shifts, read on the terrain chart
    hexside: int = 0
    fortified: bool = False
    chargers: list[str] = field(default_factory=list)
    clear: bool = True
    crossing: bool = False  # a bridge, ford, river, stream or ridge hexside crossed
    batteries: dict[str, bool] = field(default_factory=dict)  # unit -> two hexes away
    blocked: bool = False
    dice: list[int] = field(default_factory=list)  # typed dice so far
    withdrawal: int = 0
    allocation: dict[str, int] = field(default_factory=dict)
    impossible: bool = False
    out: list[str] = field(default_factory=list)  # night: the units out of supply
    unshaken: list[str] = field(default_factory=list)  # Shaken units that did not move
    supplied: bool = True  # a city entered by a supplied unit
    conceding: str = ""  # the side whose concession waits for a second tap
    filters: dict[str, str] = field(default_factory=dict)  # side -> formation shown in a roster
    form: UnitForm = field(default_factory=UnitForm)

    def fight_reset(self) -> None:
        self.attackers, self.defenders, self.ring = {}, [], 1
        self.terrain = self.hexside = 0
        self.fortified = False
        self.chargers, self.batteries = [], {}
        self.clear, self.crossing, self.blocked = True, False, False
        self.dice = []


def cycle(values: tuple[str, ...], value: str) -> str:
    return values[(values.index(value) + 1) % len(values)] if value in values else values[0]


__all__ = ["KINDS", "Draft", "UnitForm", "cycle"]
