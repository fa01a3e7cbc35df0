"""Italy '43-'45 at a table: what the table's buttons and the camera's cards mean, what follows a
decision (a ticket when a card ends and when an offensive ends, "?" on the LED die while a Clash's die is
pending then its pips, a backup at each end of a card), the words for Undo."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.italy4345 import actions as a
from companion.games.italy4345.deck import event_id, offensive_id
from companion.games.italy4345.errors import Sentence
from companion.games.italy4345.game import Game, Record
from companion.games.italy4345.model import State
from companion.games.italy4345.report import offensive_report
from companion.i18n import _
from companion.tables.base import CardSeen, Intent, Moment, Outputs, Play, Undo
from companion.tables.italy4345.words import card_name

GAME = "italy4345"


def lines_since(game: Game, start: int) -> list[Sentence]:
    """The sentences of the decisions from `start` on, from the record (so a game resumed mid-card or
    mid-offensive prints the whole of it); the tickets say them in the table's language."""
    return [e for index in range(start, len(game.records)) for e in game.said(index)]


def _card_start(game: Game) -> int:
    """The last card's reveal."""
    reveals = [i for i, r in enumerate(game.records) if isinstance(r.action, a.Reveal)]
    return reveals[-1] if reveals else 0


def _offensive_start(game: Game) -> int:
    """The reveal that opened the offensive the last decision ended: the last decision played on a
    state with no offensive open."""
    index = len(game.records) - 1
    while index > 0 and game.history.before(index).offensive is not None:
        index -= 1
    return index


def card_of(seen: CardSeen) -> str:
    """The engine's card id for a card the camera read (its deck and printed number)."""
    return offensive_id(seen.number) if seen.deck == "offensive" else event_id(seen.number)


@dataclass
class Italy4345Table:
    game_id: str = GAME
    seen: str = ""  # the card the camera read last: the screen asks what the files lack of it
    # what the screen's Clash plays now with the companion's die (set by the view: the operation is
    # put together on screen, not in the state); None: no screen
    screen_clash: Callable[[], Intent | None] | None = None

    def prepare(self) -> None:
        return None  # the tickets are text: nothing to load ahead

    def button(self, name: str, state: State) -> Intent | None:
        """Back undoes; Next turns the next card of a companion deck; the die box's button ("die")
        throws the die of a declared Clash as the screen's button would; nothing otherwise."""
        if name == "back":
            return Undo()
        if name == "die" and state.die_pending and self.screen_clash is not None:
            return self.screen_clash()
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
        dice = game.records[-1].drawn if isinstance(action, a.Op) else ()
        faces = [pips(int(v)) for v in dice if isinstance(v, int)]
        if isinstance(action, a.ClashDie):
            faces = [QUESTION]  # a Clash declared: the die box asks until its die is thrown or typed in
        printed = []
        if before.step in ("choose", "symbols") and state.step != before.step and state.step == "reveal":
            title = game.edition.events[state.current].title if state.current in game.edition.events else ""
            printed.append(tickets.card_ticket(state, lines_since(game, _card_start(game)), title=title))
        if before.offensive is not None and (state.offensive is None or state.winner is not None):
            report = offensive_report(game.edition, game.steps(_offensive_start(game)))
            printed.append(tickets.offensive_ticket(report, state, game.edition.rules.offensives))
        if state.winner is not None and before.winner is None:
            printed.append(tickets.final_ticket(state, game.edition.rules))
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
