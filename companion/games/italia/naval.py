"""Naval combat (§10.8, §10.8.1; readings A6, A7, A38): fleets hit only fleets, on 9-10; each unit a
fleet carries adds +1 to its die; each leader at sea adds +2 to every friendly fleet but the one
carrying him; the side that takes hits chooses which fleets sink, and their cargo is eliminated."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from companion.games.vocabulary import IllegalActionError, Sentence

from .battle import Term, other
from .dice import Dice
from .numbers import TEXT, Numbers


@dataclass(frozen=True)
class Fleet:
    id: str
    embarked: int = 0  # non-leader units aboard (a fleet carries 2, §9.6)
    leaders: int = 0


@dataclass(frozen=True)
class Navy:
    nation: str
    fleets: tuple[Fleet, ...]
    sunk: tuple[Fleet, ...] = ()
    retreated: tuple[Fleet, ...] = ()


@dataclass(frozen=True)
class SeaBattle:
    attacker: Navy
    defender: Navy
    sea: str = ""
    round: int = 1
    numbers: Numbers = field(default=TEXT)

    def side(self, which: str) -> Navy:
        return self.attacker if which == "attacker" else self.defender

    def with_side(self, which: str, navy: Navy) -> SeaBattle:
        return replace(self, attacker=navy) if which == "attacker" else replace(self, defender=navy)


def fleet_terms(navy: Navy, fleet: Fleet, numbers: Numbers) -> tuple[Term, ...]:
    """+1 per unit aboard (A7), +2 per friendly leader aboard another fleet (A6)."""
    terms = []
    if fleet.embarked:
        terms.append(Term("cargo", fleet.embarked))
    others = sum(f.leaders for f in navy.fleets if f.id != fleet.id)
    if others:
        terms.append(Term("leader" if others == 1 else f"{others} leaders", numbers.leader_bonus * others))
    return tuple(terms)


def fleet_needs(navy: Navy, fleet: Fleet, numbers: Numbers) -> int:
    points = numbers.combat_points["fleet"] - sum(t.value for t in fleet_terms(navy, fleet, numbers))
    return min(10, max(2, points))


@dataclass(frozen=True)
class SeaRound:
    number: int
    values: dict[str, tuple[int, ...]]  # side -> one natural per fleet, in fleet order
    needed: dict[str, tuple[int, ...]]
    hits: dict[str, int]  # hits each side scored
    sunk: dict[str, tuple[Fleet, ...]]  # fleets each side lost
    cargo_lost: dict[str, int]  # units (and leaders) lost with them


def sea_round(
    battle: SeaBattle, dice: Dice, sink: Mapping[str, Sequence[str]] | None = None
) -> tuple[SeaBattle, SeaRound]:
    """One round: both sides roll one die per fleet; each side's losers are chosen by that side
    (`sink[side]`: fleet ids), by default the fleets with the least aboard."""
    values, needed, hits = {}, {}, {}
    for which in ("attacker", "defender"):
        navy = battle.side(which)
        needed[which] = tuple(fleet_needs(navy, f, battle.numbers) for f in navy.fleets)
        values[which] = dice.roll(len(navy.fleets))
        hits[which] = sum(v >= n for v, n in zip(values[which], needed[which], strict=True))
    sunk, cargo = {}, {}
    for which in ("attacker", "defender"):
        navy = battle.side(which)
        lost = _chosen(navy, hits[other(which)], (sink or {}).get(which))
        sunk[which] = lost
        cargo[which] = sum(f.embarked + f.leaders for f in lost)
        kept = tuple(f for f in navy.fleets if f not in lost)
        battle = battle.with_side(which, replace(navy, fleets=kept, sunk=navy.sunk + lost))
    report = SeaRound(battle.round, values, needed, hits, sunk, cargo)
    return replace(battle, round=battle.round + 1), report


def _chosen(navy: Navy, hits: int, ids: Sequence[str] | None) -> tuple[Fleet, ...]:
    count = min(hits, len(navy.fleets))
    if ids is None:
        return tuple(sorted(navy.fleets, key=lambda f: (f.embarked + f.leaders, f.id))[:count])
    chosen = tuple(f for f in navy.fleets if f.id in ids)
    if len(chosen) != count or len(set(ids)) != len(ids):
        raise IllegalActionError(
            Sentence(
                "{nation}: choose exactly {count} of your fleets to sink.", nation=navy.nation, count=count
            )
        )
    return chosen


def sea_retreat(battle: SeaBattle, which: str, ids: Sequence[str]) -> SeaBattle:
    """Some or all of a side's fleets leave for an adjacent sea after a round (§10.8)."""
    navy = battle.side(which)
    going = tuple(f for f in navy.fleets if f.id in ids)
    if len(going) != len(set(ids)):
        raise IllegalActionError(Sentence("{nation} has no such fleet here.", nation=navy.nation))
    kept = tuple(f for f in navy.fleets if f not in going)
    return battle.with_side(which, replace(navy, fleets=kept, retreated=navy.retreated + going))


def sea_over(battle: SeaBattle) -> bool:
    return not battle.attacker.fleets or not battle.defender.fleets


def attack_order(fleets: Mapping[str, int], dice: Dice) -> list[str]:
    """§10.8.1: nations that want to fight an arriving fleet go most fleets first; a tie goes to the
    higher die, ties rolled again (reading A38)."""
    order: list[str] = []
    for count in sorted(set(fleets.values()), reverse=True):
        tied = sorted(n for n, c in fleets.items() if c == count)
        order += _roll_off(tied, dice)
    return order


def _roll_off(nations: list[str], dice: Dice) -> list[str]:
    if len(nations) <= 1:
        return nations
    rolled = dict(zip(nations, dice.roll(len(nations)), strict=True))
    order: list[str] = []
    for value in sorted(set(rolled.values()), reverse=True):
        order += _roll_off([n for n in nations if rolled[n] == value], dice)
    return order
