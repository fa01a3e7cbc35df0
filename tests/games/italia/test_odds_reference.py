"""The exact odds solver against its former self (reference_odds.py, the recursion it replaced for
speed): the same battles give the same odds to 1e-9. Its budget counts the pairs of outcomes it sums,
to the pair: no more than the reference's (the same pairs, but for the states it leaves out, reached
with a chance under 1e-15) unless both sides field elephants: then the side whose states are the rows
sums apart the cells a forced retreat leaves alike (more pairs, each cheaper than merging them)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.italia import odds as solver
from companion.games.italia.battle import Battle, Side, unit_type
from companion.games.italia.numbers import TEXT
from companion.games.italia.odds import TooLarge, battle_odds
from tests.games.italia import reference_odds
from tests.games.italia.test_battle_properties import battles as random_battles

EXACT = 1e-9


@st.composite
def battles(draw: st.DrawFn) -> Battle:
    """The property tests' random battles, with some two-hit units damaged and some at round 2."""
    battle = draw(random_battles())
    sides = [
        replace(side, damaged={k: draw(st.integers(0, n)) for k, n in side.units.items() if two_hit(k)})
        for side in (battle.attacker, battle.defender)
    ]
    return replace(battle, attacker=sides[0], defender=sides[1], round=draw(st.sampled_from((1, 1, 2))))


def two_hit(key: str) -> bool:
    return key.split(":")[0] in TEXT.two_hit_types


def answer(solve: object, battle: Battle, fear: int, budget: int) -> tuple[float | None, ...] | str:
    try:
        odds = solve(battle, elephant_battles=fear, budget=budget)  # type: ignore[operator]
    except (TooLarge, reference_odds.TooLarge):
        return "too large"
    return tuple(getattr(odds, f) for f in odds.__dataclass_fields__)


def reference_pairs(battle: Battle, fear: int) -> int:
    """The pairs of outcomes the reference sums for this battle: the work its budget counts."""
    solver = reference_odds._Solver(battle, 10**9)
    if battle.mode != "raid":  # a raid's one round sums none
        for state in reference_odds._before_first_round(battle, fear):
            solver.value(state, first=True)
    return 10**9 - solver.budget


def own_pairs(battle: Battle, fear: int) -> int:
    """The pairs of outcomes the solver sums for this battle: the work its budget counts."""
    found = solver._Solver(battle, 10**9)
    if battle.mode != "raid":  # a raid's one round sums none
        found.run(solver._before_first_round(battle, fear))
    return 10**9 - found.budget


@settings(max_examples=80, deadline=None)
@given(battles(), st.integers(0, 4))
def test_the_odds_are_the_reference_solvers_and_the_budget_counts_the_work(battle: Battle, fear: int):
    """Same odds to 1e-9 within its own work, refused one pair short of it; unless both sides field
    elephants, that work is no more than the reference's."""
    pairs, own = reference_pairs(battle, fear), own_pairs(battle, fear)
    new, old = answer(battle_odds, battle, fear, own), answer(reference_odds.battle_odds, battle, fear, pairs)
    assert new == pytest.approx(old, abs=EXACT)
    assert [type(x) for x in new] == [type(x) for x in old]  # 0.0, not 0, in the command's JSON
    if own:
        assert answer(battle_odds, battle, fear, own - 1) == "too large"
    if not all(
        any(unit_type(k) == "elephant" for k in side.units) for side in (battle.attacker, battle.defender)
    ):
        assert own <= pairs


def test_a_battle_of_twelve_a_side_is_the_reference_solvers():
    """Two kinds a side and two-hit units on both: the rewrite's hardest case, to 1e-9."""
    battle = Battle(
        Side("goths", {"cavalry": 6, "infantry": 6}, leaders=1),
        Side("romans", {"cavalry": 6, "foederati": 6}),
    )
    new = battle_odds(battle, budget=1_000_000)
    old = reference_odds.battle_odds(battle, budget=1_000_000)
    assert (
        new.attacker_clears,
        new.defender_holds,
        new.attacker_losses,
        new.defender_losses,
    ) == pytest.approx(
        (old.attacker_clears, old.defender_holds, old.attacker_losses, old.defender_losses), abs=EXACT
    )
