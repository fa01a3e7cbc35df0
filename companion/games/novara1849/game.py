"""A game in progress: the state, the record of every decision with its dice or chit, undo and replay.
Undo steps back to the state before, whose roll counter and cup are as they were: throwing or drawing
again gives the same dice and the same chit (spec 6, "Seeding and undo")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import History

from . import actions as a
from .combat import Preview
from .context import Context
from .cup import CupView, cup_view
from .edition import Edition
from .errors import DataError, IllegalActionError, Sentence
from .fights import fight_preview
from .reducer import play
from .setup import Options, context_of, new_state
from .state import State
from .turns import retreat_due
from .victory import Score, score

RECORD_FORMAT = "companion/novara1849-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class Record:
    """One applied decision and its random outcome: the dice thrown, or the chit drawn."""

    action: a.Action
    drawn: tuple[object, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action.to_dict(), "drawn": list(self.drawn)}

    @classmethod
    def from_dict(cls, data: object) -> Record:
        if not isinstance(data, dict) or not isinstance(data.get("drawn", []), list):
            raise DataError("record", "must be an object with action and drawn")
        drawn = data.get("drawn", [])
        if len(drawn) > 200 or not all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in drawn):
            raise DataError("drawn", "must be the dice thrown or the chit drawn")
        return cls(a.action_from_dict(data.get("action")), tuple(drawn))


class Game:
    """The checked way to play: `play` refuses an illegal action with the reason, `undo` steps back."""

    def __init__(self, edition: Edition, options: Options) -> None:
        self.options = options
        self.edition = edition
        self.context: Context = context_of(edition, options)
        self.state: State = new_state(self.context, options)
        self.history: History[State, Record] = History()
        self.warnings: list[Sentence] = []  # a replay with other tables than the record's says so here

    def play(self, action: a.Action, cards: Sequence[object] = ()) -> list[Sentence]:
        """Apply a decision. `cards` are the table's own dice or the chit pulled from the table's cup;
        without them the companion throws and draws (seeded)."""
        after, events, drawn = play(self.state, action, cards, self.context)
        self.history.push(self.state, Record(action, tuple(drawn)))
        self.state = after
        return events

    def undo(self) -> Record:
        """Drop the last decision; its dice and chit stay where they were."""
        self.state, record = self.history.pop()
        return record

    @property
    def records(self) -> list[Record]:
        """Every decision so far with its dice and chits, in order."""
        return self.history.records

    def preview(self, action: a.Fight) -> Preview:
        """A combat's preview before the roll: the ratio, the columns, every shift and modifier."""
        return fight_preview(self.state, action, self.context)

    def cup(self) -> CupView:
        """What the screen may show of the cup: counts per side, never its contents."""
        return cup_view(self.state)

    def display(self, side: str) -> dict[str, tuple[str, ...]]:
        """A side's Hidden Forces Display, box -> units: only for its owner's eyes (fog of war)."""
        return dict(self.state.hidden.get(side, {}))

    def score(self, side: str) -> Score:
        return score(self.state, side, self.context)

    def legal_actions(self) -> list[a.Action]:
        """The decisions open now, each in its plainest form (a table fills in units and answers)."""
        return legal_actions(self.state)

    def header(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "options": self.options.to_dict(),
            "tables": dict(self.edition.hashes),
        }


def legal_actions(state: State) -> list[a.Action]:
    if state.phase == "over":
        return []
    found: list[a.Action] = [a.EnterUnit(), a.SetCommandFactor(), a.Concede("austria"), a.Concede("sardinia")]
    if state.phase == "turn":
        return [a.TurnFacts(), *found]
    if state.phase == "select":
        return [a.Select(side) for side in ("austria", "sardinia") if side not in state.selections] + found
    found += [a.Reveal(side) for side, boxes in sorted(state.hidden.items()) if boxes and not state.pending]
    if state.phase == "decide":
        dummies = [a.MoveDummies()] if state.hidden.get(state.side_of(state.current)) else []
        return [a.Activate(), a.Pass(), *dummies, *found]
    if state.pending is not None:
        due = state.pending.due
        return [a.ApplyLosses(due[0][0])] if due else [a.EnterResult()]
    if retreat_due(state) or (state.active and state.active.attrition_due and not state.pending):
        return [a.RollAttrition()]
    if state.phase == "activation":
        return [a.Fight(), a.Charge(), a.Bombard(), a.EndActivation(), *found]
    if state.surprise:
        found.insert(0, a.Surprise())
    if state.cup:
        return [a.Draw(), *found]
    if state.night and not state.night_done:
        return [a.NightSupply(), *found]
    return [a.EndTurn(), *found]


def replay(edition: Edition, header: dict[str, Any], records: Iterable[Record]) -> Game:
    """Rebuild a game from its record, feeding the recorded dice and chits back in."""
    if header.get("format") != RECORD_FORMAT:
        raise DataError("format", f"must be {RECORD_FORMAT!r}")
    if header.get("version") != RECORD_VERSION:
        raise DataError("version", f"must be {RECORD_VERSION}")
    game = Game(edition, Options.from_dict(header.get("options")))
    game.warnings = [
        Sentence("{name} differs from the one this game was played with: results may differ.", name=name)
        for name in tables_changed(edition, header)
    ]
    for number, record in enumerate(records, start=1):
        try:
            game.play(record.action, record.drawn)
        except IllegalActionError as exc:
            raise DataError(f"action {number}", str(exc)) from None
    return game


def tables_changed(edition: Edition, header: dict[str, Any]) -> list[str]:
    """The files whose contents differ from those the record was played with (a replay says so)."""
    used = header.get("tables", {})
    if not isinstance(used, dict):
        return []
    return sorted(name for name, digest in used.items() if edition.hashes.get(name) != digest)
