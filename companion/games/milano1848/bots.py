"""Players for demos and tests: a uniform random one and a simple greedy one.

Greedy, in order: answer a fight with a winning card (else a tying one, else the least useful);
stop with 2+ in the Lens or when out of cards; conquer; fight Radetzky with 3 of his beaters in
the zone; fight Soldiers with 2+ cards; move toward an Available zone; refresh; end the turn.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cache

from . import actions as a
from .fights import beats_all, clash_result
from .legal import legal_actions
from .state import ACT, ANSWER, CONTINUE, ITALY, State
from .turns import fight_card_count
from .words import FightKind


def random_bot(state: State, rng: random.Random) -> a.Action:
    return rng.choice(legal_actions(state))


def greedy_bot(state: State, rng: random.Random) -> a.Action:
    legal = legal_actions(state)
    if state.step == ANSWER:
        return _best_answer(state, legal)
    if state.step == CONTINUE:
        lens = state.fight.lens if state.fight else 0
        return a.Stop() if lens >= 2 or fight_card_count(state) < 2 else a.Continue()
    if state.step != ACT:
        return rng.choice(legal)
    for wanted in (a.Conquer(), a.FightRadetzky(), a.FightSoldiers()):
        if wanted in legal and _worth(state, wanted):
            return wanted
    step = _step_toward_available(state)
    if step in legal:
        return step
    if a.Refresh() in legal:
        return a.Refresh()
    return a.EndTurn() if a.EndTurn() in legal else rng.choice(legal)


def _worth(state: State, action: a.Action) -> bool:
    if isinstance(action, a.FightRadetzky):
        return fight_card_count(state) >= 5
    if isinstance(action, a.FightSoldiers):
        return fight_card_count(state) >= 2
    return True


def _best_answer(state: State, legal: list[a.Action]) -> a.Action:
    fight = state.fight
    assert fight is not None
    answers = [x for x in legal if isinstance(x, a.Answer)]
    if fight.kind == FightKind.RADETZKY:
        winning = [x for x in answers if beats_all(state, x.cards, fight.revealed)]
        return winning[0] if winning else answers[0]
    rank = {ITALY: 0, "tie": 1}
    return min(answers, key=lambda x: rank.get(clash_result(state, x.cards[0], fight.revealed), 2))


def _step_toward_available(state: State) -> a.Action | None:
    """First move of a shortest path to the nearest Available, unconquered zone."""
    assert state.active is not None
    here = state.patriots[state.active].zone
    goals = {z for z in state.available if state.owner[z] is None and z != here}
    return step_toward(here, goals, state.edition.board.neighbours)


def step_toward(here: int, goals: set[int], neighbours: tuple[frozenset[int], ...]) -> a.Action | None:
    """First move of a shortest path (breadth first, lowest zone first) to the nearest goal zone."""
    for zone, move in _walk(here, neighbours):
        if zone in goals:
            return move
    return None


@cache
def _walk(here: int, neighbours: tuple[frozenset[int], ...]) -> tuple[tuple[int, a.Move], ...]:
    """Every zone reachable from `here` in breadth-first order (lowest zone first), each with the first
    move toward it: the same for any goals, so walked once per zone (the simulation moves constantly)."""
    first: dict[int, int] = {z: z for z in neighbours[here]}
    queue = deque(sorted(neighbours[here]))
    order = []
    while queue:
        zone = queue.popleft()
        order.append((zone, a.Move(first[zone])))
        for nxt in sorted(neighbours[zone]):
            if nxt not in first and nxt != here:
                first[nxt] = first[zone]
                queue.append(nxt)
    return tuple(order)
