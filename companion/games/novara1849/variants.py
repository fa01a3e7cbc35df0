"""Reinforcements from the turn track, the 6th Division variant, and Fateful Novara's starting losses
(text: Recovery and Reinforcements, Variants > The non-participating forces, Scenarios > Fateful Novara;
reading R-36)."""

from __future__ import annotations

from dataclasses import replace

from .actions import NovaraSetup, Reinforce
from .context import Context
from .errors import IllegalActionError, Sentence
from .state import SIXTH, State
from .turns import Events

SIXTH_FROM = 5  # "The sixth Sardinian division can enter from turn 5 or from the following ones"
NOVARA_DOWN = {"S-1": 4, "S-2": 2, "S-3": 2, "S-4": 2, "S-R": 2}  # "2nd, 3rd, 4th and R ... 2 steps down"


def reinforce(state: State, action: Reinforce, context: Context) -> tuple[State, Events]:
    if action.sixth_division:
        return _sixth(state, context)
    due = {
        unit
        for number, turn in context.edition.turns.items()
        if number <= state.turn
        for arriving in turn.reinforcements
        for unit in arriving.units
    }
    if not action.units:
        raise IllegalActionError(Sentence("Reinforcements refused: name the units placed."))
    for unit in action.units:
        if unit not in state.waiting or unit not in due:
            raise IllegalActionError(
                Sentence(
                    "Reinforcements refused: {unit} is not a reinforcement due by turn {turn}.",
                    unit=unit,
                    turn=state.turn,
                )
            )
    waiting = tuple(u for u in state.waiting if u not in action.units)
    return replace(state, waiting=waiting), [
        Sentence("{units} enter the map.", units=", ".join(action.units))
    ]


def _sixth(state: State, context: Context) -> tuple[State, Events]:
    if not context.sixth_division or state.sixth:
        raise IllegalActionError(
            Sentence("Reinforcements refused: the 6th Division variant is not in play, or it has entered.")
        )
    if state.turn < SIXTH_FROM:
        raise IllegalActionError(
            Sentence("Reinforcements refused: the 6th Division can enter from turn 5 (Vercelli or Casale).")
        )
    waiting = tuple(u for u in state.waiting if state.counters[u].formation != SIXTH)
    points = dict(state.points)
    if state.phase in ("select",) and "sardinia" not in state.selections and "sardinia" in points:
        points["sardinia"] += 1  # this turn's selection is still to come
    state = replace(state, waiting=waiting, sixth=state.turn, points=points)
    return state, [
        Sentence(
            "The 6th Division enters from Vercelli or Casale: Sardinia has 1 more activation point a turn."
        )
    ]


def novara_setup(state: State, action: NovaraSetup, context: Context) -> tuple[State, Events]:
    """R-36: the divisions' flips counted over their non-cavalry units, every Sardinian cavalry unit one
    step down (a 1-step one removed), the named units removed; none of it scores (R-21)."""
    if context.scenario != "novara" or state.set_up or state.selections or state.drawn:
        raise IllegalActionError(
            Sentence(
                "Set-up refused: Fateful Novara's starting losses are entered once, before the first "
                "selection."
            )
        )
    _check_flips(state, action)
    units, absent = dict(state.units), 0
    for unit in action.removed:
        absent += units[unit].steps
        units[unit] = replace(units[unit], steps=0)
    for unit, counter in state.counters.items():
        taken = 1 if unit in action.flipped else 0
        if counter.side == "sardinia" and counter.kind == "cavalry" and units[unit].steps:
            taken = 1  # "all the Sardinian cavalry units lose one step"
        absent += taken
        units[unit] = units[unit].lose(taken)
    state = replace(state, units=units, absent=state.absent + absent, set_up=True)
    return state, [Sentence("Fateful Novara: {n} steps down before the first turn.", n=absent)]


def _check_flips(state: State, action: NovaraSetup) -> None:
    named = action.flipped + action.removed
    if len(set(named)) != len(named):
        raise IllegalActionError(Sentence("Set-up refused: a unit is named twice."))
    for unit in named:
        counter = state.counters.get(unit)
        if counter is None or counter.side != "sardinia" or not state.units[unit].steps:
            raise IllegalActionError(Sentence("Set-up refused: {unit} is not a Sardinian unit.", unit=unit))
    for unit in action.flipped:
        counter = state.counters[unit]
        if counter.kind == "cavalry" or counter.formation not in NOVARA_DOWN or state.units[unit].steps != 2:
            raise IllegalActionError(
                Sentence(
                    "Set-up refused: {unit} is not a full two-step non-cavalry unit of the 1st, 2nd, 3rd, "
                    "4th or R division.",
                    unit=unit,
                )
            )
    for division, steps in NOVARA_DOWN.items():
        flipped = sum(state.counters[u].formation == division for u in action.flipped)
        if division in state.formations and flipped != steps:
            raise IllegalActionError(
                Sentence(
                    "Set-up refused: {division} starts {steps} steps down: flip {steps} of its units, "
                    "not {flipped}.",
                    division=division,
                    steps=steps,
                    flipped=flipped,
                )
            )
