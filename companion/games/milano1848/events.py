"""What happened while an action was applied, for the screen, the die and the printed ticket."""

from __future__ import annotations

from typing import Any, Final

FIELDS = ("kind", "zone", "count", "card", "faction")


class Event:
    """kind names what happened; zone, count, card and faction say to what (unused fields stay empty).

    Austrian turn kinds: pour-out (zone, count = new soldiers there), austria-conquers (zone,
    count = soldiers returned), game-over (faction), wave (count), reinforce (zone, count),
    radetzky (zone), castle (count added), barricades-removed, round (count), first-player (count).
    Phase 1 kinds: revealed (card), clash (card, faction = winner or "tie"), fight-won (count =
    soldiers defeated), fight-lost, radetzky-defeated (zone), italy-conquers (zone), cube (count),
    promoted (zone), drawn (count), help (card).

    A value, compared and hashed by its fields, which are `Final` (mypy refuses an assignment; the
    compiled engine raises). Not a frozen dataclass on purpose: a game makes ~260 events, and a
    dataclass's generated `__init__` stays interpreted in the compiled engine
    (companion.tables.milano1848.native),
    20 times the cost of this one there.
    """

    def __init__(self, kind: str, zone: int = 0, count: int = 0, card: str = "", faction: str = "") -> None:
        self.kind: Final = kind
        self.zone: Final = zone
        self.count: Final = count
        self.card: Final = card
        self.faction: Final = faction

    def fields(self) -> tuple[str, int, int, str, str]:
        return self.kind, self.zone, self.count, self.card, self.faction

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return "Event(" + ", ".join(f"{k}={v!r}" for k, v in self.to_dict().items()) + ")"

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in zip(FIELDS, self.fields()) if v or k == "kind"}
