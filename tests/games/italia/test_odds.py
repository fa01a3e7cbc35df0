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
    """Twelve a side of two kinds each: too much work for a frame's budget, answered with the command's."""
    battle = Battle(
        Side("romans", {"legion": 6, "consular": 6}, leaders=1),
        Side("epirotes", {"infantry": 6, "elephant": 6}),
    )
    with pytest.raises(TooLarge, match="fewer units or fewer kinds of unit make them answerable"):
        battle_odds(battle)
    odds = battle_odds(battle, budget=COMMAND_PAIRS)
    assert odds.attacker_clears + odds.defender_holds + odds.both_destroyed == pytest.approx(1)


def test_every_battle_of_up_to_eight_a_side_the_game_fields_is_within_the_screens_budget():
    """The armies of §2.2.1 at their slowest (spread evenly over their keys, sea arrivals a key of their
    own), eight a side, with the rolls before the first round: the Romans' fear of elephants and the
    Foederati switching to the Foederati (each unit rolls, so the battle starts from many states)."""
    armies = [
        ("populares", {"legion": 4, "consular": 4}, "carthaginians", {"infantry": 4, "elephant": 4}),
        (
            "carthaginians",
            {"infantry": 3, "infantry:sea": 3, "elephant": 2},
            "populares",
            {"legion": 4, "consular": 4},
        ),
        (
            "carthaginians",
            {"infantry": 2, "infantry:sea": 2, "elephant": 2, "elephant:sea": 2},
            "populares",
            {"legion": 4, "consular": 4},
        ),
        ("romans", {"legion": 4, "consular": 4}, "carthaginians", {"infantry": 4, "elephant": 4}),
        ("vandals", {"cavalry": 4, "infantry": 4}, "western-romans", {"cavalry": 4, "foederati": 4}),
        (
            "western-romans",
            {"legion": 3, "foederati": 3, "cavalry": 2},
            "vandals",
            {"infantry": 3, "cavalry": 3, "infantry:sea": 2},
        ),
        (
            "foederati",
            {"infantry": 4, "cavalry": 4},
            "western-romans",
            {"legion": 3, "foederati": 3, "cavalry": 2},
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
