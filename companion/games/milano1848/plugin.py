"""Milano 1848 as the companion's registry sees it (companion.games.base.Rules)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from companion.games.base import parse_decisions

from . import stateio
from .actions import Action, action_from_dict
from .dealer import Draw
from .edition import Edition, parse_board, parse_decks, parse_rules
from .errors import DataError
from .game import RECORD_FORMAT, RECORD_VERSION, Game, Record, replay
from .setup import Options
from .state import State

ZONES = 16  # the board of the rulebook


class Milano1848:
    id = "milano1848"
    title = "Radetzky: Milano 1848"
    record_format = RECORD_FORMAT
    record_version = RECORD_VERSION

    def load_edition(self, read: Callable[[str], str], where: Callable[[str], str]) -> Edition:
        """The board, decks and rule numbers, validated; errors name the file's full path."""
        austria, italy = parse_decks(read("decks.toml"), where("decks.toml"))
        board = parse_board(read("map.toml"), where("map.toml"))
        if board.zones != ZONES:
            raise DataError(
                f"{where('map.toml')}: zones", f"Milano 1848 has {ZONES} zones, not {board.zones}"
            )
        rules = parse_rules(read("rules.toml"), where("rules.toml"))
        return Edition(board, rules, austria, italy)

    def options_from_dict(self, data: object) -> Options:
        return Options.from_dict(data)

    def new_game(self, edition: Edition, options: Options, cards: Sequence[Draw] = ()) -> Game:
        return Game(edition, options, cards)

    def replay(self, edition: Edition, header: dict[str, Any], records: Iterable[dict[str, Any]]) -> Game:
        return replay(edition, header, parse_decisions(records, Record.from_dict))

    def dumps(self, state: State) -> str:
        return stateio.dumps(state)

    def loads(self, text: str, edition: Edition) -> State:
        return stateio.loads(text, edition)

    def action_from_dict(self, data: object) -> Action:
        return action_from_dict(data)

    def standing(self, state: State) -> tuple[int, str | None]:
        """The round and the winner (None while the game goes on), for the journal's list."""
        return state.round, state.winner

    def describe(self, state: State) -> list[str]:
        """Where the game stands, for `companion games show`."""
        conquered = [zone for zone, owner in enumerate(state.owner) if owner]
        return [
            f"patriots: {', '.join(f'{p.name} in zone {p.zone}' for p in state.patriots)}",
            f"step: {state.step}; Soldiers on the map {sum(state.soldiers)}, castle {state.castle}, "
            f"reserve {state.reserve}; Radetzky in zone {state.radetzky}; zones conquered: "
            f"{', '.join(map(str, conquered)) or 'none'}",
        ]


RULES = Milano1848()
