"""The readings of ambiguous rules (docs/rules-interpretations-novara1849.md), each a switch with the
reading's default, so a table that plays a rule differently can say so in its options."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .errors import DataError

# switch -> the values it accepts (the first is the default reading)
CHOICES: dict[str, tuple[object, ...]] = {
    "clamp": ("after_shifts", "before_shifts"),
    "oos_halving": ("exact", "per_unit_down"),
    "forced_march_bonus_when": ("any", "all"),
    "range_two_when": ("any", "all"),
    "halve_bombardment": (False, True),  # R-32b
    "steps_lost": ("net", "gross"),
    "eliminated_cp": ("full", "shown"),
    "forced_march_charge_bonus": (True, False),
    "general_retreat_timing": ("start_of_B", "end_of_B"),
    "surprise_costs_ap": (True, False),
}


@dataclass(frozen=True)
class Readings:
    """One value per reading; the defaults are the reading document's."""

    clamp: str = "after_shifts"
    oos_halving: str = "exact"
    forced_march_bonus_when: str = "any"
    range_two_when: str = "any"
    halve_bombardment: bool = False
    steps_lost: str = "net"
    eliminated_cp: str = "full"
    forced_march_charge_bonus: bool = True
    general_retreat_timing: str = "start_of_B"
    surprise_costs_ap: bool = True

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def overridden(self) -> dict[str, Any]:
        """The switches set away from the reading's default (printed on every ticket)."""
        default = Readings()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def over(self, base: dict[str, Any]) -> Readings:
        """These readings over a file's switches: a switch set here away from the default wins."""
        return Readings.from_dict({**base, **self.overridden()})

    @classmethod
    def from_dict(cls, data: object) -> Readings:
        """Readings from a record's or a file's table; DataError names the switch at fault."""
        if not isinstance(data, dict):
            raise DataError("readings", "must be a table of switches")
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in CHOICES:
                raise DataError(f"readings.{key}", f"is not a switch (the switches: {', '.join(CHOICES)})")
            if value not in CHOICES[key] or type(value) is not type(CHOICES[key][0]):
                allowed = ", ".join(repr(c) for c in CHOICES[key])
                raise DataError(f"readings.{key}", f"must be one of {allowed}, not {value!r}")
            values[key] = value
        return cls(**values)
