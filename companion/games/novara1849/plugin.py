"""Radetzky's March: The Road to Novara as the companion's registry sees it (companion.games.base.Rules)."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from companion.games.vocabulary import Sentence

from . import stateio
from .actions import Action, action_from_dict
from .edition import Edition, load
from .errors import DataError
from .game import RECORD_FORMAT, RECORD_VERSION, Game, Record, replay
from .setup import Options
from .state import State

FILES = ("tables.toml", "track.toml", "oob.toml", "rules.toml")


class Novara1849:
    id = "novara1849"
    title = "Radetzky's March: The Road to Novara"
    record_format = RECORD_FORMAT
    record_version = RECORD_VERSION

    def load_edition(self, read: Callable[[str], str], where: Callable[[str], str]) -> Edition:
        """The players' tables, track and order of battle, validated, with a hash of each file used."""
        edition = load(read, where)
        hashes = {name: hashlib.sha256(read(name).encode()).hexdigest()[:16] for name in FILES}
        return dataclasses.replace(edition, hashes=hashes)

    def options_from_dict(self, data: object) -> Options:
        return Options.from_dict(data)

    def new_game(self, edition: Edition, options: Options, cards: Sequence[Any] = ()) -> Game:
        return Game(edition, options)

    def replay(self, edition: Edition, header: dict[str, Any], records: Iterable[dict[str, Any]]) -> Game:
        parsed = []
        for number, data in enumerate(records, start=2):  # line 1 is the header
            try:
                parsed.append(Record.from_dict(data))
            except DataError as exc:
                raise DataError(f"line {number}: {exc.field}", exc.problem) from None
        return replay(edition, header, parsed)

    def dumps(self, state: State) -> str:
        """The state file (sorted keys): what `companion games show` and a checkpoint's hash read."""
        return stateio.dumps(state)

    def loads(self, text: str, edition: Edition) -> State:
        """A state file, checked; DataError names the field and its fault in one sentence."""
        return stateio.loads(text)

    def action_from_dict(self, data: object) -> Action:
        return action_from_dict(data)

    def standing(self, state: State) -> tuple[int, str | None]:
        return state.turn, state.winner

    def progress(self, state: State) -> list[Sentence]:
        """Where the game stands in its own words (the Resume line): the turn track's turn."""
        return [Sentence("turn {turn}", turn=state.turn)]

    def describe(self, state: State) -> list[str]:
        lost = state.ledger.lost
        return [
            f"turn {state.turn}{' (night)' if state.night else ''}, phase {state.phase}; chits in the cup: "
            f"{len(state.cup)}",
            f"steps lost: Austria {lost['austria']}, Sardinia {lost['sardinia']}"
            + (f"; winner {state.winner} ({state.how})" if state.winner else ""),
        ]


RULES = Novara1849()
