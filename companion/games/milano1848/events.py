"""What happened while an action was applied, for the screen, the die and the printed ticket."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    """kind names what happened; zone, count, card and faction say to what (unused fields stay empty).

    Austrian turn kinds: pour-out (zone, count = new soldiers there), austria-conquers (zone,
    count = soldiers returned), game-over (faction), wave (count), reinforce (zone, count),
    radetzky (zone), castle (count added), barricades-removed, round (count), first-player (count).
    Phase 1 kinds: revealed (card), clash (card, faction = winner or "tie"), fight-won (count =
    soldiers defeated), fight-lost, radetzky-defeated (zone), italy-conquers (zone), cube (count),
    promoted (zone), drawn (count), help (card).
    """

    kind: str
    zone: int = 0
    count: int = 0
    card: str = ""
    faction: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v or k == "kind"}
