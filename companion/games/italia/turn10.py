"""Italia I, turn 10 (§13.4): legion switching after each campaign move and its reactions
(reading A31), and the end of the turn (reading A30)."""

from __future__ import annotations

from dataclasses import dataclass

from .dice import Dice

SULLA, MARIUS = "Sulla", "Marius"


@dataclass(frozen=True)
class Switching:
    """One zone's legion-switching rolls: who rolled for whom, and how many legions joined."""

    rolls: tuple[tuple[str, int, int], ...]  # (leader, natural, needed)
    to_sulla: int
    to_marius: int


def switch_needed(leader: str, consular_there: bool) -> int:
    """Sulla 7-10, Marius 9-10; 9-10 and 10 when a Roman consular legion is in the zone (§13.4)."""
    if leader == SULLA:
        return 9 if consular_there else 7
    return 10 if consular_there else 9


def switch_legions(legions: int, leaders: tuple[str, ...], consular_there: bool, dice: Dice) -> Switching:
    """One die per Roman legion (consular legions never switch): Sulla's dice first, then the
    legions that stayed roll for Marius (reading A31)."""
    rolls: list[tuple[str, int, int]] = []
    joined = {SULLA: 0, MARIUS: 0}
    left = legions
    for leader in (SULLA, MARIUS):
        if leader not in leaders or not left:
            continue
        needed = switch_needed(leader, consular_there)
        for value in dice.roll(left):
            rolls.append((leader, value, needed))
            joined[leader] += value >= needed
        left -= joined[leader]
    return Switching(tuple(rolls), joined[SULLA], joined[MARIUS])


def turn_over(gold: dict[str, int], passes_in_a_row: int) -> bool:
    """Turn 10 (and the game) ends when no nation has gold to move or all three passed in a row."""
    return all(g <= 0 for g in gold.values()) or passes_in_a_row >= 3
