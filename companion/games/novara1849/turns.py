"""The turn machine (text: Sequence of Play, Activation; readings R-11, R-12, R-13, R-15): the turn's
facts, the secret selections, draws, Activate or Pass, the end of an activation and of the turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .actions import Activate, EndActivation, Select, SetCommandFactor, Surprise, TurnFacts
from .context import Context
from .cup import check_selection, cup_of, draw
from .errors import IllegalActionError, Sentence, army, chit_named
from .state import HIGHER_COMMANDERS, Activation, Selection, State

Events = list[Sentence]


def begin_turn(state: State, context: Context) -> State:
    """Phase A opens with the track's facts, or asks the players for them when the track is not filled."""
    turn = context.edition.turns.get(state.turn)
    points = _with_sixth(
        state, dict(zip(("austria", "sardinia"), context.points)) or (turn.points if turn else {})
    )
    if turn and turn.night is not None and len(points) == 2:
        return replace(state, phase="select", night=turn.night, points=points)
    return replace(state, phase="turn")


def _with_sixth(state: State, points: dict[str, int]) -> dict[str, int]:
    """The 6th Division's +1 Sardinian point on every turn after it entered (variant)."""
    if state.sixth and "sardinia" in points:
        return {**points, "sardinia": points["sardinia"] + 1}
    return dict(points)


def turn_facts(state: State, action: TurnFacts, context: Context) -> tuple[State, Events]:
    if state.phase != "turn":
        raise IllegalActionError(Sentence("Turn facts refused: the turn's facts are already known."))
    if context.points and (action.austria, action.sardinia) != context.points:
        raise IllegalActionError(
            Sentence(
                "Turn facts refused: this scenario gives Austria {a} and Sardinia {s} activation "
                "points a turn.",
                a=context.points[0],
                s=context.points[1],
            )
        )
    if not all(0 <= n <= 9 for n in (action.austria, action.sardinia)):
        raise IllegalActionError(Sentence("Turn facts refused: activation points run from 0 to 9."))
    points = _with_sixth(state, {"austria": action.austria, "sardinia": action.sardinia})
    night = " (night)" if action.night else ""
    return replace(state, phase="select", night=action.night, points=points), [
        Sentence(
            "Turn {turn}{night}: Austria {a}, Sardinia {s} activation points.",
            turn=state.turn,
            night=night,
            a=action.austria,
            s=action.sardinia,
        )
    ]


def select(state: State, action: Select, context: Context) -> tuple[State, Events]:
    if state.phase != "select":
        raise IllegalActionError(Sentence("Selection refused: formations are chosen at the start of a turn."))
    if action.side in state.selections:
        raise IllegalActionError(
            Sentence("Selection refused: {side}'s selection is already in.", side=army(action.side))
        )
    chosen = Selection(action.side, action.formations, action.commander, action.boxed, action.general_retreat)
    check_selection(state, chosen, state.command_factors, context.commanders_allowed)
    selections = {**state.selections, action.side: chosen}
    state = replace(state, selections=selections)
    if len(selections) < 2:
        return state, [Sentence("{side}'s selection is in.", side=army(action.side))]
    return open_cup(state), [
        Sentence("Both selections are in: the cup holds {n} chits.", n=len(open_cup(state).cup))
    ]


def open_cup(state: State) -> State:
    """Both selections in: the cup, the Higher Commanders marked used, the general retreats queued."""
    cup = tuple(sorted(chit for s in state.selections.values() for chit in cup_of(s)))
    free = not state.readings.surprise_costs_ap and state.surprise in state.formations  # R-16's other reading
    surprised = state.surprise if free or state.surprise in state.selections["austria"].formations else ""
    cup = tuple(chit for chit in cup if chit != surprised)  # selected and paid for, never drawn
    used = dict(state.commander_used)
    used.update({s.commander: state.turn for s in state.selections.values() if s.commander})
    retreats = tuple((s.side, f) for s in state.selections.values() for f in s.general_retreat)
    units = {
        uid: replace(h, forced_march=True)
        if state.counters[uid].formation in {formation for _, formation in retreats}
        else h
        for uid, h in state.units.items()
    }  # "in the same manner as a forced march"
    sides = tuple(sorted({side for side, _ in retreats} | set(state.retreat_used)))
    return replace(
        state,
        phase="draw",
        cup=cup,
        drawn=(),
        passed=(),
        commander_used=used,
        retreats=retreats,
        units=units,
        retreat_used=sides,
        surprise=surprised,
    )


def surprise(state: State, action: Surprise) -> tuple[State, Events]:
    """R-16: the surprise formation activated at any moment of the first turn's phase B, without a draw."""
    if not state.surprise or state.phase != "draw" or state.pending or retreat_due(state):
        raise IllegalActionError(
            Sentence("Surprise refused: only the first turn's surprise formation, between two draws.")
        )
    formation = state.surprise
    marched = {formation} if action.forced_march else set()
    units = {
        uid: replace(h, forced_march=True) if state.counters[uid].formation in marched else h
        for uid, h in state.units.items()
    }
    active = Activation(formation, "austria", (formation,), action.forced_march, (), tuple(marched))
    state = replace(state, phase="activation", active=active, units=units, surprise="")
    return state, [Sentence("{formation} activated by surprise, without its chit.", formation=formation)]


def retreat_due(state: State) -> bool:
    """R-12: a general retreat's dice are due before the first draw, or (the other reading) once the cup
    is empty and no activation is under way."""
    if not state.retreats:
        return False
    if state.readings.general_retreat_timing == "start_of_B":
        return True
    return not state.cup and state.phase == "draw" and state.active is None


def draw_chit(state: State, given: Sequence[object]) -> tuple[State, Events, list[object]]:
    first = state.readings.general_retreat_timing == "start_of_B"
    if state.phase != "draw" or state.pending or (state.retreats and first):
        raise IllegalActionError(Sentence("Draw refused: finish what is under way first."))
    chit, left = draw(state, given)
    state = replace(state, phase="decide", current=chit, cup=left, drawn=state.drawn + (chit,))
    return state, [Sentence("Drawn: {chit}.", chit=chit_named(chit))], [chit]


def activate(state: State, action: Activate) -> tuple[State, Events]:
    if state.phase != "decide":
        raise IllegalActionError(Sentence("Activation refused: draw a chit first."))
    chit, side = state.current, state.side_of(state.current)
    formations = _formations_of(state, chit)
    _check_independents(state, chit, side, action.independents)
    if action.forced_march and chit.endswith("-independent"):
        raise IllegalActionError(
            Sentence(
                "Forced march refused: only a formation may force-march, not the Independent chit (R-11)."
            )
        )
    marched = set(formations) if action.forced_march else set()
    units = {
        uid: replace(h, forced_march=True)
        if state.counters[uid].formation in marched or (marched and uid in action.independents)
        else h
        for uid, h in state.units.items()
    }
    active = Activation(
        chit, side, formations, action.forced_march, action.independents, tuple(sorted(marched))
    )
    state = replace(
        state,
        phase="activation",
        current="",
        active=active,
        units=units,
        activated_units=state.activated_units + action.independents,
    )
    if action.forced_march:
        return state, [Sentence("{chit} activated by forced march.", chit=chit_named(chit))]
    return state, [Sentence("{chit} activated.", chit=chit_named(chit))]


def _formations_of(state: State, chit: str) -> tuple[str, ...]:
    if chit.endswith("-independent"):
        return ()
    if chit in state.formations:
        return (chit,)
    return state.selections[state.side_of(chit)].boxed  # a Higher Commander: his box acts as one


def _check_independents(state: State, chit: str, side: str, named: tuple[str, ...]) -> None:
    """One independent unit with a formation chit, any with a Higher Commander, 1 to 3 units of any kind
    with the Independent chit; never a unit already activated this turn (R-15)."""
    if len(set(named)) != len(named):
        raise IllegalActionError(Sentence("Activation refused: a unit is named twice."))
    for unit in named:
        counter = state.counters.get(unit)
        if counter is None or counter.side != side or not state.on_map(unit):
            raise IllegalActionError(
                Sentence(
                    "Activation refused: {unit} is not one of {side}'s units on the map.",
                    unit=unit,
                    side=army(side),
                )
            )
        if unit in state.activated_units:
            raise IllegalActionError(
                Sentence("Activation refused: {unit} was already activated this turn.", unit=unit)
            )
        if not chit.endswith("-independent") and counter.formation:
            raise IllegalActionError(
                Sentence(
                    "Activation refused: {unit} belongs to {formation}: a commander brings only "
                    "independent units beside his own.",
                    unit=unit,
                    formation=counter.formation,
                )
            )
    if chit.endswith("-independent") and not 1 <= len(named) <= 3:
        raise IllegalActionError(Sentence("Activation refused: the Independent chit activates 1 to 3 units."))
    if chit in state.formations and len(named) > 1:
        raise IllegalActionError(
            Sentence("Activation refused: a formation chit brings at most one independent unit.")
        )


def pass_chit(state: State) -> tuple[State, Events]:
    if state.phase != "decide":
        raise IllegalActionError(Sentence("Pass refused: draw a chit first."))
    chit = state.current
    passed = (chit, *_formations_of(state, chit))  # passing a Higher Commander passes his box
    state = replace(state, phase="draw", current="", passed=state.passed + passed)
    return state, [Sentence("{chit} passed: it cannot be activated again this turn.", chit=chit_named(chit))]


def end_activation(state: State, action: EndActivation) -> tuple[State, Events]:
    active = state.active
    if state.phase != "activation" or active is None:
        raise IllegalActionError(Sentence("End of activation refused: no activation is under way."))
    if state.pending or active.attrition_due:
        raise IllegalActionError(
            Sentence(
                "End of activation refused: roll the forced march's attrition and apply every loss first."
            )
        )
    units = dict(state.units)
    for unit in action.unshaken:
        holding = units.get(unit)
        if holding is None or not holding.shaken or holding.oos or not _in(state, active, unit):
            raise IllegalActionError(
                Sentence(
                    "End of activation refused: {unit} is not a Shaken, supplied unit of this activation.",
                    unit=unit,
                )
            )
        units[unit] = replace(holding, shaken=False)
    return replace(state, phase="draw", active=None, units=units), [Sentence("Activation over.")]


def _in(state: State, active: Activation, unit: str) -> bool:
    return state.counters[unit].formation in active.formations or unit in active.independents


def end_turn(state: State, context: Context) -> tuple[State, Events]:
    if state.phase != "draw" or state.cup or state.pending or state.retreats:
        raise IllegalActionError(
            Sentence("End of turn refused: the cup still holds chits, or something is under way.")
        )
    if state.night and not state.night_done:
        raise IllegalActionError(Sentence("End of turn refused: a night turn checks supply before it ends."))
    units = {uid: replace(h, forced_march=False) for uid, h in state.units.items()}
    following = replace(
        state,
        turn=state.turn + 1,
        units=units,
        selections={},
        drawn=(),
        passed=(),
        activated_units=(),
        bombarded=(),
        night=False,
        night_done=False,
        recovered_tonight=(),
        points={},
        surprise="",
    )
    if state.turn >= state.last_turn:
        return replace(following, turn=state.turn, phase="over"), [Sentence("The last turn is over.")]
    return begin_turn(following, context), [Sentence("Turn {turn} begins.", turn=state.turn + 1)]


MAX_FACTOR = 9  # the bound oob.toml's command_factor takes


def set_command_factor(state: State, action: SetCommandFactor, context: Context) -> tuple[State, Events]:
    """The number on a Higher Commander's chit, typed in or corrected mid-game; it bounds his box from the
    next selection on (a selection already in stays as it was checked)."""
    if action.commander not in HIGHER_COMMANDERS:
        raise IllegalActionError(Sentence("Command Factor refused: only Radetzky and Chrzanowski have one."))
    if not context.commanders_allowed:
        raise IllegalActionError(
            Sentence("Command Factor refused: Higher Commanders can not be used in this scenario.")
        )
    if not 1 <= action.factor <= MAX_FACTOR:
        raise IllegalActionError(
            Sentence(
                "Command Factor refused: the number on the chit runs from 1 to 9, not {n}.", n=action.factor
            )
        )
    factors = {**state.command_factors, action.commander: action.factor}
    return replace(state, command_factors=factors), [
        Sentence(
            "{name}'s Command Factor is {factor} from now on.",
            name=action.commander.title(),
            factor=action.factor,
        )
    ]
