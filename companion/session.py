"""The glue: intents from the screen, the table buttons and the camera -> engine actions ->
events -> screen, printer and die. The only module that knows both the engine and the devices.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.assets import die_faces, milano1848_layout
from companion.games.milano1848 import actions as a
from companion.games.milano1848 import odds
from companion.games.milano1848.dealer import Draw
from companion.games.milano1848.errors import CardNeeded, IllegalActionError
from companion.games.milano1848.events import Event
from companion.games.milano1848.forecast import forecast
from companion.games.milano1848.game import Game, Record
from companion.games.milano1848.state import ACT, ANSWER, AUSTRIAN_TURN, CONTINUE, OVER, State
from companion.games.milano1848.turns import unseen_italy_card
from companion.tickets import milano1848 as tickets
from companion.tickets.milano1848 import austrian_turn_ticket, chronicle_ticket
from companion.i18n import _, translate
from companion.store import Journal, StoreError
from hardware.faces import QUESTION
from hardware.ports import CardReader, Die, Printer


Lookahead = tuple["odds.Advice | None", tuple[frozenset[int], "str | None"]]  # the odds; the zones that fall, who wins
NOTHING_AHEAD: Lookahead = (None, (frozenset(), None))


@dataclass
class Devices:
    die: Die
    printer: Printer
    cards: CardReader | None = None  # None: no camera; the screen's card buttons do the job


@dataclass
class Session:
    game: Game
    devices: Devices
    message: str = ""  # the last sentence for the screen: a refusal, or what just happened
    last_events: list[Event] = field(default_factory=list)
    _answer: list[str] = field(default_factory=list)  # cards scanned toward a 3-card answer
    _undo_armed: bool = False  # the last decision revealed cards: Undo must be asked twice
    last_turn: tuple[State, list[Event]] | None = None  # the latest Austrian turn, for the screen to show
    last_move: tuple[State, a.Action, list[Event]] | None = None  # the state before the last decision, it, what it did
    journal: Journal | None = None  # None: nothing is saved (a demo, a test)
    needed: tuple[a.Action, str, list[Draw]] | None = None  # table decks: an action waiting for a drawn card's name
    told: tuple[State, tuple[int, int, int]] | None = None  # table decks: the fighters' icons, as tapped in
    _ahead_for: object = None
    _ahead: Lookahead = (None, (frozenset(), None))
    _ahead_done: State | None = None

    def __post_init__(self) -> None:
        threading.Thread(target=tickets.prepare, name="ticket-fonts", daemon=True).start()

    @property
    def state(self) -> State:
        return self.game.state

    def do(self, action: a.Action, cards: Sequence[Draw] = ()) -> bool:
        """Play an intent; a refusal becomes the screen's message and changes nothing."""
        before = self.game.state
        try:
            events = self.game.play(action, cards)
        except CardNeeded as exc:  # table decks: the table says what came off its deck
            self.needed = (action, exc.deck, list(cards))
            self.message = card_request(exc.deck, len(cards))
            return False
        except IllegalActionError as exc:
            self.message = translate(exc.args[0])
            return False
        self.needed = None
        if not self._saved():
            return False
        self.message, self.last_events, self._undo_armed = "", events, False
        self.last_move = (before, action, events)
        self._show_reveals(events)
        if isinstance(action, a.AustrianTurn):
            self.last_turn = (before, events)
            self.devices.printer.submit(austrian_turn_ticket(before, self.state, events, milano1848_layout()))
        if self.over:
            self.devices.printer.submit(chronicle_ticket(self.game))
        return True

    def advice(self) -> odds.Advice | None:
        """The odds for this moment (companion.games.milano1848.odds); None until worked out, or when
        there are none."""
        return self._lookahead()[0]

    def threat(self) -> tuple[frozenset[int], str | None]:
        """During Phase 1: the zones the coming Austrian turn takes, and who wins in it (if anyone)
        when nothing changes (companion.games.milano1848.forecast); nothing until worked out."""
        return self._lookahead()[1]

    def _lookahead(self) -> Lookahead:
        """Both are worked out in a worker, so a large Rifle fight or the forecast never stalls a frame."""
        state = self.state
        told = self.told[1] if self.told is not None and self.told[0] is state else None
        if not self._asked(state, told):
            self._ahead_for, self._ahead = (state, told), NOTHING_AHEAD
            threading.Thread(target=self._work_out, args=(state, told), name="lookahead", daemon=True).start()
        return self._ahead

    def tell_hand(self, icons: tuple[int, int, int]) -> None:
        """Table decks: the fighters' Swords, Maps and Cannons, so the odds can be worked out now."""
        self.told = (self.state, icons)

    def _work_out(self, state: State, told: tuple[int, int, int] | None) -> None:
        ahead = forecast(state) if state.step == ACT else None
        threat = (frozenset(t.zone for t in ahead.falls), ahead.winner) if ahead else (frozenset(), None)
        found = (odds.advice(state, told), threat)
        if self._asked(state, told):  # still the moment it was asked for
            self._ahead, self._ahead_done = found, state

    def _asked(self, state: State, told: tuple[int, int, int] | None) -> bool:
        """Whether the lookahead in hand is for this state (the same object) and what the table told."""
        asked = self._ahead_for
        return isinstance(asked, tuple) and asked[0] is state and asked[1] == told

    @property
    def looked_ahead(self) -> bool:
        """True once the odds and the forecast for this moment are worked out (screenshots, tests)."""
        self._lookahead()
        return self._ahead_done is self.state

    def name_card(self, card: str | int) -> bool:
        """The card the table drew for the waiting action (table decks); the action then plays."""
        if self.needed is None:
            return False
        action, deck, cards = self.needed
        return self.do(action, [*cards, (deck, card)])

    def name_icon(self, icon: str) -> bool:
        """An Austria (or face-up Italy) card named by its icon: any card of that icon still in the deck
        stands for it, as the rules tell cards of one icon apart only by the icon."""
        if self.needed is None:
            return False
        deck, cards = self.needed[1], self.needed[2]
        card = drawable(self.state, deck, icon, {named for _deck, named in cards})
        if card is None:
            self.message = _("No {icon} card can still be in that deck.").format(icon=icon)
            return False
        return self.name_card(card)

    def cancel_card(self) -> None:
        self.needed, self.message = None, ""

    def undo(self) -> bool:
        """Take back the last decision; one that revealed cards asks for a second Undo first."""
        records = self.game.records
        if records and records[-1].drawn and not self._undo_armed:
            self._undo_armed = True
            self.message = _("That revealed cards: Undo again to take it back (they stay where they were).")
            return False
        self._undo_armed = False
        try:
            record = self.game.undo()
        except IllegalActionError as exc:
            self.message = translate(exc.args[0])
            return False
        if not self._forgotten(record):
            return False
        self.message = _("Undone: {action}.").format(action=action_name(record.action.kind))
        self.last_move = None  # what it did is no longer news
        self._answer.clear()
        return True

    def _saved(self) -> bool:
        """The journal commits the decision before anyone sees it; if it cannot, the decision is taken back."""
        if self.journal is None:
            return True
        try:
            self.journal.recorded(self.game)
        except StoreError as exc:
            self.game.undo()
            self.message = f"{exc} " + _("The action was not saved, so it did not happen.")
            return False
        return True

    def _forgotten(self, record: Record) -> bool:
        if self.journal is None:
            return True
        try:
            self.journal.undone(self.game)
        except StoreError as exc:
            self.game.play(record.action, record.drawn)  # still saved: the decision stands
            self.message = f"{exc} " + _("Undo did not happen.")
            return False
        return True

    def button(self, name: str) -> None:
        """The table's buttons mirror the screen's main choices."""
        step = self.state.step
        if name == "back":
            self.undo()
        elif name == "confirm" and step == CONTINUE:
            self.do(a.Continue())
        elif name == "confirm" and step == AUSTRIAN_TURN:
            self.do(a.AustrianTurn())
        elif name == "next" and step == CONTINUE:
            self.do(a.Stop())
        elif name == "next" and step == ACT:
            self.do(a.EndTurn())

    def poll(self) -> list[str]:
        """Once a frame: cards the camera confirmed answer a fight, or (table decks) name the card a
        waiting action drew; the cards taken."""
        if self.devices.cards is None:
            return []
        taken = []
        for event, card in self.devices.cards.events():
            if event != "placed":
                continue
            if self.needed is not None and card.startswith(f"{self.needed[1]}-"):
                taken.append(card)
                self.name_card(int(card.removeprefix("zone-")) if self.needed[1] == "zone" else card)
            elif self.state.step == ANSWER and card.startswith("italy-"):
                taken.append(card)
                self._scanned(card)
        return taken

    def _scanned(self, card: str) -> None:
        fight = self.state.fight
        assert fight is not None
        needed = 3 if fight.kind == "radetzky" else 1
        if card not in self._answer:
            self._answer.append(card)
        if len(self._answer) >= needed:
            answer, self._answer = tuple(self._answer[:needed]), []
            self.do(a.Answer(answer))

    def _show_reveals(self, events: list[Event]) -> None:
        edition, faces = self.state.edition, die_faces("milano1848")
        for event in events:
            if event.kind == "revealed":
                face = faces.get(edition.austria[event.card], QUESTION)  # faces are named like the icons
                self.devices.die.show(face)
                if self.journal is not None:
                    self.journal.shown(face)

    @property
    def over(self) -> bool:
        return self.state.step == OVER


def action_name(kind: str) -> str:
    """An action's name for "Undone: ..." in the table's language."""
    names = {"place": _("place"), "choose": _("choose"), "move": _("move"), "conquer": _("conquer"),
             "fight-soldiers": _("fight the Soldiers"), "fight-radetzky": _("fight Radetzky"), "refresh": _("refresh"),
             "help": _("Help"), "strengthen": _("strengthen"), "end-turn": _("end turn"), "answer": _("answer"),
             "continue": _("continue"), "stop": _("stop"), "promote": _("promotion"), "austrian-turn": _("Austrian turn")}
    return names.get(kind, kind)


def card_request(deck: str, given: int) -> str:
    """What the screen asks when the table's own deck gives a card the companion cannot see."""
    if deck == "zone":
        return _("Draw a Zone card and tap its zone on the board.")
    if deck == "austria":
        return _("Reveal an Austria card and tap its icon ({count} named so far).").format(count=given) if given \
            else _("Reveal an Austria card and tap its icon.")
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
    return next((c for c in italy if italy[c][0] == icon and c not in chosen and unseen_italy_card(state, c)), None)
