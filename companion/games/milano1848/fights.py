"""Fight the Soldiers (also through the Rifle), Fight Radetzky and the Advanced combat cube."""

from __future__ import annotations

from itertools import permutations

from .dealer import Dealer
from .edition import beats
from .events import Event
from .state import ACT, ANSWER, AUSTRIA, CONTINUE, ITALY, PROMOTE, Fight, State
from .turns import answer_hands, fight_card_count, find_card, finish_action, take_card
from .words import FightKind


def start_fight(state: State, kind: FightKind, reveal: int, dealer: Dealer, events: list[Event]) -> None:
    state.fight = Fight(kind, reveal)
    if state.solitaire:
        _reveal_solitaire_pool(state, dealer)
    needed = state.edition.rules.radetzky_reveals if kind == FightKind.RADETZKY else 1
    if fight_card_count(state) < needed:  # only when the solitaire pool came up short of cards
        _lose_without_cards(state, dealer, events)
        return
    _reveal(state, dealer, events)


def _lose_without_cards(state: State, dealer: Dealer, events: list[Event]) -> None:
    assert state.fight is not None
    if state.fight.kind == FightKind.RADETZKY:
        _end_radetzky_fight(state, False, dealer, events)
    else:
        end_soldiers_fight(state, False, dealer, events)


def _reveal_solitaire_pool(state: State, dealer: Dealer) -> None:
    """Solitaire 3.a-b: each additional Patriot in the zone reveals Italy cards once per turn."""
    assert state.active is not None
    for patriot in state.patriots_in(state.patriots[state.active].zone):
        if patriot == state.active or patriot in state.pool_from:
            continue
        state.pool_from.append(patriot)
        for _ in range(state.edition.rules.solitaire_pool_cards):
            card = dealer.italy(face_up=True)
            if card is not None:
                state.pool.append(card)


def _reveal(state: State, dealer: Dealer, events: list[Event]) -> None:
    fight = state.fight
    assert fight is not None
    for _ in range(fight.reveal):
        card = dealer.austria()
        if card is None:  # deck and discard empty: this fight's answered cards are shuffled in
            state.austria.discard.extend(fight.used_austria)
            fight.used_austria.clear()
            card = dealer.austria()
        if card is None:
            break
        fight.revealed.append(card)
        events.append(Event("revealed", card=card))
    state.step = ANSWER


def answer(
    state: State, cards: tuple[str, ...], patriots: tuple[int, ...], dealer: Dealer, events: list[Event]
) -> None:
    fight = state.fight
    assert fight is not None
    for card, hands in zip(cards, answer_hands(state, patriots, len(cards))):
        place = find_card(state, card, hands, pool=True)
        assert place is not None
        take_card(state, card, place)
    fight.used_italy.extend(cards)
    revealed, fight.revealed = fight.revealed, []
    fight.used_austria.extend(revealed)
    if fight.kind == FightKind.RADETZKY:
        _resolve_radetzky(state, cards, revealed, dealer, events)
    else:
        _resolve_clash(state, cards[0], revealed, dealer, events)


def clash_result(state: State, card: str, revealed: list[str]) -> str:
    """ "italy", "tie" or "austria"; with several revealed cards (Rifle) beating one is enough."""
    icon = state.edition.italy[card][0]
    austrian = [state.edition.austria[c] for c in revealed]
    if any(beats(icon, a) for a in austrian):
        return ITALY
    return "tie" if icon in austrian else AUSTRIA


def _resolve_clash(state: State, card: str, revealed: list[str], dealer: Dealer, events: list[Event]) -> None:
    fight = state.fight
    assert fight is not None and state.active is not None
    zone = state.patriots[state.active].zone
    result = clash_result(state, card, revealed)
    events.append(Event("clash", card=card, faction=result))
    if result == ITALY:
        state.soldiers[zone] -= 1
        fight.lens += 1
        if state.soldiers[zone] == 0:
            end_soldiers_fight(state, True, dealer, events)  # nobody left to fight: it counts as a stop
        else:
            state.step = CONTINUE
    elif result == "tie" and fight_card_count(state) > 0:
        _reveal(state, dealer, events)
    else:
        end_soldiers_fight(state, False, dealer, events)


def keep_fighting(state: State, dealer: Dealer, events: list[Event]) -> None:
    _reveal(state, dealer, events)


def _discard_fight_cards(state: State) -> Fight:
    fight = state.fight
    assert fight is not None
    state.austria.discard.extend(fight.used_austria + fight.revealed)
    state.italy.discard.extend(fight.used_italy)
    state.fight = None
    return fight


def end_soldiers_fight(state: State, won: bool, dealer: Dealer, events: list[Event]) -> None:
    """Stop (won): the Lens goes to the reserve. Lost: the Lens goes back to the zone."""
    assert state.active is not None
    fight = _discard_fight_cards(state)
    if won:
        state.reserve += fight.lens
        events.append(Event("fight-won", count=fight.lens))
    else:
        state.soldiers[state.patriots[state.active].zone] += fight.lens
        events.append(Event("fight-lost"))
    state.step = ACT
    if state.mode == "advanced":
        _move_cube(state, fight.lens if won else -1, dealer, events)
    if state.step == ACT:
        finish_action(state, dealer, events)


TRACK_START = 1  # Example 8.2: after passing the last space the cube reaches the *second* space next


def _move_cube(state: State, steps: int, dealer: Dealer, events: list[Event]) -> None:
    if steps < 0:
        state.cube = max(TRACK_START, state.cube - 1)
    else:
        state.cube_steps = steps
        advance_cube(state, dealer, events)
    events.append(Event("cube", count=state.cube))


def advance_cube(state: State, dealer: Dealer, events: list[Event]) -> None:
    """Advance one space per defeated Soldier; passing the last space promotes a zone."""
    rules = state.edition.rules
    while state.cube_steps > 0:
        state.cube_steps -= 1
        if state.cube < rules.combat_track_spaces:
            state.cube += 1
            continue
        state.cube = TRACK_START  # the track's first space; the player-count space is only where it starts
        if len(state.not_available) > 1:
            state.step = PROMOTE  # the players choose; the remaining advances follow the choice
            return
        _promote_only_choice(state, dealer, events)


def _promote_only_choice(state: State, dealer: Dealer, events: list[Event]) -> None:
    if state.not_available:
        zone: int | None = state.not_available.pop()
    else:
        zone = dealer.zone()  # the rare case: no not-Available card, the Zone deck's top card
    if zone is not None:
        state.available.append(zone)
        events.append(Event("promoted", zone=zone))


def promote(state: State, zone: int, dealer: Dealer, events: list[Event]) -> None:
    state.not_available.remove(zone)
    state.available.append(zone)
    events.append(Event("promoted", zone=zone))
    state.step = ACT
    advance_cube(state, dealer, events)
    if state.step == ACT:
        finish_action(state, dealer, events)


def beats_all(state: State, cards: tuple[str, ...], revealed: list[str]) -> bool:
    """Each Italy card must beat a different Austria card."""
    italian = [state.edition.italy[c][0] for c in cards]
    austrian = [state.edition.austria[c] for c in revealed]
    if len(italian) < len(austrian):
        return False
    return any(all(beats(i, a) for i, a in zip(order, austrian)) for order in permutations(italian))


def _resolve_radetzky(
    state: State, cards: tuple[str, ...], revealed: list[str], dealer: Dealer, events: list[Event]
) -> None:
    _end_radetzky_fight(state, beats_all(state, cards, revealed), dealer, events)


def _end_radetzky_fight(state: State, won: bool, dealer: Dealer, events: list[Event]) -> None:
    _discard_fight_cards(state)
    state.step = ACT
    if won:
        _defeat_radetzky(state, dealer, events)
    else:
        events.append(Event("fight-lost"))
    finish_action(state, dealer, events)


def _defeat_radetzky(state: State, dealer: Dealer, events: list[Event]) -> None:
    removed = min(state.castle, state.edition.rules.radetzky_castle_removal)
    state.castle -= removed
    state.reserve += removed
    zone = dealer.zone()
    if zone is not None:  # an empty Zone deck leaves Radetzky where he is
        state.available.append(zone)
        state.radetzky = zone
    events.append(Event("radetzky-defeated", zone=state.radetzky, count=removed))
