"""The deck procedure of §3 and §9.3, its check and the offensive odds (spec 1.3, X-2, A-1 to A-3)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.italy4345 import deck


def kinds(order: list[str]) -> list[bool]:
    return [deck.is_offensive(c) for c in order]


def offensive_positions(order: list[str]) -> list[int]:
    return [i for i, c in enumerate(order, start=1) if deck.is_offensive(c)]


def test_the_standard_deck_has_offensives_at_9_18_27_36_and_one_of_37_to_45() -> None:
    for seed in range(50):
        order = deck.build(seed)
        positions = offensive_positions(order)
        assert len(order) == 45 and len(set(order)) == 45
        assert positions[:4] == [9, 18, 27, 36] and 37 <= positions[4] <= 45


def test_the_long_deck_has_its_unshuffled_pile_on_top() -> None:
    for seed in range(50):
        positions = offensive_positions(deck.build(seed, long=True))
        assert positions[0] == 11
        assert [(p - 1) // 11 for p in positions] == [0, 1, 2, 3, 4]
    assert {offensive_positions(deck.build(seed, long=True))[1] for seed in range(200)} != {22}


def test_x2_after_36_cards_and_2_events_the_chance_is_one_in_seven() -> None:
    seen = [False] * 8 + [True] + ([False] * 8 + [True]) * 3 + [False, False]
    assert len(seen) == 38
    assert deck.odds(seen) == Fraction(1, 7)
    assert deck.forecast(seen) == "Offensive: 1 in 7 that it is the next card."


def test_the_odds_in_the_unshuffled_piles_are_certain() -> None:
    assert deck.odds([False] * 8) == 1
    assert deck.odds([False] * 3) == 0
    assert deck.forecast([False] * 3) == "Offensive in 6 cards (card 9)."
    assert deck.forecast([False] * 8) == "Offensive: next card for certain."
    assert deck.odds([False] * 36 + [True]) == 0  # the last pile's offensive is out


def test_the_check_names_the_first_wrong_position() -> None:
    order = deck.build(1)
    assert deck.check(order) is None
    swapped = order[:]
    swapped[8], swapped[2] = swapped[2], swapped[8]
    position, why = deck.check(swapped) or (0, "")
    assert position == 3 and "offensive card where pile 1 has an event" in why
    assert deck.check(order[:44]) == (45, "The deck ends after 44 cards; it should have 45.")
    twice = order[:]
    twice[5] = twice[4]
    assert deck.check(twice) == (6, f"Card 6 ({twice[4]}) is in the deck twice.")
    assert deck.check(["event-99", *order[1:]]) == (1, "Card 1 (event-99) is not a card of the game.")


def _valid_kinds(pattern: list[bool], long: bool) -> bool:
    for pile in deck.piles(long):
        cards = pattern[pile.start - 1 : pile.bottom]
        if sum(cards) != 1 or (not pile.shuffled and not cards[-1]):
            return False
    return True


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_every_built_deck_passes_the_check(seed: int, long: bool) -> None:
    assert deck.check(deck.build(seed, long), long) is None


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.data())
def test_the_check_refuses_every_swap_that_breaks_the_structure(
    seed: int, long: bool, data: st.DataObject
) -> None:
    order = deck.build(seed, long)
    i = data.draw(st.integers(0, len(order) - 1))
    j = data.draw(st.integers(0, len(order) - 1))
    order[i], order[j] = order[j], order[i]
    assert (deck.check(order, long) is None) == _valid_kinds(kinds(order), long)


def _frequency_check(long: bool, decks: int) -> None:
    """Over built decks: at each position, among decks whose pile has not yet shown its offensive card,
    how often the card there is the offensive; against the exact odds given such a history."""
    rng = random.Random(5)
    size = deck.deck_size(long)
    seen, hits = [0] * (size + 1), [0] * (size + 1)
    for _ in range(decks):
        order = deck.build(rng.randrange(2**62), long)
        for pile in deck.piles(long):
            for position in range(pile.start, pile.bottom + 1):
                seen[position] += 1
                if deck.is_offensive(order[position - 1]):
                    hits[position] += 1
                    break
    for position in range(1, size + 1):
        pile = deck.pile_of(position, long)[1]
        prefix = [False] * (position - 1)
        for earlier in deck.piles(long):
            if earlier.bottom < pile.start:
                prefix[earlier.bottom - 1] = True  # one offensive per earlier pile; where does not matter
        assert abs(hits[position] / seen[position] - float(deck.odds(prefix, long))) <= 0.005, position


@pytest.mark.slow
def test_the_odds_equal_the_frequency_over_100000_built_decks() -> None:
    _frequency_check(long=False, decks=100_000)


@pytest.mark.slow
def test_the_long_decks_odds_equal_the_frequency_over_100000_built_decks() -> None:
    _frequency_check(long=True, decks=100_000)
