"""Dice: parsing, seeded and recorded rolls, the pending roll the box's button throws."""

from __future__ import annotations

import pytest

from companion.dice import Dice, DiceError, DiceRoller, Roll, die_face
from hardware.faces import QUESTION, number, pips


@pytest.mark.parametrize("text, dice", [("2d6", Dice(2, 6)), ("d10", Dice(1, 10)), (" 3D6 ", Dice(3, 6))])
def test_parse(text, dice):
    assert Dice.parse(text) == dice


@pytest.mark.parametrize(
    "text, message",
    [
        ("2d1", "dice have 2 to 100 sides"),
        ("0d6", "roll 1 to 20 dice"),
        ("21d6", "roll 1 to 20 dice"),
        ("two dice", "is not a dice expression like 2d6 or d10"),
    ],
)
def test_bad_expressions_say_why(text, message):
    with pytest.raises(DiceError, match=message):
        Dice.parse(text)


def test_a_seed_repeats_its_rolls_and_a_record_replays():
    first, second = DiceRoller(11), DiceRoller(11)
    rolls = [first.roll(Dice(2, 6)), first.roll(Dice(1, 10))]
    assert [second.roll(Dice(2, 6)), second.roll(Dice(1, 10))] == rolls
    assert DiceRoller.replay(11, rolls).rolls == rolls
    with pytest.raises(DiceError, match="does not match seed 11"):
        DiceRoller.replay(11, [Roll(Dice(2, 6), (7, 7))])


def test_a_d10_reads_zero_as_ten_so_it_rolls_one_to_ten():
    values = {v for _ in range(300) for v in DiceRoller(_).roll(Dice(1, 10)).values}
    assert values == set(range(1, 11))


def test_the_button_throws_only_a_pending_roll():
    roller = DiceRoller(5)
    assert roller.press() is None and roller.rolls == []
    roller.request(Dice(3, 6))
    roll = roller.press()
    assert roll is not None and len(roll.values) == 3 and roller.rolls == [roll]
    assert roller.press() is None


def test_faces_on_the_box():
    assert die_face(Dice(2, 6), 4) == pips(4)
    assert die_face(Dice(1, 10), 10) == number(0)  # a d10's ten reads "0", as on the physical die
    assert [die_face(Dice(1, 10), v).name for v in (1, 9)] == ["number-1", "number-9"]
    assert die_face(Dice(1, 20), 17) == number(17)
    assert die_face(Dice(1, 100), 100) == QUESTION
    assert str(Roll(Dice(2, 6), (3, 5))) == "2d6: 3 + 5 = 8" and str(Roll(Dice(1, 10), (10,))) == "1d10: 10"
