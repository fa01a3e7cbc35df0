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

Within 1e-9 of exact, not exact to the last bit: a state reached with a chance under 1e-15 is left
out while those left out come to at most 1e-12 in all. That changes each chance by at most 1e-12
and each side's expected losses by at most 1e-12 times the units in the battle (at most 200 hits'
worth, so 2e-10); it spares the work of states no player could tell apart from none (a battle of
four keys a side has a third of its states below it).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import compress
from operator import mul

from .battle import Battle, Side, group, unit_type
from .fight import fear_needed, switch_needed
from .rounds import CITY, default_aims, groups

Key = tuple[tuple[str, int, int], ...]  # (unit key, undamaged, damaged) per key, sorted
State = tuple[Key, Key]
Dist = dict[tuple[int, int], float]  # (hits, elephant 9s and 10s) -> probability
Outcomes = tuple[tuple[int, float], ...]  # one side after a round (its id) -> chance
# ... the chance it stays as it is and the units it is expected to see leave (forced retreats)
Kernel = tuple[Outcomes, float, float]
# a side's cells of the enemy's dice with their chances, the same apart, and the chance of none
Cells = tuple[tuple[tuple[int, float], ...], tuple[int, ...], tuple[float, ...], float]
Dice = tuple[tuple[int, bool, int], ...]  # (needed, elephant, dice) per group of a side
Grid = tuple[tuple[float, ...], ...]  # chances by elephant 9s and 10s, then by hits


# The solver's budget, in pairs of outcomes it sums (the rows' side's cells of the enemy's dice times
# the other side's distinct states after a round, for each state worked out: a count that does not
# depend on the machine's load;
# benchmarks/italia.py prints it by army, size and spread, docs/benchmarks.md has the table). The
# screen's 450,000 answer every battle of up to 12 units a side of the armies the game fields, however
# spread over their keys (at most 432,996 pairs; benchmarks/italia_spreads.json has the spreads with
# the most work), in the look-ahead worker, never in a frame: about 45 ms at most on the development
# machine of 2026-12-02 (0.09-0.13 ms per 1,000 pairs), more when it is busy. The command's 1,000,000
# leave room beyond. Beyond, a battle is refused within seconds, not minutes.
SCREEN_PAIRS = 450_000
COMMAND_PAIRS = 1_000_000
# A battle whose sides can take more hits in all than this (four times the rules' largest battle) is
# refused before any work: its pairs would be far beyond any budget.
MAX_HIT_POINTS = 200
_TINY, _DROPPED = 1e-15, 1e-12
_CELLS = MAX_HIT_POINTS + 1  # the hits a side can take, packed with the enemy's dice in one int


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
    with _no_cycle_collection():
        return _solved(battle, elephant_battles, budget)


def _solved(battle: Battle, elephant_battles: int, budget: int) -> Odds:
    solver = _Solver(battle, budget)
    starts = _before_first_round(battle, elephant_battles)
    if battle.mode == "raid":
        return solver.raid(starts)
    clears, holds, lost_a, lost_d = solver.run(starts)
    return Odds(clears, holds, max(0.0, 1.0 - clears - holds), lost_a, lost_d)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """The solver makes tens of thousands of tuples that live until it is done (freed as it returns)
    and form no cycles: the cycle collector's passes over them would find nothing and cost a tenth to
    a fifth of the time at 10-12 units a side."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


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
    chance on once every state before it has (a round that changes anything takes a hit point: one
    side's states, the rows, go in order of hit points, and each row in the other side's). The chance
    that reaches a state, over the rounds in which nothing happens, is the rounds the battle is
    expected to spend there: the units its forced retreats take away count that often. A side's
    expected losses are its units at the start less those it ends with and those retreats: nothing
    is counted per pair. A row is a list indexed by the other side's number (its key's id), so the sum
    over pairs is a list's add, not a dict's. The rows are the attacker's states unless only the
    attacker faces elephants: the rows' side's outcomes are summed cell by cell of the enemy's dice
    (each cell's row is looked up once a row; merging cells would cost more than it saves, and only an
    elephant's forced retreat leaves two alike); the other side's are merged, worked out state by
    state, and remembered only for dice that more than one row rolls (else nothing would use them
    again)."""

    def __init__(self, template: Battle, budget: int) -> None:
        self.template = template
        self.limit = self.budget = budget  # pairs of outcomes to sum at most, and left
        self.opening = template.round == 1  # round 1 differs (the landing bonus), then all alike
        # per id of the rows' side: the chance waiting at each id of the other (None: nothing yet), the
        # rows' length (grown, doubling, as ids are found), and the ids waiting by hit points
        self.rows: list[list[float] | None] = []
        self.width = 64
        self.waiting: list[list[int]] = [[] for _ in range(MAX_HIT_POINTS + 1)]
        self.by_hit_points: list[list[int]] = [[] for _ in range(MAX_HIT_POINTS + 1)]  # every id
        self.hit_points: list[int] = []
        self.across, self.facing_elephants = 0, False  # which side's states are the rows: `_rows`
        self.row_wins = self.dropped = 0.0
        # units: at the start, left in the rows' side when it wins, gone by forced retreats (not lost)
        self.start_row = self.start_column = self.row_units = self.row_left = self.column_left = 0.0
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
        self.grids: dict[int, Grid] = {}  # a number -> its dice's chances (`_grid`), once needed
        # the rows' dice -> the other side's kernels (per its id), kept when more than one row rolls them
        self.columns: dict[int, dict[int, Kernel]] = {}
        self.rolling: dict[int, int] = {}  # the rows' dice -> the rows rolling them
        # the enemy's dice and the hits a side can take -> what it sees (Cells); per side id, per cell
        # (elephant 9s and 10s times the width, plus hits): its id after them, and the units that left
        # by forced retreat (not lost)
        self.seen: dict[int, Cells] = {}
        self.after: list[list[int] | None] = []
        self.left_at: list[list[int] | None] = []
        self.retreats = sum(  # the most elephant 9s and 10s a roll can show
            n
            for s in (template.attacker, template.defender)
            for k, n in s.units.items()
            if unit_type(k) == "elephant"
        )
        self.needs: dict[tuple[bool, str, str, str], int] = {}
        self.hits: dict[int, int] = {}  # a side's id and hits -> its id after
        self.sent: dict[int, tuple[int, int]] = {}  # a side's id and forced retreats -> its id, units left
        self.orders: dict[tuple[str, ...], list[str]] = {}
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
        """A side's key as a small number: the tables are lists indexed by it."""
        found = self.ids.get(key)
        if found is None:
            found = self.ids[key] = len(self.keys)
            self.keys.append(key)
            self.aimed.append(max(key, key=lambda row: row[1] + row[2])[0] if key else "")
            self.can_take.append(self._can_take(key))
            self.counts.append(_count(key))
            self.after.append(None)
            self.left_at.append(None)
            self.rows.append(None)
            points = sum(2 * u + d if unit_type(k) in self.two_hit else u + d for k, u, d in key)
            self.hit_points.append(points)
            self.by_hit_points[points].append(found)
            for at, later in enumerate(self.later):
                later.append(self._dice(at, found, self.aimed[-1], False))
            if found >= self.width:
                self.width *= 2
                for row in self.rows:
                    if row is not None:
                        row.extend([0.0] * (self.width - len(row)))
        return found

    def _row(self, a: int) -> list[float]:
        """The row of a state of the rows' side, made the first time it is reached."""
        row = self.rows[a]
        if row is None:
            row = self.rows[a] = [0.0] * self.width
            self.waiting[self.hit_points[a]].append(a)
            dice = self.later[self.across][a]
            self.rolling[dice] = self.rolling.get(dice, 0) + 1
        return row

    def _can_take(self, key: Key) -> int:
        """The hits that change the key the enemy aims at: more are wasted."""
        u, d = next(((u, d) for k, u, d in key if k == self.aimed[-1]), (0, 0))
        return 2 * u + d if unit_type(self.aimed[-1]) in self.two_hit else u

    def run(self, starts: dict[State, float]) -> tuple[float, float, float, float]:
        """(clears, holds, attacker losses, defender losses) from these states before the battle's
        next round, with their chances."""
        across = self.across = self._rows()
        self.facing_elephants = any(
            unit_type(k) == "elephant" for k in self.template.side(("defender", "attacker")[across]).units
        )
        for state, p in starts.items():
            a, d = self._id(state[across]), self._id(state[1 - across])
            self.start_row += p * self.counts[a]
            self.start_column += p * self.counts[d]
            if self.opening and state[0] and state[1]:
                self._first(a, d, p)  # round 1 differs (the landing bonus), then all alike
            else:
                self._row(a)[d] += p
        for points in range(MAX_HIT_POINTS, 0, -1):
            for a in self.waiting[points]:
                self._pass_on(a)
        empty = self.ids.get((), -1)
        row = self.rows[empty] if empty >= 0 else None
        column_wins = sum(row, 0.0) - row[empty] if row is not None else 0.0
        column_units = sum(map(mul, row, self.counts)) if row is not None else 0.0
        # every unit at the start is lost, gone by a forced retreat or there when the battle ends
        lost_row = max(0.0, self.start_row - self.row_units - self.row_left)
        lost_column = max(0.0, self.start_column - column_units - self.column_left)
        if across:
            return column_wins, self.row_wins, lost_column, lost_row
        return self.row_wins, column_wins, lost_row, lost_column

    def _rows(self) -> int:
        """The side whose states are the rows (0: the attacker's). Its outcomes are summed cell by
        cell of the enemy's dice, so not the side that faces elephants (their forced retreats leave
        cells alike) if the other does not; else the side whose dice merge more (keys that roll alike,
        a two-hit key's damaged and undamaged units): the other side's outcomes are remembered per
        dice that more than one row rolls, and fewer dice mean more rows share them (measured: right
        for every army of benchmarks/italia.py)."""
        sides = (self.template.attacker, self.template.defender)
        elephants = [any(unit_type(k) == "elephant" for k in side.units) for side in sides]
        if elephants[0] != elephants[1]:
            return int(elephants[1])
        merging = []
        for which, side in zip(("attacker", "defender"), sides, strict=True):
            kinds = {(self._needed(False, which, k, ""), unit_type(k) == "elephant") for k in side.units}
            merging.append(
                len(side.units) + sum(unit_type(k) in self.two_hit for k in side.units) - len(kinds)
            )
        return int(merging[1] > merging[0])

    def _first(self, a: int, d: int, reached: float) -> None:
        """The first round from a state the battle starts in: its own dice (the landing bonus)."""
        across = self.across
        att, _, left_a = self._kernel(a, self._dice(1 - across, d, self.aimed[a], True))
        dfd, _, left_d = self._kernel(d, self._dice(across, a, self.aimed[d], True))
        self.budget -= len(att) * len(dfd)
        if self.budget < 0:
            raise TooLarge(self.limit)
        self.row_left += reached * left_a
        self.column_left += reached * left_d
        for a_new, pa in att:
            row, share = self._row(a_new), reached * pa
            for d_new, pd in dfd:
                row[d_new] += share * pd

    def _pass_on(self, a: int) -> None:
        """The row of a state of the rows' side, most hit points of the other side first: a state
        the rows' side stays in only gains chance from states of its row with more hit points. Each
        state's chance flows to its round's pairs of outcomes: each side after the round depends only
        on the enemy's dice (its hits and its elephants' 9s and 10s), so the two sides' outcomes are
        independent."""
        row = self.rows[a]
        assert row is not None
        if not self.keys[a]:
            return  # the other side won: summed at the end
        later, seen, sees, kernel = self.later[1 - self.across], self.seen, self._sees, self._kernel
        enemy, hits = self.later[self.across][a], self.can_take[a]
        targets: list[list[float] | None] = [None] * len(self._blows(a)[0])  # per cell: the row it leads to
        target_of = self._target
        column = self.columns.setdefault(enemy, {}) if self.rolling[enemy] > 1 else None
        left_at = self.left_at[a] if self.facing_elephants else None
        left_a = left_d = 0.0
        budget = self.budget
        for points in range(MAX_HIT_POINTS, 0, -1):
            for d in self.by_hit_points[points]:
                reached = row[d]
                if not reached:
                    continue
                if reached < _TINY and self.dropped + reached <= _DROPPED:
                    self.dropped += reached  # what leaving it out can change: bounded (_DROPPED)
                    row[d] = 0.0
                    continue
                e = later[d]
                cells, cell_ids, chances, stay_a = seen.get(e * _CELLS + hits) or sees(e, hits)
                if column is None:
                    dfd, stay_d, leaves = kernel(d, enemy)
                else:
                    dfd, stay_d, leaves = column.get(d) or column.setdefault(d, kernel(d, enemy))
                budget -= len(cells) * len(dfd)
                if budget < 0:
                    raise TooLarge(self.limit)
                rounds = reached / (1.0 - stay_a * stay_d)  # the rounds in which nothing happens
                left_d += rounds * leaves
                for cell, pa in cells:
                    target = targets[cell] or target_of(a, targets, cell)
                    share = rounds * pa
                    for d_new, pd in dfd:
                        target[d_new] += share * pd
                if left_at is not None:  # its cells' forced retreats, all worked out by now
                    left_a += rounds * sum(map(mul, chances, map(left_at.__getitem__, cell_ids)))
                row[d] = 0.0  # the round in which nothing happens: counted in `rounds`
        self.budget = budget
        self.row_left += left_a
        self.column_left += left_d
        empty = self.ids.get(())
        if empty is not None:
            self.row_wins += row[empty]
            self.row_units += row[empty] * self.counts[a]

    def _target(self, a: int, targets: list[list[float] | None], cell: int) -> list[float]:
        """The row a cell of the enemy's dice takes a state of the rows' side to, remembered for the
        rest of its row."""
        a_new = self._blows(a)[0][cell]
        if a_new < 0:
            a_new = self._blow(a, cell)
        found = targets[cell] = self.rows[a_new] or self._row(a_new)
        return found

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
            outcomes, _, left = self._kernel(a, self._dice(1, d, self.aimed[a], True))
            lost_a += p * (self.counts[a] - sum(q * self.counts[o] for o, q in outcomes) - left)
        return Odds(clears, holds, max(0.0, 1.0 - clears - holds), lost_a, 0.0, raid)

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
        """One side after the enemy's hits and the retreats its elephants force (the cells that leave
        it alike merged), the chance it stays as it is and the units expected to leave by forced
        retreat."""
        hits = self.can_take[side]
        pairs, cells, chances, stay = self.seen.get(enemy * _CELLS + hits) or self._sees(enemy, hits)
        after = self.after[side] or self._blows(side)[0]
        if cells[-1] == len(cells) - 1 <= hits:  # no elephants: hits from none up, each its own outcome
            ids = after[: len(cells)]
            if -1 in ids:
                ids = [i if i >= 0 else self._blow(side, cell) for i, cell in zip(ids, cells)]
            return tuple(zip(ids, chances)), stay, 0.0
        merged: dict[int, float] = {}  # an elephant's forced retreat can leave the side as a hit would
        left, left_at = 0.0, self._blows(side)[1]
        for cell, p in pairs:
            to = after[cell]
            if to < 0:
                to = self._blow(side, cell)
            if to in merged:
                merged[to] += p
            else:
                merged[to] = p
            left += p * left_at[cell]
        return tuple(merged.items()), stay, left

    def _sees(self, enemy: int, hits: int) -> Cells:
        """The enemy's dice as a side that can take `hits` sees them (more hits are wasted: merged):
        its cells (elephant 9s and 10s times the grid's width, plus hits) with their chances, also
        apart, and the chance of none (the only cell that leaves a side as it was: a hit it can take
        or a forced retreat changes it). Sides that can take as many hits share them."""
        known = enemy * _CELLS + hits
        found = self.seen.get(known)
        if found is None:
            cells: list[tuple[int, float]] = []
            grid = self.grids.get(enemy)
            if grid is None:
                grid = self.grids[enemy] = _grid(self.rolls[enemy], self.trigger)
            for f, row in enumerate(grid):
                if len(row) > hits + 1:
                    row = (*row[:hits], sum(row[hits:]))
                start = f * (hits + 1)
                cells.extend(compress(zip(range(start, start + len(row)), row), row))  # the chances over 0
            apart = tuple(zip(*cells))
            found = self.seen[known] = (
                tuple(cells),
                apart[0],
                apart[1],
                cells[0][1] if cells[0][0] == 0 else 0.0,
            )
        return found

    def _blows(self, side: int) -> tuple[list[int], list[int]]:
        """Per cell of the enemy's dice as the side sees them: its id after it (-1 until worked out)
        and the units that left it by forced retreat."""
        after, left_at = self.after[side], self.left_at[side]
        if after is None or left_at is None:
            size = (self.can_take[side] + 1) * (self.retreats + 1)
            after, left_at = self.after[side], self.left_at[side] = [-1] * size, [0] * size
        return after, left_at

    def _blow(self, side: int, cell: int) -> int:
        """What a cell of the enemy's dice does to the side: its id after them (and the units that
        left by forced retreat). The hits come first, then the retreats: both remembered by id (cells
        share them)."""
        forced, hits = divmod(cell, self.can_take[side] + 1)
        known = side * _CELLS + hits
        found = self.hits.get(known)
        if found is None:
            found = self.hits[known] = self._id(self.hit(self.keys[side], self.aimed[side], hits))
        left = 0
        if forced:
            known = found * _CELLS + forced
            sent = self.sent.get(known)
            if sent is None:
                key, left = self.forced(self.keys[found], forced)
                sent = self.sent[known] = self._id(key), left
            found, left = sent
        after, left_at = self._blows(side)
        after[cell], left_at[cell] = found, left
        return found

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

    def hit(self, key: Key, target: str | None, hits: int) -> Key:
        """The side after these hits on the key it is aimed at: a two-hit unit is flipped first."""
        if not hits or target is None or target == CITY:
            return key
        made = []
        for k, u, d in key:
            if k == target:
                if unit_type(target) in self.two_hit:
                    flipped = min(hits, u)
                    gone = min(hits - flipped, d + flipped)
                    u, d = u - flipped, d + flipped - gone
                else:
                    u -= min(hits, u)
                if not u + d:
                    continue
            made.append((k, u, d))
        return tuple(made)

    def forced(self, key: Key, count: int) -> tuple[Key, int]:
        """The elephant's victims retreat their cheapest units; a hit cavalry cannot and is lost. The
        side after, and the units that left (not lost)."""
        if not count:
            return key, 0
        count = min(count, _count(key))
        table = {k: (u, d) for k, u, d in key}
        left = 0
        for k in self._retreat_order(tuple(table)):
            u, d = table[k]
            cavalry = unit_type(k) == "cavalry"
            free = min(count, u + (0 if cavalry else d))
            stuck = min(count - free, d if cavalry else 0)
            from_u = min(free, u)
            from_d = free - from_u + stuck
            table[k] = (u - from_u, d - from_d)
            left += free
            count -= free + stuck
            if not count:
                break
        return tuple((k, u, d) for k, (u, d) in table.items() if u + d), left

    def _retreat_order(self, names: tuple[str, ...]) -> list[str]:
        """The keys, cheapest first (then by name): the order an elephant's victims retreat in."""
        found = self.orders.get(names)
        if found is None:
            found = self.orders[names] = sorted(names, key=lambda k: (self.cost.get(unit_type(k), 4), k))
        return found


def _count(key: Key) -> int:
    return sum(u + d for _, u, d in key)


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
