"""The Combat Result Table's columns as a ladder of ratios: where an exact force ratio falls (R-2),
the ladder extended past both printed ends (R-3), and the clamp to the printed table."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .errors import DataError

# The text fixes the ends ("Ratios greater than 4:1 are however resolved on the 4:1 column, ratios below
# 1:3 are resolved on the 1:3 column") and names 1:1, 2:1 and 3:1 in its Combat example. Between 1:3 and
# 1:1 it names nothing: the default ladder is the integer one of R-2/R-3 (1:2), replaced by the columns
# of the players' own table as soon as they fill them.
TEXT_LADDER = ("1:3", "1:2", "1:1", "2:1", "3:1", "4:1")


def parse_ratio(label: str) -> Fraction:
    """`"3:2"` -> 3/2; DataError for anything that is not two positive integers."""
    parts = label.split(":")
    if len(parts) != 2 or not all(p.isdigit() and 0 < int(p) < 1000 for p in parts):
        raise DataError("column", f"{label!r} is not a ratio like 2:1")
    return Fraction(int(parts[0]), int(parts[1]))


def label(ratio: Fraction) -> str:
    return f"{ratio.numerator}:{ratio.denominator}"


@dataclass(frozen=True)
class Ladder:
    """The printed columns, left to right; positions outside 0..len-1 are the extended columns."""

    columns: tuple[Fraction, ...]

    @classmethod
    def of(cls, labels: tuple[str, ...] = TEXT_LADDER) -> Ladder:
        return cls(tuple(parse_ratio(text) for text in labels))

    @property
    def last(self) -> int:
        return len(self.columns) - 1

    def ratio_at(self, position: int) -> Fraction:
        """The column at a position, extended 1:4, 1:5 ... to the left and 5:1, 6:1 ... to the right."""
        if position < 0:
            return Fraction(1, int(1 / self.columns[0]) - position)
        if position > self.last:
            return Fraction(int(self.columns[-1]) + position - self.last)
        return self.columns[position]

    def position(self, ratio: Fraction) -> int:
        """The rightmost column whose ratio does not exceed `ratio` (R-2: rounded down), extended."""
        if ratio < self.columns[0]:
            return -(math.ceil(1 / ratio) - int(1 / self.columns[0]))
        if ratio >= self.columns[-1]:
            return self.last + math.floor(ratio) - int(self.columns[-1])
        return max(i for i, column in enumerate(self.columns) if column <= ratio)

    def clamp(self, position: int) -> int:
        return min(max(position, 0), self.last)
