"""The night (text: Night Turns, Supply, Recovery; readings R-27 to R-29): the supply progression
out of supply -> Shaken -> a step lost, Shaken markers off for units in supply, one recovery per formation."""

from __future__ import annotations

from dataclasses import replace

from .actions import NightSupply, Recover
from .combat import ARTILLERY
from .context import Context
from .errors import IllegalActionError, Sentence
from .state import State
from .turns import Events
from .units import Holding

CHECKED = ("infantry", "light-infantry", *ARTILLERY)  # "each infantry and artillery unit"


def progression(holding: Holding, in_supply: bool) -> tuple[Holding, int]:
    """One unit's supply check: the new markers and the steps it loses (0 or 1)."""
    if in_supply:
        return replace(holding, oos=False), 0
    if not holding.oos:
        return replace(holding, oos=True), 0
    if not holding.shaken:
        return replace(holding, shaken=True), 0
    return holding.lose(1), 1


def night_supply(state: State, action: NightSupply, context: Context) -> tuple[State, Events]:
    if not state.night or state.night_done or state.phase != "draw" or state.cup or state.pending:
        raise IllegalActionError(
            Sentence("Supply check refused: it comes once a night, after the last activation.")
        )
    units, events = dict(state.units), []
    lost, cp = {"austria": 0, "sardinia": 0}, {"austria": 0, "sardinia": 0}
    for unit in action.out_of_supply:
        if unit not in units or state.counters[unit].kind not in CHECKED:
            raise IllegalActionError(
                Sentence(
                    "Supply check refused: {unit} is not an infantry or artillery unit of this game.",
                    unit=unit,
                )
            )
    for unit, holding in state.units.items():
        if not state.on_map(unit):
            continue
        checked = state.counters[unit].kind in CHECKED
        after, steps = progression(holding, not checked or unit not in action.out_of_supply)
        after = after if after.oos else replace(after, shaken=False)  # night step 3
        units[unit] = after
        lost[state.counters[unit].side] += steps
        if steps and not after.steps:  # eliminated: its printed factor counts toward the 20
            cp[state.counters[unit].side] += state.counters[unit].cf
        if steps:
            events.append(Sentence("{unit} is still out of supply and loses a step.", unit=unit))
    ledger = replace(
        state.ledger,
        lost={s: state.ledger.lost[s] + lost[s] for s in lost},
        eliminated_cp={s: state.ledger.eliminated_cp[s] + cp[s] for s in cp},
    )
    state = replace(state, units=units, ledger=ledger, night_done=True)
    return army_cut_off(state, action, context, events)


def army_cut_off(state: State, action: NightSupply, context: Context, events: Events) -> tuple[State, Events]:
    """R-26 (Fateful Novara): the Austrian wins when every Sardinian infantry and artillery unit on the map
    is found out of supply at a night check, or when the players agree the army is cut off."""
    if context.scenario != "novara":
        return state, events
    checked = [
        u for u, c in state.counters.items() if c.side == "sardinia" and c.kind in CHECKED and state.on_map(u)
    ]
    found = bool(checked) and all(u in action.out_of_supply for u in checked)
    if not (found or action.army_cut_off):
        return state, events
    how = (
        Sentence("the Sardinian army is out of supply")
        if found
        else Sentence("the Sardinian army is out of supply (the players' answer)")
    )
    return replace(state, phase="over", winner="austria", how=how), [
        *events,
        Sentence("Austria wins: {how}.", how=how),
    ]


def recover(state: State, action: Recover) -> tuple[State, Events]:
    """Night step 4: a reduced unit, in supply, not Shaken, not adjacent to the enemy, one per formation
    and one independent unit per side (R-27)."""
    if not state.night_done:
        raise IllegalActionError(
            Sentence("Recovery refused: units recover at night, after the supply check.")
        )
    holding, counter = state.units.get(action.unit), state.counters.get(action.unit)
    if holding is None or counter is None or not 0 < holding.steps < counter.steps or holding.exited:
        raise IllegalActionError(
            Sentence("Recovery refused: {unit} is not a reduced unit on the map.", unit=action.unit)
        )
    if holding.oos or holding.shaken or action.adjacent:
        raise IllegalActionError(
            Sentence(
                "Recovery refused: {unit} is out of supply, Shaken or adjacent to the enemy.",
                unit=action.unit,
            )
        )
    group = counter.formation or f"{counter.side}-independent"
    if group in state.recovered_tonight:
        raise IllegalActionError(
            Sentence("Recovery refused: {group} has already recovered a unit tonight.", group=group)
        )
    units = {**state.units, action.unit: replace(holding, steps=counter.steps)}
    ledger = replace(
        state.ledger,
        recovered={**state.ledger.recovered, counter.side: state.ledger.recovered[counter.side] + 1},
    )
    state = replace(state, units=units, ledger=ledger, recovered_tonight=state.recovered_tonight + (group,))
    return state, [Sentence("{unit} returns to full strength.", unit=action.unit)]
