"""The rulebook's worked examples of order, income, buying and stacking (reading section 4)."""

from __future__ import annotations

import pytest

from companion.games.italia.clerk import (
    after_purchase,
    bill,
    consular_refusal,
    forced_purchase,
    income,
    price,
    reinforcement_room,
    turn_order,
)
from companion.games.italia.numbers import TEXT
from companion.games.italia.scenario import Scenario, parse_scenario
from companion.games.italia.stacking import invasion_needs, retreat_room, surplus
from companion.games.vocabulary import IllegalActionError
from tests.games.italia.conftest import scenario


def playing(s: Scenario, turn: int, out: tuple[str, ...] = ()) -> list[str]:
    return [slot.nation for slot in turn_order(s, turn, out) if slot.plays]


def test_example_5_0_italia_one_turn_one_order():
    """E1: Celts, Etruscans, then the Greeks; Epirotes, Numidians, Cimbri not yet."""
    assert playing(scenario(1), 1) == [
        "celts",
        "etruscans",
        "greeks",
        "samnites",
        "carthaginians",
        "illyrians",
        "romans",
    ]


def test_example_5_2_the_epirotes_are_skipped_for_three_turns():
    """E2: no Epirotes on turns 1-3, with the reason; third after the Etruscans on turn 4."""
    for turn in (1, 2, 3):
        slot = next(s for s in turn_order(scenario(1), turn) if s.nation == "epirotes")
        assert not slot.plays and slot.why == "Epirotes: enter on turn 4."
    assert playing(scenario(1), 4)[:3] == ["celts", "etruscans", "epirotes"]
    assert "greeks" not in playing(scenario(1), 5)
    assert "celts" not in playing(scenario(1), 2, ("celts",))


def test_turn_ten_of_italia_one_alternates_three_campaigns():
    assert playing(scenario(1), 10) == ["optimates", "populares", "romans"]


def test_example_6_1_etruscan_income():
    """E3: 4 zones, 2 with cities, 2 on the track: 6 income, 8 to spend."""
    made = income(scenario(1).nation("etruscans"), zones=4, cities=2)
    assert made.kept == 6
    assert after_purchase(TEXT, 2, made.kept, 0).spendable == 8


def test_halves_round_up_and_no_income_is_none():
    assert income(scenario(2).nation("byzantium"), 3, 2).kept == 3  # half of 5, rounded up
    foederati = scenario(2).nation("foederati")
    assert income(foederati, 3, 0, controls=("ravenna",)).kept == 3
    assert income(foederati, 3, 0, controls=()).kept == 2
    assert income(scenario(1).nation("epirotes"), 4, 1).kept == 0
    with pytest.raises(IllegalActionError, match="Romans of Africa card"):
        income(scenario(2).nation("romans-of-africa"), 3, 1)


def test_example_6_3_consular_legions():
    """E4: 3 cities allow 1 consular legion; a second needs 4 cities; the Populares have no limit."""
    assert consular_refusal("romans", 1, 0, 3) is None
    refused = consular_refusal("romans", 1, 1, 3)
    assert refused == (
        "Purchase refused: the Romans control 3 cities, so at most 1 consular legion; they have 1."
    )
    assert consular_refusal("romans", 1, 1, 4) is None
    assert consular_refusal("populares", 5, 0, 0) is None


def test_example_6_4_tribute_and_forced_purchase():
    """E5: the Celts earn 5, keep 3, give 2; the Romans go from 9 to 11 and must buy at once."""
    celts = income(scenario(1).nation("celts"), zones=4, cities=1, subject=True)
    assert (celts.earned, celts.kept, celts.tribute) == (5, 3, 2)
    assert forced_purchase(TEXT, 9 + celts.tribute) == 1
    assert forced_purchase(TEXT, 10) == 0
    assert 9 + 2 - price(TEXT, "romans", "legion") <= TEXT.gold_cap


def test_costs_and_the_cap():
    assert bill(TEXT, "celts", {"infantry": 2}, {"mountain": 1}) == 16
    assert price(TEXT, "western-romans", "foederati") == 3 and price(TEXT, "western-romans", "legion") == 6
    purse = after_purchase(TEXT, 9, 8, 4)
    assert (purse.kept, purse.lost) == (10, 3)
    with pytest.raises(IllegalActionError):
        price(TEXT, "romans", "leader")


def test_example_7_2_roman_legion_cap():
    """E7: at most 14 legions: with 14 none arrive, with 12 two, with 8 six."""
    assert [reinforcement_room(14, have, 6) for have in (14, 12, 8)] == [0, 2, 6]


def test_example_8_0_stacking_after_movement():
    """E9: 4 units stay in Lucania (limit 3): 1 must go; leaders are not counted."""
    assert surplus(TEXT, "standard", 4) == 1
    assert surplus(TEXT, "standard", 3) == 0  # 3 units and a leader
    assert surplus(TEXT, "standard", 4, capital=True) == 0  # E10: a capital holds 4


def test_example_8_6_and_10_5_retreat_capacities():
    """E12: Rhegium (mountain) with 2 Romans takes 1. E17: Corfinium 0 (the attack came from
    there), Samnium 0 (full), Lucania 1. E18: the attacker may retreat into empty Picenum."""
    assert retreat_room(TEXT, "mountain", 2) == 1
    assert retreat_room(TEXT, "standard", 0, attack_came_from=True) == 0
    assert retreat_room(TEXT, "mountain", 3) == 0
    assert retreat_room(TEXT, "standard", 3) == 1
    assert retreat_room(TEXT, "standard", 0) == 4
    assert retreat_room(TEXT, "standard", 3, capital=True) == 2
    assert retreat_room(TEXT, "borderland", 0) == 0


def test_example_9_3_invasion_counts():
    """E13: 1 defender -> 2; 2 -> 4; 3 -> 6; 3 in a city -> 3."""
    assert [invasion_needs(n, city=False) for n in (1, 2, 3)] == [2, 4, 6]
    assert invasion_needs(3, city=True) == 3


def test_a_scenario_file_with_a_fault_names_the_field():
    with pytest.raises(ValueError, match="nation 1.income"):
        parse_scenario(
            '[scenario]\nid="I"\ntitle="t"\nplayers=1\nturns=1\n[[player]]\ncolour="red"\nnations=["a"]\n'
            '[[nation]]\nid="a"\nname="A"\nincome="lots"\nturns=[1,1]\n',
            "scenario-1.toml",
        )


def test_a_national_half_comes_before_the_tribute():
    """Reading A14: Byzantium earning 7 has 4 (half, rounded up); as a subject it gives 2, keeps 2."""
    made = income(scenario(2).nation("byzantium"), zones=5, cities=2, subject=True)
    assert (made.national, made.tribute, made.kept) == (4, 2, 2)
