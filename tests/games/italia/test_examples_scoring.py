"""The rulebook's scoring examples (reading E23-E25). The card values are the tests' own, chosen so
the text's totals come out (the cards are not in the rulebook; see reading A28, A29)."""

from __future__ import annotations

from companion.games.italia.scoring import region_points, subject_share, zone_points


def test_example_11_0_one_etruscans_score_nine():
    """E23: Pavia, Ravenna, Etruria, Corfinium held; cities in Etruria, Pavia, Corfinium: 3 + 6 = 9.
    Invented card for the test: 1 point each for Pavia, Ravenna, Etruria, none for Corfinium, 2 a city."""
    card = {"pavia": 1, "ravenna": 1, "etruria": 1, "corfinium": 0}
    held = ("pavia", "ravenna", "etruria", "corfinium")
    assert zone_points(card, 2, held, ("etruria", "pavia", "corfinium")) == 9
    assert zone_points(card, 2, held, ("etruria", "pavia")) == 7  # Corfinium's city a ruin: no city points


def test_example_11_0_two_berbers_score_six():
    """E24: Numidia and Africa with a city in Africa: 2 + 4 (invented card: 1 a zone, 4 a city)."""
    assert zone_points({"numidia": 1, "africa": 1}, 4, ("numidia", "africa"), ("africa",)) == 6


def test_example_11_0_a_region_award_never_goes_below_zero():
    """E25: 7 points, 1 off per zone another nation holds: with 9 such zones, 0 and not -2."""
    region = [f"zone{n}" for n in range(12)]
    others = region[:9]
    assert region_points(7, region, ours=region[9:], others=others, minus_per_zone=1) == 0
    assert region_points(7, region, ours=region[9:], others=others[:2], minus_per_zone=1) == 5


def test_a_plain_region_award_counts_empty_and_subject_zones_and_breaks_on_a_foreign_one():
    """Reading A27: the nation's and its subjects' zones count, empty ones do not break it."""
    region = ("messana", "syracusae", "lilybaeum", "agrigentum")
    assert region_points(5, region, ours=("messana", "syracusae"), others=()) == 5
    assert region_points(5, region, ours=("messana",), others=("agrigentum",)) == 0
    assert region_points(5, region, ours=(), others=()) == 0


def test_a_subject_scores_half_rounded_up():
    assert [subject_share(p) for p in (0, 1, 3, 4)] == [0, 1, 2, 2]
