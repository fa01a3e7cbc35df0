"""Every random outcome of an action goes through a Dealer, which records it.

Tracked decks draw the top card; table decks take the card the caller names (camera or tap).
Replaying a record feeds the recorded cards back in, so a draw is never rolled twice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from .edition import UNKNOWN_CARD
from .errors import CardNeeded, IllegalActionError, Sentence
from .state import Deck, State

Draw = tuple[str, str | int]  # (deck name, card id or zone number)
T = TypeVar("T")


def shuffle(state: State, items: list[T]) -> None:
    """Shuffle in place with the game's seeded RNG: shuffle number k always gives the same order.

    The order random.shuffle gives, written out (Fisher-Yates on the generator's bits): a recorded
    game's decks then depend only on the Mersenne Twister's output, not on a Python version's shuffle,
    and the loop is compiled with the engine (companion.tables.milano1848.native)."""
    bits = random.Random(f"{state.seed}/{state.shuffles}").getrandbits
    for i in range(len(items) - 1, 0, -1):
        j = _below(bits, i + 1)
        items[i], items[j] = items[j], items[i]
    state.shuffles += 1


def _below(bits: Callable[[int], int], n: int) -> int:
    """A uniform integer in [0, n), from the fewest bits that can hold n (rejection otherwise)."""
    size = n.bit_length()
    drawn = bits(size)
    while drawn >= n:
        drawn = bits(size)
    return drawn


class Dealer:
    """Draws for one action; `drawn` is its outcome, stored in the game record."""

    def __init__(self, state: State, supplied: Sequence[Draw] = ()) -> None:
        self.state = state
        self.supplied = list(supplied)
        self.drawn: list[Draw] = []

    def _take_supplied(self, deck: str) -> str | int | None:
        if not self.supplied:
            return None
        name, card = self.supplied[0]
        if name != deck:
            raise IllegalActionError(f"A {deck} card is drawn next, but the card given is a {name} card.")
        self.supplied.pop(0)
        return card

    def austria(self) -> str | None:
        return self._draw(self.state.austria, "austria")

    def italy(self, face_up: bool = False) -> str | None:
        """An Italy card; a face-up one (solitaire's revealed cards) must be named with table decks."""
        return self._draw(self.state.italy, "italy", face_up)

    def _draw(self, deck: Deck, name: str, face_up: bool = True) -> str | None:
        if deck.size == 0:
            if not deck.discard:
                return None
            self._reshuffle(deck)
        given = self._take_supplied(name)
        if given is not None and not isinstance(given, str):
            raise IllegalActionError(f"{given!r} is not a {name} card.")
        card = self._top(deck, name, given) if deck.ordered else self._named(deck, name, given, face_up)
        deck.size -= 1
        self.drawn.append((name, card))
        return card

    @staticmethod
    def _top(deck: Deck, name: str, given: str | None) -> str:
        card = deck.cards.pop(0)
        if given is not None and given != card:
            raise IllegalActionError(f"The {name} deck's top card is {card}, not {given}.")
        return card

    @staticmethod
    def _named(deck: Deck, name: str, given: str | None, face_up: bool) -> str:
        if given is None or given == UNKNOWN_CARD:
            if face_up:
                raise CardNeeded(name)
            return UNKNOWN_CARD  # an Italy card drawn into a hand unseen: named when it is played
        if given not in deck.cards:
            raise IllegalActionError(f"{given} cannot be drawn: it is not in the {name} deck.")
        deck.cards.remove(given)
        return given

    def _reshuffle(self, deck: Deck) -> None:
        deck.cards, deck.discard = deck.discard, []
        deck.size = len(deck.cards)
        if deck.ordered:
            shuffle(self.state, deck.cards)

    def zone(self) -> int | None:
        """The next Zone card, or None when the Zone deck is empty."""
        state = self.state
        if not state.zone_deck:
            if self.supplied and self.supplied[0][0] == "zone":
                raise IllegalActionError(
                    f"Zone card {self.supplied[0][1]} cannot be drawn: the Zone deck is empty."
                )
            return None
        given = self._take_supplied("zone")
        if given is not None and not isinstance(given, int):
            raise IllegalActionError(f"{given!r} is not a zone number.")
        if state.zone_deck_known:
            zone = state.zone_deck.pop(0)
            if given is not None and given != zone:
                raise IllegalActionError(f"The Zone deck's top card is zone {zone}, not zone {given}.")
        else:
            if given is None:
                raise CardNeeded("zone")
            if given not in state.zone_deck:
                raise IllegalActionError(
                    Sentence("Zone {zone} cannot be drawn: its card is not in the Zone deck.", zone=given)
                )
            state.zone_deck.remove(given)
            zone = given
        self.drawn.append(("zone", zone))
        return zone

    def leftover(self) -> None:
        """Raise if cards were given that the action never drew (a wrong record or a wrong tap)."""
        if self.supplied:
            name, card = self.supplied[0]
            raise IllegalActionError(f"The {name} card {card} was given but nothing drew it.")
