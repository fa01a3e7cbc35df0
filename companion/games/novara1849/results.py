"""After the roll: the modified roll read on the players' Combat Result Table (or the result they read
on their printed one), then losses, withdrawals, Shaken markers and the advance allowance
(text: Combat Results, Retreat after combat result, Advance; readings R-30, R-32, R-37, R-41)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .combat import Fighter, Preview
from .errors import IllegalActionError, Sentence, TableMissing

# The three cells the rulebook's Combat example reveals: (column, modified roll) -> result. They answer
# when the players' own table leaves the cell empty (source "text").
TEXT_CELLS = {("1:1", 2): "A1", ("2:1", 6): "D2", ("3:1", 7): "D3"}
RESULT = re.compile(r"(?:A([1-9]))?(?:D([1-9]))?")


@dataclass(frozen=True)
class Crt:
    """The players' Combat Result Table: columns as printed, rows by modified roll; "" = not filled."""

    columns: tuple[str, ...]
    rows: Mapping[int, tuple[str, ...]]
    first_row_and_below: bool = False
    last_row_and_above: bool = False
    codes: Mapping[str, str] = field(default_factory=dict)

    def lookup(self, column: str, modified: int) -> str:
        """The cell for a final column and a modified roll (R-37), or TableMissing naming it."""
        cell = f"column {column}, modified roll {modified}"
        if not self.rows or column not in self.columns:
            raise TableMissing("Combat Result Table", cell)
        row = min(max(modified, min(self.rows)), max(self.rows))
        if (row > modified and not self.first_row_and_below) or (
            row < modified and not self.last_row_and_above
        ):
            raise TableMissing("Combat Result Table", cell)
        result = self.rows.get(row, ("",) * len(self.columns))[self.columns.index(column)]
        if not result:
            raise TableMissing("Combat Result Table", cell)
        return result


def losses_in(result: str) -> tuple[int, int]:
    """Steps the attacker and the defender lose by a result: "A1" -> (1, 0), "-" -> (0, 0)."""
    match = RESULT.fullmatch(result)
    if result == "-" or not match or not result:
        return 0, 0
    return int(match.group(1) or 0), int(match.group(2) or 0)


def is_result(result: str, codes: Mapping[str, str]) -> bool:
    return result == "-" or result in codes or (bool(result) and RESULT.fullmatch(result) is not None)


@dataclass(frozen=True)
class Resolution:
    natural: int
    modified: int
    column: str
    result: str
    source: str  # "crt" (the players' table), "text" (the rulebook's example), "table" (read on the map)
    attacker_losses: int
    defender_losses: int


def lookup(crt: Crt | None, column: str, modified: int) -> tuple[str, str]:
    """The result and where it came from: the players' table, else the rulebook's example cells."""
    if crt is not None:
        try:
            return crt.lookup(column, modified), "crt"
        except TableMissing:
            pass  # an empty cell: the text may know it
    if (column, modified) in TEXT_CELLS:
        return TEXT_CELLS[column, modified], "text"
    raise TableMissing("Combat Result Table", f"column {column}, modified roll {modified}")


def resolve(preview: Preview, natural: int, crt: Crt | None, entered: str = "") -> Resolution:
    """The result of a roll: looked up (players' table, then the text's cells), or as read on the map."""
    if preview.refusals:
        raise IllegalActionError(Sentence("Combat refused: {why}", why=preview.refusals[0]))
    modified = natural + preview.modifier
    codes = crt.codes if crt else {}
    if entered:
        if not is_result(entered, codes):
            raise IllegalActionError(
                Sentence("{code} is not a combat result (A1, D2, A1D1 or -).", code=entered)
            )
        result, source = entered, "table"
    else:
        result, source = lookup(crt, preview.final_column, modified)
    attacker, defender = losses_in(result)
    return Resolution(natural, modified, preview.final_column, result, source, attacker, defender)


@dataclass(frozen=True)
class Losses:
    """One side's losses applied: steps taken per unit, eliminations, new Shaken markers."""

    applied: int
    withdrawal: int
    steps: Mapping[str, int]
    eliminated: tuple[str, ...]
    shaken: tuple[str, ...]


def apply_losses(
    units: tuple[Fighter, ...],
    losses: int,
    withdrawal: int = 0,
    allocation: Mapping[str, int] | None = None,
    retreat_impossible: bool = False,
) -> Losses:
    """R-30: a withdrawal of w hexes (1 <= w <= min(2, n)) takes w steps off a loss of n; the rest is
    allocated by the owner among the units involved; a retreat that cannot be made eliminates them all."""
    if withdrawal and not 1 <= withdrawal <= min(2, losses):
        raise IllegalActionError(
            Sentence(
                "A withdrawal of {w} hexes is refused: it may reduce a loss of {n} by 1 or 2 steps, "
                "never below nothing.",
                w=withdrawal,
                n=losses,
            )
        )
    if retreat_impossible and withdrawal:
        steps = {u.id: u.steps for u in units}
        return Losses(sum(steps.values()), withdrawal, steps, tuple(steps), ())
    due = min(losses - withdrawal, sum(u.steps for u in units))
    steps = _allocate(units, due, allocation)
    eliminated = tuple(u.id for u in units if steps.get(u.id, 0) >= u.steps)
    shaken = tuple(u.id for u in units if withdrawal and u.id not in eliminated and not u.shaken)
    return Losses(due, withdrawal, steps, eliminated, shaken)


def _allocate(units: tuple[Fighter, ...], due: int, allocation: Mapping[str, int] | None) -> dict[str, int]:
    if not due:
        return {}
    if allocation is None:
        holders = [u for u in units if u.steps]
        if len(holders) != 1:
            raise IllegalActionError(plural_losses(due))
        return {holders[0].id: due}
    known = {u.id: u for u in units}
    for unit, taken in allocation.items():
        if unit not in known or not 0 <= taken <= known[unit].steps:
            raise IllegalActionError(
                Sentence("{unit} cannot take {n} steps in this combat.", unit=unit, n=taken)
            )
    if sum(allocation.values()) != due:
        raise IllegalActionError(plural_losses(due))
    return {unit: taken for unit, taken in allocation.items() if taken}


def plural_losses(due: int) -> Sentence:
    return Sentence("Say which units take the {due} step(s) lost.", due=due)


def advance_allowance(result: str, defender_losses: Losses | None, defenders: int) -> int:
    """R-32: 2 hexes after D2 or more with every defender eliminated or a 2-hex withdrawal; 1 when the
    defending hex is vacated; 0 otherwise (and after any A result)."""
    attacker, defender = losses_in(result)
    if attacker or not defender or defender_losses is None:
        return 0
    wiped = len(defender_losses.eliminated) == defenders
    if defender >= 2 and (wiped or defender_losses.withdrawal == 2):
        return 2
    return 1 if wiped or defender_losses.withdrawal else 0
