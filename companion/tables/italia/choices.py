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
from companion.tables.italia.words import PLAYER_COLOURS, colour_name, nation_name

Choice = tuple[str, bool, Callable[[], object]]


def players_nations(scenario: str) -> list[tuple[str, list[str]]]:
    """Each player's colour and nations, in the scenario file's order (§3.0)."""
    found = edition("italia").scenario(scenario)
    return [(c, [n.id for n in found.nations if n.colour == c]) for c in found.colours]


class Choices:
    """The start screen's rows for Italia (the chosen one highlighted)."""

    def __init__(self, scenario: str = "I", seed: int | None = None) -> None:
        self.scenario, self.seed = scenario, seed
        self.page: dict[str, int] = {}  # colour -> which two of its nations its button shows

    @classmethod
    def from_args(cls, args: Any) -> Choices:
        """`companion run --game italia --players 3 --seed 5`: 3 players play Italia I, 4 Italia II."""
        return cls("II" if args.players == 4 else "I", args.seed)

    def title(self) -> str:
        if self.seed is not None:
            return _("Table Companion - Italia (seed {seed})").format(seed=self.seed)
        return _("Table Companion - Italia")

    def rows(self) -> list[tuple[str, list[Choice]]]:
        """The scenario, then the players' sides two a row (four in a row leave no room for two
        nations' names), three sides too: Settings and New game stay put when the scenario changes."""
        scenarios = (("I", _("Italia I: 3 players")), ("II", _("Italia II: 4 players")))
        sides: list[Choice] = [
            (line, False, partial(self.turn_page, colour)) for colour, line in self.sides()
        ]
        halves = [sides[:2], sides[2:]] if len(sides) > 2 else [sides]
        return [
            (
                _("Scenario"),
                [
                    (label, s == self.scenario, partial(setattr, self, "scenario", s))
                    for s, label in scenarios
                ],
            ),
            *(
                (_("Who plays which nations (tap for more)") if not i else "", half)
                for i, half in enumerate(halves)
            ),
        ]

    def sides(self) -> list[tuple[str, str]]:
        """Each player's colour and a label: two of its nations at a time, "..." while more follow."""
        found = []
        for colour, nations in players_nations(self.scenario):
            at = 2 * (self.page.get(colour, 0) % -(-len(nations) // 2))
            shown = ", ".join(nation_name(n) for n in nations[at : at + 2])
            more = "..." if at + 2 < len(nations) else ""
            found.append((colour, f"{colour_name(colour).capitalize()}: {shown}{more}"))
        return found

    def turn_page(self, colour: str) -> None:
        """A side's button tapped: its next two nations (then the first two again)."""
        self.page[colour] = self.page.get(colour, 0) + 1

    def options(self, seed: int) -> Options:
        return Options(self.scenario, seed if self.seed is None else self.seed)

    def names(self, options: Options) -> tuple[int, tuple[str, ...]]:
        """One name per colour (the scenario's players, §3.0)."""
        count = len(players_nations(options.scenario))
        return count, tuple(_("Player {number}").format(number=n + 1) for n in range(count))

    def palette(self, options: Options) -> list[tuple[int, int, int]]:
        """Each player's colour, as the scenario fixes it (§3.0): the players screen shows it."""
        return [PLAYER_COLOURS[c] for c, _nations in players_nations(options.scenario)]

    def names_heading(self, editing: int | None, name: str) -> str:
        if editing is None:
            return _("Players: tap a name to change it")
        return _("Name of player {number}: {name}_").format(number=editing + 1, name=name)

    def named(self, options: Options, names: tuple[str, ...]) -> Options:
        return dataclasses.replace(options, names=names)
