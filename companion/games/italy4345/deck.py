"""The event deck: the text's build (§3, and §9.3's longer deck), the check of a deck's order naming the
first wrong position, and the exact chance that the next card is an offensive card.

Standard deck (§3, A-1, A-2): five piles of 8 events with an offensive card at the bottom; one pile is
shuffled and goes below the other four, so offensives are at 9, 18, 27, 36 and one of 37-45.
Long deck (§9.3, A-3): five piles of 10 events plus an offensive at the bottom; four are shuffled and
stacked, the unshuffled pile on top: offensives at 11 and one in each of 12-22, 23-33, 34-44, 45-55."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import Sentence

EVENT_CARDS = 96  # §2.6
OFFENSIVE_CARDS = 9
PILES = 5


@dataclass(frozen=True)
class Pile:
    start: int  # position of its first card, counted from the top, first card = 1
    size: int
    shuffled: bool

    @property
    def bottom(self) -> int:
        return self.start + self.size - 1


def piles(long: bool = False) -> tuple[Pile, ...]:
    """The deck's piles top first: standard, the bottom pile shuffled; long, all but the top pile."""
    size = 11 if long else 9
    return tuple(Pile(1 + i * size, size, i > 0 if long else i == PILES - 1) for i in range(PILES))


def deck_size(long: bool = False) -> int:
    return piles(long)[-1].bottom


def event_id(number: int) -> str:
    return f"event-{number:02d}"


def offensive_id(number: int) -> str:
    return f"offensive-{number}"


EVENT_IDS = tuple(event_id(n) for n in range(1, EVENT_CARDS + 1))
OFFENSIVE_IDS = tuple(offensive_id(n) for n in range(1, OFFENSIVE_CARDS + 1))
CARD_IDS = frozenset(EVENT_IDS + OFFENSIVE_IDS)


def is_offensive(card: str) -> bool:
    return card.startswith("offensive-")


def build(seed: int, long: bool = False) -> list[str]:
    """The companion deck (ids top first), built by the text's procedure with a seeded generator."""
    rng = random.Random(f"{seed}/deck")
    layout = piles(long)
    events = rng.sample(EVENT_IDS, sum(p.size - 1 for p in layout))
    offensives = rng.sample(OFFENSIVE_IDS, PILES)
    order: list[str] = []
    for pile, offensive in zip(layout, offensives, strict=True):
        cards = [events.pop() for _ in range(pile.size - 1)] + [offensive]
        if pile.shuffled:
            rng.shuffle(cards)
        order.extend(cards)
    return order


def check(order: Sequence[str], long: bool = False) -> tuple[int, Sentence] | None:
    """None if the order is a deck the procedure can build; else the first wrong position and why."""
    seen: set[str] = set()
    for position, card in enumerate(order, start=1):
        fault = _fault(order, position, card, seen, long)
        if fault is not None:
            return position, fault
        seen.add(card)
    if len(order) < deck_size(long):
        return len(order) + 1, Sentence(
            "The deck ends after {count} cards; it should have {size}.",
            count=len(order),
            size=deck_size(long),
        )
    return None


def _fault(order: Sequence[str], position: int, card: str, seen: set[str], long: bool) -> Sentence | None:
    if position > deck_size(long):
        return Sentence(
            "Card {position} is one too many: the deck has {size} cards.",
            position=position,
            size=deck_size(long),
        )
    if card not in CARD_IDS:
        return Sentence("Card {position} ({card}) is not a card of the game.", position=position, card=card)
    if card in seen:
        return Sentence("Card {position} ({card}) is in the deck twice.", position=position, card=card)
    return structure_fault([is_offensive(c) for c in order[:position]], long)


def structure_fault(kinds: Sequence[bool], long: bool = False) -> Sentence | None:
    """Whether the last of these cards (True: offensive) breaks the deck's structure, and why."""
    position = len(kinds)
    pile_no, pile = pile_of(position, long)
    offensive = kinds[-1]
    before = sum(kinds[pile.start - 1 : position - 1])
    if not pile.shuffled and offensive != (position == pile.bottom):
        if position == pile.bottom:
            return Sentence(
                "Card {position} should be pile {pile}'s offensive card; the deck was built differently.",
                position=position,
                pile=pile_no,
            )
        return Sentence(
            "Card {position} is an offensive card where pile {pile} has an event; "
            "the deck was built differently.",
            position=position,
            pile=pile_no,
        )
    if pile.shuffled and offensive and before:
        return Sentence(
            "Card {position} is a second offensive card in pile {pile}.", position=position, pile=pile_no
        )
    if pile.shuffled and position == pile.bottom and not offensive and not before:
        return Sentence(
            "Card {position} ends pile {pile} with no offensive card in it.", position=position, pile=pile_no
        )
    return None


def pile_of(position: int, long: bool = False) -> tuple[int, Pile]:
    """The pile (numbered from 1, top first) that holds this position."""
    for number, pile in enumerate(piles(long), start=1):
        if pile.start <= position <= pile.bottom:
            return number, pile
    raise ValueError(f"position {position} is past the deck")


def odds(kinds: Sequence[bool], long: bool = False) -> Fraction:
    """The exact chance that the next card is an offensive card, given the kinds seen (True: offensive)."""
    position = len(kinds) + 1
    if position > deck_size(long):
        return Fraction(0)
    _, pile = pile_of(position, long)
    if any(kinds[pile.start - 1 :]):
        return Fraction(0)  # this pile's offensive card is already out
    if not pile.shuffled:
        return Fraction(int(position == pile.bottom))
    return Fraction(1, pile.bottom - position + 1)


def forecast(kinds: Sequence[bool], long: bool = False) -> Sentence:
    """What the screen says of the next offensive card (public information: anyone can count)."""
    chance = odds(kinds, long)
    if chance == 1:
        return Sentence("Offensive: next card for certain.")
    if chance > 0:
        return Sentence("Offensive: 1 in {n} that it is the next card.", n=chance.denominator)
    position = len(kinds) + 1
    for pile in piles(long):
        if pile.bottom >= position and not any(kinds[pile.start - 1 :]):
            if pile.shuffled:
                return Sentence(
                    "Offensive: somewhere in cards {first} to {last}.",
                    first=max(position, pile.start),
                    last=pile.bottom,
                )
            return Sentence(
                "Offensive in {n} cards (card {position}).",
                n=pile.bottom - position + 1,
                position=pile.bottom,
            )
    return Sentence("No offensive card is left in the deck.")
