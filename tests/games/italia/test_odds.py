"""Exact battle odds: closed forms worked by hand, and agreement with the resolver's Monte Carlo."""

from __future__ import annotations

import pytest

from companion.games.italia.battle import Battle, Side
from companion.games.italia.odds import COMMAND_PAIRS, TooLarge, battle_odds


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


def test_a_battle_beyond_the_screens_budget_is_refused_in_one_sentence_and_the_command_answers_it():
    """Fourteen a side of two kinds each, the Romans' fear rolled first (beyond the goal's twelve): too
    much work for the screen's budget, answered with the command's."""
    battle = Battle(
        Side("romans", {"legion": 7, "consular": 7}, leaders=1),
        Side("carthaginians", {"infantry": 7, "elephant": 7}),
    )
    with pytest.raises(TooLarge, match="fewer units or fewer kinds of unit make them answerable"):
        battle_odds(battle)
    odds = battle_odds(battle, budget=COMMAND_PAIRS)
    assert odds.attacker_clears + odds.defender_holds + odds.both_destroyed == pytest.approx(1)


def test_every_battle_of_up_to_twelve_a_side_the_game_fields_is_within_the_screens_budget():
    """The armies of §2.2.1, twelve a side, each spread over its keys as makes the most work (found by
    `benchmarks/italia.py --scan`, not the even spread: benchmarks/italia_spreads.json), sea arrivals a
    key of their own, with the rolls before the first round: the Romans' fear of elephants and the
    Foederati switching to the Foederati (each unit rolls, so the battle starts from many states)."""
    armies = [
        ("populares", {"legion": 4, "consular": 8}, "carthaginians", {"infantry": 6, "elephant": 6}),
        (
            "carthaginians",
            {"infantry": 4, "infantry:sea": 4, "elephant": 4},
            "populares",
            {"legion": 4, "consular": 8},
        ),
        (
            "carthaginians",
            {"infantry": 4, "infantry:sea": 4, "elephant": 1, "elephant:sea": 3},
            "populares",
            {"legion": 4, "consular": 8},
        ),
        (
            "populares",
            {"legion": 3, "consular": 4, "legion:sea": 5},
            "carthaginians",
            {"infantry": 6, "elephant": 6},
        ),
        ("romans", {"legion": 5, "consular": 7}, "carthaginians", {"infantry": 6, "elephant": 6}),
        ("vandals", {"cavalry": 5, "infantry": 7}, "western-romans", {"cavalry": 5, "foederati": 7}),
        (
            "western-romans",
            {"legion": 5, "foederati": 4, "cavalry": 3},
            "vandals",
            {"infantry": 4, "cavalry": 3, "infantry:sea": 5},
        ),
        (
            "foederati",
            {"infantry": 6, "cavalry": 6},
            "western-romans",
            {"legion": 5, "foederati": 3, "cavalry": 4},
        ),
    ]
    for attacker, attackers, defender, defenders in armies:
        odds = battle_odds(Battle(Side(attacker, attackers, leaders=1), Side(defender, defenders)))
        assert odds.attacker_clears + odds.defender_holds + odds.both_destroyed == pytest.approx(1)


def test_a_battle_whose_defender_has_no_units_left_is_cleared_for_certain():
    """Every figure a float, as the command's JSON prints them (0.0, not 0)."""
    odds = battle_odds(Battle(Side("celts", {"infantry": 2}), Side("etruscans", {})))
    figures = (odds.attacker_clears, odds.defender_holds, odds.both_destroyed, odds.attacker_losses)
    assert figures == (1.0, 0.0, 0.0, 0.0)
    assert all(isinstance(x, float) for x in figures)
