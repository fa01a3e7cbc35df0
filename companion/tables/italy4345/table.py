"""Italy '43-'45 at a table: what the table's buttons and the camera's cards mean, what follows a
decision (a ticket when a card ends and when an offensive ends, "?" on the LED die while a Clash's die is
pending then its pips, a backup at each end of a card), the words for Undo."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.italy4345 import actions as a
from companion.games.italy4345.deck import event_id, offensive_id
from companion.games.italy4345.game import Game, Record
from companion.games.italy4345.model import State
from companion.i18n import _
from companion.tables.base import CardSeen, Intent, Moment, Outputs, Play, Undo
from companion.tables.italy4345.words import card_name

GAME = "italy4345"


def card_of(seen: CardSeen) -> str:
    """The engine's card id for a card the camera read (its deck and printed number)."""
    return offensive_id(seen.number) if seen.deck == "offensive" else event_id(seen.number)


@dataclass
class Italy4345Table:
    game_id: str = GAME
    card_lines: list[str] = field(default_factory=list)  # this card's sentences, for its ticket
    offensive_lines: list[str] = field(default_factory=list)  # the offensive's, for its ticket
    seen: str = ""  # the card the camera read last: the screen asks what the files lack of it

    def prepare(self) -> None:
        return None  # the tickets are text: nothing to load ahead

    def button(self, name: str, state: State) -> Intent | None:
        """Back undoes; Next turns the next card of a companion deck."""
        if name == "back":
            return Undo()
        if name == "next" and state.step == "reveal" and state.deck is not None:
            return Play(a.Reveal())
        return None

    def card_seen(self, card: CardSeen, moment: Moment) -> tuple[bool, Intent | None]:
        """A card shown at the reveal names it as a tap on its number would (spec 8)."""
        if card.game != GAME or not self.wants_cards(moment.state):
            return False, None
        self.seen = card_of(card)
        return True, Play(a.Reveal(self.seen))

    def forget_scans(self) -> None:
        return None

    def over(self, state: State) -> bool:
        return state.winner is not None

    def wants_cards(self, state: State) -> bool:
        return state.step == "reveal" and state.deck is None and state.winner is None

    def after(self, before: State, action: Any, events: Sequence[Any], game: Game) -> Outputs:
        """The Clash dice on the die; a ticket and a backup when a card or an offensive ends."""
        from companion.tickets import italy4345 as tickets
        from hardware.faces import QUESTION, pips

        state = game.state
        lines = [str(e) for e in events]  # the tickets are in English, like their headings
        if isinstance(action, a.Reveal):
            self.card_lines, self.offensive_lines = [], []
        self.card_lines += lines
        if state.offensive is not None or before.offensive is not None:
            self.offensive_lines += lines
        dice = game.records[-1].drawn if isinstance(action, a.Op) else ()
        faces = [pips(int(v)) for v in dice if isinstance(v, int)]
        if isinstance(action, a.ClashDie):
            faces = [QUESTION]  # a Clash declared: the die box asks until its die is thrown or typed in
        printed = []
        if before.step in ("choose", "symbols") and state.step != before.step and state.step == "reveal":
            printed.append(tickets.card_ticket(state, self.card_lines))
        if before.offensive is not None and (state.offensive is None or state.winner is not None):
            printed.append(tickets.offensive_ticket(before, state, self.offensive_lines))
        return Outputs(tickets=printed, faces=faces, checkpoint=bool(printed))

    def undo_warning(self, decision: Record) -> str | None:
        """Undoing a reveal asks twice: the card goes back on top of the deck (spec 1.11)."""
        action = decision.action
        if isinstance(action, a.Reveal):
            card = action.card or str(decision.drawn[0] if decision.drawn else "")
            return _("Undo again to take back the reveal: put {card} back on top of the deck.").format(
                card=card_name(card)
            )
        if isinstance(action, a.Op) and decision.drawn:
            return _("Undo again to take back the operation: its die stays as it was thrown.")
        return None

    def action_name(self, action: Any) -> str:
        names = {
            "answer": _("value entered"),
            "reveal": _("card revealed"),
            "clash-die": _("Clash declared"),
            "move-pawn": _("pawn moved"),
            "stukas": _("Stukas"),
            "pass": _("pass"),
            "adjust": _("adjustment"),
            "event": _("event"),
            "op": _("operation"),
            "assault": _("assault"),
            "battle": _("battle"),
            "end-round": _("end of the round"),
            "redistribute": _("redistribution"),
            "score": _("score"),
            "income": _("incomes"),
            "civic": _("civic action"),
            "done": _("civic actions done"),
        }
        return names.get(getattr(action, "kind", ""), str(action))

    def card_request(self, deck: str, given: int) -> str:
        return ""

    def look_ahead(self, state: State) -> object:
        return None  # the odds are exact and instant (deck.odds): worked out on the screen

    def look_ahead_key(self, state: State) -> object:
        return None
