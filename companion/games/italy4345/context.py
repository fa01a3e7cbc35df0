"""What one operation (or civic action) carries from area to area: who acts, the destinations and
sources already paid for, brigades that already moved, the dice given and thrown."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .board import spend
from .edition import Edition
from .errors import Sentence, refuse
from .facts import city_value
from .model import Area, State

SIDES = 6  # §2: "a 6 faces die"


@dataclass
class Ctx:
    state: State
    edition: Edition
    faction: str
    what: str
    given: list[object] = field(default_factory=list)
    drawn: list[object] = field(default_factory=list)
    paid: set[str] = field(default_factory=set)
    arrived: dict[str, int] = field(default_factory=dict)
    destinations: list[str] = field(default_factory=list)
    events: list[Sentence] = field(default_factory=list)
    ambush: str = ""
    once: bool = False

    def pay(self, amount: int) -> None:
        spend(self.state, self.faction, amount, self.what)

    def pay_once(self, key: str, amount: int) -> None:
        """Pay for a destination (or source) the first time it is named (§7.1 Mobilize, §7.2.1, §7.4)."""
        if key not in self.paid:
            self.paid.add(key)
            self.pay(amount)

    def say(self, template: str, **values: object) -> None:
        self.events.append(Sentence(template, **values))

    def production(self, area_id: str) -> int:
        return city_value(self.state, self.edition, area_id, "production")

    def near(self, a: str, b: str) -> None:
        """Adjacency, checked when the owner's map is there (L2), else taken on trust."""
        if not b:  # an empty destination would become an area of its own
            raise refuse(
                "{what} refused: where the pieces from {a} go is missing: tap that area after {a}.",
                what=self.what,
                a=a,
            )
        board = self.edition.board
        if board is not None and not board.adjacent(a, b):
            raise refuse("{what} refused: {b} is not adjacent to {a}.", what=self.what, a=a, b=b)

    def roll(self) -> int:
        """The Clash die: the table's, typed in, or the companion's (seed and count, so an undone roll
        thrown again shows the same face)."""
        if self.given:
            value = self.given.pop(0)
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= SIDES:
                raise refuse("{value} is not a face of a six-sided die.", value=value)
        else:
            value = random.Random(f"{self.state.options.seed}/clash/{self.state.rolls}").randint(1, SIDES)
        self.state.rolls += 1
        self.drawn.append(value)
        return value


def need(condition: bool, what: str, template: str, **values: object) -> None:
    """Refuse, in one sentence that names the action, unless the condition holds."""
    if not condition:
        raise refuse("{what} refused: {why}", what=Sentence(what), why=Sentence(template, **values))


def move_troops(source: Area, target: Area, kind: str, n: int) -> None:
    setattr(source, kind, getattr(source, kind) - n)
    setattr(target, kind, getattr(target, kind) + n)


def move_brigades(source: Area, target: Area, kind: str, n: int, hidden: bool | None) -> None:
    """n brigades leave, visible ones first; on arrival hidden, visible or as they were (`hidden` None)."""
    brigades, arrived = getattr(source, kind), getattr(target, kind)
    visible = min(n, brigades[1])
    brigades[1] -= visible
    brigades[0] -= n - visible
    if target.loyalty == "coll":
        hidden = False  # Collaborationism wins (§2.4, A-37)
    if hidden is None:
        arrived[1] += visible
        arrived[0] += n - visible
    else:
        arrived[0 if hidden else 1] += n
