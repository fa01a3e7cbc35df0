"""Milano 1848 at a table: what the table's buttons and the camera's cards mean in each step, and
what follows a decision (the Austrian turn's ticket, the chronicle, the die's face, a backup)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.assets import die_faces
from companion.games.milano1848 import actions as a
from companion.games.milano1848 import odds
from companion.games.milano1848.events import Event
from companion.games.milano1848.forecast import forecast
from companion.games.milano1848.game import Game
from companion.games.milano1848.state import ACT, ANSWER, AUSTRIAN_TURN, CONTINUE, OVER, State
from companion.games.milano1848.turns import unseen_italy_card
from companion.i18n import _
from companion.tables.base import CardSeen, Intent, Moment, NameCard, Outputs, Play, Undo
from companion.tables.milano1848.layout import zone_layout

GAME = "milano1848"
Ahead = tuple[
    "odds.Advice | None", tuple[frozenset[int], "str | None"]
]  # the odds; the zones that fall, who wins
NOTHING_AHEAD: Ahead = (None, (frozenset(), None))


@dataclass
class MilanoTable:
    game_id: str = GAME
    answer: list[str] = field(default_factory=list)  # cards scanned toward a 3-card answer
    told: tuple[State, tuple[int, int, int]] | None = None  # table decks: the fighters' icons, as tapped in

    def prepare(self) -> None:
        from companion.tickets import milano1848 as tickets

        tickets.prepare()

    def button(self, name: str, state: State) -> Intent | None:
        """The table's buttons mirror the screen's main choices. The die box's button ("die") means
        nothing here: Milano throws no die (the box shows the Austria cards' icons)."""
        step = state.step
        if name == "back":
            return Undo()
        chosen: dict[tuple[str, str], a.Action] = {
            ("confirm", CONTINUE): a.Continue(),
            ("confirm", AUSTRIAN_TURN): a.AustrianTurn(),
            ("next", CONTINUE): a.Stop(),
            ("next", ACT): a.EndTurn(),
        }
        action = chosen.get((name, step))
        return Play(action) if action is not None else None

    def card_seen(self, seen: CardSeen, moment: Moment) -> tuple[bool, Intent | None]:
        """A card under the camera names the card a waiting action drew (table decks), or answers a fight."""
        if seen.game != GAME:
            return False, None
        if moment.needed is not None and seen.deck == moment.needed[1]:
            return True, NameCard(seen.number if seen.deck == "zone" else seen.card)
        if moment.state.step == ANSWER and seen.deck == "italy":
            return True, self._scanned(moment.state, seen.card)
        return False, None

    def _scanned(self, state: State, card: str) -> Intent | None:
        fight = state.fight
        assert fight is not None
        needed = 3 if fight.kind == "radetzky" else 1
        if card not in self.answer:
            self.answer.append(card)
        if len(self.answer) < needed:
            return None
        answer, self.answer = tuple(self.answer[:needed]), []
        return Play(a.Answer(answer))

    def forget_scans(self) -> None:
        """After an Undo: cards scanned toward an answer no longer count."""
        self.answer.clear()

    def after(self, before: State, action: a.Action, events: Sequence[Event], game: Game) -> Outputs:
        """The revealed Austria cards' icons on the die; the Austrian turn's ticket (and a backup);
        the chronicle when the game ends."""
        from companion.tickets import milano1848 as tickets
        from hardware.faces import QUESTION

        edition, faces = game.state.edition, die_faces(GAME)
        icons = [edition.austria[e.card] for e in events if e.kind == "revealed"]
        outputs = Outputs(
            faces=[faces.get(icon, QUESTION) for icon in icons]
        )  # faces are named like the icons
        if isinstance(action, a.AustrianTurn):
            outputs.tickets.append(
                tickets.austrian_turn_ticket(before, game.state, list(events), zone_layout())
            )
            outputs.checkpoint = outputs.animated = True
        if game.state.step == OVER:
            outputs.tickets.append(tickets.chronicle_ticket(game))
            outputs.checkpoint = True
        return outputs

    def wants_cards(self, state: State) -> bool:
        """Only while Austria waits for an answer may a card be dragged to the desk camera."""
        return state.step == ANSWER

    def over(self, state: State) -> bool:
        return state.step == OVER

    def undo_warning(self, decision: Any) -> str | None:
        """A decision that revealed cards is taken back only when Undo is asked twice."""
        if not decision.drawn:
            return None
        return _("That revealed cards: Undo again to take it back (they stay where they were).")

    def action_name(self, action: a.Action) -> str:
        return action_name(action.kind)

    def card_request(self, deck: str, given: int) -> str:
        return card_request(deck, given)

    def tell_hand(self, state: State, icons: tuple[int, int, int]) -> None:
        """Table decks: the fighters' Swords, Maps and Cannons, so the odds can be worked out now."""
        self.told = (state, icons)

    def look_ahead_key(self, state: State) -> object:
        return self.told[1] if self.told is not None and self.told[0] is state else None

    def look_ahead(self, state: State) -> Ahead:
        """The fight odds (companion.games.milano1848.odds) and, during Phase 1, the zones the coming
        Austrian turn takes and who wins in it (companion.games.milano1848.forecast)."""
        told = self.look_ahead_key(state)
        ahead = forecast(state) if state.step == ACT else None
        threat = (frozenset(t.zone for t in ahead.falls), ahead.winner) if ahead else (frozenset(), None)
        return odds.advice(state, told if isinstance(told, tuple) else None), threat


def action_name(kind: str) -> str:
    """An action's name for "Undone: ..." in the table's language."""
    names = {
        "place": _("place"),
        "choose": _("choose"),
        "move": _("move"),
        "conquer": _("conquer"),
        "fight-soldiers": _("fight the Soldiers"),
        "fight-radetzky": _("fight Radetzky"),
        "refresh": _("refresh"),
        "help": _("Help"),
        "strengthen": _("strengthen"),
        "end-turn": _("end turn"),
        "answer": _("answer"),
        "continue": _("continue"),
        "stop": _("stop"),
        "promote": _("promotion"),
        "austrian-turn": _("Austrian turn"),
    }
    return names.get(kind, kind)


def card_request(deck: str, given: int) -> str:
    """What the screen asks when the table's own deck gives a card the companion cannot see."""
    if deck == "zone":
        return _("Draw a Zone card and tap its zone on the board.")
    if deck == "austria":
        return (
            _("Reveal an Austria card and tap its icon ({count} named so far).").format(count=given)
            if given
            else _("Reveal an Austria card and tap its icon.")
        )
    return _("Reveal an Italy card and tap its icon.")


def drawable(state: State, deck: str, icon: str, given: set[str | int]) -> str | None:
    """A card of this icon that may still be in the table's deck (not already named for this action)."""
    if deck == "austria":
        cards, icons = state.austria.cards, state.edition.austria
        return next((c for c in cards if icons[c] == icon and c not in given), None)
    italy = state.edition.italy
    return next((c for c in state.italy.cards if italy[c][0] == icon and c not in given), None)


def unseen_card(state: State, icon: str, chosen: Sequence[str]) -> str | None:
    """Table decks: a card of this icon to name for an unseen card played from a hand ("?")."""
    italy = state.edition.italy
    return next(
        (c for c in italy if italy[c][0] == icon and c not in chosen and unseen_italy_card(state, c)), None
    )


def ahead_of(found: Any) -> Ahead:
    """The session's look-ahead for this moment, or nothing yet."""
    return found if isinstance(found, tuple) else NOTHING_AHEAD
