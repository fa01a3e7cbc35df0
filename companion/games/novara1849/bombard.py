"""Bombardment (text: Bombardments; readings R-31, R-32b): the combined factor on one die, the range-two
modifier, and the result read on the players' artillery table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .combat import ARTILLERY, Fighter
from .errors import IllegalActionError, Sentence, TableMissing
from .readings import Readings

# the Bombardments example: "since the target unit is two hexes away, the die is decreased by -1"
RANGE_TWO = -1
RESULTS = ("-", "SH", "1", "1SH")
TEXT_CELL = (5, 5)  # the example: combined factor 5, modified roll 5 -> "1" (one step lost)


@dataclass(frozen=True)
class ArtilleryTable:
    """The players' artillery table: columns as (label, min, max) combined-factor ranges; "" = not filled."""

    columns: tuple[tuple[str, int, int], ...] = ()
    rows: Mapping[int, tuple[str, ...]] = field(default_factory=dict)

    def lookup(self, combined: int, modified: int) -> tuple[str, str]:
        """The column's label and the result, or TableMissing naming the cell."""
        cell = f"combined factor {combined}, modified roll {modified}"
        for index, (label, low, high) in enumerate(self.columns):
            if low <= combined <= high and modified in self.rows and self.rows[modified][index]:
                return label, self.rows[modified][index]
        raise TableMissing("artillery table", cell)


@dataclass(frozen=True)
class Battery:
    fighter: Fighter
    range_two: bool = False


@dataclass(frozen=True)
class Bombardment:
    combined: int
    modifiers: tuple[tuple[str, int], ...]
    natural: int
    modified: int
    column: str
    result: str
    source: str

    @property
    def step_loss(self) -> bool:
        return self.result in ("1", "1SH")

    @property
    def shakes(self) -> bool:
        return self.result in ("SH", "1SH")


def combined_factor(batteries: tuple[Battery, ...], readings: Readings) -> int:
    """The batteries' factors added ("always using only a single die"); refuses one that may not fire."""
    if not batteries:
        raise IllegalActionError(Sentence("Bombardment refused: name the firing artillery."))
    total = Fraction(0)
    for battery in batteries:
        unit = battery.fighter
        if unit.kind not in ARTILLERY:
            raise IllegalActionError(Sentence("Bombardment refused: {unit} is not artillery.", unit=unit.id))
        if unit.shaken or unit.forced_march:
            why = "is Shaken" if unit.shaken else "force-marched this turn"
            raise IllegalActionError(Sentence("Bombardment refused: {unit} {why}.", unit=unit.id, why=why))
        total += Fraction(unit.cf, 2) if unit.oos and readings.halve_bombardment else unit.cf
    return int(total)


def bombard_modifiers(batteries: tuple[Battery, ...], readings: Readings) -> tuple[tuple[str, int], ...]:
    far = [b.range_two for b in batteries]
    if any(far) if readings.range_two_when == "any" else all(far):
        return (("target two hexes away", RANGE_TWO),)
    return ()


def bombard(
    batteries: tuple[Battery, ...],
    natural: int,
    table: ArtilleryTable | None,
    readings: Readings,
    blocked: bool = False,
    night: bool = False,
    entered: str = "",
) -> Bombardment:
    """One bombardment of one hex; `entered` is a result read on the printed table (table-read)."""
    if night:
        raise IllegalActionError(
            Sentence("Bombardment refused: no bombardment is allowed during night turns.")
        )
    if blocked:
        raise IllegalActionError(
            Sentence(
                "Bombardment refused: at two hexes, with woods or town in every hex between, it is not "
                "allowed."
            )
        )
    combined = combined_factor(batteries, readings)
    modifiers = bombard_modifiers(batteries, readings)
    modified = natural + sum(n for _, n in modifiers)
    if entered:
        if entered not in RESULTS:
            raise IllegalActionError(
                Sentence("{code} is not an artillery result (SH, 1, 1SH or -).", code=entered)
            )
        return Bombardment(combined, modifiers, natural, modified, "", entered, "table")
    try:
        if table is None:
            raise TableMissing("artillery table", f"combined factor {combined}, modified roll {modified}")
        column, result = table.lookup(combined, modified)
    except TableMissing:
        if (combined, modified) != TEXT_CELL:
            raise
        return Bombardment(combined, modifiers, natural, modified, "", "1", "text")
    return Bombardment(combined, modifiers, natural, modified, column, result, "crt")
