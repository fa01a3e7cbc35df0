"""The Road to Novara at a table: what the table's buttons mean, and what follows a decision (what the
die box shows of every roll, companion.tables.novara1849.die_box; the tickets of companion.tickets.
novara1849; a backup at the end of a turn)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.novara1849 import actions as a
from companion.games.novara1849.game import Game
from companion.games.novara1849.state import State
from companion.games.novara1849.turns import retreat_due
from companion.i18n import _
from companion.tables.base import CardSeen, Intent, Moment, Outputs, Play, Undo
from companion.tables.novara1849.die_box import box_script

GAME = "novara1849"


@dataclass
class NovaraTable:
    game_id: str = GAME
    # what the screen's Roll button plays now (set by the view: a combat, a charge or a bombardment is
    # put together on screen, not in the state); None: no screen, only a due attrition die is thrown
    screen_roll: Callable[[], Intent | None] | None = None
    ambient: bool = False  # the die shows the chits left in the cup between activations (a start choice)

    def prepare(self) -> None:
        return None

    def button(self, name: str, state: State) -> Intent | None:
        """Back is Undo; Next draws the next chit, or ends the turn once the cup is empty; the die box's
        button ("die") and the table's Roll throw the roll waited for, as the screen's Roll does, and
        mean nothing while none is."""
        if name == "back":
            return Undo()
        if name == "next" and state.phase == "draw" and not state.pending and not retreat_due(state):
            return Play(a.Draw() if state.cup else a.EndTurn())
        if name in ("die", "roll"):
            if self.screen_roll is not None:
                return self.screen_roll()
            return Play(a.RollAttrition()) if attrition_due(state) else None
        return None

    def card_seen(self, card: CardSeen, moment: Moment) -> tuple[bool, Intent | None]:
        return False, None  # the chits carry no marker yet (spec 8: an optional later milestone)

    def forget_scans(self) -> None:
        return None

    def after(self, before: State, action: a.Action, events: Sequence[Any], game: Game) -> Outputs:
        """The die box's faces (die_box: spec 6's sequences); the tickets the decision completes (a
        combat once its losses are applied, the night and the turn at its end, the chronicle); a backup
        after every turn."""
        from companion.tickets.novara1849 import tickets_after

        checkpoint = isinstance(action, a.EndTurn) or game.state.phase == "over"
        faces = box_script(before, action, game, self.ambient)
        return Outputs(tickets=tickets_after(game), faces=faces, checkpoint=checkpoint)

    def wants_cards(self, state: State) -> bool:
        return False

    def over(self, state: State) -> bool:
        return state.phase == "over"

    def undo_warning(self, decision: Any) -> str | None:
        """A drawn chit or a thrown die is taken back only when Undo is asked twice (and comes back
        the same: undo never draws nor throws again)."""
        if not decision.drawn:
            return None
        return _("That drew a chit or threw dice: Undo again to take it back (the same come back).")

    def action_name(self, action: a.Action) -> str:
        return action_name(action.kind)

    def card_request(self, deck: str, given: int) -> str:
        return ""

    def look_ahead(self, state: State) -> Any:
        return None

    def look_ahead_key(self, state: State) -> object:
        return None


def attrition_due(state: State) -> bool:
    """A forced march's or a general retreat's attrition die is waited for."""
    active = state.active
    forced = state.phase == "activation" and active is not None and bool(active.attrition_due)
    return state.pending is None and (retreat_due(state) or forced)


def action_name(kind: str) -> str:
    """A decision's name for "Undone: ..." in the table's language."""
    names = {
        "turn-facts": _("the turn's facts"),
        "select": _("selection"),
        "draw": _("draw"),
        "activate": _("activation"),
        "pass": _("pass"),
        "attrition": _("attrition"),
        "fight": _("combat"),
        "charge": _("charge"),
        "bombard": _("bombardment"),
        "enter-result": _("result"),
        "apply-losses": _("losses"),
        "end-activation": _("end of activation"),
        "night-supply": _("supply check"),
        "recover": _("recovery"),
        "occupy": _("city taken"),
        "exit": _("exit"),
        "enter-unit": _("new unit"),
        "surprise": _("surprise"),
        "end-turn": _("end of turn"),
        "concede": _("concession"),
        "command-factor": _("Command Factor"),
        "reinforce": _("reinforcements"),
        "novara-setup": _("starting losses"),
        "hide": _("hidden display"),
        "move-dummies": _("dummies moved"),
        "reveal": _("box revealed"),
    }
    return names.get(kind, kind)
