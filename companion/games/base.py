"""What every rules engine offers, so the session, the journal and the commands know no game.

A game registers one `Rules` object (see `companion.games.find_game`). Standard library only.
python-chess's variants are the model: one small object per game names its formats and builds
its games; the game object is the checked way to play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from companion.games.vocabulary import DataError, IllegalActionError, Sentence

Parsed = TypeVar("Parsed")
StateT = TypeVar("StateT")
RecordT = TypeVar("RecordT")


class Decision(Protocol):
    """One applied decision with its random outcome (what a journal row holds)."""

    @property
    def action(self) -> Any: ...

    @property
    def drawn(self) -> Sequence[Any]:
        """Its random outcome (cards drawn, dice rolled): played again with it, it repeats exactly."""
        ...

    def to_dict(self) -> dict[str, Any]: ...


class PlayedGame(Protocol):
    """A game in progress: `play` refuses an illegal action with the reason, `undo` steps back."""

    @property
    def state(self) -> Any: ...

    @property
    def records(self) -> Sequence[Decision]: ...

    def play(self, action: Any, cards: Sequence[Any] = ()) -> list[Any]: ...

    def undo(self) -> Decision: ...

    def legal_actions(self) -> list[Any]: ...

    def header(self) -> dict[str, Any]: ...


class Rules(Protocol):
    """A game's rules engine as the rest of the companion sees it."""

    id: str  # the package's name, the assets folder's, the command's
    title: str  # the game's name as its box prints it
    record_format: str  # the record header's "format"
    record_version: int

    def load_edition(self, read: Callable[[str], str], where: Callable[[str], str]) -> Any:
        """The game's data files, validated; `read("map.toml")` gives a file's text, `where` its full
        path for error messages. Raises DataError naming the file and field."""
        ...

    def options_from_dict(self, data: object) -> Any: ...

    def new_game(self, edition: Any, options: Any, cards: Sequence[Any] = ()) -> PlayedGame: ...

    def replay(self, edition: Any, header: dict[str, Any], records: Iterable[dict[str, Any]]) -> PlayedGame:
        """Rebuild a game from its record's header and decisions (as dicts); DataError names the line."""
        ...

    def dumps(self, state: Any) -> str: ...

    def loads(self, text: str, edition: Any) -> Any: ...

    def action_from_dict(self, data: object) -> Any: ...

    def standing(self, state: Any) -> tuple[int, str | None]:
        """The round and the winner (None while the game goes on), for the journal's list."""
        ...

    def describe(self, state: Any) -> list[str]:
        """Where the game stands, in a few lines of English (`companion games show`)."""
        ...

    # optional: `progress(state) -> list[Sentence]`, where the game stands in words of its own when "round
    # N" does not say it (a game without rounds): the first for the Resume button, all for the resumed
    # message


def parse_decisions(records: Iterable[dict[str, Any]], parse: Callable[[object], Parsed]) -> list[Parsed]:
    """A record's decision lines, each parsed; a DataError names the line (line 1 is the header)."""
    parsed = []
    for number, data in enumerate(records, start=2):
        try:
            parsed.append(parse(data))
        except DataError as exc:
            raise DataError(f"line {number}: {exc.field}", exc.problem) from None
    return parsed


ActionT = TypeVar("ActionT")


def decision_from_dict(
    data: object, parse: Callable[[object], ActionT], drawn_as: str = "the cards drawn or the dice thrown"
) -> tuple[ActionT, tuple[int | str, ...]]:
    """A record line's action (parsed by the game) and its random outcome, checked: DataError names the
    field. At most 200 outcomes, each a whole number or a name."""
    if not isinstance(data, dict) or not isinstance(data.get("drawn", []), list):
        raise DataError("record", "must be an object with action and drawn")
    drawn = data.get("drawn", [])
    if len(drawn) > 200 or not all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in drawn):
        raise DataError("drawn", f"must be {drawn_as}")
    return parse(data.get("action")), tuple(drawn)


class History(Generic[StateT, RecordT]):
    """Snapshot undo, as python-chess's push/pop: each decision's record with the state before it.
    Every engine's game keeps one; undo never replays anything, it steps back to a kept state."""

    def __init__(self) -> None:
        self.records: list[RecordT] = []
        self._before: list[StateT] = []

    def push(self, before: StateT, record: RecordT) -> None:
        self._before.append(before)
        self.records.append(record)

    def pop(self) -> tuple[StateT, RecordT]:
        """The state before the last decision, and its record; refused when nothing was played."""
        if not self.records:
            raise IllegalActionError(Sentence("Undo refused: nothing has been played yet."))
        return self._before.pop(), self.records.pop()

    def before(self, index: int) -> StateT:
        """The state the decision at `index` was played on (a ticket reads what a decision changed)."""
        return self._before[index]
