"""Exact battle odds: closed forms worked by hand, and agreement with the resolver's Monte Carlo."""

from __future__ import annotations

import math
import random

import pytest

from companion.games.italia.battle import Battle, Side
from companion.games.italia.dice import Dice
from companion.games.italia.fight import fight
from companion.games.italia.odds import battle_odds


def one_on_one(p_attacker: float, p_defender: float) -> tuple[float, float, float]:
    """Clears, holds, both gone for one unit a side, by hand: the geometric series of empty rounds."""
    go_on = (1 - p_attacker) * (1 - p_defender)
    return (
        p_attacker * (1 - p_defender) / (1 - go_on),
        p_defender * (1 - p_attacker) / (1 - go_on),
        p_attacker * p_defender / (1 - go_on),
    )


def test_one_legion_against_one_infantry_in_a_mountain_city():
    """The legion needs 9 (6, mountain -1, city -2): 0.2; the infantry 7: 0.4."""
    battle = Battle(
        Side("romans", {"legion": 1}), Side("samnites", {"infantry": 1}), terrain="mountain", city="intact"
    )
    odds = battle_odds(battle)
    assert (odds.attacker_clears, odds.defender_holds, odds.both_destroyed) == pytest.approx(
        one_on_one(0.2, 0.4)
    )


def test_a_leader_and_supremacy_count_for_their_side():
    """Infantry with a leader and supremacy needs 4 (0.7) against a defending infantry's 7 (0.4)."""
    battle = Battle(
        Side("celts", {"infantry": 1}, leaders=1, fleets=2), Side("etruscans", {"infantry": 1}, fleets=1)
    )
    odds = battle_odds(battle)
    assert odds.attacker_clears == pytest.approx(one_on_one(0.7, 0.4)[0])


def test_the_landing_bonus_holds_only_in_the_first_round():
    battle = Battle(Side("carthaginians", {"infantry:sea": 1}), Side("romans", {"legion": 1}))
    first_round_defender = 0.7  # legion 6 - 2: needs 4
    clears = 0.4 * 0.3 + 0.6 * 0.3 * one_on_one(0.4, 0.5)[0]
    assert battle_odds(battle).attacker_clears == pytest.approx(clears)
    assert first_round_defender == 0.7


def test_probabilities_add_up_and_losses_stay_within_the_units():
    battle = Battle(
        Side("romans", {"legion": 4, "consular": 1}, leaders=1),
        Side("epirotes", {"infantry": 3, "elephant": 2}),
    )
    odds = battle_odds(battle, elephant_battles=0)
    assert odds.attacker_clears + odds.defender_holds + odds.both_destroyed == pytest.approx(1)
    assert 0 <= odds.attacker_losses <= 5 and 0 <= odds.defender_losses <= 5


def test_a_raid_succeeds_on_any_hit_at_seven():
    battle = Battle(
        Side("samnites", {"infantry": 3}), Side("greeks", {"infantry": 2}), city="intact", mode="raid"
    )
    assert battle_odds(battle).raid_succeeds == pytest.approx(1 - 0.6**3)


SITUATIONS = [
    (Battle(Side("celts", {"infantry": 2}), Side("illyrians", {"infantry": 2})), 0),
    (
        Battle(
            Side("romans", {"legion": 3}, leaders=1),
            Side("samnites", {"infantry": 2}),
            terrain="mountain",
            city="intact",
        ),
        0,
    ),
    (
        Battle(
            Side("epirotes", {"infantry": 3, "elephant": 1}), Side("romans", {"legion": 2, "consular": 1})
        ),
        0,
    ),
    (
        Battle(
            Side("epirotes", {"infantry": 3, "elephant": 1}), Side("romans", {"legion": 2, "consular": 1})
        ),
        1,
    ),
    (Battle(Side("vandals", {"infantry": 4}, fleets=2), Side("franks", {"cavalry": 2})), 0),
    (Battle(Side("carthaginians", {"infantry:sea": 2, "infantry": 2}), Side("romans", {"legion": 3})), 0),
    (Battle(Side("ostrogoths", {"infantry": 3}), Side("western-romans", {"foederati": 3, "legion": 1})), 0),
    (
        Battle(Side("foederati", {"infantry": 2}), Side("western-romans", {"foederati": 2}), terrain="swamp"),
        0,
    ),
    (Battle(Side("romans", {"consular": 2}), Side("celts", {"infantry": 4}), capital_of="celts"), 0),
    (
        Battle(
            Side("samnites", {"infantry": 3}), Side("greeks", {"infantry": 2}), city="intact", mode="raid"
        ),
        0,
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("battle", "fear"), SITUATIONS)
def test_exact_odds_agree_with_the_resolvers_monte_carlo(battle: Battle, fear: int):
    """20,000 battles resolved by `fight` (default aims, no retreat, as the odds state) agree with the
    exact odds within 4 standard errors (at most 1.4 points)."""
    runs, rng = 20_000, random.Random(1848)
    counts = {"cleared": 0, "held": 0, "both destroyed": 0, "raided": 0, "raid failed": 0}
    for _ in range(runs):
        counts[fight(battle, [], Dice(rng), elephant_battles=fear).aftermath.how] += 1
    odds = battle_odds(battle, elephant_battles=fear)
    if battle.mode == "raid":
        pairs = [(odds.raid_succeeds or 0.0, counts["raided"])]
    else:
        pairs = [(odds.attacker_clears, counts["cleared"]), (odds.defender_holds, counts["held"])]
    for exact, seen in pairs:
        error = 4 * math.sqrt(max(exact * (1 - exact), 1e-4) / runs)
        assert abs(seen / runs - exact) <= error
