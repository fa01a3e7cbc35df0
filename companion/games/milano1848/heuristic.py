"""A simple, documented policy that plays whole games, for the difficulty simulation.

It never asks for the list of every legal action (too slow for thousands of games a second):
it builds the one action it wants and checks it with the reducer's own `check` (a Soldiers'
fight answered with one of the fighters' own cards is legal as built, and not checked again).

- Place a Patriot on the free zone next to the most Soldiers.
- Answer a Soldier with a card that beats it, spending the icon held most; else one that ties;
  else the icon held most. Radetzky: cards that beat all three if they exist.
- After a win, continue while the chance of winning the next clash p satisfies
  p x (Lens + 1) > Lens (one step of look-ahead).
- On a turn, in order: conquer; fight Radetzky when the exact odds are 50% or better; fight the
  Soldiers when the next clash is won at least half the time, or at any odds in a zone the
  threat forecast says will fall; (Advanced) strengthen a Help with the cards that carry its icon;
  move one step toward the nearest zone that will fall, else the nearest Available, unconquered
  zone or Soldiers worth fighting; refresh a hand of fewer than 4 cards; end the turn.
- Helps are not used (only strengthened): a floor for what a table can do.
"""

from __future__ import annotations

import random
from functools import cache
from math import comb

from . import actions as a
from .bots import step_toward
from .edition import BEATS
from .forecast import falling_zones
from .legal import legal_actions
from .odds import (
    BEATER,
    ICONS,
    INDEX,
    austria_deck,
    counts,
    fighters_cards,
    fighters_icons,
    radetzky_odds,
    situation,
)
from .reducer import check
from .state import ACT, ANSWER, AUSTRIAN_TURN, CONTINUE, PLACE, State
from .words import FightKind

RADETZKY_ODDS = 0.5
CLASH_ODDS = 0.5
# The actions without fields, made once (values: one instance serves every game).
AUSTRIAN_TURN_ACTION, CONTINUE_ACTION, STOP_ACTION = a.AustrianTurn(), a.Continue(), a.Stop()
CONQUER_ACTION, REFRESH_ACTION, END_TURN_ACTION = a.Conquer(), a.Refresh(), a.EndTurn()
FIGHT_RADETZKY_ACTION, FIGHT_SOLDIERS_ACTION = a.FightRadetzky(), a.FightSoldiers()


def heuristic_bot(state: State, rng: random.Random) -> a.Action:
    """The policy's action for this state; always legal (a turn's choices are checked as they are made)."""
    chosen = _choose(state)
    if chosen is not None and (
        state.step in (ACT, AUSTRIAN_TURN, CONTINUE)
        or _built_legal(state, chosen)
        or check(state, chosen) is None
    ):
        return chosen
    return rng.choice(legal_actions(state))  # the rare steps (solitaire's choice, promotion)


def _built_legal(state: State, action: a.Action) -> bool:
    """A Soldiers' fight answered with one card the fighters hold is legal as built: no check."""
    return (
        state.step == ANSWER
        and state.fight is not None
        and state.fight.kind == FightKind.SOLDIERS
        and isinstance(action, a.Answer)
        and len(action.cards) == 1
        and not action.patriots
    )


def _choose(state: State) -> a.Action | None:
    if state.step == AUSTRIAN_TURN:
        return AUSTRIAN_TURN_ACTION
    if state.step == PLACE:
        return _placement(state)
    if state.step == ANSWER:
        return _answer(state)
    if state.step == CONTINUE:  # with no card left the odds are 0: Stop, the only legal choice
        lens = state.fight.lens if state.fight else 0
        return CONTINUE_ACTION if _clash_odds(state) * (lens + 1) > lens else STOP_ACTION
    if state.step == ACT:
        return _turn(state)
    return None


def _placement(state: State) -> a.Action | None:
    neighbours = state.edition.board.neighbours
    free = [z for z in state.zones if not state.soldiers[z]]
    return (
        a.PlacePatriot(max(free, key=lambda z: (sum(state.soldiers[n] for n in neighbours[z]), -z)))
        if free
        else None
    )


def _answer(state: State) -> a.Action | None:
    fight = state.fight
    assert fight is not None
    italy, cards = state.edition.italy, fighters_cards(state)
    revealed = [state.edition.austria[c] for c in fight.revealed]
    if fight.kind == FightKind.RADETZKY:
        return a.Answer(_beat_all(state, cards, revealed) or tuple(cards[: len(revealed) or 3]))
    held = counts(italy[c][0] for c in cards)
    rank = {
        icon: (0 if BEATS[icon] in revealed else 1 if icon in revealed else 2, -held[INDEX[icon]])
        for icon in ICONS
    }  # beats, ties, loses; then the icon held most
    return _answer_with(min(cards, key=lambda card: rank[italy[card][0]])) if cards else None


@cache
def _answer_with(card: str) -> a.Answer:
    """One card's answer, made once per card (a value; the simulation answers ~50 times a game)."""
    return a.Answer((card,))


def _beat_all(state: State, cards: list[str], revealed: list[str]) -> tuple[str, ...] | None:
    """For each revealed card in turn, the first card left that beats it (cards of one icon are
    interchangeable, so this is the first order that beats them all, if any does)."""
    italy, left, order = state.edition.italy, list(cards), []
    for icon in revealed:
        card = next((c for c in left if BEATS[italy[c][0]] == icon), None)
        if card is None:
            return None
        left.remove(card)
        order.append(card)
    return tuple(order)


def _clash_odds(state: State) -> float:
    """The chance that the next reveal shows a card some card the fighters hold beats: one less the
    chance that every card revealed is of an icon none of theirs beats."""
    hand = fighters_icons(state)
    if hand is None:
        return 0.0
    deck = austria_deck(state)  # the discard pile only matters after a reshuffle, which is guessed below
    reveal = state.fight.reveal if state.fight else 1
    cards = sum(deck)
    if cards < reveal:
        return 0.5  # a reshuffle on the way: a coin's guess is enough for a floor policy
    beaten = sum(n for icon, n in enumerate(deck) if hand[BEATER[icon]])
    return 1 - comb(cards - beaten, reveal) / comb(cards, reveal)


def _turn(state: State) -> a.Action | None:
    assert state.active is not None
    zone = state.patriots[state.active].zone
    if zone in state.available and not state.soldiers[zone] and check(state, CONQUER_ACTION) is None:
        return CONQUER_ACTION
    if state.radetzky == zone and check(state, FIGHT_RADETZKY_ACTION) is None:
        known = situation(state)
        if known is not None and radetzky_odds(*known) >= RADETZKY_ODDS:
            return FIGHT_RADETZKY_ACTION
    threatened = set(falling_zones(state))
    if (
        state.soldiers[zone]
        and check(state, FIGHT_SOLDIERS_ACTION) is None
        and (zone in threatened or _clash_odds(state) >= CLASH_ODDS)
    ):
        return FIGHT_SOLDIERS_ACTION
    strengthen = _strengthen(state)
    if strengthen is not None:
        return strengthen
    step = _step_toward(state, zone, threatened - {zone}) or _step_toward(state, zone, _goals(state, zone))
    if step is not None and check(state, step) is None:
        return step
    if len(state.hands[state.patriots[state.active].hand]) < 4 and check(state, REFRESH_ACTION) is None:
        return REFRESH_ACTION
    return END_TURN_ACTION


def _strengthen(state: State) -> a.Action | None:
    if state.mode != "advanced":
        return None
    assert state.active is not None
    italy, hand = state.edition.italy, state.hands[state.patriots[state.active].hand]
    for help_name, heroic in state.heroic.items():
        matching = () if heroic else tuple(c for c in hand if italy[c][1] == help_name)
        if matching and len({italy[c][0] for c in matching + tuple(state.tiles[help_name])}) == 1:
            action = a.Strengthen(
                help_name, matching
            )  # (mixed icons: refused by the rules, not asked: most tries)
            if check(state, action) is None:
                return action
    return None


def _goals(state: State, here: int) -> set[int]:
    """Available, unconquered zones, and zones with 1-2 Soldiers to fight."""
    goals = {z for z in state.available if state.owner[z] is None and z != here}
    return goals | {
        z for z in state.zones if z != here and state.owner[z] is None and 0 < state.soldiers[z] <= 2
    }


def _step_toward(state: State, here: int, goals: set[int]) -> a.Action | None:
    """First move toward the nearest goal zone, Barriers respected (None: none reachable)."""
    return step_toward(here, goals, state.edition.board.open_neighbours) if goals else None
