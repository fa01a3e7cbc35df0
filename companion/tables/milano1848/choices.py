"""Milano 1848's choices before a game: players, mode, difficulty, hands; the Patriots' names."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any

from companion.assets import edition
from companion.games.milano1848.setup import PATRIOT_NAMES, Options
from companion.games.milano1848.words import Mode
from companion.i18n import _

DIFFICULTY = (-2, -1, 0, 1, 2)  # Soldiers per wave, around the rules' own
TABLE_DECKS = "table"  # the last choice of the hands row: the table shuffles and deals its own cards
Choice = tuple[str, bool, Callable[[], object]]


def hands_names() -> dict[str, str]:
    """What the screen tells of each hand when the companion deals, or the table's own decks."""
    return {"open": _("Open"), "count": _("Icon count"), "hidden": _("Hidden"), TABLE_DECKS: _("Own decks")}


class Choices:
    """The start screen's rows for Milano 1848 (the chosen one highlighted)."""

    def __init__(self, players: int = 4, mode: str = Mode.BASIC, seed: int | None = None) -> None:
        self.waves = edition("milano1848").rules.wave
        self.players, self.mode, self.difficulty, self.privacy = players, Mode(mode), 0, "open"
        self.seed = seed  # `companion run --seed`: the next game's seed (None: a fresh one each game)

    @classmethod
    def from_args(cls, args: Any) -> Choices:
        """`companion run --players 3 --mode advanced --seed 5 --wave 7`: the start screen's choices."""
        choices = cls(players=args.players, mode=args.mode, seed=args.seed)
        if args.wave is not None:
            choices.difficulty = args.wave - choices.waves[max(choices.players, 3)]
        return choices

    def title(self) -> str:
        """The start screen's heading; a seed given on the command line is shown (every game uses it)."""
        if self.seed is not None:
            return _("Table Companion - Radetzky: Milano 1848 (seed {seed})").format(seed=self.seed)
        return _("Table Companion - Radetzky: Milano 1848")

    def rows(self) -> list[tuple[str, list[Choice]]]:
        return [
            (
                _("Players"),
                [(str(n), n == self.players, partial(setattr, self, "players", n)) for n in range(1, 6)],
            ),
            (
                _("Game"),
                [
                    (label, m == self.mode, partial(setattr, self, "mode", m))
                    for m, label in ((Mode.BASIC, _("Basic")), (Mode.ADVANCED, _("Advanced")))
                ],
            ),
            (
                _("Difficulty: Soldiers per wave"),
                [
                    (
                        f"{d:+d}" if d else _("Printed"),
                        d == self.difficulty,
                        partial(setattr, self, "difficulty", d),
                    )
                    for d in DIFFICULTY
                ],
            ),
            (
                _("Hands (the companion deals), or the table's own decks"),
                [
                    (label, p == self.privacy, partial(setattr, self, "privacy", p))
                    for p, label in hands_names().items()
                ],
            ),
        ]

    def options(self, seed: int) -> Options:
        """The chosen game; difficulty moves the wave by one Soldier a step, as the rulebook suggests."""
        wave = self.waves[max(self.players, 3)] + self.difficulty if self.difficulty else None
        return Options(
            players=self.players,
            mode=self.mode,
            seed=seed if self.seed is None else self.seed,
            wave=wave,
            tracked=self.privacy != TABLE_DECKS,
            hands="open" if self.privacy == TABLE_DECKS else self.privacy,
        )

    def names(self, options: Options) -> tuple[int, tuple[str, ...]]:
        """How many names the players screen asks for, and the rulebook's own."""
        return options.patriot_count, PATRIOT_NAMES

    def names_heading(self, editing: int | None, name: str) -> str:
        """The players screen's heading: the Patriots, or the name being typed."""
        if editing is None:
            return _("Patriots: tap a name to change it, a colour to swap it")
        return _("Name of Patriot {number}: {name}_").format(number=editing + 1, name=name)

    def named(self, options: Options, names: tuple[str, ...]) -> Options:
        return dataclasses.replace(options, names=names)
