"""Every legal action in a state, for random play, property tests and the app's buttons.

Cards that are the same in every way the rules look at (same hand, top icon and Help) give one
action, not one per copy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from itertools import combinations
from typing import TypeVar

from . import actions as a
from .edition import HELPS, UNKNOWN_CARD
from .reducer import check
from .state import ACT, ANSWER, AUSTRIAN_TURN, CHOOSE_PATRIOT, CONTINUE, PLACE, PROMOTE, State
from .turns import fight_hands
from .words import FightKind

Group = Callable[[], Iterable[a.Action]]
T = TypeVar("T")


def legal_actions(state: State) -> list[a.Action]:
    return [action for group in _groups(state) for action in group() if check(state, action) is None]


def random_action(state: State, rng: random.Random) -> a.Action:
    """A random legal action: a random kind of action first (a Help card, a move...), then a random target.

    Much cheaper than choosing from `legal_actions` in the Advanced game, where Helps have
    dozens of targets each; every legal action can still come up.
    """
    groups = _groups(state)
    while groups:
        candidates = list(_take_random(groups, rng)())
        while candidates:
            action = _take_random(candidates, rng)
            if check(state, action) is None:
                return action
    raise AssertionError(f"no legal action at step {state.step!r}")  # every step has one: a bug if reached


def _take_random(items: list[T], rng: random.Random) -> T:
    """Remove and return a random item (order is not kept: the last item fills the hole)."""
    index = int(rng.random() * len(items))  # randrange costs 3x more, and this is the hot path
    items[index], items[-1] = items[-1], items[index]
    return items.pop()


def _groups(state: State) -> list[Group]:
    step = state.step
    if step == ACT:
        return _turn_groups(state)
    if step == PLACE:
        return [lambda: (a.PlacePatriot(z) for z in state.zones if not state.soldiers[z])]
    if step == CHOOSE_PATRIOT:
        return [lambda: (a.ChoosePatriot(i) for i, done in enumerate(state.done) if not done)]
    if step == ANSWER:
        return [lambda: _answers(state)]
    if step == CONTINUE:
        return [lambda: (a.Continue(), a.Stop())]
    if step == PROMOTE:
        return [lambda: (a.Promote(z) for z in state.not_available)]
    if step == AUSTRIAN_TURN:
        return [lambda: (a.AustrianTurn(),)]
    return []


def _distinct_cards(state: State, cards: list[str]) -> list[str]:
    """One card per (icon, Help); unseen cards ("?") are left out: only the table can name them."""
    seen: dict[tuple[str, str], str] = {}
    for card in cards:
        if card != UNKNOWN_CARD:
            seen.setdefault(state.edition.italy[card], card)
    return list(seen.values())


def _turn_groups(state: State) -> list[Group]:
    assert state.active is not None
    here = state.patriots[state.active].zone
    neighbours = sorted(state.edition.board.neighbours[here])
    groups: list[Group] = [lambda: (a.Move(z) for z in neighbours)]
    groups += [partial(_alone, action) for action in _SIMPLE_ACTIONS]
    if state.mode == "advanced":
        hand = state.hands[state.patriots[state.active].hand]
        groups += [partial(_help_candidates, state, card, here) for card in _distinct_cards(state, hand)]
        groups += [partial(_strengthen_candidates, state, help_, hand) for help_ in HELPS]
    return groups


_SIMPLE_ACTIONS = (a.Conquer(), a.FightSoldiers(), a.FightRadetzky(), a.Refresh(), a.EndTurn())


def _alone(action: a.Action) -> tuple[a.Action]:
    return (action,)


def _help_candidates(state: State, card: str, here: int) -> Iterator[a.Action]:
    board = state.edition.board
    help_ = state.edition.italy[card][1]
    if help_ == "balloon":
        for first in sorted(board.neighbours[here]):
            yield a.UseHelp(card, (first,))
            if state.heroic[help_]:
                yield from (a.UseHelp(card, (first, z)) for z in sorted(board.neighbours[first]))
    elif help_ == "barricade":
        yield from (a.UseHelp(card, (z,)) for z in state.zones)
    elif help_ == "noblewoman":
        for source in state.zones:
            if state.soldiers[source]:
                yield from (a.UseHelp(card, (source, z)) for z in sorted(board.open_neighbours[source]))
    else:
        yield a.UseHelp(card, ())


def _strengthen_candidates(state: State, help_: str, hand: list[str]) -> Iterator[a.Action]:
    for icon in ("swords", "map", "cannonball"):
        cards = [c for c in hand if c != UNKNOWN_CARD and state.edition.italy[c][0] == icon]
        for count in range(1, len(cards) + 1):
            yield a.Strengthen(help_, tuple(cards[:count]))


def _answers(state: State) -> Iterator[a.Action]:
    fight = state.fight
    assert fight is not None
    groups = [_distinct_cards(state, state.hands[h]) for h in fight_hands(state)] + [
        _distinct_cards(state, state.pool)
    ]
    cards = [c for group in groups for c in group]
    if fight.kind != FightKind.RADETZKY:
        yield from (a.Answer((c,)) for c in cards)
        return
    everything = [c for h in fight_hands(state) for c in state.hands[h] if c != UNKNOWN_CARD] + state.pool
    seen = set()
    for trio in combinations(everything, state.edition.rules.radetzky_reveals):
        key = tuple(sorted(state.edition.italy[c][0] for c in trio))
        if key not in seen:  # against Radetzky only the icons matter for the outcome
            seen.add(key)
            yield a.Answer(trio)
