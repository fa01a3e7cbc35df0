"""Italia I, turn 10 (§13.4): legion switching and the end of the turn; submission thresholds."""

from __future__ import annotations

from companion.games.italia.clerk import submission
from companion.games.italia.dice import Dice
from companion.games.italia.turn10 import switch_legions, turn_over


def test_legions_join_sulla_on_seven_and_marius_on_nine():
    made = switch_legions(3, ("Sulla",), consular_there=False, dice=Dice(given=[7, 6, 10]))
    assert (made.to_sulla, made.to_marius) == (2, 0)
    made = switch_legions(2, ("Marius",), consular_there=False, dice=Dice(given=[8, 9]))
    assert made.to_marius == 1


def test_a_consular_legion_in_the_zone_makes_switching_harder():
    assert switch_legions(2, ("Sulla",), consular_there=True, dice=Dice(given=[8, 9])).to_sulla == 1
    assert switch_legions(2, ("Marius",), consular_there=True, dice=Dice(given=[9, 0])).to_marius == 1


def test_with_both_leaders_sulla_rolls_first_and_the_rest_roll_for_marius():
    """Reading A31: "the Optimate player may play first"; a legion that joined Sulla rolls no more."""
    made = switch_legions(3, ("Marius", "Sulla"), consular_there=False, dice=Dice(given=[7, 1, 1, 9, 2]))
    assert [r[0] for r in made.rolls] == ["Sulla"] * 3 + ["Marius"] * 2
    assert (made.to_sulla, made.to_marius) == (1, 1)


def test_turn_ten_ends_without_gold_or_after_three_passes():
    assert turn_over({"optimates": 0, "populares": 0, "romans": 0}, 0)
    assert turn_over({"optimates": 2, "populares": 0, "romans": 1}, 3)
    assert not turn_over({"optimates": 2, "populares": 0, "romans": 1}, 2)


def test_example_12_5_1_the_celts_thresholds():
    """E28: the Celts must submit with 3 zones or fewer, may with 4 or 5 (the example's card)."""
    assert [submission(z, 3, 5) for z in (2, 3, 4, 5, 6)] == ["must", "must", "may", "may", None]
