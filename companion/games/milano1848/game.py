"""A game in progress: state, the record of every decision with its drawn cards, undo and replay."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import History

from .actions import Action, action_from_dict, small_value
from .dealer import Draw
from .edition import Edition
from .errors import DataError, IllegalActionError
from .events import Event
from .legal import legal_actions
from .quoting import shown
from .reducer import play
from .setup import Options, new_game
from .state import State

RECORD_FORMAT = "companion/milano1848-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class Record:
    """One applied decision and the cards it drew (its random outcome)."""

    action: Action
    drawn: tuple[Draw, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action.to_dict(), "drawn": [list(d) for d in self.drawn]}

    @classmethod
    def from_dict(cls, data: object) -> Record:
        if not isinstance(data, dict):
            raise DataError("record", "must be an object with action and drawn")
        return cls(action_from_dict(data.get("action")), parse_draws(data.get("drawn", []), "drawn"))


def parse_draws(data: object, where: str) -> tuple[Draw, ...]:
    if not isinstance(data, list) or len(data) > 1000:
        raise DataError(where, "must be a list of [deck, card] pairs")
    draws: list[Draw] = []
    for item in data:
        ok = isinstance(item, list) and len(item) == 2 and item[0] in ("austria", "italy", "zone")
        ok = ok and isinstance(item[1], int if item[0] == "zone" else str) and not isinstance(item[1], bool)
        if not ok or not small_value(item[1]):
            raise DataError(where, f"{shown(item)} is not a [deck, card] pair")
        draws.append((item[0], item[1]))
    return tuple(draws)


class Game:
    """The checked way to play: `play` refuses illegal actions with the reason, `undo` steps back."""

    def __init__(self, edition: Edition, options: Options, cards: Sequence[Draw] = ()) -> None:
        """Set up a game; with table decks `cards` names the setup's draws (see `new_game`)."""
        self.options = options
        self.state, setup_drawn = new_game(edition, options, cards)
        self.setup_draws: tuple[Draw, ...] = tuple(setup_drawn)
        self.history: History[State, Record] = History()

    def play(self, action: Action, cards: Sequence[Draw] = ()) -> list[Event]:
        """Apply a decision. Table decks name the drawn cards in `cards`; tracked decks draw themselves."""
        after, events, drawn = play(self.state, action, cards)
        self.history.push(self.state, Record(action, tuple(drawn)))
        self.state = after
        return events

    def undo(self) -> Record:
        """Drop the last decision. Its draws stay where they were: playing it again draws the same cards."""
        self.state, record = self.history.pop()
        return record

    @property
    def records(self) -> list[Record]:
        """Every decision so far with the cards it drew, in order."""
        return self.history.records

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    def header(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "options": self.options.to_dict(),
            "setup": [list(d) for d in self.setup_draws],
        }


def replay(edition: Edition, header: dict[str, Any], records: Iterable[Record]) -> Game:
    """Rebuild a game from its record header and decisions, feeding the recorded draws back in."""
    if header.get("format") != RECORD_FORMAT:
        raise DataError("format", f"must be {RECORD_FORMAT!r}")
    if header.get("version") != RECORD_VERSION:
        version = shown(header.get("version"))
        raise DataError("version", f"must be {RECORD_VERSION}; this record says {version}")
    options = Options.from_dict(header.get("options"))
    setup = parse_draws(header.get("setup", []), "setup")
    try:
        game = Game(edition, options, setup)
    except IllegalActionError as exc:
        raise DataError("setup", str(exc)) from None
    for number, record in enumerate(records, start=1):
        try:
            game.play(record.action, record.drawn)
        except IllegalActionError as exc:
            raise DataError(f"action {number}", str(exc)) from None
    return game
