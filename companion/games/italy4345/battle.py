"""One offensive battle from counts (§6.2.1 B and C): the attack values, the loser, each side's losses
and which pieces they are. Pure arithmetic: the offensive uses no die (spec 6)."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import refuse


@dataclass(frozen=True)
class Forces:
    aa: int = 0
    aut_troops: int = 0
    cln_brigades: int = 0
    aut_brigades: int = 0
    ger: int = 0
    rsi: int = 0
    terrain: str = "countryside"  # city, countryside or mountain

    def allied(self) -> int:
        """§6.2.1 B: Anglo-American cubes and Autonomous cubes + brigades."""
        return self.aa + self.aut_troops + self.cln_brigades + self.aut_brigades

    def axis(self, city_bonus: int = 2, mountain_bonus: int = 1) -> int:
        """§6.2.1 B: Axis cubes + 2 in a city + 1 in a mountain area."""
        bonus = {"city": city_bonus, "mountain": mountain_bonus}.get(self.terrain, 0)
        return self.ger + self.rsi + bonus


@dataclass(frozen=True)
class Result:
    allied_value: int
    axis_value: int
    loser: str  # "allied" (the Anglo-American side, also on a tie) or "axis"
    tie: bool
    allied_losses: tuple[str, ...]  # pieces in the order taken: cln, aa, aut_troops, aut_brigades
    axis_losses: tuple[str, ...]  # rsi, ger


def fight(
    f: Forces,
    aut_losses: str = "troop",
    city_bonus: int = 2,
    mountain_bonus: int = 1,
    winner_loss_from: str = "nominal_difference",
) -> Result:
    """The loser removes the difference, the winner half of it rounded up (A-21: of the nominal
    difference, each capped at the units it has); a tie costs each side 1, the Anglo-Americans losing."""
    if min(f.aa, f.aut_troops, f.cln_brigades, f.aut_brigades, f.ger, f.rsi) < 0:
        raise refuse("A battle's counts are 0 or more.")
    if f.terrain not in ("city", "countryside", "mountain"):
        raise refuse("A battle is fought in a city, countryside or mountain area.")
    allied, axis = f.allied(), f.axis(city_bonus, mountain_bonus)
    difference = abs(allied - axis)
    tie = difference == 0
    loser = "allied" if allied <= axis else "axis"
    loser_units = f.allied() if loser == "allied" else f.ger + f.rsi
    lost = 1 if tie else min(difference, loser_units)
    base = lost if winner_loss_from == "units_removed" else difference
    won = 1 if tie else (base + 1) // 2
    allied_n, axis_n = (lost, won) if loser == "allied" else (won, lost)
    return Result(allied, axis, loser, tie, allied_losses(f, allied_n, aut_losses), axis_losses(f, axis_n))


def allied_losses(f: Forces, count: int, aut_first: str = "troop") -> tuple[str, ...]:
    """§6.2.1 C: CLN brigade, Anglo-American troop, Autonomous piece (troop or brigade: A-25), repeated."""
    left = {"cln": f.cln_brigades, "aa": f.aa, "aut_troops": f.aut_troops, "aut_brigades": f.aut_brigades}
    aut = ("aut_brigades", "aut_troops") if aut_first == "brigade" else ("aut_troops", "aut_brigades")
    taken: list[str] = []
    while len(taken) < count and any(left.values()):
        for slot in ("cln", "aa", "aut"):
            kinds = aut if slot == "aut" else (slot,)
            kind = next((k for k in kinds if left[k]), None)
            if kind is not None and len(taken) < count:
                left[kind] -= 1
                taken.append(kind)
    return tuple(taken)


def axis_losses(f: Forces, count: int) -> tuple[str, ...]:
    """§6.2.1 C: RSI troop, German troop, repeated."""
    left = {"rsi": f.rsi, "ger": f.ger}
    taken: list[str] = []
    while len(taken) < count and any(left.values()):
        for kind in ("rsi", "ger"):
            if left[kind] and len(taken) < count:
                left[kind] -= 1
                taken.append(kind)
    return tuple(taken)
