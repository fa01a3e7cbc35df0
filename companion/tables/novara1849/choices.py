"""The Road to Novara's choices before a game: the scenario, the dice and the cup the table uses, the
optional rules (one Fog of War option, the 6th Division variant), the Higher Commanders' Command
Factors as printed on their chits (the text gives none)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from companion.i18n import _

Choice = tuple[str, bool, Callable[[], object]]
FACTORS = (0, 1, 2, 3, 4)  # 0: not known (the chit's number not yet typed in)
FOG = ("", "dummies", "hidden")  # as the engine's options name them


def scenario_names() -> dict[str, str]:
    """The scenarios by the text's titles (the place names as printed), as the engine's SCENARIOS names
    them (a test checks they are the same)."""
    return {
        "campaign": _("Campaign"),
        "sforzesca": "Sforzesca",
        "mortara": "Mortara",
        "novara": "Novara",
        "ramorino": "Ramorino",
    }


class Choices:
    """The start screen's rows for the Road to Novara (the chosen one highlighted)."""

    def __init__(self, seed: int | None = None) -> None:
        self.scenario = "campaign"
        self.table_dice = False  # the table throws its own dice and types them
        self.table_cup = False  # the table draws from its own cup and taps the chit pulled
        self.idle_cup = False  # spec 6's ambient face: the die shows the chits left between activations
        self.factors = {"radetzky": 0, "chrzanowski": 0}
        self.fog = (
            ""  # Fog of War, at most one of the two: "", "dummies" or "hidden" (the Hidden Forces Display)
        )
        self.sixth_division = False  # Variants > The non-participating forces: the 6th Division may enter
        self.seed = seed

    @classmethod
    def from_args(cls, args: Any) -> Choices:
        """`companion run --game novara1849 --seed 5`: the start screen's choices."""
        return cls(seed=getattr(args, "seed", None))

    def title(self) -> str:
        if self.seed is not None:
            return _("Table Companion - The Road to Novara (seed {seed})").format(seed=self.seed)
        return _("Table Companion - The Road to Novara")

    def rows(self) -> list[tuple[str, list[Choice]]]:
        return [
            (
                _("Scenario"),
                [
                    (label, name == self.scenario, partial(setattr, self, "scenario", name))
                    for name, label in scenario_names().items()
                ],
            ),
            (
                _("At the table (the rules' readings: the defaults)"),
                [
                    (self.dice_label(), False, self._switch_dice),
                    (self.cup_label(), False, self._switch_cup),
                    (self.idle_label(), self.idle_cup, self._switch_idle),
                ],
            ),
            (
                _("Optional rules, if both players agree"),
                [
                    (self.fog_label(), bool(self.fog), self._next_fog),
                    (self.sixth_label(), self.sixth_division, self._switch_sixth),
                ],
            ),
            (
                _("Command Factors as printed on the chits"),
                [(self.factor_label(name), False, partial(self._next_factor, name)) for name in self.factors],
            ),
        ]

    def dice_label(self) -> str:
        return _("Dice: typed in") if self.table_dice else _("Dice: the LED die")

    def cup_label(self) -> str:
        return _("Cup: the table's") if self.table_cup else _("Cup: the companion's")

    def idle_label(self) -> str:
        return _("Idle die: chits in the cup") if self.idle_cup else _("Idle die: blank")

    def _switch_idle(self) -> None:
        self.idle_cup = not self.idle_cup

    def fog_label(self) -> str:
        return {
            "dummies": _("Fog of war: dummy markers"),
            "hidden": _("Fog of war: hidden display"),
        }.get(self.fog, _("Fog of war: none"))

    def _next_fog(self) -> None:
        """None, dummy markers, the Hidden Forces Display: at most one of the two (text: Fog of War)."""
        self.fog = FOG[(FOG.index(self.fog) + 1) % len(FOG)]

    def sixth_label(self) -> str:
        return _("6th Division: may enter") if self.sixth_division else _("6th Division: not in play")

    def _switch_sixth(self) -> None:
        self.sixth_division = not self.sixth_division

    def factor_label(self, name: str) -> str:
        value = self.factors[name]
        return f"{name.title()}: {value if value else '?'}"

    def _switch_dice(self) -> None:
        self.table_dice = not self.table_dice

    def _switch_cup(self) -> None:
        self.table_cup = not self.table_cup

    def _next_factor(self, name: str) -> None:
        self.factors[name] = FACTORS[(FACTORS.index(self.factors[name]) + 1) % len(FACTORS)]

    def options(self, seed: int) -> Any:
        """The chosen scenario's options (the engine is imported only now: the start screen needs none)."""
        from companion.games.novara1849 import scenario

        factors = tuple((name, value) for name, value in self.factors.items() if value)
        chosen = seed if self.seed is None else self.seed
        return scenario(
            self.scenario,
            seed=chosen,
            command_factors=factors,
            fog=self.fog,
            sixth_division=self.sixth_division,
            table=self.table_ways(),
        )

    def table_ways(self) -> tuple[str, ...]:
        """How the table plays, kept in the game's options (a resumed game plays on the same way)."""
        chosen = (("dice", self.table_dice), ("cup", self.table_cup), ("idle", self.idle_cup))
        return tuple(way for way, on in chosen if on)

    def names(self, options: Any) -> tuple[int, tuple[str, ...]]:
        """No names to ask for: the two players are the two armies."""
        return 0, ()

    def names_heading(self, editing: int | None, name: str) -> str:
        return _(
            "Austria against Sardinia: two players, one for each army. The companion never sees the map: "
            "type in each counter when it first fights, and answer what the rules ask."
        )

    def named(self, options: Any, names: tuple[str, ...]) -> Any:
        return options
