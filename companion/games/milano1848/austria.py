"""Phase 2, the Austrian turn (2.A-2.D), and Phase 3, the new round."""

from __future__ import annotations

from .dealer import Dealer, shuffle
from .events import Event
from .state import AUSTRIA, ITALY, OVER, State
from .turns import hand_order, refill, start_round
from .words import Side


def austrian_turn(state: State, dealer: Dealer, events: list[Event]) -> None:
    """Resolve 2.A-2.D and, unless the game ended, Phase 3."""
    pour_out(state, events)
    austria_conquers(state, dealer, events)
    if not victory_check(state, events):
        arrival(state, dealer, events)
    state.barricades.clear()  # the Mobile Barricades leave at the end of Phase 2, even when it ends the game
    events.append(Event("barricades-removed"))
    if state.winner is None:
        new_round(state, dealer, events)


def pour_out(state: State, events: list[Event]) -> None:
    """2.A: with 10+ Soldiers in the Castle, all pour out, 1 per free zone from zone 1 on, cycling."""
    if state.castle < state.edition.rules.castle_pour_out:
        return
    targets = [z for z in state.zones if state.owner[z] is None and z not in state.barricades]
    index = 0
    while state.castle and targets:
        zone = targets[index % len(targets)]
        state.castle -= 1
        state.soldiers[zone] += 1
        events.append(Event("pour-out", zone=zone, count=state.soldiers[zone]))
        index += 1


def austria_conquers(state: State, dealer: Dealer, events: list[Event]) -> None:
    """2.B: a zone with at least 4 more Soldiers than Patriots becomes Austrian."""
    margin = state.edition.rules.conquest_margin
    crowd = [0] * len(state.soldiers)
    for patriot in state.patriots:
        crowd[patriot.zone] += 1
    for zone in state.zones:
        if state.owner[zone] is None and state.soldiers[zone] >= crowd[zone] + margin:
            events.append(Event("austria-conquers", zone=zone, count=state.soldiers[zone]))
            state.reserve += state.soldiers[zone]
            state.soldiers[zone] = 0
            state.owner[zone] = AUSTRIA
            _remove_zone_card(state, zone)


def _remove_zone_card(state: State, zone: int) -> None:
    for cards in (state.available, state.not_available):
        if zone in cards:
            cards.remove(zone)
            return
    if zone in state.zone_deck:
        state.zone_deck.remove(zone)
        if state.zone_deck_known:
            shuffle(state, state.zone_deck)


def victory_check(state: State, events: list[Event]) -> bool:
    """2.C: 5+ zones for either side ends the game; the side with more wins, a tie goes to Austria."""
    italy, austria = len(state.conquered(ITALY)), len(state.conquered(AUSTRIA))
    if max(italy, austria) < state.edition.rules.zones_to_win:
        return False
    end_game(state, ITALY if italy > austria else AUSTRIA, "zones", events)
    return True


def end_game(state: State, winner: Side, reason: str, events: list[Event]) -> None:
    state.winner, state.ended_by, state.step = winner, reason, OVER
    state.active = None
    events.append(Event("game-over", faction=winner))


def arrival(state: State, dealer: Dealer, events: list[Event]) -> None:
    """2.D: the wave reinforces zones, Radetzky moves, his neighbours fill, the rest enters the Castle."""
    if state.reserve < state.wave:
        end_game(state, AUSTRIA, "reserve", events)
        return
    state.reserve -= state.wave
    left = state.wave
    events.append(Event("wave", count=left))
    for zone in state.zones:  # 2.D.2 in numerical order; stops when the wave is used up
        if left and state.soldiers[zone] and zone not in state.barricades:
            left = _add_soldier(state, zone, left, events)
    left = _move_radetzky(state, left, dealer, events)
    left = _around_radetzky(state, left, events)
    state.castle += left
    events.append(Event("castle", count=left))


def _add_soldier(state: State, zone: int, left: int, events: list[Event]) -> int:
    state.soldiers[zone] += 1
    events.append(Event("reinforce", zone=zone, count=state.soldiers[zone]))
    return left - 1


def _move_radetzky(state: State, left: int, dealer: Dealer, events: list[Event]) -> int:
    """2.D.3; an empty Zone deck leaves Radetzky where he is."""
    zone = dealer.zone()
    if zone is None:
        return left
    (state.not_available if state.mode == "advanced" else state.available).append(zone)
    state.radetzky = zone
    events.append(Event("radetzky", zone=zone))
    if left and zone not in state.barricades:
        left = _add_soldier(state, zone, left, events)
    return left


def _around_radetzky(state: State, left: int, events: list[Event]) -> int:
    """2.D.4: one Soldier on each open neighbour; when short, the emptiest first, ties by number."""
    board = state.edition.board
    targets = sorted(
        (
            z
            for z in board.open_neighbours[state.radetzky]
            if state.owner[z] is None and z not in state.barricades
        ),
        key=lambda z: (state.soldiers[z], z),
    )
    for zone in sorted(targets[:left]):
        left = _add_soldier(state, zone, left, events)
    return left


def new_round(state: State, dealer: Dealer, events: list[Event]) -> None:
    """Phase 3: the First Player card moves on, every hand refills to 4, a new round starts."""
    if state.players >= 2:
        state.first_player = (state.first_player + 1) % state.players
        events.append(Event("first-player", count=state.first_player))
    state.round += 1
    events.append(Event("round", count=state.round))
    for hand in hand_order(state):
        refill(state, hand, dealer, events)
    start_round(state)
