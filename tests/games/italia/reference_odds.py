"""The exact odds solver as it was before its rewrite for speed (issue 16), kept unchanged as the
reference the new one is checked against (test_odds_reference.py): a memoised recursion over the
chain's states that sums its pairs of outcomes one by one. Not used by the app.

Exact battle odds before the roll: the chance that the attacker clears the zone, the defender
holds it, or both are destroyed, and the expected losses of each side.

The policy (what the table would otherwise decide, stated on the screen): every round each side
aims all its dice at the enemy's most numerous unit key (the resolver's default aims), nobody
retreats or submits, an elephant's victims retreat their cheapest units (`forced_default`). The
rolls before the first round (elephant fear, Foederati switching) are included. Exact: a Markov
chain over unit counts, absorbing, whose rounds after the first are all alike; a round in which
nothing changes is summed as a geometric series.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from companion.games.italia.battle import Battle, Side, group, unit_type
from companion.games.italia.fight import fear_needed, switch_needed
from companion.games.italia.rounds import CITY, default_aims, groups

Key = tuple[tuple[str, int, int], ...]  # (unit key, undamaged, damaged) per key, sorted
State = tuple[Key, Key]
Dist = dict[tuple[int, int], float]  # (hits, elephant 9s and 10s) -> probability
Outcomes = tuple[tuple[int, float], ...]  # one side after a round (its id) -> chance
_SHIFT, _MASK = 32, (1 << 32) - 1  # a pair of side ids as one int
Dice = tuple[tuple[int, bool, int], ...]  # (needed, elephant, dice) per group of a side


# The solver's budget, in pairs of outcomes it sums (a count that does not depend on the machine's
# load; benchmarks/italia.py prints it by army and size): the screen's 20,000 cover every battle of
# up to 8 units a side the game fields (at most 18,469 pairs, 30-40 ms on the development machine)
# and the smaller mixes of 10; the command's 1,000,000 cover every battle of up to 12 a side (at most
# 214,667 pairs, about 0.3 s) with room. Beyond, a battle is refused within seconds, not minutes.
SCREEN_PAIRS = 20_000
COMMAND_PAIRS = 1_000_000
# The solver recurses a level a round that changes something, so its depth is at most the hits both
# sides can take; beyond this (four times the rules' largest battle) a battle is refused before it starts.
MAX_HIT_POINTS = 200


class TooLarge(ValueError):
    """The exact odds of this battle need more work than the budget allows."""

    def __init__(self, budget: int) -> None:
        super().__init__(
            f"the exact odds of this battle need more than {budget:,} steps, beyond what is worked out "
            "here in time; fewer units or fewer kinds of unit make them answerable"
        )
        self.budget = budget


@dataclass(frozen=True)
class Odds:
    """What the entered battle gives under the stated policy (probabilities add up to 1)."""

    attacker_clears: float
    defender_holds: float
    both_destroyed: float
    attacker_losses: float  # expected units eliminated (leaders aside)
    defender_losses: float
    raid_succeeds: float | None = None  # raids only: at least one hit on the city


def side_key(side: Side) -> Key:
    return tuple(
        (k, n - side.damaged.get(k, 0), side.damaged.get(k, 0)) for k, n in sorted(side.units.items()) if n
    )


def as_side(side: Side, key: Key) -> Side:
    return replace(side, units={k: u + d for k, u, d in key}, damaged={k: d for k, u, d in key if d})


def battle_odds(battle: Battle, elephant_battles: int = 0, budget: int = SCREEN_PAIRS) -> Odds:
    """The exact odds of this battle as entered (its round, its units, its modifiers); TooLarge when
    they need more than `budget` pairs of outcomes summed."""
    if _hit_points(battle) > MAX_HIT_POINTS:
        raise TooLarge(budget)
    solver = _Solver(battle, budget)
    totals = [0.0] * 4
    raid = 0.0
    for state, p in _before_first_round(battle, elephant_battles).items():
        if battle.mode == "raid":
            raid += p * solver.raid_success(state)
        for i, v in enumerate(solver.value(state, first=True)):
            totals[i] += p * v
    clears, holds, lost_a, lost_d = totals
    both = max(0.0, 1.0 - clears - holds)
    return Odds(clears, holds, both, lost_a, lost_d, raid if battle.mode == "raid" else None)


def _hit_points(battle: Battle) -> int:
    """The hits both sides can take: two for each two-hit unit, one for the others."""
    two_hit = battle.numbers.two_hit_types
    return sum(
        n * (2 if unit_type(key) in two_hit else 1)
        for side in (battle.attacker, battle.defender)
        for key, n in side.units.items()
    )


def _before_first_round(battle: Battle, elephant_battles: int) -> dict[State, float]:
    """The states after elephant fear and Foederati switching, with their chances."""
    states = {(side_key(battle.attacker), side_key(battle.defender)): 1.0}
    if battle.round != 1:
        return states
    fear, switch = fear_needed(battle, elephant_battles), switch_needed(battle)
    if fear:
        which, needed = fear
        keys = [k for k in sorted(battle.side(which).units) if unit_type(k) != "consular"]
        states = _spread(states, which == "defender", keys, needed, switch=False)
    if switch:
        which, needed = switch
        keys = [k for k in sorted(battle.side(which).units) if unit_type(k) == "foederati"]
        states = _spread(states, which == "defender", keys, needed, switch=True)
    return states


def _spread(
    states: dict[State, float], at: int, keys: list[str], needed: int, *, switch: bool
) -> dict[State, float]:
    """Each unit of these keys rolls once: it leaves (and, switching, joins the enemy as infantry)."""
    p_go = (11 - needed) / 10
    for unit in keys:
        made: dict[State, float] = {}
        for state, p in states.items():
            have = next((u for k, u, _ in state[at] if k == unit), 0)
            for gone in range(have + 1):
                sides = [state[0], state[1]]
                sides[at] = _change(sides[at], unit, -gone, 0)
                if switch:
                    sides[1 - at] = _change(sides[1 - at], "infantry", gone, 0)
                after = (sides[0], sides[1])
                made[after] = made.get(after, 0.0) + p * _binomial(have, gone, p_go)
        states = made
    return states


def _change(key: Key, unit: str, units: int, damaged: int) -> Key:
    table = {k: (u, d) for k, u, d in key}
    u, d = table.get(unit, (0, 0))
    table[unit] = (u + units, d + damaged)
    return tuple((k, u, d) for k, (u, d) in sorted(table.items()) if u + d > 0)


@lru_cache(maxsize=4096)
def _binomial(n: int, k: int, p: float) -> float:
    from math import comb

    return comb(n, k) * p**k * (1 - p) ** (n - k)


class _Solver:
    def __init__(self, template: Battle, budget: int) -> None:
        self.template = template
        self.limit = self.budget = budget  # pairs of outcomes to sum at most, and left
        self.memo: dict[int, tuple[float, ...]] = {}  # a pair of side ids -> its value
        self.struck: dict[tuple[Key, str | None, Dice], tuple[Outcomes, float]] = {}
        self.blows: dict[tuple[Key, str | None, int, int], tuple[int, int]] = {}
        self.ids: dict[Key, int] = {}
        self.keys: list[Key] = []
        self.needs: dict[tuple[bool, str, str, str], int] = {}
        self.two_hit = set(template.numbers.two_hit_types)
        self.cost = template.numbers.costs
        self.trigger = template.numbers.elephant_trigger

    def battle(self, state: State, first: bool) -> Battle:
        t = self.template
        return replace(
            t,
            attacker=as_side(t.attacker, state[0]),
            defender=as_side(t.defender, state[1]),
            round=1 if first and t.round == 1 else max(t.round, 2),
        )

    def value(self, state: State, first: bool = False) -> tuple[float, ...]:
        """(clears, holds, attacker losses, defender losses) from this state."""
        return self._value(self._id(state[0]) << _SHIFT | self._id(state[1]), first)

    def _id(self, key: Key) -> int:
        """A side's key as a small number: the memo's pairs hash as one int, not as nested tuples."""
        found = self.ids.get(key)
        if found is None:
            found = self.ids[key] = len(self.keys)
            self.keys.append(key)
        return found

    def _value(self, pair: int, first: bool = False) -> tuple[float, ...]:
        if not first and pair in self.memo:
            return self.memo[pair]
        a, d = self.keys[pair >> _SHIFT], self.keys[pair & _MASK]
        if not a or not d:  # a key lists only keys with units left
            self.memo[pair] = (float(bool(a)), float(bool(d)), 0.0, 0.0)
            return self.memo[pair]
        return self._solve(pair, (a, d), first)

    def _solve(self, pair: int, state: State, first: bool) -> tuple[float, ...]:
        """One round's outcomes: each side after the round depends only on the enemy's dice (its hits
        and its elephants' 9s and 10s), so the two sides' outcomes are independent. A side's expected
        losses add up round by round, so the pairs only carry what comes after."""
        (att, lost_a), (dfd, lost_d) = self.sides(state, first)
        if self.template.mode == "raid":  # one round, and the raider leaves (§10.7)
            return (0.0, 1.0, lost_a, 0.0)
        later = first and self.template.round == 1  # round 1 differs (landing bonus), then alike
        self.budget -= len(att) * len(dfd)
        if self.budget < 0:
            raise TooLarge(self.limit)
        clears = holds = loss_a = loss_d = stay = 0.0
        memo, value = self.memo, self._value
        for a_new, pa in att:
            base = a_new << _SHIFT
            for d_new, pd in dfd:
                after = base | d_new
                out = memo.get(after)
                if out is None:
                    if after == pair and not later:
                        stay = pa * pd
                        continue
                    out = value(after)
                p = pa * pd
                clears += p * out[0]
                holds += p * out[1]
                loss_a += p * out[2]
                loss_d += p * out[3]
        go_on = 1 - stay
        result = (clears / go_on, holds / go_on, (lost_a + loss_a) / go_on, (lost_d + loss_d) / go_on)
        if not first:
            self.memo[pair] = result
        return result

    def raid_success(self, state: State) -> float:
        aims = default_aims(self.battle(state, True), "attacker")
        dist = _dist(
            tuple(
                (g.needed, False, g.dice)
                for g in groups(self.battle(state, True), {"attacker": aims, "defender": ()})
            ),
            self.trigger,
        )
        return 1 - sum(p for (h, _), p in dist.items() if h == 0)

    def sides(self, state: State, first: bool) -> tuple[tuple[Outcomes, float], tuple[Outcomes, float]]:
        """Each side's possible states after the round with their chances, and the units it is
        expected to lose. The aims are the resolver's default: everything at the enemy's most
        numerous key."""
        dice, targets = [], []
        for at, which in enumerate(("attacker", "defender")):
            target = self._target(which, state[1 - at])
            dice.append(
                tuple(
                    (
                        self._needed(first, which, k, target),
                        unit_type(k) == "elephant" and target != CITY,
                        u + d,
                    )
                    for k, u, d in state[at]
                )
            )
            targets.append(target)
        return self._after(state[0], targets[1], dice[1]), self._after(state[1], targets[0], dice[0])

    def _target(self, which: str, theirs: Key) -> str:
        if which == "attacker" and self.template.mode == "raid":
            return CITY
        return max(theirs, key=lambda row: row[1] + row[2])[0]  # the first of the most numerous

    def _needed(self, first: bool, which: str, unit: str, target: str) -> int:
        known = (first, which, unit, target)
        if known not in self.needs:
            battle = self.battle(((), ()), first)
            self.needs[known] = group(battle, which, unit, target, 1).needed
        return self.needs[known]

    def _after(self, key: Key, target: str | None, enemy: Dice) -> tuple[Outcomes, float]:
        """One side after the enemy's hits and the retreats its elephants force, and its expected
        losses. The same enemy dice against the same side recur from many states: remembered."""
        known = (key, target, enemy)
        if known not in self.struck:
            made: dict[int, float] = {}
            lost_mean = 0.0
            for (hits, forced), p in _dist(enemy, self.trigger).items():
                after, lost = self._struck(key, target, hits, forced)
                made[after] = made.get(after, 0.0) + p
                lost_mean += p * lost
            self.struck[known] = (tuple(made.items()), lost_mean)
        return self.struck[known]

    def _struck(self, key: Key, target: str | None, hits: int, forced: int) -> tuple[int, int]:
        known = (key, target, hits, forced)
        if known not in self.blows:
            after, lost = self.hit(key, target, hits)
            after, stuck = self.forced(after, forced)
            self.blows[known] = (self._id(after), lost + stuck)
        return self.blows[known]

    def hit(self, key: Key, target: str | None, hits: int) -> tuple[Key, int]:
        if not hits or target is None or target == CITY:
            return key, 0
        table = {k: (u, d) for k, u, d in key}
        u, d = table[target]
        if unit_type(target) in self.two_hit:
            flipped = min(hits, u)
            gone = min(hits - flipped, d + flipped)
            table[target] = (u - flipped, d + flipped - gone)
        else:
            gone = min(hits, u)
            table[target] = (u - gone, d)
        return tuple((k, u, d) for k, (u, d) in table.items() if u + d), gone

    def forced(self, key: Key, count: int) -> tuple[Key, int]:
        """The elephant's victims retreat their cheapest units; a hit cavalry cannot and is lost."""
        if not count:
            return key, 0
        count = min(count, _count(key))
        table = {k: (u, d) for k, u, d in key}
        stuck_total = 0
        for k in sorted(table, key=lambda k: (self.cost.get(unit_type(k), 4), k)):
            u, d = table[k]
            cavalry = unit_type(k) == "cavalry"
            free = min(count, u + (0 if cavalry else d))
            stuck = min(count - free, d if cavalry else 0)
            from_u = min(free, u)
            from_d = free - from_u + stuck
            table[k] = (u - from_u, d - from_d)
            stuck_total += stuck
            count -= free + stuck
        return tuple((k, u, d) for k, (u, d) in sorted(table.items()) if u + d), stuck_total


def _count(key: Key) -> int:
    return sum(u + d for _, u, d in key)


@lru_cache(maxsize=65536)
def _dist(dice: Dice, trigger: int) -> Dist:
    """Hits and elephant triggers of a side's groups: (needed, elephant, dice) each."""
    dist: Dist = {(0, 0): 1.0}
    for needed, elephant, count in dice:
        face: Dist = {}
        for v in range(1, 11):
            step = (int(v >= needed), int(elephant and v >= trigger))
            face[step] = face.get(step, 0.0) + 0.1
        for _ in range(count):
            made: Dist = {}
            for (h, t), p in dist.items():
                for (dh, dt), q in face.items():
                    made[(h + dh, t + dt)] = made.get((h + dh, t + dt), 0.0) + p * q
            dist = made
    return dist
