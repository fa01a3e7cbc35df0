"""Losses applied to the counters and the ledger (text: Combat Results, Cavalry Charges, Bombardments;
readings R-21, R-22, R-30, R-32, R-33), and the sudden victory by combat points checked at each loss."""

from __future__ import annotations

from dataclasses import replace

from .actions import ApplyLosses
from .context import Context
from .errors import IllegalActionError, Sentence, army, plural
from .results import Losses, advance_allowance, apply_losses
from .state import Ledger, Pending, State
from .turns import Events
from .units import fighter
from .victory import check_losses_victory


def allocate(state: State, action: ApplyLosses, context: Context) -> tuple[State, Events]:
    pending = state.pending
    if pending is None or not pending.due:
        raise IllegalActionError(Sentence("Losses refused: no losses are waiting to be applied."))
    (side, owed), rest = pending.due[0], pending.due[1:]
    if action.side != side:
        raise IllegalActionError(Sentence("Losses refused: {side}'s losses come first.", side=army(side)))
    if action.withdrawal and not pending.withdrawal_allowed:
        raise IllegalActionError(Sentence("Losses refused: retreats cannot absorb losses here."))
    involved = tuple(
        u for u in dict(pending.units)[side] if state.units[u].steps and not state.units[u].exited
    )
    fighters = tuple(fighter(state.counters[u], state.units[u]) for u in involved)
    allocation = dict(action.allocation) if action.allocation else None
    losses = apply_losses(fighters, owed, action.withdrawal, allocation, action.retreat_impossible)
    state = _mark(state, losses, side, context)
    events = [_lost(side, losses.applied, losses.withdrawal)]
    events += _closing(state, pending, side, losses)
    left = replace(pending, due=rest) if rest else None
    if left is None and pending.shake:
        units = {
            u: replace(h, shaken=True) if u in pending.shake and h.steps else h
            for u, h in state.units.items()
        }
        state = replace(state, units=units)
    return check_losses_victory(replace(state, pending=left), context), events


def _closing(state: State, pending: Pending, side: str, losses: Losses) -> Events:
    defending = pending.units[0][0] if pending.kind == "charge" else pending.units[-1][0]
    if side != defending or pending.kind not in ("combat", "charge"):
        return []
    if pending.kind == "charge":
        cleared = len(losses.eliminated) == pending.defenders
        return [Sentence("The hex is cleared: the cavalry may enter it.")] if cleared else []
    hexes = advance_allowance(pending.result, losses, pending.defenders)
    return [Sentence("The attacker may advance {n} hex(es).", n=hexes)] if hexes else []


def _mark(state: State, losses: Losses, side: str, context: Context) -> State:
    units = dict(state.units)
    cp = 0
    for unit, taken in losses.steps.items():
        units[unit] = units[unit].lose(taken)
        if unit in losses.eliminated:
            counter = state.counters[unit]
            shown = counter.cf if taken >= counter.steps or not counter.cf_reduced else counter.cf_reduced
            cp += counter.cf if context.readings.eliminated_cp == "full" else shown
    for unit in losses.shaken:
        units[unit] = replace(units[unit], shaken=True)
    ledger = state.ledger
    ledger = replace(
        ledger,
        lost=_add(ledger.lost, side, losses.applied),
        eliminated_cp=_add(ledger.eliminated_cp, side, cp),
    )
    return replace(state, units=units, ledger=ledger)


def _add(table: dict[str, int], side: str, n: int) -> dict[str, int]:
    return {**table, side: table[side] + n}


__all__ = ["Ledger", "allocate"]


def _lost(side: str, steps: int, withdrawal: int) -> Sentence:
    """The steps a side lost, and the withdrawal that came first: whole sentences, so that the table's
    language says all of it."""
    if withdrawal:
        return plural(
            steps,
            "{side}: {count} step lost after a {hexes}-hex withdrawal.",
            "{side}: {count} steps lost after a {hexes}-hex withdrawal.",
            side=army(side),
            hexes=withdrawal,
        )
    return plural(steps, "{side}: {count} step lost.", "{side}: {count} steps lost.", side=army(side))
