"""play(state, action, given, context) -> (state, events, drawn): every decision checked, on a new state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import actions as a
from .context import Context
from .errors import IllegalActionError, Sentence
from .fights import bombardment, charge, enter_result, fight, roll_attrition
from .fog import hide, move_dummies, reveal
from .ledger import allocate
from .night import night_supply, recover
from .setup import enter_unit
from .state import State
from .turns import (
    Events,
    activate,
    draw_chit,
    end_activation,
    end_turn,
    pass_chit,
    select,
    set_command_factor,
    surprise,
    turn_facts,
)
from .variants import novara_setup, reinforce
from .victory import check_losses_victory, concede, exit_map, final, occupy

Outcome = tuple[State, Events, list[object]]
Handler = Callable[[State, Any, Sequence[object], Context], Outcome]


def _plain(step: Callable[..., tuple[State, Events]], *needs: str) -> Handler:
    """A decision with no random outcome, given the action and whatever else it needs."""

    def handler(state: State, action: Any, given: Sequence[object], context: Context) -> Outcome:
        extra = {"action": action, "context": context}
        after, events = step(state, *(extra[name] for name in needs))
        return after, events, []

    return handler


def _end_turn(state: State, action: Any, given: Sequence[object], context: Context) -> Outcome:
    after, events = end_turn(state, context)
    return (final(after, context) if after.phase == "over" else after), events, []


HANDLERS: dict[type[a.Action], Handler] = {
    a.TurnFacts: _plain(turn_facts, "action", "context"),
    a.Surprise: _plain(surprise, "action"),
    a.EnterUnit: _plain(enter_unit, "action"),
    a.Select: _plain(select, "action", "context"),
    a.Draw: lambda state, action, given, context: draw_chit(state, given),
    a.Activate: _plain(activate, "action"),
    a.Pass: _plain(pass_chit),
    a.RollAttrition: lambda state, action, given, context: roll_attrition(state, given),
    a.Fight: fight,
    a.Charge: charge,
    a.Bombard: bombardment,
    a.EnterResult: _plain(enter_result, "action", "context"),
    a.ApplyLosses: _plain(allocate, "action", "context"),
    a.EndActivation: _plain(end_activation, "action"),
    a.NightSupply: _plain(night_supply, "action", "context"),
    a.Recover: _plain(recover, "action"),
    a.OccupyCity: _plain(occupy, "action", "context"),
    a.ExitMap: _plain(exit_map, "action"),
    a.EndTurn: _end_turn,
    a.Concede: _plain(concede, "action"),
    a.Reinforce: _plain(reinforce, "action", "context"),
    a.NovaraSetup: _plain(novara_setup, "action", "context"),
    a.Hide: _plain(hide, "action", "context"),
    a.MoveDummies: _plain(move_dummies),
    a.Reveal: _plain(reveal, "action"),
    a.SetCommandFactor: _plain(set_command_factor, "action", "context"),
}


def play(state: State, action: a.Action, given: Sequence[object], context: Context) -> Outcome:
    """Apply one decision; IllegalActionError says why it is refused (the state is never changed)."""
    if state.phase == "over":
        raise IllegalActionError(Sentence("Play refused: the game is over."))
    after, events, drawn = HANDLERS[type(action)](state, action, given, context)
    return check_losses_victory(after, context), events, drawn
