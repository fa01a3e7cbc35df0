"""Italia at a table: what the table's buttons mean, what follows a decision (a round's dice on the
LED die, the tickets, a backup at the end of a nation's turn), the odds worked out ahead."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.italia import actions as a
from companion.games.italia.fight import over
from companion.games.italia.game import Game, Record, State
from companion.games.italia.odds import Odds, TooLarge, battle_odds
from companion.i18n import _
from companion.tables.base import Intent, Moment, Outputs, Play, Undo
from companion.tables.italia.die_box import each_die, legion_switching, round_faces

GAME = "italia"


@dataclass
class ItaliaTable:
    game_id: str = GAME
    # the screen's Roll now (set by the view: the aims and victims are chosen on screen, not in the
    # state); None: no screen, a round with the default aims
    screen_roll: Callable[[], Intent | None] | None = None
    # what the table's Back does on the screen of the moment (set by the view): leave a page the screen
    # opened (its Cancel or Back), else undo; None: no screen, undo
    screen_back: Callable[[], Intent | None] | None = None

    def prepare(self) -> None:
        from companion.tickets import italia as tickets

        prepared = getattr(tickets, "prepare", None)
        if prepared is not None:
            prepared()

    def button(self, name: str, state: State) -> Intent | None:
        """The table's buttons: Roll, Confirm and the die box's button ("die") roll the battle's next
        round as the screen's Roll would (its aims); nothing while no round is waited for. Back leaves a
        page the screen opened (the pad, the aims, a battle's set-up), as its Cancel would, else undoes."""
        if name == "back":
            return self.screen_back() if self.screen_back is not None else Undo()
        battle = state.battle
        if name not in ("roll", "confirm", "die") or battle is None or over(battle):
            return None
        return self.screen_roll() if self.screen_roll is not None else Play(a.RollRound())

    def card_seen(self, card: Any, moment: Moment) -> tuple[bool, Intent | None]:
        return False, None  # the first version uses no cards (spec 8)

    def forget_scans(self) -> None:
        return None

    def over(self, state: State) -> bool:
        return state.over

    def wants_cards(self, state: State) -> bool:
        return False

    def after(self, before: State, action: Any, events: Sequence[Any], game: Game) -> Outputs:
        """A round's dice on the die; a battle's report when it closes; at the end of a nation's turn
        its summary (and the score pad when a scoring turn ends) and a backup; the chronicle at the
        end of the game."""
        state = game.state
        if isinstance(action, a.RollRound | a.RollSeaRound) and state.ledger.rounds:
            rolled = not action.values and not getattr(action, "hits", ())  # the table's dice: no roll
            first = isinstance(action, a.RollRound) and before.battle is not None and before.battle.round == 1
            early = state.ledger.before_rounds if first else ()  # elephant fear, Foederati switching
            return Outputs(faces=round_faces(state.ledger.rounds[-1], rolled, early))
        if isinstance(action, a.SwitchLegions):
            return Outputs(faces=legion_switching(action, game.records[-1].drawn))
        if isinstance(action, a.SeaAttackOrder):
            return Outputs(faces=each_die([(v, False) for v in game.records[-1].drawn]))
        from companion.tickets import italia as tickets

        if isinstance(action, a.CloseBattle):
            return Outputs(tickets=[tickets.battle_ticket(before, state, events)])
        if not isinstance(action, a.EndNationTurn):
            return Outputs()
        printed = [tickets.nation_turn_ticket(before, state, events)]
        if state.turn != before.turn or state.over:
            if any(award.turn == before.turn for award in state.scores):
                printed.append(tickets.score_ticket(state))
        if state.over:
            printed.append(tickets.chronicle_ticket(game))
        return Outputs(tickets=printed, checkpoint=True)

    def undo_warning(self, decision: Record) -> str | None:
        return None  # undo never re-rolls: the same dice come again (they follow from the state)

    def action_name(self, action: Any) -> str:
        names = {
            "income": _("income"),
            "buy": _("purchase"),
            "open-battle": _("battle"),
            "roll": _("round"),
            "retreat": _("retreat"),
            "submit": _("submission"),
            "rebuild": _("rebuilding"),
            "convert": _("conversion"),
            "close-battle": _("end of the battle"),
            "end-nation-turn": _("end of the nation's turn"),
            "confirm-map": _("control map"),
            "score": _("score"),
        }
        return names.get(getattr(action, "kind", ""), str(action))

    def card_request(self, deck: str, given: int) -> str:
        return ""

    def look_ahead(self, state: State) -> Odds | TooLarge | None:
        """The exact odds of the open battle before its next roll (worked out in a worker), or why a
        battle this big has none on the screen (beyond the screen's budget)."""
        battle = state.battle
        if battle is None or over(battle):
            return None
        try:
            return battle_odds(battle, state.elephant_battles)
        except TooLarge as too_large:
            return too_large

    def look_ahead_key(self, state: State) -> object:
        return None
