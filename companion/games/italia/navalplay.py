"""The naval battle as the game plays it (§10.8): opening checks, a round with the table's dice or
the seeded ones, its log for the tickets, retreats and the end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games.vocabulary import IllegalActionError, Sentence

from .dice import Dice
from .ledger import SIDES, BattleLine, RoundLog, Throw
from .naval import SeaBattle, sea_over, sea_retreat, sea_round


def open_sea(sea: SeaBattle) -> SeaBattle:
    """A naval battle needs fleets on both sides, each fleet with at most 2 units aboard (§9.6)."""
    if not sea.attacker.fleets or not sea.defender.fleets:
        raise IllegalActionError(Sentence("A naval battle needs fleets on both sides."))
    if any(f.embarked > 2 for n in (sea.attacker, sea.defender) for f in n.fleets):
        raise IllegalActionError(Sentence("A fleet carries at most 2 units (§9.6)."))
    return sea


def roll_sea(
    sea: SeaBattle, sink: Mapping[str, Sequence[str]], values: Sequence[int], dice: Dice
) -> tuple[SeaBattle, RoundLog]:
    """One round: the table's values (one per fleet, attacker's first) or the seeded dice."""
    if sea_over(sea):
        raise IllegalActionError(Sentence("The battle is over: close it."))
    fleets = len(sea.attacker.fleets) + len(sea.defender.fleets)
    if values and len(values) != fleets:
        raise IllegalActionError(Sentence("This round rolls {n} dice, not {m}.", n=fleets, m=len(values)))
    given = Dice(None, values) if values else dice
    after, report = sea_round(sea, given, {k: tuple(v) for k, v in sink.items()} if sink else None)
    if given is not dice:
        dice.drawn.extend(given.drawn)
    throws = tuple(
        Throw(which, fleet.id, "fleet", needed, (value,))
        for which in SIDES
        for fleet, needed, value in zip(
            sea.side(which).fleets, report.needed[which], report.values[which], strict=True
        )
    )
    lost = {w: {"fleet": len(report.sunk[w]), "cargo": report.cargo_lost[w]} for w in SIDES}
    lost = {w: {k: n for k, n in c.items() if n} for w, c in lost.items()}
    wasted = {w: max(0, report.hits[w] - len(report.sunk[_other(w)])) for w in SIDES}
    return after, RoundLog(report.number, throws, lost, {}, {}, wasted)


def _other(which: str) -> str:
    return "defender" if which == "attacker" else "attacker"


def sea_retreat_action(sea: SeaBattle, which: str, fleets: Sequence[str]) -> SeaBattle:
    if which not in SIDES:
        raise IllegalActionError(Sentence("A retreat is the attacker's or the defender's."))
    if sea_over(sea):
        raise IllegalActionError(Sentence("The battle is over: close it."))
    return sea_retreat(sea, which, fleets)


def close_sea(sea: SeaBattle) -> tuple[BattleLine, Sentence]:
    """The end: the side with fleets left holds the sea (both may have gone, or one retreated)."""
    if not sea_over(sea):
        raise IllegalActionError(Sentence("The battle goes on: both sides still have fleets."))
    a, d = bool(sea.attacker.fleets), bool(sea.defender.fleets)
    how = "cleared" if a and not d else "held" if d and not a else "both destroyed"
    winner = sea.attacker.nation if how == "cleared" else sea.defender.nation if how == "held" else None
    line = BattleLine(sea.sea, sea.attacker.nation, sea.defender.nation, how, winner)
    return line, Sentence("Battle over: {how}.", how=how)
