"""Italia as the companion's registry sees it (companion.games.base.Rules)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from companion.games.base import parse_decisions
from companion.games.vocabulary import Sentence

from . import stateio
from .actions import Action, action_from_dict
from .edition import Edition, load
from .game import RECORD_FORMAT, RECORD_VERSION, Game, Options, Record, State, active, replay


class Italia:
    id = "italia"
    title = "Italia"
    record_format = RECORD_FORMAT
    record_version = RECORD_VERSION

    def load_edition(self, read: Callable[[str], str], where: Callable[[str], str]) -> Edition:
        """The rule numbers, both scenarios and the map's facts, validated."""
        return load(read, where)

    def options_from_dict(self, data: object) -> Options:
        return Options.from_dict(data)

    def new_game(self, edition: Edition, options: Options, cards: Sequence[Any] = ()) -> Game:
        return Game(edition, options)

    def replay(self, edition: Edition, header: dict[str, Any], records: Iterable[dict[str, Any]]) -> Game:
        return replay(edition, header, parse_decisions(records, Record.from_dict))

    def dumps(self, state: State) -> str:
        return stateio.dumps(state)

    def loads(self, text: str, edition: Edition) -> State:
        return stateio.loads(text)

    def action_from_dict(self, data: object) -> Action:
        return action_from_dict(data)

    def standing(self, state: State) -> tuple[int, str | None]:
        """The game turn, and at the end the score pad's winner (players tied: all of them, A56)."""
        return state.turn, state.winner or None

    def progress(self, state: State) -> list[Sentence]:
        """Where the game stands in its own words (the Resume line): Italia counts game turns (§5.0)."""
        return [Sentence("turn {turn}", turn=state.turn)]

    def describe(self, state: State) -> list[str]:
        gold = ", ".join(f"{n} {g}" for n, g in sorted(state.gold.items())) or "none yet"
        battle = "none"
        if state.battle is not None:
            battle = f"{state.battle.attacker.nation} attack {state.battle.zone or 'a zone'}"
        elif state.sea is not None:
            battle = f"{state.sea.attacker.nation} attack at sea {state.sea.sea}".rstrip()
        lines = [f"Italia {state.scenario}, turn {state.turn}; gold: {gold}", f"battle: {battle}"]
        if state.masters:
            lines.append("subjects: " + ", ".join(f"{s} of {m}" for s, m in sorted(state.masters.items())))
        if state.winner:
            lines.append(f"winner: {state.winner}")
        if state.campaign is not None:
            lines.append(f"campaign: {state.campaign.leader}, {state.campaign.moves} moves")
        return lines


RULES = Italia()
__all__ = ["RULES", "Italia", "active"]
