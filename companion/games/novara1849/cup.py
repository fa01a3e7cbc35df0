"""Phase A and the cup (text: Activation > Procedure, Higher Commanders, Independent Activation; readings
R-9, R-12, R-13, R-14): the secret selections checked, the cup they make, draws without replacement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .dice import draw_index
from .errors import IllegalActionError, Sentence, army
from .state import HIGHER_COMMANDERS, SIXTH, Selection, State


def independent_chit(side: str) -> str:
    return f"{side}-independent"


def check_selection(
    state: State, selection: Selection, command_factors: Mapping[str, int], commanders_allowed: bool = True
) -> None:
    """Refuse, in one sentence, an overspent selection, a Command Factor exceeded, a Higher Commander used
    on the previous turn, an unknown or foreign formation, or one chosen twice."""
    side, points = selection.side, state.points.get(selection.side, 0)
    chosen = selection.formations + selection.boxed + selection.general_retreat
    for formation in chosen:
        if state.formations.get(formation) != side:
            raise IllegalActionError(
                Sentence(
                    "Selection refused: {formation} is not one of {side}'s formations.",
                    formation=formation,
                    side=army(side),
                )
            )
        if formation == SIXTH and not state.sixth:
            raise IllegalActionError(Sentence("Selection refused: the 6th Division has not entered the map."))
    if len(set(chosen)) != len(chosen):
        raise IllegalActionError(Sentence("Selection refused: a formation is chosen twice."))
    if selection.general_retreat:
        return _check_retreat(state, selection)
    free = state.surprise in selection.formations and not state.readings.surprise_costs_ap
    spent = len(selection.formations) + len(selection.boxed) - free
    if spent > points:
        raise IllegalActionError(
            Sentence(
                "Selection refused: {spent} formations need {spent} activation points; {side} has "
                "{points} this turn.",
                spent=spent,
                side=army(side),
                points=points,
            )
        )
    if selection.commander or selection.boxed:
        _check_commander(state, selection, command_factors, commanders_allowed)


def _check_commander(state: State, selection: Selection, factors: Mapping[str, int], allowed: bool) -> None:
    commander = selection.commander
    if HIGHER_COMMANDERS.get(commander) != selection.side:
        raise IllegalActionError(
            Sentence(
                "Selection refused: {name} is not {side}'s Higher Commander.",
                name=commander or "nobody",
                side=army(selection.side),
            )
        )
    if not allowed:
        raise IllegalActionError(
            Sentence("Selection refused: Higher Commanders can not be used in this scenario.")
        )
    last = state.commander_used.get(commander)
    if last is not None and state.turn - last < 2:
        raise IllegalActionError(
            Sentence(
                "Selection refused: {name} was used on turn {last}; he can be used again from turn {next}.",
                name=commander.title(),
                last=last,
                next=last + 2,
            )
        )
    if commander not in factors:
        raise IllegalActionError(
            Sentence(
                "Selection refused: {name}'s Command Factor is not known: enter the number on his chit.",
                name=commander.title(),
            )
        )
    if not 1 <= len(selection.boxed) <= factors[commander]:
        raise IllegalActionError(
            Sentence(
                "Selection refused: {name}'s Command Factor is {factor}: his box holds 1 to {factor} "
                "formations, not {n}.",
                name=commander.title(),
                factor=factors[commander],
                n=len(selection.boxed),
            )
        )


def _check_retreat(state: State, selection: Selection) -> None:
    if selection.side in state.retreat_used:
        raise IllegalActionError(
            Sentence(
                "Selection refused: {side} has already made its one general retreat.",
                side=army(selection.side),
            )
        )
    if selection.formations or selection.boxed or selection.commander:
        raise IllegalActionError(
            Sentence(
                "Selection refused: a general retreat forgoes every activation: no chit goes in the cup."
            )
        )


def cup_of(selection: Selection) -> tuple[str, ...]:
    """The chits a selection puts in the cup: formations, the Higher Commander instead of his box, and
    the Independent chit (R-12: none at all with a general retreat)."""
    if selection.general_retreat:
        return ()
    commander = (selection.commander,) if selection.commander else ()
    return selection.formations + commander + (independent_chit(selection.side),)


def draw(state: State, given: Sequence[object]) -> tuple[str, tuple[str, ...]]:
    """The chit pulled and the cup left: the companion draws it (seeded, uniform: R-9), or the table's cup
    names it in `given`."""
    if not state.cup:
        raise IllegalActionError(Sentence("Draw refused: the cup is empty: end the turn."))
    if given:
        chit = given[0]
        if chit not in state.cup:
            raise IllegalActionError(Sentence("Draw refused: {chit} is not in the cup.", chit=chit))
    else:
        chit = state.cup[draw_index(state.seed, state.turn, len(state.drawn), len(state.cup))]
    left = list(state.cup)
    left.remove(str(chit))
    return str(chit), tuple(left)


@dataclass(frozen=True)
class CupView:
    """Public information only: how many chits each side has left, what was drawn, the passes, and which
    Higher Commanders may be used. The cup's contents are never in it."""

    left: dict[str, int]
    drawn: tuple[str, ...]
    passed: tuple[str, ...]
    commanders_available: dict[str, bool]


def cup_view(state: State) -> CupView:
    left = {side: sum(state.side_of(chit) == side for chit in state.cup) for side in ("austria", "sardinia")}
    available = {
        name: name not in state.commander_used or state.turn - state.commander_used[name] >= 2
        for name in HIGHER_COMMANDERS
    }
    return CupView(left, state.drawn, state.passed, available)
