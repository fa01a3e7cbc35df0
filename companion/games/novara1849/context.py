"""What a game is played with beside its state: the players' tables, the readings chosen, the ladder."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .edition import Edition
from .ladder import TEXT_LADDER, Ladder
from .readings import Readings


@dataclass(frozen=True)
class Context:
    edition: Edition = field(default_factory=Edition)
    readings: Readings = field(default_factory=Readings)
    command_factors: dict[str, int] = field(default_factory=dict)
    commanders_allowed: bool = True
    points: tuple[int, ...] = ()  # a scenario's fixed activation points (austria, sardinia)
    scenario: str = "campaign"
    sixth_division: bool = False
    fog: str = ""
    first_turn: int = 1

    @cached_property
    def ladder(self) -> Ladder:
        crt = self.edition.crt
        return Ladder.of(crt.columns if crt else TEXT_LADDER)
