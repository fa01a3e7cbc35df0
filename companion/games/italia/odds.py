"""Exact battle odds before the roll: the chance that the attacker clears the zone, the defender
holds it, or both are destroyed, and the expected losses of each side.

The policy (what the table would otherwise decide, stated on the screen): every round each side
aims all its dice at the enemy's most numerous unit key (the resolver's default aims), nobody
retreats or submits, an elephant's victims retreat their cheapest units (`forced_default`). The
rolls before the first round (elephant fear, Foederati switching) are included. Exact: a Markov
chain over unit counts, absorbing, whose rounds after the first are all alike; a round in which
nothing changes is summed as a geometric series. The chain is worked forward, each state once, in an
order where every state comes after those that lead to it (no recursion); tests/games/italia/
reference_odds.py keeps the former recursive solver, and a test checks that both give the same odds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from heapq import heapify, heappop, heappush
from operator import mul

from .battle import Battle, Side, group, unit_type
from .fight import fear_needed, switch_needed
from .rounds import CITY, default_aims, groups

Key = tuple[tuple[str, int, int], ...]  # (unit key, undamaged, damaged) per key, sorted
State = tuple[Key, Key]
Dist = dict[tuple[int, int], float]  # (hits, elephant 9s and 10s) -> probability
Outcomes = tuple[tuple[int, float], ...]  # one side after a round (its id) -> chance
Kernel = tuple[Outcomes, float, float]  # ... the units it is expected to lose, the chance it stays
Cell = tuple[int, int]  # hits, and elephant 9s and 10s
Dice = tuple[tuple[int, bool, int], ...]  # (needed, elephant, dice) per group of a side
Grid = tuple[tuple[float, ...], ...]  # chances by elephant 9s and 10s, then by hits
Capped = tuple[tuple[Cell, ...], tuple[float, ...]]  # cells, and their chances
# per cell of a shape: the side's id after it, the units it lost; the cells that leave it alike, grouped
Shaped = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]] | None]


# The solver's budget, in pairs of outcomes it sums (a count that does not depend on the machine's
# load; benchmarks/italia.py prints it by army and size, docs/benchmarks.md has the table): the
# screen's 40,000 cover every battle of up to 8 units a side the game fields, elephant fear and
# Foederati switching included (at most 31,178 pairs, under 30 ms of CPU on the development machine),
# one kind a side up to 12 and Italia II's cavalry and infantry against cavalry and Foederati up to 10;
# the command's 1,000,000 cover every battle of up to 12 a side (at most 272,387 pairs, about 0.15 s)
# with room. Beyond, a battle is refused within seconds, not minutes.
SCREEN_PAIRS = 40_000
COMMAND_PAIRS = 1_000_000
# A battle whose sides can take more hits in all than this (four times the rules' largest battle) is
# refused before any work: its pairs would be far beyond any budget.
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
    starts = _before_first_round(battle, elephant_battles)
    if battle.mode == "raid":
        return solver.raid(starts)
    clears, holds, lost_a, lost_d = solver.run(starts)
    return Odds(clears, holds, max(0.0, 1.0 - clears - holds), lost_a, lost_d)


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
    """The chain forward, round by round: each state's chance of being reached flows to the pairs of
    outcomes of its round (one side's state after the round with the other's), and a state passes its
    chance on once every state before it has (a round that changes anything takes a hit point: the
    attacker's states go in order of hit points, and each one's pairs in the defender's). The chance
    that reaches a state, over the rounds in which nothing happens, is the rounds the battle is
    expected to spend there: its expected losses count that often."""

    def __init__(self, template: Battle, budget: int) -> None:
        self.template = template
        self.limit = self.budget = budget  # pairs of outcomes to sum at most, and left
        self.opening = template.round == 1  # round 1 differs (the landing bonus), then all alike
        # per attacker id: the chance waiting at each defender id; the attacker ids waiting, most hit
        # points first, and the defender ids waiting in the row being passed on
        self.rows: list[dict[int, float]] = []
        self.waiting: list[tuple[int, int]] = []
        self.row_waiting: list[tuple[int, int]] = []
        self.hit_points: list[int] = []
        self.clears = self.lost_a = self.lost_d = 0.0
        self.ids: dict[Key, int] = {}
        self.keys: list[Key] = []
        # per side id: the key the enemy aims at (its most numerous), the hits that change it, its units
        self.aimed: list[str] = []
        self.can_take: list[int] = []
        self.counts: list[int] = []
        self.later: tuple[list[int], list[int]] = ([], [])  # per side id: its dice after round 1, as a number
        self.dice: dict[tuple[int, int, str, bool], int] = {}  # a side's dice at a target -> their number
        self.numbered: dict[Dice, int] = {}
        self.rolls: list[Dice] = []  # a number -> its dice
        # (dice, hits, units) -> the number of its cells' shape and their chances
        self.capped: dict[tuple[int, int, int], tuple[int, tuple[float, ...]]] = {}
        self.shapes: dict[tuple[Cell, ...], int] = {}  # a shape's cells -> its number
        self.cells: list[tuple[Cell, ...]] = []  # ... and back
        self.shaped: list[dict[int, Shaped]] = []  # per side id
        # per side id: (hits, elephant 9s and 10s) -> the side's id after them, and the units it lost
        self.struck: list[dict[Cell, tuple[int, int]]] = []
        self.kernels: list[dict[int, Kernel]] = []  # per side id: the enemy's dice -> the side after
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
            round=1 if first and self.opening else max(t.round, 2),
        )

    def _id(self, key: Key) -> int:
        """A side's key as a small number: the tables are keyed by ints, not by nested tuples."""
        found = self.ids.get(key)
        if found is None:
            found = self.ids[key] = len(self.keys)
            self.keys.append(key)
            self.aimed.append(max(key, key=lambda row: row[1] + row[2])[0] if key else "")
            self.can_take.append(self._can_take(key))
            self.counts.append(_count(key))
            self.kernels.append({})
            self.rows.append({})
            self.hit_points.append(
                sum(2 * u + d if unit_type(k) in self.two_hit else u + d for k, u, d in key)
            )
            self.shaped.append({})
            self.struck.append({})
            for at, later in enumerate(self.later):
                later.append(self._dice(at, found, self.aimed[-1], False))
        return found

    def _can_take(self, key: Key) -> int:
        """The hits that change the key the enemy aims at: more are wasted."""
        u, d = next(((u, d) for k, u, d in key if k == self.aimed[-1]), (0, 0))
        return 2 * u + d if unit_type(self.aimed[-1]) in self.two_hit else u

    def run(self, starts: dict[State, float]) -> tuple[float, float, float, float]:
        """(clears, holds, attacker losses, defender losses) from these states before the battle's
        next round, with their chances."""
        for state, p in starts.items():
            a, d = self._id(state[0]), self._id(state[1])
            if self.opening and state[0] and state[1]:
                self._spread(a, d, p, first=True)  # round 1 differs (the landing bonus), then all alike
            else:
                self._add(a, d, p)
        while self.waiting:
            self._pass_on(heappop(self.waiting)[1])
        empty = self.ids.get((), -1)
        holds = sum((p for d, p in self.rows[empty].items() if d != empty), 0.0) if empty >= 0 else 0.0
        return self.clears, holds, self.lost_a, self.lost_d

    def _add(self, a: int, d: int, p: float) -> None:
        row = self.rows[a]
        if not row and self.keys[a]:
            heappush(self.waiting, (-self.hit_points[a], a))
        row[d] = row.get(d, 0.0) + p

    def _pass_on(self, a: int) -> None:
        """The attacker state's row, most defender hit points first: a state the attacker stays in
        only gains chance from states of its row with more hit points."""
        row, keys, waiting = self.rows[a], self.keys, self.row_waiting
        waiting[:] = [(-self.hit_points[d], d) for d in row]
        heapify(waiting)
        while waiting:
            d = heappop(waiting)[1]
            reached = row.pop(d, 0.0)
            if not keys[d]:
                self.clears += reached
            elif reached:
                self._spread(a, d, reached, first=False)
                row.pop(d, None)  # the round in which nothing happens: counted in `rounds`

    def _spread(self, a: int, d: int, reached: float, first: bool) -> None:
        """The chance that reaches a state flows to its round's pairs of outcomes: each side after the
        round depends only on the enemy's dice (its hits and its elephants' 9s and 10s), so the two
        sides' outcomes are independent."""
        (att, lost_a, stay_a), (dfd, lost_d, stay_d) = self._kernels(a, d, first)
        self.budget -= len(att) * len(dfd)
        if self.budget < 0:
            raise TooLarge(self.limit)
        stay = 0.0 if first else stay_a * stay_d
        rounds = reached / (1.0 - stay)  # the rounds in which nothing happens: a geometric series
        self.lost_a += rounds * lost_a
        self.lost_d += rounds * lost_d
        for a_new, pa in att:
            row = self.rows[a_new]
            if a_new == a and not first:
                self._wait(row, dfd)
            elif not row and self.keys[a_new]:
                heappush(self.waiting, (-self.hit_points[a_new], a_new))
            get, share = row.get, rounds * pa
            for d_new, pd in dfd:
                row[d_new] = get(d_new, 0.0) + share * pd

    def _wait(self, row: dict[int, float], dfd: Outcomes) -> None:
        """The states of the row being passed on that this round reaches for the first time."""
        for d_new, _ in dfd:
            if d_new not in row:
                heappush(self.row_waiting, (-self.hit_points[d_new], d_new))

    def raid(self, starts: dict[State, float]) -> Odds:
        """One round, and the raider leaves (§10.7): the defender holds."""
        raid = clears = holds = lost_a = 0.0
        for state, p in starts.items():
            raid += p * self.raid_success(state)
            if not state[0] or not state[1]:
                clears, holds = clears + p * bool(state[0]), holds + p * bool(state[1])
                continue
            a, d = self._id(state[0]), self._id(state[1])
            holds += p
            lost_a += p * self._kernel(a, self._dice(1, d, self.aimed[a], True))[1]
        return Odds(clears, holds, max(0.0, 1.0 - clears - holds), lost_a, 0.0, raid)

    def _kernels(self, a: int, d: int, first: bool) -> tuple[Kernel, Kernel]:
        """Each side's possible states after the round with their chances, and the units it is
        expected to lose. The aims are the resolver's default: everything at the enemy's most
        numerous key."""
        if first and self.opening:
            return (
                self._kernel(a, self._dice(1, d, self.aimed[a], True)),
                self._kernel(d, self._dice(0, a, self.aimed[d], True)),
            )
        return self._kernel(a, self.later[1][d]), self._kernel(d, self.later[0][a])

    def _dice(self, at: int, side: int, target: str, first: bool) -> int:
        """A side's dice at a target, as a number: (needed, elephant, dice), the keys that roll alike
        merged. Only the first round's dice depend on the target (the landing bonus)."""
        known = (at, side, target if first else "", first)
        found = self.dice.get(known)
        if found is None:
            which = ("attacker", "defender")[at]
            merged: dict[tuple[int, bool], int] = {}
            for k, u, d in self.keys[side]:
                kind = (self._needed(first, which, k, target), unit_type(k) == "elephant")
                merged[kind] = merged.get(kind, 0) + u + d
            rolls = tuple((n, e, count) for (n, e), count in sorted(merged.items()))
            found = self.dice[known] = self.numbered.setdefault(rolls, len(self.numbered))
            if found == len(self.rolls):
                self.rolls.append(rolls)
        return found

    def _needed(self, first: bool, which: str, unit: str, target: str) -> int:
        known = (first, which, unit, target)
        if known not in self.needs:
            battle = self.battle(((), ()), first)
            self.needs[known] = group(battle, which, unit, target, 1).needed
        return self.needs[known]

    def _kernel(self, side: int, enemy: int) -> Kernel:
        """One side after the enemy's hits and the retreats its elephants force, the units it is
        expected to lose and the chance it stays as it is. The same enemy dice against the same side
        recur from many states: remembered."""
        found = self.kernels[side].get(enemy)
        if found is None:
            capped = (enemy, self.can_take[side], self.counts[side])
            if capped not in self.capped:
                cells, chances = _capped(_grid(self.rolls[enemy], self.trigger), *capped[1:])
                shape = self.shapes.setdefault(cells, len(self.shapes))
                if shape == len(self.cells):
                    self.cells.append(cells)
                self.capped[capped] = shape, chances
            shape, chances = self.capped[capped]
            ids, losts, merged = self._shaped(side, shape)
            lost_mean = sum(map(mul, chances, losts))
            if merged is not None:
                ids, chances = merged[0], tuple([sum([chances[i] for i in at]) for at in merged[1]])
            stay = chances[ids.index(side)] if side in ids else 0.0
            found = self.kernels[side][enemy] = (tuple(zip(ids, chances)), lost_mean, stay)
        return found

    def _shaped(self, side: int, shape: int) -> Shaped:
        """What each cell of the dice's outcomes does to the side: its id after them and the units it
        lost, and the cells that leave it alike, grouped. Dice alike in shape share it."""
        found = self.shaped[side].get(shape)
        if found is None:
            struck = self.struck[side]
            for cell in self.cells[shape]:
                if cell not in struck:
                    struck[cell] = self._struck(side, *cell)
            blows = [struck[cell] for cell in self.cells[shape]]
            ids = tuple(after for after, _ in blows)
            merged = None
            if len(set(ids)) < len(ids):
                groups: dict[int, list[int]] = {}
                for at, after in enumerate(ids):
                    groups.setdefault(after, []).append(at)
                merged = tuple(groups), tuple(tuple(at) for at in groups.values())
            found = self.shaped[side][shape] = (ids, tuple(lost for _, lost in blows), merged)
        return found

    def _struck(self, side: int, hits: int, forced: int) -> tuple[int, int]:
        after, lost = self.hit(self.keys[side], self.aimed[side], hits)
        after, stuck = self.forced(after, forced)
        return self._id(after), lost + stuck

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


def _capped(grid: Grid, hits: int, forced: int) -> Capped:
    """The dice's outcomes as a side sees them that can take `hits` and lose `forced` units at most:
    more hits or more forced retreats than that are wasted, so they merge."""
    if len(grid) > forced + 1:
        grid = (*grid[:forced], tuple(map(sum, zip(*grid[forced:], strict=True))))
    cells: list[Cell] = []
    chances: list[float] = []
    for f, row in enumerate(grid):
        if len(row) > hits + 1:
            row = (*row[:hits], sum(row[hits:]))
        for h, p in enumerate(row):
            if p > 0.0:
                cells.append((h, f))
                chances.append(p)
    return tuple(cells), tuple(chances)


@lru_cache(maxsize=4096)
def _grid(dice: Dice, trigger: int) -> Grid:
    """The dice's chances as rows by elephant 9s and 10s, each by hits."""
    dist = _dist(dice, trigger)
    hits, forced = max(h for h, _ in dist), max(f for _, f in dist)
    return tuple(tuple(dist.get((h, f), 0.0) for h in range(hits + 1)) for f in range(forced + 1))


@lru_cache(maxsize=4096)
def _dist(dice: Dice, trigger: int) -> Dist:
    """Hits and elephant triggers of a side's groups: (needed, elephant, dice) each."""
    dist: Dist = {(0, 0): 1.0}
    for needed, elephant, count in dice:
        dist = _convolve(dist, _group(needed, elephant, count, trigger))
    return dist


@lru_cache(maxsize=4096)
def _group(needed: int, elephant: bool, count: int, trigger: int) -> Dist:
    """One group's dice, one die at a time (the groups recur in many sides' dice: remembered)."""
    face: Dist = {}
    for v in range(1, 11):
        step = (int(v >= needed), int(elephant and v >= trigger))
        face[step] = face.get(step, 0.0) + 0.1
    dist: Dist = {(0, 0): 1.0}
    for _ in range(count):
        dist = _convolve(dist, face)
    return dist


def _convolve(one: Dist, other: Dist) -> Dist:
    made: Dist = {}
    for (h, t), p in one.items():
        for (dh, dt), q in other.items():
            made[(h + dh, t + dt)] = made.get((h + dh, t + dt), 0.0) + p * q
    return made
