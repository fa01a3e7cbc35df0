"""The game state (spec 1.14): areas with their pieces and loyalty, resources, eligibility, the deck, the
offensive in progress, and the answers the players gave to values their edition files lack."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields, replace
from typing import Any

from .errors import DataError, Sentence

FACTIONS = ("ger", "rsi", "cln", "aut")
NAMES = {
    "ger": Sentence("Germany"),
    "rsi": Sentence("RSI"),
    "cln": Sentence("CLN"),
    "aut": Sentence("Autonomous"),
}
CITIES = ("napoli", "roma", "ancona", "firenze", "genova", "torino", "milano", "venezia", "trieste")  # §2.1
SPECIALS = ("rds", "france", "switzerland", "ndh", "reich", "bozen")  # §2.1
TYPES = ("city", "countryside", "mountain", "special")
LOYALTIES = ("res", "neutral", "coll")
COUNTS = ("aa", "ger", "rsi", "aut_troops", "bases")
BRIGADES = ("aut_brigades", "cln_brigades")  # each [hidden, visible]
DECK_MODES = ("table", "companion")


@dataclass(frozen=True)
class Options:
    """The start screen's choices (§9.1, §9.2, §9.3, and who builds the deck)."""

    visible_cards: bool = False
    alternative_setup: bool = False
    long_deck: bool = False
    deck_mode: str = "table"
    seed: int = 0
    names: tuple[str, ...] = ()  # who plays each faction (FACTIONS' order), as typed before the game

    def to_dict(self) -> dict[str, Any]:
        return {
            "visible_cards": self.visible_cards,
            "alternative_setup": self.alternative_setup,
            "long_deck": self.long_deck,
            "deck_mode": self.deck_mode,
            "seed": self.seed,
            "names": list(self.names),
        }

    @classmethod
    def from_dict(cls, data: object) -> Options:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise DataError("options", "must be an object")
        for name in ("visible_cards", "alternative_setup", "long_deck"):
            if not isinstance(data.get(name, False), bool):
                raise DataError(f"options.{name}", "must be true or false")
        if data.get("deck_mode", "table") not in DECK_MODES:
            raise DataError("options.deck_mode", "must be 'table' or 'companion'")
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise DataError("options.seed", "must be a whole number")
        names = data.get("names", [])
        if not isinstance(names, list) or len(names) > len(FACTIONS) or not all(_name(n) for n in names):
            raise DataError("options.names", "must be a list of up to four names")
        return cls(
            data.get("visible_cards", False),
            data.get("alternative_setup", False),
            data.get("long_deck", False),
            data.get("deck_mode", "table"),
            seed,
            tuple(names),
        )


def _name(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 40


@dataclass
class Area:
    """One area's pieces and tokens. Brigades are [hidden, visible]; `disk` is None off the cities."""

    type: str = "?"
    liberated: bool = False
    loyalty: str = "neutral"
    sabotage: bool = False
    disk: str | None = None
    aa: int = 0
    ger: int = 0
    rsi: int = 0
    aut_troops: int = 0
    bases: int = 0
    aut_brigades: list[int] = field(default_factory=lambda: [0, 0])
    cln_brigades: list[int] = field(default_factory=lambda: [0, 0])

    def copy(self) -> Area:
        return Area(
            self.type,
            self.liberated,
            self.loyalty,
            self.sabotage,
            self.disk,
            self.aa,
            self.ger,
            self.rsi,
            self.aut_troops,
            self.bases,
            self.aut_brigades[:],
            self.cln_brigades[:],
        )

    def pieces(self) -> int:
        """Every wooden piece here, hidden brigades and bases included (A-9)."""
        return self.aa + self.axis() + self.aut() + sum(self.cln_brigades)

    def axis(self) -> int:
        return self.ger + self.rsi

    def aut(self) -> int:
        return self.aut_troops + self.bases + sum(self.aut_brigades)

    def brigades(self) -> int:
        return sum(self.aut_brigades) + sum(self.cln_brigades)


@dataclass
class Offensive:
    """The offensive in progress: its card, power, repetition and step, and the areas step A reached."""

    card: str
    power: int
    round: int = 1
    step: str = "A"
    front: list[str] = field(default_factory=list)
    fought: list[str] = field(default_factory=list)


@dataclass
class State:
    options: Options = field(default_factory=Options)
    card_index: int = 0
    current: str | None = None
    offensives_done: int = 0
    eligible: list[str] = field(default_factory=lambda: list(FACTIONS))
    ineligible: list[str] = field(default_factory=list)
    acted: list[dict[str, str]] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)
    resources: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FACTIONS, 0))
    areas: dict[str, Area] = field(default_factory=dict)
    pawn: str = "rds"
    cln_reserve_tokens: int = 0
    winner: str | None = None
    deck: list[str] | None = None
    seen: list[str] = field(default_factory=list)
    step: str = "reveal"
    offensive: Offensive | None = None
    order: list[str] = field(default_factory=list)  # the current card's faction order
    cursor: int = 0  # the next place in that order to look for an eligible faction
    pending: list[str] = field(default_factory=list)  # top-left symbols still to resolve
    civic: list[str] = field(default_factory=list)  # factions still to take civic actions
    placing: list[str] = field(default_factory=list)  # §9.2: factions still to set up
    scores: dict[str, int] = field(default_factory=dict)  # the last score step's
    answers: dict[str, Any] = field(default_factory=dict)
    rolls: int = 0  # Clash dice thrown so far: roll k is a function of the seed and k
    die_pending: str = ""  # the area of a Clash declared whose die is not thrown yet
    deck_warnings: list[str] = field(default_factory=list)
    hand_entered: list[str] = field(default_factory=list)

    def copy(self) -> State:
        """A copy whose changes never reach this state (what each decision works on): faster than deepcopy."""
        made = copy.copy(self)
        for name in LIST_FIELDS:  # lists of names: a shallow copy each
            setattr(made, name, list(getattr(self, name)))
        made.acted = [dict(a) for a in self.acted]
        made.resources, made.scores = dict(self.resources), dict(self.scores)
        made.areas = {k: a.copy() for k, a in self.areas.items()}
        made.deck = None if self.deck is None else list(self.deck)
        made.answers = copy.deepcopy(self.answers)
        if self.offensive is not None:
            made.offensive = replace(
                self.offensive, front=list(self.offensive.front), fought=list(self.offensive.fought)
            )
        return made

    def area(self, area_id: str) -> Area:
        """The area's record, made (unknown terrain unless a city or special area) when first named."""
        if area_id not in self.areas:
            kind = "city" if area_id in CITIES else "special" if area_id in SPECIALS else "?"
            self.areas[area_id] = Area(type=kind, disk="intact" if kind == "city" else None)
        return self.areas[area_id]

    def offensive_number(self) -> int:
        """k: the offensive being played (it stays open through its score, income and civic steps)."""
        return self.offensives_done + (1 if self.offensive is not None else 0)


LIST_FIELDS = tuple(
    f.name for f in fields(State) if f.type.startswith("list[str]") and f.name not in ("deck",)
)
