"""Italy '43-'45 as the companion's registry sees it (companion.games.base.Rules)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from companion.games.base import parse_decisions

from . import stateio
from .actions import Action, action_from_dict
from .edition import Edition, load
from .errors import Sentence, listed, plural
from .game import RECORD_FORMAT, RECORD_VERSION, Game, Record, replay
from .model import FACTIONS, NAMES, Options, State


class Italy4345:
    id = "italy4345"
    title = "Italy '43-'45: La Resa Dei Conti"
    record_format = RECORD_FORMAT
    record_version = RECORD_VERSION

    def load_edition(self, read: Callable[[str], str], where: Callable[[str], str]) -> Edition:
        """rules.toml (the text's numbers) and the owner's templates, "?" where the text is silent."""
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
        return stateio.loads(text, edition)

    def action_from_dict(self, data: object) -> Action:
        return action_from_dict(data)

    def standing(self, state: State) -> tuple[int, str | None]:
        """The cards revealed so far (the journal's "round": this game has none), and the winner."""
        return state.card_index, state.winner

    def progress(self, state: State) -> list[Sentence]:
        """Where the game stands: the card and the offensives (the Resume button's), then who won or
        leads after the last score (the resumed message's too)."""
        where = Sentence("card {n}, offensive {k} under way", n=state.card_index, k=state.offensive_number())
        if state.offensive is None:
            where = plural(
                state.offensives_done,
                "card {n}, {count} offensive done",
                "card {n}, {count} offensives done",
                n=state.card_index,
            )
        if state.winner:
            return [where, Sentence("{f} won", f=NAMES[state.winner])]
        if not state.scores:
            return [where]
        best = max(state.scores.values())
        leaders = listed([NAMES[f] for f in FACTIONS if state.scores.get(f) == best])
        return [where, Sentence("{who} ahead with {p} points", who=leaders, p=best)]

    def describe(self, state: State) -> list[str]:
        resources = ", ".join(f"{NAMES[f]} {n}" for f, n in state.resources.items())
        lines = [
            f"card {state.card_index} ({state.current or 'none yet'}), "
            f"offensives done {state.offensives_done}; waiting for {state.step}",
            f"resources: {resources}; eligible: {', '.join(NAMES[f] for f in state.eligible) or 'none'}",
        ]
        if state.winner:
            lines.append(f"winner: {NAMES[state.winner]}")
        return lines


RULES = Italy4345()
