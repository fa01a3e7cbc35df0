"""The glue: intents from the screen, the table buttons and the camera -> engine actions ->
events -> screen, printer and die. The only module that knows both the engines and the devices;
it knows no game: the game's table module (companion.tables) says what things mean.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import Decision, PlayedGame
from companion.games.vocabulary import CardNeeded, IllegalActionError
from companion.i18n import _, translate
from companion.store import Journal, StoreError
from companion.tables.base import CancelCard, Intent, NameCard, Play, Refuse, ShowDie, Table, Undo
from hardware.die_script import DiePlayer, Step, resting
from hardware.ports import CardReader, DeskCamera, DeskDie, Die, Printer


@dataclass
class Devices:
    die: Die
    printer: Printer
    cards: CardReader | None = None  # None: no camera; the screen's card buttons do the job
    desk_die: DeskDie | None = None  # desk mode: the simulated die, whose pixels the screen draws
    desk_camera: DeskCamera | None = None  # desk mode: the simulated camera, cards dragged to its lens

    def __post_init__(self) -> None:
        """The desk's simulated devices are known as such (the screen draws the die's pixels and the
        camera's lens), whoever opened them."""
        simulated_die = sys.modules.get("hardware.sim.die")
        simulated_camera = sys.modules.get("hardware.sim.camera")  # not imported: no simulated camera
        if self.desk_die is None and simulated_die is not None and isinstance(self.die, simulated_die.SimDie):
            self.desk_die = self.die
        if (
            self.desk_camera is None
            and simulated_camera is not None
            and isinstance(self.cards, simulated_camera.SimCamera)
        ):
            self.desk_camera = self.cards


@dataclass
class Session:
    game: PlayedGame
    devices: Devices
    table: Table = None  # type: ignore[assignment]  # None: the game's own (its table module's new_table)
    message: str = ""  # the last sentence for the screen: a refusal, or what just happened
    news: str = ""  # the message when it only tells what happened (Undone, Resumed): not an alarm
    last_events: list[Any] = field(default_factory=list)
    _undo_armed: bool = False  # the last decision revealed cards: Undo must be asked twice
    last_turn: tuple[Any, list[Any]] | None = None  # the latest animated decision (state before, events)
    last_move: tuple[Any, Any, list[Any]] | None = None  # the state before the last decision, it, what it did
    journal: Journal | None = None  # None: nothing is saved (a demo, a test)
    needed: tuple[Any, str, list[Any]] | None = None  # table decks: an action waiting for a drawn card's name
    _ahead_for: object = None
    _ahead: object = None
    _ahead_done: object = None
    _player: DiePlayer | None = None
    _refusal: str = ""  # the message while it is a refusal: it goes when the screen changes
    _told: Callable[[object], str] = translate  # a refusal in the table's language and naming

    def __post_init__(self) -> None:
        from companion.records import rules_of
        from companion.tables import find_table

        module = find_table(rules_of(self.game.header()).id)
        self.table = self.table or module.new_table()
        self._told = getattr(module, "told", translate)  # optional: names ids as the game's screen does
        threading.Thread(target=self.table.prepare, name="ticket-fonts", daemon=True).start()

    @property
    def state(self) -> Any:
        return self.game.state

    def perform(self, intent: Intent | None) -> bool:
        """Carry out what a tap, a table button or a card asked for; False when nothing was played."""
        if isinstance(intent, Play):
            return self.do(intent.action, intent.cards)
        if isinstance(intent, Undo):
            return self.undo()
        if isinstance(intent, NameCard):
            return self.name_card(intent.card)
        if isinstance(intent, CancelCard):
            self.cancel_card()
        if isinstance(intent, Refuse):
            self.message = self._refusal = intent.message
        if intent is None and self._refusal and self.message == self._refusal:
            self.message = self._refusal = ""  # only the screen changed: the refusal was about the last one
        if isinstance(intent, ShowDie):  # a screen's moment, not a decision's: not kept for a restart
            self._show(intent.faces, keep=False)
        return False

    def do(self, action: Any, cards: Sequence[Any] = ()) -> bool:
        """Play an action; a refusal becomes the screen's message and changes nothing."""
        before = self.game.state
        try:
            events = self.game.play(action, cards)
        except CardNeeded as exc:  # table decks: the table says what came off its deck
            self.needed = (action, exc.deck, list(cards))
            self.message = self.table.card_request(exc.deck, len(cards))
            return False
        except IllegalActionError as exc:
            self.message = self._refusal = self._told(exc.args[0])
            return False
        self.needed = None
        outputs = self.table.after(before, action, events, self.game)
        saved = self._saved(outputs.checkpoint)
        if saved is None:
            return False
        self.message, self.last_events, self._undo_armed = saved, events, False
        self.last_move = (before, action, events)
        if outputs.animated:
            self.last_turn = (before, events)
        if outputs.faces:
            self._show(outputs.faces)
        for ticket in outputs.tickets:
            self.devices.printer.submit(ticket)
        return True

    def _show(self, steps: Sequence[Step], keep: bool = True) -> None:
        """The die shows the faces in order (a timed script plays on in a worker: hardware.die_script);
        `keep`: the journal keeps the face it rests on, shown again after a restart."""
        self.die_player.play(steps)
        face = resting(steps)
        if keep and self.journal is not None and face is not None:
            self.journal.shown(face)

    @property
    def die_player(self) -> DiePlayer:
        if self._player is None:
            self._player = DiePlayer(self.devices.die)
        return self._player

    def look_ahead(self) -> object:
        """The table's odds and forecasts for this moment (None until worked out): worked out in a
        worker, so a large fight or a forecast never stalls a frame."""
        state = self.state
        key = (state, self.table.look_ahead_key(state))
        if not self._asked(key):
            self._ahead_for, self._ahead = key, None
            threading.Thread(target=self._work_out, args=(key,), name="lookahead", daemon=True).start()
        return self._ahead

    def _work_out(self, key: tuple[Any, object]) -> None:
        found = self.table.look_ahead(key[0])
        if self._asked(key):  # still the moment it was asked for
            self._ahead, self._ahead_done = found, key[0]

    def _asked(self, key: tuple[Any, object]) -> bool:
        """Whether the look-ahead in hand is for this state (the same object) and what the table told."""
        asked = self._ahead_for
        return isinstance(asked, tuple) and asked[0] is key[0] and asked[1] == key[1]

    @property
    def looked_ahead(self) -> bool:
        """True once the look-ahead for this moment is worked out (screenshots, tests)."""
        self.look_ahead()
        return self._ahead_done is self.state

    def name_card(self, card: str | int) -> bool:
        """The card the table drew for the waiting action (table decks); the action then plays."""
        if self.needed is None:
            return False
        action, deck, cards = self.needed
        return self.do(action, [*cards, (deck, card)])

    def cancel_card(self) -> None:
        self.needed, self.message = None, ""

    def undo(self) -> bool:
        """Take back the last decision; one that revealed cards asks for a second Undo first."""
        records = self.game.records
        warning = self.table.undo_warning(records[-1]) if records else None
        if warning and not self._undo_armed:
            self._undo_armed = True
            self.message = warning
            return False
        self._undo_armed = False
        try:
            record = self.game.undo()
        except IllegalActionError as exc:
            self.message = self._told(exc.args[0])
            return False
        if not self._forgotten(record):
            return False
        self.message = self.news = _("Undone: {action}.").format(action=self.table.action_name(record.action))
        self.last_move, self.last_events = None, []  # what it did is no longer news
        self.table.forget_scans()
        return True

    def _saved(self, checkpoint: bool) -> str | None:
        """The journal commits the decision before anyone sees it; if it cannot, the decision is taken
        back (None). Saved: what the table must hear about it (a backup that failed), or ""."""
        if self.journal is None:
            return ""
        try:
            return self.journal.recorded(self.game, checkpoint)
        except StoreError as exc:
            self.game.undo()
            self.message = f"{exc} " + _("The action was not saved, so it did not happen.")
            return None

    def _forgotten(self, record: Decision) -> bool:
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
        """The table's buttons mirror the screen's main choices (the game's table says which)."""
        self.perform(self.table.button(name, self.state))

    def poll(self) -> list[str]:
        """Once a frame: the cards the camera confirmed, each handed to the game's table (a fight's
        answer, the card a waiting action drew); the cards taken."""
        if self.devices.cards is None:
            return []
        taken = []
        for event, name in self.devices.cards.events():
            card = self._registry().named(name)
            if event != "placed" or card is None:
                continue
            used, intent = self.table.card_seen(card, self)
            if used:
                taken.append(card.card)
                self.perform(intent)
        return taken

    def show_card(self, card: str, spot: int) -> None:
        """Desk mode: a card put under the simulated camera (dragged to the lens on screen)."""
        if self.devices.desk_camera is not None:
            self.devices.desk_camera.show(card, spot)

    def take_cards(self) -> None:
        """Desk mode: the played cards leave the simulated camera (to the discard pile)."""
        if self.devices.desk_camera is not None:
            for spot in range(3):
                self.devices.desk_camera.take(spot)

    @staticmethod
    def _registry() -> Any:
        from companion.cards_command import card_registry

        return card_registry()

    @property
    def wants_cards(self) -> bool:
        """Whether a card shown to the camera now means something (a fight waits for an answer)."""
        return bool(self.table.wants_cards(self.state))

    @property
    def over(self) -> bool:
        return bool(self.table.over(self.state))
