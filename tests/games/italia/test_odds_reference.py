"""The exact odds solver against its former self (reference_odds.py, the recursion it replaced for
speed): the same battles give the same odds to 1e-9, and the same work (the pairs of outcomes its
budget counts), so a budget refuses the same battles."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.italia.battle import Battle, Side
from companion.games.italia.numbers import TEXT
from companion.games.italia.odds import TooLarge, battle_odds
from tests.games.italia import reference_odds

TYPES = ("infantry", "legion", "consular", "cavalry", "elephant", "foederati", "infantry:sea", "legion:sea")
NATIONS = ("romans", "celts", "ostrogoths", "foederati", "carthaginians")
EXACT = 1e-9


@st.composite
def sides(draw: st.DrawFn, nation: str) -> Side:
    kinds = draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=3, unique=True))
    units = {k: draw(st.integers(1, 4)) for k in kinds}
    damaged = {k: draw(st.integers(0, n)) for k, n in units.items() if k.split(":")[0] in TEXT.two_hit_types}
    return Side(nation, units, damaged, leaders=draw(st.integers(0, 2)), fleets=draw(st.integers(0, 4)))


@st.composite
def battles(draw: st.DrawFn) -> Battle:
    a, d = draw(st.lists(st.sampled_from(NATIONS), min_size=2, max_size=2, unique=True))
    return Battle(
        draw(sides(a)),
        draw(sides(d)),
        terrain=draw(st.sampled_from(("standard", "mountain", "swamp", "borderland"))),
        city=draw(st.sampled_from(("none", "intact", "ruin"))),
        mode=draw(st.sampled_from(("normal", "normal", "normal", "raid"))),
        round=draw(st.sampled_from((1, 1, 2))),
    )


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


@settings(max_examples=100, deadline=None)
@given(battles(), st.integers(0, 4))
def test_the_odds_and_the_work_are_the_reference_solvers(battle: Battle, fear: int):
    """Same odds to 1e-9 within a budget of exactly the reference's work; one pair less is refused."""
    pairs = reference_pairs(battle, fear)
    new = answer(battle_odds, battle, fear, pairs)
    assert new == pytest.approx(answer(reference_odds.battle_odds, battle, fear, pairs), abs=EXACT)
    if pairs:
        assert answer(battle_odds, battle, fear, pairs - 1) == "too large"


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
