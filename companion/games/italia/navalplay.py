"""The naval battle as the game plays it (§10.8): opening checks, a round with the table's dice or
the seeded ones, its log for the tickets, retreats and the end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.games.vocabulary import IllegalActionError, Sentence

from .dice import Dice
from .ledger import SIDES, BattleLine, RoundLog, Throw
from .naval import SeaBattle, attack_order, sea_over, sea_retreat, sea_round

if TYPE_CHECKING:
    from .actions import SeaAttackOrder
    from .game import Game, State


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


def sea_attack_order(
    game: Game, state: State, action: SeaAttackOrder, dice: Dice
) -> tuple[State, list[Sentence]]:
    """§10.8.1: the order in which several nations attack one nation's fleet, rolled off on ties."""
    nations = {n.id for n in game.scenario.nations}
    fleets = action.fleets
    if action.target not in nations or not set(fleets) <= nations - {action.target}:
        raise IllegalActionError(Sentence("The fleet and its attackers are nations of this game."))
    if len(fleets) < 2 or not all(0 < n <= 99 for n in fleets.values()):
        raise IllegalActionError(Sentence("An order is for two nations or more, each with its fleets there."))
    order = tuple(attack_order(fleets, dice))
    said = Sentence(
        "Against the {nation} fleet, one nation at a time: {order} (§10.8.1).",
        nation=action.target,
        order=", ".join(order),
    )
    return replace(state, sea_order=order, sea_target=action.target), [said]


def next_sea_attacker(state: State, sea: SeaBattle) -> State:
    """A naval battle while an order stands (§10.8.1) is the next attacker's, against that fleet."""
    if not state.sea_order:
        return state
    first = state.sea_order[0]
    if sea.attacker.nation != first or sea.defender.nation != state.sea_target:
        raise IllegalActionError(
            Sentence(
                "The {nation} attack the {target} fleet next (§10.8.1).",
                nation=first,
                target=state.sea_target,
            )
        )
    rest = state.sea_order[1:]
    return replace(state, sea_order=rest, sea_target=state.sea_target if rest else "")
