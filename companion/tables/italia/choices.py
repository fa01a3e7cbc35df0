"""Italia's choices before a game: the scenario (Italia I: 3 players, Italia II: 4), the players'
names, each running the nations of their colour (§3.0, from the scenario files)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any

from companion.assets import edition
from companion.games.italia.game import Options
from companion.i18n import _
from companion.tables.italia.words import colour_name, nation_name

Choice = tuple[str, bool, Callable[[], object]]


def players_nations(scenario: str) -> list[tuple[str, list[str]]]:
    """Each player's colour and nations, in the scenario file's order (§3.0)."""
    found = edition("italia").scenario(scenario)
    return [(c, [n.id for n in found.nations if n.colour == c]) for c in found.colours]


class Choices:
    """The start screen's rows for Italia (the chosen one highlighted)."""

    def __init__(self, scenario: str = "I", seed: int | None = None) -> None:
        self.scenario, self.seed = scenario, seed

    @classmethod
    def from_args(cls, args: Any) -> Choices:
        """`companion run --game italia --players 3 --seed 5`: 3 players play Italia I, 4 Italia II."""
        return cls("II" if args.players == 4 else "I", args.seed)

    def title(self) -> str:
        if self.seed is not None:
            return _("Table Companion - Italia (seed {seed})").format(seed=self.seed)
        return _("Table Companion - Italia")

    def rows(self) -> list[tuple[str, list[Choice]]]:
        scenarios = (("I", _("Italia I: 3 players")), ("II", _("Italia II: 4 players")))
        return [
            (
                _("Scenario"),
                [
                    (label, s == self.scenario, partial(setattr, self, "scenario", s))
                    for s, label in scenarios
                ],
            ),
            (_("Who plays which nations"), [(line, True, _nothing) for line in self.sides()]),
        ]

    def sides(self) -> list[str]:
        """One label per player: their colour and their first nations (the rest on the game screen)."""
        lines = []
        for colour, nations in players_nations(self.scenario):
            names = ", ".join(nation_name(n) for n in nations[:2]) + ("..." if len(nations) > 2 else "")
            lines.append(f"{colour_name(colour).capitalize()}: {names}")
        return lines

    def options(self, seed: int) -> Options:
        return Options(self.scenario, seed if self.seed is None else self.seed)

    def names(self, options: Options) -> tuple[int, tuple[str, ...]]:
        """One name per colour; the colours' names by default."""
        sides = players_nations(options.scenario)
        return len(sides), tuple(colour_name(c).capitalize() for c, _nations in sides)

    def names_heading(self, editing: int | None, name: str) -> str:
        if editing is None:
            return _("Players: tap a name to change it")
        return _("Name of player {number}: {name}_").format(number=editing + 1, name=name)

    def named(self, options: Options, names: tuple[str, ...]) -> Options:
        return dataclasses.replace(options, names=names)


def _nothing() -> None:
    """The sides row only tells (the scenario fixes who plays which nations)."""
