"""Fog of War, the Hidden Forces Display (optional; readings R-34, R-35): the companion holds each
player's boxes A-H in secret; a drawn chit may move two dummies instead of activating (a pass); a
revealed box's units come on the map under the forced-march rules for that turn."""

from __future__ import annotations

from dataclasses import replace

from .actions import Hide, Reveal
from .context import Context
from .errors import IllegalActionError, Sentence, army
from .state import State
from .turns import Events

BOXES = "ABCDEFGH"  # "Each display has 8 boxes, ranging from A to H"


def hide(state: State, action: Hide, context: Context) -> tuple[State, Events]:
    if context.fog != "hidden":
        raise IllegalActionError(
            Sentence("Hiding refused: the Hidden Forces Display is not in play (both players choose it).")
        )
    if state.turn != context.first_turn or state.drawn or action.side in state.selections:
        raise IllegalActionError(
            Sentence(
                "Hiding refused: units go in the display at the beginning of the game, before selecting."
            )
        )
    boxes = state.hidden.get(action.side, {})
    if action.box not in tuple(BOXES) or action.box in boxes:
        raise IllegalActionError(Sentence("Hiding refused: choose an empty box from A to H."))
    if not action.units or len(set(action.units)) != len(action.units):
        raise IllegalActionError(Sentence("Hiding refused: name the units, each once."))
    for unit in action.units:
        counter = state.counters.get(unit)
        if counter is None or counter.side != action.side or not state.on_map(unit):
            raise IllegalActionError(
                Sentence(
                    "Hiding refused: {unit} is not one of {side}'s units on the map.",
                    unit=unit,
                    side=army(action.side),
                )
            )
    hidden = {**state.hidden, action.side: {**boxes, action.box: action.units}}
    return replace(state, hidden=hidden), [
        Sentence("{side}'s display is filled in secret.", side=army(action.side))
    ]


def move_dummies(state: State) -> tuple[State, Events]:
    """R-34: the drawn chit is used up moving two dummies; it counts as a pass."""
    from .turns import pass_chit

    chit = state.current
    if state.phase != "decide" or chit.endswith("-independent"):
        raise IllegalActionError(
            Sentence("Dummies refused: a drawn formation's chit may move two dummies instead of activating.")
        )
    if not state.hidden.get(state.side_of(chit)):
        raise IllegalActionError(Sentence("Dummies refused: this side has no dummy on the map."))
    state, _ = pass_chit(state)
    return state, [
        Sentence(
            "{chit}: two dummies move five movement points instead; the chit counts as passed.", chit=chit
        )
    ]


def reveal(state: State, action: Reveal) -> tuple[State, Events]:
    """R-35: the box's units on the map, restricted as after a forced march this turn (no attrition die)."""
    boxes = state.hidden.get(action.side, {})
    if action.box not in boxes or state.pending is not None:
        raise IllegalActionError(
            Sentence(
                "Reveal refused: {side}'s display has no box {box}.", side=army(action.side), box=action.box
            )
        )
    units = boxes[action.box]
    rest = {box: held for box, held in boxes.items() if box != action.box}
    holdings = {u: replace(h, forced_march=True) if u in units else h for u, h in state.units.items()}
    state = replace(state, hidden={**state.hidden, action.side: rest}, units=holdings)
    return state, [
        Sentence(
            "Box {box} revealed: {units} on the map, under the forced-march rules this turn.",
            box=action.box,
            units=", ".join(units),
        )
    ]
