"""One round of a land battle or a raid, as a pure function: aims and natural dice in, the battle
after the round and what happened out (§10.0-10.7, §14.2; readings A4, A5, A21, A35, A36)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from companion.games.vocabulary import IllegalActionError, Sentence

from .battle import LEADER, Battle, Counts, Group, Side, group, other, unit_type
from .tally import add_units, movable, take

Aim = tuple[str, str, int]  # firing unit key, target key ("city" for raid dice), dice
Count = tuple[int, int]  # a group's hits, and how many of its dice were an elephant's natural 9 or 10
CITY = "city"


@dataclass(frozen=True)
class Hits:
    """What one target key took: hits aimed at it, units flipped, units eliminated, hits wasted."""

    target: str
    hits: int
    flipped: int
    eliminated: int
    wasted: int


@dataclass(frozen=True)
class RoundReport:
    """A rolled round: every group with its dice, and what the hits did on each side."""

    number: int
    groups: tuple[Group, ...]
    values: tuple[tuple[int, ...], ...]  # natural values per group, in group order (none when typed)
    hits: dict[str, tuple[Hits, ...]]  # side -> hits it dealt, per target
    city_hits: int  # raid dice that hit the city
    elephant_forced: dict[str, Counts]  # side that must retreat -> retreated units
    elephant_removed: dict[str, Counts]  # ... and those that could not retreat
    lone_leaders: dict[str, int]  # side -> leaders removed alone (reading A5)
    counted: tuple[Count, ...] = ()  # per group: its hits and its elephant 9s and 10s
    typed: bool = False  # the table typed the hits per group, not the dice

    def dealt(self, which: str) -> int:
        return sum(h.hits for h in self.hits[which])

    def dice(self) -> int:
        return sum(g.dice for g in self.groups)


def default_aims(battle: Battle, which: str) -> tuple[Aim, ...]:
    """Every unit aimed at the enemy's most numerous key (the screen's default, §10.4)."""
    mine, theirs = battle.side(which), battle.side(other(which))
    if which == "attacker" and battle.mode == "raid":
        return tuple((key, CITY, n) for key, n in sorted(mine.units.items()))
    if not theirs.units:
        return ()
    target = max(sorted(theirs.units), key=lambda k: theirs.units[k])
    return tuple((key, target, n) for key, n in sorted(mine.units.items()))


def check_aims(battle: Battle, which: str, aims: Sequence[Aim]) -> None:
    """Each unit rolls one die (§10.0): the aims cover every unit exactly once, at enemy keys."""
    mine, theirs = battle.side(which), battle.side(other(which))
    fired: Counts = {}
    for key, target, n in aims:
        fired[key] = fired.get(key, 0) + n
        raid_die = battle.mode == "raid" and which == "attacker"
        if (raid_die and target != CITY) or (not raid_die and target not in theirs.units) or n < 0:
            raise IllegalActionError(
                Sentence("{key} cannot aim at {target}.", key=key.capitalize(), target=target)
            )
    if {k: v for k, v in fired.items() if v} != mine.units:
        raise IllegalActionError(
            Sentence("Every unit rolls one die: aim all {nation} units, each once.", nation=mine.nation)
        )


def refit_aims(battle: Battle, which: str, aims: Sequence[Aim]) -> tuple[Aim, ...]:
    """Aims chosen before the rolls ahead of round 1 (§13.3 fear, §14.1 switching) for the units as
    they are now: each key's dice at the target chosen for it (its first aim), the default for a key
    that came over, none for a key that went."""
    chosen: dict[str, str] = {}
    for key, target, _n in aims:
        chosen.setdefault(key, target)
    theirs = battle.side(other(which)).units
    found = []
    for key, target, n in default_aims(battle, which):
        mine = chosen.get(key, target)
        found.append((key, mine if mine in theirs or mine == CITY else target, n))
    return tuple(found)


def groups(battle: Battle, aims: Mapping[str, Sequence[Aim]]) -> tuple[Group, ...]:
    """The round's dice groups, attacker's first, with what each needs."""
    return tuple(
        group(battle, which, key, target, n)
        for which in ("attacker", "defender")
        for key, target, n in aims[which]
        if n > 0
    )


def apply_hits(battle: Battle, side: Side, target: str, hits: int) -> tuple[Side, Hits]:
    """Hits on one key: two-hit units all flip before any goes (reading A21); the rest is wasted."""
    have, hurt = side.units.get(target, 0), side.damaged.get(target, 0)
    if unit_type(target) in battle.numbers.two_hit_types:
        flipped = min(hits, have - hurt)
        eliminated = min(hits - flipped, hurt + flipped)
        damaged = add_units(side.damaged, target, flipped - eliminated)
    else:
        flipped, eliminated, damaged = 0, min(hits, have), side.damaged
    side = replace(
        side,
        units=add_units(side.units, target, -eliminated),
        damaged=damaged,
        tally=side.tally.add("lost", target, eliminated),
    )
    return side, Hits(target, hits, flipped, eliminated, hits - flipped - eliminated)


def roll_round(
    battle: Battle,
    aims: Mapping[str, Sequence[Aim]],
    values: Sequence[int],
    forced: dict[str, tuple[Counts, Counts]] | None = None,
    *,
    typed: Sequence[Count] | None = None,
    first: Mapping[str, Sequence[str]] | None = None,
) -> tuple[Battle, RoundReport]:
    """Roll one round with these natural values (attacker's groups first, in aim order), or with the
    hits the table typed per group (`typed`: hits and elephant 9s/10s, spec 6). `forced[side] =
    (retreat, removed)` is the elephant's opponent's choice (reading A4); without it, the keys in
    `first[side]` are sent out first, then the cheapest."""
    for which in ("attacker", "defender"):
        check_aims(battle, which, aims[which])
    rolled = groups(battle, aims)
    split: list[tuple[int, ...]] = []
    if typed is None:
        if len(values) != sum(g.dice for g in rolled):
            raise IllegalActionError(
                Sentence("This round rolls {n} dice, not {m}.", n=sum(g.dice for g in rolled), m=len(values))
            )
        at = 0
        for g in rolled:
            split.append(tuple(values[at : at + g.dice]))
            at += g.dice
        counted = tuple(_count(battle, g, dice) for g, dice in zip(rolled, split, strict=True))
    else:
        counted = check_typed(battle, rolled, typed)
        split = [() for _ in rolled]
    after, dealt, city_hits = _losses(battle, rolled, counted)
    triggers = _elephant_triggers(rolled, counted)
    after, moved, removed = _elephant_effect(after, triggers, forced or {}, first or {})
    after, lone = _lone_leaders(after)
    report = RoundReport(
        battle.round, rolled, tuple(split), dealt, city_hits, moved, removed, lone, counted, typed is not None
    )
    major = battle.major or (battle.round == 1 and min(battle.attacker.count(), battle.defender.count()) >= 3)
    return replace(after, round=battle.round + 1, major=major), report


def tramples(g: Group) -> bool:
    """An elephant's die at a unit (not a raid's die at the city): its natural 9 or 10 forces a retreat."""
    return unit_type(g.unit) == "elephant" and g.target != CITY


def _count(battle: Battle, g: Group, dice: Sequence[int]) -> Count:
    nines = sum(v >= battle.numbers.elephant_trigger for v in dice) if tramples(g) else 0
    return sum(v >= g.needed for v in dice), nines


def check_typed(battle: Battle, rolled: Sequence[Group], typed: Sequence[Count]) -> tuple[Count, ...]:
    """The table's hits per group (spec 6): one count a group, never more hits than its dice; 9s and
    10s only for an elephant's dice at units, and as many hits as they make."""
    if len(typed) != len(rolled):
        raise IllegalActionError(
            Sentence("This round has {n} groups of dice: type the hits of each.", n=len(rolled))
        )
    trigger = battle.numbers.elephant_trigger
    for g, (hits, nines) in zip(rolled, typed, strict=True):
        if not (0 <= hits <= g.dice and 0 <= nines <= g.dice) or (nines and not tramples(g)):
            raise IllegalActionError(
                Sentence(
                    "{count} {unit} dice make 0 to {count} hits (9s and 10s only for elephants).",
                    count=g.dice,
                    unit=unit_type(g.unit),
                )
            )
        if tramples(g) and ((g.needed <= trigger and nines > hits) or (g.needed > trigger and hits > nines)):
            raise IllegalActionError(
                Sentence(
                    "Elephants hit on {needed}+: their 9s and 10s and their hits do not agree.",
                    needed=g.needed,
                )
            )
    return tuple((int(h), int(n)) for h, n in typed)


def _losses(
    battle: Battle, rolled: tuple[Group, ...], counted: Sequence[Count]
) -> tuple[Battle, dict[str, tuple[Hits, ...]], int]:
    on: dict[tuple[str, str], int] = {}
    for g, (hits, _nines) in zip(rolled, counted, strict=True):
        key = (g.side, g.target)
        on[key] = on.get(key, 0) + hits
    city_hits = on.pop(("attacker", CITY), 0)
    after, dealt = battle, {"attacker": [], "defender": []}  # type: Battle, dict[str, list[Hits]]
    for (which, target), hits in on.items():
        victim = other(which)
        side, done = apply_hits(battle, after.side(victim), target, hits)
        after = after.with_side(victim, side)
        dealt[which].append(done)
    return after, {k: tuple(v) for k, v in dealt.items()}, city_hits


def _elephant_triggers(rolled: tuple[Group, ...], counted: Sequence[Count]) -> Counts:
    """Side that must retreat -> how many: a natural 9 or 10 of an elephant, not on raid dice."""
    found: Counts = {}
    for g, (_hits, nines) in zip(rolled, counted, strict=True):
        if nines:
            found[other(g.side)] = found.get(other(g.side), 0) + nines
    return found


def forced_default(
    side: Side, count: int, cost: dict[str, int], first: Sequence[str] = ()
) -> tuple[Counts, Counts]:
    """The opponent's choice when none is given: the keys it named `first`, then the cheapest units
    go; a hit cavalry that is chosen cannot retreat and is removed (§14.2)."""
    retreat: Counts = {}
    removed: Counts = {}
    ranked = {key: at for at, key in enumerate(first)}
    order = sorted(side.units, key=lambda k: (ranked.get(k, len(ranked)), cost.get(unit_type(k), 4), k))
    for key in order:
        free = min(count, movable(side, key))
        stuck = min(count - free, side.units[key] - movable(side, key))
        retreat, removed = add_units(retreat, key, free), add_units(removed, key, stuck)
        count -= free + stuck
    return retreat, removed


def _elephant_effect(
    battle: Battle,
    triggers: Counts,
    forced: dict[str, tuple[Counts, Counts]],
    first: Mapping[str, Sequence[str]],
) -> tuple[Battle, dict[str, Counts], dict[str, Counts]]:
    moved: dict[str, Counts] = {}
    removed: dict[str, Counts] = {}
    for which, count in triggers.items():
        side = battle.side(which)
        count = min(count, side.count())
        if count == 0:
            continue
        retreat, gone = forced.get(which) or forced_default(
            side, count, battle.numbers.costs, tuple(first.get(which, ()))
        )
        _check_forced(side, count, retreat, gone)
        for key, n in retreat.items():
            side = take(side, key, n)
            side = replace(side, tally=side.tally.add("retreated", key, n))
        for key, n in gone.items():
            side = take(side, key, n, damaged_first=True)
            side = replace(side, tally=side.tally.add("lost", key, n))
        battle = battle.with_side(which, side)
        moved[which], removed[which] = retreat, gone
    return battle, moved, removed


def _check_forced(side: Side, count: int, retreat: Counts, gone: Counts) -> None:
    every = set(retreat) | set(gone)
    fits = all(retreat.get(k, 0) <= movable(side, k) for k in retreat) and all(
        retreat.get(k, 0) + gone.get(k, 0) <= side.units.get(k, 0) for k in every
    )
    if not fits or sum(retreat.values()) + sum(gone.values()) != count:
        raise IllegalActionError(
            Sentence(
                "The elephants force {count} {nation} units out: choose exactly that many.",
                count=count,
                nation=side.nation,
            )
        )


def _lone_leaders(battle: Battle) -> tuple[Battle, dict[str, int]]:
    """A leader left without units facing enemy units is removed (§10.2, reading A5)."""
    lone: dict[str, int] = {}
    for which in ("attacker", "defender"):
        side, enemy = battle.side(which), battle.side(other(which))
        if side.count() == 0 and side.leaders and enemy.count():
            lone[which] = side.leaders
            side = replace(side, leaders=0, tally=side.tally.add("lost", LEADER, side.leaders))
            battle = battle.with_side(which, side)
    return battle, lone
