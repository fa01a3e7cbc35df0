"""What a game needs at a table, as the session and the screens see it.

A table module turns taps, the table's buttons and scanned cards into *intents*, and says what
follows a decision (tickets, die faces, a checkpoint). It returns intents and outputs; it never
calls the session (the session calls it), so the two never import each other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class Play:
    """Play this engine action (with the cards the table named for it, if any)."""

    action: Any
    cards: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Undo:
    """Take back the last decision."""


@dataclass(frozen=True)
class NameCard:
    """Table decks: the card the table drew for the action that waits for it."""

    card: str | int


@dataclass(frozen=True)
class CancelCard:
    """Table decks: the action that waited for a card is dropped."""


@dataclass(frozen=True)
class Refuse:
    """Nothing to play: say why on the screen."""

    message: str


@dataclass(frozen=True)
class ShowDie:
    """Nothing to play: the die shows these faces (hardware.faces.Face, or a hardware.die_script step),
    e.g. a question mark while the table waits for a roll."""

    faces: tuple[Any, ...]


Intent = Play | Undo | NameCard | CancelCard | Refuse | ShowDie
Tap = Callable[[], "Intent | None"]  # a button's tap: an intent for the session, or only the screen changed
Entry = tuple[str, object, Tap]  # a button: its label, its marker (autoplay finds buttons by it), its tap


def tap_first(entries: Sequence[Entry], wanted: Callable[[object], bool]) -> Intent | None:
    """Tap the first of these buttons whose marker is wanted (a table button pressed for a screen's
    button: the die box's, which throws what the screen's Roll would); None when none is there."""
    return next((tap() for _label, marker, tap in entries if wanted(marker)), None)


class CardSeen(Protocol):
    """A card the camera confirmed (hardware.registry.Card): its game, its deck, its id and its
    number in the deck (Zone card 7 is number 7), as the game's card registry names them."""

    @property
    def game(self) -> str: ...

    @property
    def deck(self) -> str: ...

    @property
    def card(self) -> str: ...

    @property
    def number(self) -> int: ...


@dataclass
class Outputs:
    """What follows a decision: tickets for the printer, faces for the die, a checkpoint (a backup)."""

    tickets: list[Any] = field(default_factory=list)
    faces: list[Any] = field(
        default_factory=list
    )  # hardware.faces.Face or die_script steps: what the die shows
    checkpoint: bool = False
    animated: bool = False  # the screen shows the decision step by step (an automated side's turn)


class Moment(Protocol):
    """What a table may read of the session (companion.session.Session) at this moment."""

    @property
    def state(self) -> Any: ...

    @property
    def needed(self) -> tuple[Any, str, list[Any]] | None: ...

    @property
    def message(self) -> str: ...

    @property
    def game(self) -> Any: ...


class Table(Protocol):
    """One game at one table; made by the game's table module for each session."""

    game_id: str

    def prepare(self) -> None:
        """Load what the first ticket needs (fonts, Pillow) ahead of it; run in a worker thread."""
        ...

    def button(self, name: str, state: Any) -> Intent | None:
        """A table button (confirm, back, next, roll) in this state."""
        ...

    def card_seen(self, card: CardSeen, moment: Moment) -> tuple[bool, Intent | None]:
        """A card the camera confirmed: whether it means something now, and what to do (None: wait
        for more cards, e.g. the rest of a three-card answer)."""
        ...

    def forget_scans(self) -> None:
        """After an Undo: cards scanned toward a decision no longer count."""
        ...

    def over(self, state: Any) -> bool: ...

    def wants_cards(self, state: Any) -> bool:
        """Whether a card dragged to the desk camera means something now."""
        ...

    def after(self, before: Any, action: Any, events: Sequence[Any], game: Any) -> Outputs: ...

    def undo_warning(self, decision: Any) -> str | None:
        """What to say before taking this decision back, when Undo must be asked twice (None: at once)."""
        ...

    def action_name(self, action: Any) -> str:
        """The decision's name for "Undone: ..." in the table's language."""
        ...

    def card_request(self, deck: str, given: int) -> str:
        """What the screen asks when the table's own deck gives a card the companion cannot see."""
        ...

    def look_ahead(self, state: Any) -> Any:
        """Odds and forecasts for this state: worked out in a worker thread (may be slow)."""
        ...

    def look_ahead_key(self, state: Any) -> object:
        """What else the look-ahead depends on besides the state (e.g. a hand the table told)."""
        ...


class StillBoard:
    """What a view whose board has nothing to hold, drag or animate answers (a page of taps):
    inherit it rather than write the three answers again."""

    def hold(self, marker: object, down: bool) -> None:
        return None

    def draggable(self, marker: object, session: Any) -> str | None:
        return None

    def moving(self) -> bool:
        return False
