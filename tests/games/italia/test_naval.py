"""Naval combat (§10.8, §10.8.1): 9-10, cargo and leaders, the loser's choice, sunk cargo."""

from __future__ import annotations

import pytest

from companion.games.italia.dice import Dice
from companion.games.italia.naval import (
    Fleet,
    Navy,
    SeaBattle,
    attack_order,
    fleet_needs,
    sea_over,
    sea_retreat,
    sea_round,
)
from companion.games.italia.numbers import TEXT
from companion.games.vocabulary import IllegalActionError


def test_a_fleet_hits_on_nine_plus_one_per_unit_aboard():
    navy = Navy("carthaginians", (Fleet("c1"), Fleet("c2", embarked=2)))
    assert [fleet_needs(navy, f, TEXT) for f in navy.fleets] == [9, 7]


def test_a_leader_helps_every_friendly_fleet_but_his_own():
    """Reading A6: +2 to the other fleets, not to the one carrying him."""
    navy = Navy("romans", (Fleet("r1", leaders=1), Fleet("r2"), Fleet("r3", embarked=1)))
    assert [fleet_needs(navy, f, TEXT) for f in navy.fleets] == [9, 7, 6]


def test_the_side_that_takes_hits_chooses_which_fleets_sink_and_their_cargo_is_lost():
    battle = SeaBattle(
        Navy("carthaginians", (Fleet("c1"), Fleet("c2", embarked=2))),
        Navy("romans", (Fleet("r1"), Fleet("r2"), Fleet("r3"))),
        sea="Mare Sardoum",
    )
    # Carthage: 9 (hit), 7 (hit with its cargo's +2); Rome: 10, 1, 2 -> one hit
    after, report = sea_round(battle, Dice(given=[9, 7, 10, 1, 2]), {"attacker": ["c2"]})
    assert report.hits == {"attacker": 2, "defender": 1}
    assert report.sunk["attacker"] == (Fleet("c2", embarked=2),) and report.cargo_lost["attacker"] == 2
    assert len(after.defender.fleets) == 1  # Rome's default: the emptiest fleets go
    with pytest.raises(IllegalActionError, match="choose exactly 1"):
        sea_round(battle, Dice(given=[9, 1, 1, 1, 1]), {"defender": ["r1", "r2"]})
    fled = sea_retreat(after, "defender", ["r3"])
    assert sea_over(fled) and fled.defender.retreated == (Fleet("r3"),)


def test_several_nations_attack_an_arriving_fleet_most_fleets_first_ties_by_the_die():
    """§10.8.1, reading A38: equal dice are rolled again."""
    order = attack_order({"romans": 2, "greeks": 2, "etruscans": 3}, Dice(given=[5, 5, 3, 8]))
    assert order == ["etruscans", "romans", "greeks"]
