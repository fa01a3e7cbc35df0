"""Offensive battles from counts (§6.2.1 B and C, X-4, X-5, A-21, A-22, A-25)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.italy4345 import Forces, IllegalActionError, fight


def test_x4_the_axis_lose_the_difference_the_winner_half_rounded_up() -> None:
    result = fight(Forces(aa=3, cln_brigades=1, ger=1, rsi=1, terrain="countryside"))
    assert (result.allied_value, result.axis_value, result.loser) == (4, 2, "axis")
    assert result.axis_losses == ("rsi", "ger") and result.allied_losses == ("cln",)


def test_x5_a_tie_costs_each_side_one_and_the_anglo_americans_lose() -> None:
    result = fight(Forces(aa=3, ger=2, terrain="mountain"))
    assert (result.allied_value, result.axis_value, result.tie, result.loser) == (3, 3, True, "allied")
    assert result.allied_losses == ("aa",) and result.axis_losses == ("ger",)


def test_a_city_adds_two_to_the_axis() -> None:
    result = fight(Forces(aa=5, rsi=1, terrain="city"))
    assert (result.allied_value, result.axis_value) == (5, 3)
    assert result.axis_losses == ("rsi",) and len(result.allied_losses) == 1  # ceil(2 / 2), of the nominal 2


def test_the_winner_loses_half_the_nominal_difference_even_when_the_loser_has_fewer_units() -> None:
    result = fight(Forces(aa=9, ger=1))
    assert result.axis_losses == ("ger",) and len(result.allied_losses) == 4  # ceil(8 / 2)
    switched = fight(Forces(aa=9, ger=1), winner_loss_from="units_removed")
    assert len(switched.allied_losses) == 1


def test_losses_follow_the_priority_sequence_repeated() -> None:
    result = fight(Forces(aa=1, aut_troops=1, cln_brigades=2, aut_brigades=1, ger=10))
    assert result.allied_losses == ("cln", "aa", "aut_troops", "cln", "aut_brigades")
    brigade_first = fight(Forces(aa=0, aut_troops=1, aut_brigades=1, ger=9), aut_losses="brigade")
    assert brigade_first.allied_losses == ("aut_brigades", "aut_troops")
    axis = fight(Forces(aa=12, ger=2, rsi=3))
    assert axis.axis_losses == ("rsi", "ger", "rsi", "ger", "rsi")


def test_bad_counts_are_refused_in_one_sentence() -> None:
    with pytest.raises(IllegalActionError, match="^A battle's counts are 0 or more.$"):
        fight(Forces(aa=-1))
    with pytest.raises(IllegalActionError, match="city, countryside or mountain"):
        fight(Forces(aa=1, terrain="lake"))


@given(
    st.integers(0, 25),
    st.integers(0, 10),
    st.integers(0, 15),
    st.integers(0, 10),
    st.integers(0, 20),
    st.integers(0, 15),
    st.sampled_from(["city", "countryside", "mountain"]),
)
def test_no_side_loses_more_units_than_it_has(
    aa: int, aut: int, cln: int, brig: int, ger: int, rsi: int, terrain: str
) -> None:
    forces = Forces(aa, aut, cln, brig, ger, rsi, terrain)
    result = fight(forces)
    assert len(result.allied_losses) <= forces.allied() and len(result.axis_losses) <= ger + rsi
    assert result.allied_losses.count("aa") <= aa and result.axis_losses.count("rsi") <= rsi
