"""The counters the companion keeps: what is printed on a unit (from the players' oob.toml, or typed at
the table) and where its steps are (text: Counters: "Units with combat points greater than 1 have two
steps", "Units with only 1 combat point have only one step"; pontoons have none)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .combat import Fighter
from .errors import DataError

SIDES = ("austria", "sardinia")
KINDS = ("infantry", "light-infantry", "cavalry", "artillery", "horse-artillery", "pontoon")


@dataclass(frozen=True)
class Counter:
    """A unit as printed: full and reduced factors, type, formation ("" = independent), elite bonus."""

    id: str
    side: str
    cf: int
    formation: str = ""
    kind: str = "infantry"
    cf_reduced: int = 0
    elite: int = 0
    label: str = ""

    @property
    def steps(self) -> int:
        if self.kind == "pontoon":
            return 0
        return 2 if self.cf > 1 else 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side,
            "cf": self.cf,
            "formation": self.formation,
            "kind": self.kind,
            "cf_reduced": self.cf_reduced,
            "elite": self.elite,
            "label": self.label,
        }

    @classmethod
    def from_dict(cls, data: object, where: str) -> Counter:
        """A counter from a table of keys; DataError names the key at fault."""
        if not isinstance(data, dict):
            raise DataError(where, "must be a table with id, side and cf")
        ints = {key: data.get(key, 0) for key in ("cf", "cf_reduced", "elite")}
        texts = {
            key: data.get(key, default)
            for key, default in (
                ("id", ""),
                ("side", ""),
                ("formation", ""),
                ("kind", "infantry"),
                ("label", ""),
            )
        }
        for key, value in ints.items():
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
                raise DataError(f"{where}.{key}", f"must be a whole number from 0 to 99, not {value!r}")
        for key, value in texts.items():
            if not isinstance(value, str) or len(value) > 60:
                raise DataError(f"{where}.{key}", "must be a short text")
        counter = cls(**texts, **ints)
        counter.check(where)
        return counter

    def check(self, where: str) -> None:
        if not self.id:
            raise DataError(f"{where}.id", "must name the unit")
        if self.side not in SIDES:
            raise DataError(f"{where}.side", f"must be austria or sardinia, not {self.side!r}")
        if self.kind not in KINDS:
            raise DataError(f"{where}.kind", f"must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if self.kind != "pontoon" and self.cf < 1:
            raise DataError(f"{where}.cf", "a unit other than a pontoon has at least 1 combat point")
        if self.steps == 2 and not 0 < self.cf_reduced < self.cf:
            raise DataError(f"{where}.cf_reduced", "a two-step unit's reduced factor is below its full one")


@dataclass(frozen=True)
class Holding:
    """Where a unit stands in the game: steps left (0 = eliminated), markers, off the map."""

    steps: int
    shaken: bool = False
    oos: bool = False
    exited: bool = False
    forced_march: bool = False  # moved in a forced march (or general retreat) this turn

    def to_dict(self) -> dict[str, Any]:
        return {
            "steps": self.steps,
            "shaken": self.shaken,
            "oos": self.oos,
            "exited": self.exited,
            "forced_march": self.forced_march,
        }

    def lose(self, steps: int) -> Holding:
        return replace(self, steps=max(0, self.steps - steps))


def fighter(counter: Counter, holding: Holding, hex_: int = 0, bonus: bool = True) -> Fighter:
    """The unit as a combat sees it: the factor of the side showing, its markers and its place."""
    reduced = holding.steps < counter.steps
    return Fighter(
        counter.id,
        counter.cf_reduced if reduced else counter.cf,
        counter.kind,
        holding.steps,
        counter.elite,
        holding.oos,
        holding.shaken,
        holding.forced_march,
        hex_,
        bonus,
    )
