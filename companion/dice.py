"""Dice for every game: "2d6", "d10" (Italia's "0" counts as 10), seeded, recorded, replayable.

A roll happens only when asked for: `request` makes it pending and the die box's button (or
`roll_pending`) throws it; a button press with nothing pending is ignored.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from hardware.faces import QUESTION, Face, number, pips

MAX_DICE = 20
MAX_SIDES = 100
_SPEC = re.compile(r"^\s*([0-9]{0,6})\s*[dD]\s*([0-9]{1,6})\s*$")  # ASCII digits: int() takes "٣" too


class DiceError(ValueError):
    """A dice expression the roller does not take; the message says what is wrong."""


@dataclass(frozen=True)
class Dice:
    count: int
    sides: int

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"

    @classmethod
    def parse(cls, text: str) -> Dice:
        match = _SPEC.match(text)
        if not match:
            raise DiceError(f"{text[:40]!r} is not a dice expression like 2d6 or d10")
        count, sides = int(match.group(1) or 1), int(match.group(2))
        if not 1 <= count <= MAX_DICE:
            raise DiceError(f"{text!r}: roll 1 to {MAX_DICE} dice at a time")
        if not 2 <= sides <= MAX_SIDES:
            raise DiceError(f"{text!r}: dice have 2 to {MAX_SIDES} sides")
        return cls(count, sides)


@dataclass(frozen=True)
class Roll:
    dice: Dice
    values: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.values)

    def __str__(self) -> str:
        shown = " + ".join(str(v) for v in self.values)
        return f"{self.dice}: {shown} = {self.total}" if len(self.values) > 1 else f"{self.dice}: {shown}"

    def to_dict(self) -> dict[str, object]:
        return {"dice": str(self.dice), "values": list(self.values), "total": self.total}


def die_face(dice: Dice, value: int) -> Face:
    """The die box's face for one die's value: pips for a d6, the digit as on the physical die for a
    d10 (its ten shows "0"), the number otherwise (a question mark past 99)."""
    if dice.sides == 6:
        return pips(value)
    if dice.sides == 10:
        return number(value % 10)
    return number(value) if 0 <= value <= 99 else QUESTION


class DiceRoller:
    """Seeded rolls, each one recorded; `replay` checks a record against the seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.rolls: list[Roll] = []
        self.pending: Dice | None = None

    def roll(self, dice: Dice) -> Roll:
        # A d10 numbered 0-9 reads its 0 as 10, so every die is simply 1..sides.
        result = Roll(dice, tuple(self._rng.randint(1, dice.sides) for _ in range(dice.count)))
        self.rolls.append(result)
        return result

    def request(self, dice: Dice) -> None:
        """Make a roll pending: the next button press throws it."""
        self.pending = dice

    def press(self) -> Roll | None:
        """The box's button: throws the pending roll, or does nothing when none is pending."""
        if self.pending is None:
            return None
        dice, self.pending = self.pending, None
        return self.roll(dice)

    @classmethod
    def replay(cls, seed: int, rolls: list[Roll]) -> DiceRoller:
        roller = cls(seed)
        for expected in rolls:
            if roller.roll(expected.dice) != expected:
                raise DiceError(
                    f"roll {len(roller.rolls)} does not match seed {seed}: the record was changed"
                )
        return roller
