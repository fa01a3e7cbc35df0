"""Turn order, the start and end of Patriot turns, hands and the cards a fight may use."""

from __future__ import annotations

from .dealer import Dealer
from .edition import UNKNOWN_CARD
from .errors import Sentence
from .events import Event
from .state import ACT, AUSTRIAN_TURN, CHOOSE_PATRIOT, State


def turn_order(state: State) -> list[int]:
    """Patriots in playing order this round: First Player clockwise; 2 players: the third plays last."""
    if state.players == 2:
        return [state.first_player, 1 - state.first_player, 2]
    count = len(state.patriots)
    return [(state.first_player + i) % count for i in range(count)]


def hand_order(state: State) -> list[int]:
    """Hands in the order they draw: the First Player's first."""
    seen: list[int] = []
    for patriot in turn_order(state):
        hand = state.patriots[patriot].hand
        if hand not in seen:
            seen.append(hand)
    return seen


def start_round(state: State) -> None:
    state.done = [False] * len(state.patriots)
    state.active = None
    _next_patriot(state)


def _next_patriot(state: State) -> None:
    waiting = [i for i in turn_order(state) if not state.done[i]]
    if not waiting:
        state.active, state.step = None, AUSTRIAN_TURN
    elif state.solitaire and len(waiting) > 1:
        state.active, state.step = None, CHOOSE_PATRIOT
    else:
        activate(state, waiting[0])


def activate(state: State, patriot: int) -> None:
    state.active, state.step = patriot, ACT
    state.actions_left = state.edition.rules.actions_per_turn


def end_turn(state: State, dealer: Dealer, events: list[Event]) -> None:
    """The active Patriot is done; solitaire refills the hand and clears the revealed cards."""
    assert state.active is not None
    state.done[state.active] = True
    if state.solitaire:
        state.italy.discard.extend(state.pool)
        state.pool, state.pool_from = [], []
        refill(state, state.patriots[state.active].hand, dealer, events)
    _next_patriot(state)


def finish_action(state: State, dealer: Dealer, events: list[Event]) -> None:
    """Called when an action has fully resolved: the turn ends after the last action."""
    if state.step == ACT and state.actions_left == 0:
        end_turn(state, dealer, events)


def refill(state: State, hand: int, dealer: Dealer, events: list[Event]) -> None:
    """Draw Italy cards until the hand holds hand_size (more than that is kept)."""
    cards = state.hands[hand]
    drawn = 0
    while len(cards) < state.edition.rules.hand_size:
        card = dealer.italy()
        if card is None:
            break
        cards.append(card)
        drawn += 1
    if drawn:
        events.append(Event("drawn", count=drawn))


def can_refill(state: State, hand: int) -> bool:
    return len(state.hands[hand]) < state.edition.rules.hand_size and bool(
        state.italy.size or state.italy.discard
    )


def fight_hands(state: State) -> list[int]:
    """Strength in unity: the hands of every Patriot in the active Patriot's zone, active first."""
    assert state.active is not None
    active = state.patriots[state.active]
    hands = [active.hand]
    for patriot in state.patriots:  # the simulation asks ~300 times a game: no list of indices on the way
        if patriot.zone == active.zone and patriot.hand not in hands:
            hands.append(patriot.hand)
    return hands


def fight_card_count(state: State) -> int:
    return sum(len(state.hands[h]) for h in fight_hands(state)) + len(state.pool)


def can_answer(state: State, needed: int = 1, spent: int = 0) -> bool:
    """Can a fight the active Patriot starts be answered: `needed` cards among the fighters' hands
    (less `spent`, the Rifle card played to start it) and the pool, or, in solitaire, another Patriot
    here who has not revealed its cards this turn (rule 3.a: they come when the fight starts)."""
    if fight_card_count(state) - spent >= needed:
        return True
    assert state.active is not None
    here = state.patriots[state.active].zone
    return (
        state.solitaire
        and any(p != state.active and p not in state.pool_from for p in state.patriots_in(here))
        and bool(state.italy.size or state.italy.discard)
    )


def unseen_italy_card(state: State, card: str) -> bool:
    """Table decks: could `card` be one of the unseen cards drawn into a hand?"""
    if card not in state.edition.italy or card in state.italy.discard or card in state.pool:
        return False
    if state.italy.ordered and card in state.italy.cards:
        return False
    if any(card in h for h in state.hands) or any(card in t for t in state.tiles.values()):
        return False
    return not (state.fight and card in state.fight.used_italy)


def find_card(state: State, card: str, hands: list[int], pool: bool = False) -> tuple[str, int] | None:
    """Where a card to be played is: ("hand", index) or ("pool", 0); None if it cannot be played.

    With table decks a hand may hold unseen cards ("?"): a card named when played stands for one.
    """
    for hand in hands:
        if card in state.hands[hand]:
            return ("hand", hand)
    if pool and card in state.pool:
        return ("pool", 0)
    if unseen_italy_card(state, card):
        for hand in hands:
            if UNKNOWN_CARD in state.hands[hand]:
                return ("hand", hand)
    return None


def take_card(state: State, card: str, place: tuple[str, int]) -> None:
    kind, index = place
    cards = state.pool if kind == "pool" else state.hands[index]
    cards.remove(card if card in cards else UNKNOWN_CARD)
    if card in state.italy.cards and not state.italy.ordered:
        state.italy.cards.remove(card)  # seen now: it is no longer in the table's draw pile


def missing_cards(
    state: State, cards: tuple[str, ...], hands: list[list[int]], pool: bool = False
) -> str | None:
    """The first card that cannot be played from its hands (`hands[i]` for `cards[i]`); None if all can."""
    if len(set(cards)) != len(cards):
        return Sentence("the same card is named twice")
    if all(any(c in state.hands[h] for h in hs) or (pool and c in state.pool) for c, hs in zip(cards, hands)):
        return None
    probe = state.copy()  # unseen cards are involved: take them one by one on a copy
    for card, card_hands in zip(cards, hands):
        place = find_card(probe, card, card_hands, pool)
        if place is None:
            return Sentence("{card} is not in a hand that can play it", card=card)
        take_card(probe, card, place)
    return None


def answer_hands(state: State, patriots: tuple[int, ...], count: int) -> list[list[int]]:
    """The hands each answering card may come from: the named Patriot's, or any fighter's."""
    if patriots:
        return [[state.patriots[p].hand] for p in patriots]
    return [fight_hands(state)] * count
