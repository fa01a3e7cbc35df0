"""Moving units out of a side, and the tally every unit ends in (lost, retreated, deserted...).

Conservation holds by construction: start + joined = units + leaders + every tally below.
"""

from __future__ import annotations

from dataclasses import replace

from .battle import FATES, LEADER, Counts, Side, Tally, unit_type

__all__ = ["FATES", "LEADER", "Tally", "add_units", "movable", "take"]


def add_units(units: Counts, key: str, n: int) -> Counts:
    made = dict(units)
    made[key] = made.get(key, 0) + n
    return {k: v for k, v in made.items() if v > 0}


def take(side: Side, key: str, n: int, *, damaged_first: bool = False) -> Side:
    """`side` without n units of `key`; undamaged ones go first unless `damaged_first`."""
    have, hurt = side.units.get(key, 0), side.damaged.get(key, 0)
    n = min(n, have)
    from_hurt = min(hurt, n) if damaged_first else max(0, n - (have - hurt))
    damaged = add_units(side.damaged, key, -from_hurt)
    return replace(side, units=add_units(side.units, key, -n), damaged=damaged)


def movable(side: Side, key: str) -> int:
    """How many units of `key` may retreat: a hit cavalry cannot (§14.2, reading A45)."""
    have = side.units.get(key, 0)
    return have - side.damaged.get(key, 0) if unit_type(key) == "cavalry" else have
