"""Plain-language lines for what an Austrian turn did, from its events (terminal and screen)."""

from __future__ import annotations

from .events import Event
from .state import State


def _zones(events: list[Event], kind: str) -> list[int]:
    return [e.zone for e in events if e.kind == kind]


def _listing(zones: list[int]) -> str:
    return ", ".join(str(z) for z in zones)


_ARRIVAL = {
    "reinforce": "    Zone {zone}: +1 -> {count}",
    "radetzky": "    Radetzky moves to zone {zone}.",
    "castle": "    {count} to the Castle.",
}


def _arrival_line(event: Event) -> str:
    return _ARRIVAL[event.kind].format(zone=event.zone, count=event.count)


def describe_austrian_turn(events: list[Event], after: State) -> list[str]:
    """One line per step that did something, then the counts the table needs."""
    lines = []
    poured = _zones(events, "pour-out")
    if poured:
        lines.append(f"2.A The Castle pours out {len(poured)} Soldiers: zones {_listing(poured)}.")
    for e in events:
        if e.kind == "austria-conquers":
            lines.append(f"2.B Austria conquers zone {e.zone}; its {e.count} Soldiers return to the reserve.")
    for e in events:
        if e.kind == "game-over":
            lines.append(f"Game over: {e.faction.capitalize()} wins ({after.ended_by}).")
    wave = [e.count for e in events if e.kind == "wave"]
    if wave:
        lines.append(f"2.D {wave[0]} new Soldiers arrive.")
        lines += [_arrival_line(e) for e in events if e.kind in _ARRIVAL and (e.count or e.kind != "castle")]
    lines.append(f"Castle {after.castle}, reserve {after.reserve}, Radetzky in zone {after.radetzky}.")
    return lines
