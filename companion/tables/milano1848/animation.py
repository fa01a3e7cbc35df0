"""The Austrian turn shown step by step on the map: the board as it was, then each event in turn
(pour-out, conquests, the wave, Radetzky's move), with a caption. Any tap skips to the end."""

from __future__ import annotations

from companion.games.milano1848.events import Event
from companion.games.milano1848.state import AUSTRIA, State
from companion.i18n import _
from companion.tables.milano1848.icons import side_name

STEP_S = 0.35
SHOWN = ("pour-out", "austria-conquers", "wave", "reinforce", "radetzky", "castle", "game-over")


def caption(event: Event) -> str:
    text = {
        "pour-out": _("2.A Castle pours out: zone {zone} -> {count}"),
        "austria-conquers": _("2.B Austria conquers zone {zone}"),
        "wave": _("2.D {count} new Soldiers arrive"),
        "reinforce": _("2.D Zone {zone}: +1 -> {count}"),
        "radetzky": _("2.D Radetzky moves to zone {zone}"),
        "castle": _("2.D {count} Soldiers to the Castle"),
        "game-over": _("{side} wins!"),
    }[event.kind]
    return text.format(zone=event.zone, count=event.count, side=side_name(event.faction))


class TurnAnimation:
    def __init__(self, before: State, events: list[Event], started: float) -> None:
        self.before = before
        self.events = [e for e in events if e.kind in SHOWN]
        self.started = started

    def done(self, now: float) -> bool:
        return now - self.started >= STEP_S * (len(self.events) + 1)

    def frame(self, now: float) -> tuple[State, str]:
        """The board to draw and the caption at time `now`."""
        shown = min(len(self.events), int((now - self.started) / STEP_S))
        board = self.before.copy()
        for event in self.events[:shown]:
            _apply(board, event)
        return board, caption(self.events[shown - 1]) if shown else _("The Austrian turn")


def _apply(board: State, event: Event) -> None:
    if event.kind == "pour-out":
        board.soldiers[event.zone], board.castle = event.count, board.castle - 1
    elif event.kind == "reinforce":
        board.soldiers[event.zone] = event.count
    elif event.kind == "austria-conquers":
        board.reserve += board.soldiers[event.zone]
        board.soldiers[event.zone], board.owner[event.zone] = 0, AUSTRIA
    elif event.kind == "wave":
        board.reserve -= event.count
    elif event.kind == "radetzky":
        board.radetzky = event.zone
    elif event.kind == "castle":
        board.castle += event.count
