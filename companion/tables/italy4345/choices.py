"""Italy '43-'45's choices before a game: the deck (standard or §9.3's longer one), who builds it (the
table, or the companion with its seeded, recorded deal), §9.1 Visible Cards; the data level the owner's
files give is shown on the start screen's title."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any

from companion.games.italy4345.model import FACTIONS, Options
from companion.i18n import _
from companion.tables.italy4345.words import faction_name

Choice = tuple[str, bool, Callable[[], object]]


def data_level(edition: Any) -> str:
    """L0, L1 or L2 (spec 1.1): what the owner's files give."""
    if edition.board is not None:
        return "L2"
    values = [v for c in edition.cities.values() for side in ("intact", "bombed") for v in c[side].values()]
    known = any(v is not None for v in values)
    return "L1" if known or edition.events or edition.arrows else "L0"


class Choices:
    """The start screen's rows for Italy '43-'45 (the chosen one highlighted)."""

    def __init__(self, long_deck: bool = False, deck_mode: str = "table", seed: int | None = None) -> None:
        self.long_deck, self.deck_mode, self.seed = long_deck, deck_mode, seed
        self.visible = False
        self.alternative = False  # §9.2: each faction places its own pieces (offered with the owner's map)
        self.players: tuple[str, ...] = ()  # who plays each faction, as typed before the game (the screen's)

    @classmethod
    def from_args(cls, args: Any) -> Choices:
        """`companion run --game italy4345 --seed 5`: the standard deck, built by the table."""
        return cls(seed=args.seed)

    def title(self) -> str:
        from companion.assets import edition

        level = data_level(edition("italy4345"))
        if self.seed is not None:
            return _("Table Companion - Italy '43-'45 (data {level}, seed {seed})").format(
                level=level, seed=self.seed
            )
        return _("Table Companion - Italy '43-'45 (data {level})").format(level=level)

    def rows(self) -> list[tuple[str, list[Choice]]]:
        decks = ((False, _("Standard: 45 cards")), (True, _("Longer: 55 cards")))
        builders = (("table", _("The table")), ("companion", _("The companion")))
        return [
            (_("Deck"), [(t, d == self.long_deck, partial(setattr, self, "long_deck", d)) for d, t in decks]),
            (
                _("Who builds the deck"),
                [(t, m == self.deck_mode, partial(setattr, self, "deck_mode", m)) for m, t in builders],
            ),
            (
                _("Visible cards (9.1)"),
                [(t, v == self.visible, partial(setattr, self, "visible", v)) for v, t in self._offs()],
            ),
            *self._setup_row(),
        ]

    def _setup_row(self) -> list[tuple[str, list[Choice]]]:
        """§9.2's set-up needs countryside and mountain areas: offered once the owner's map is there."""
        from companion.assets import edition

        if edition("italy4345").board is None:
            self.alternative = False
            return []
        kinds = ((False, _("Printed")), (True, _("Alternative (9.2)")))
        return [
            (
                _("Set-up"),
                [(t, v == self.alternative, partial(setattr, self, "alternative", v)) for v, t in kinds],
            )
        ]

    @staticmethod
    def _offs() -> tuple[tuple[bool, str], ...]:
        return ((False, _("Off")), (True, _("On")))

    def options(self, seed: int) -> Options:
        chosen = seed if self.seed is None else self.seed
        return Options(self.visible, self.alternative, self.long_deck, self.deck_mode, chosen)

    def names(self, options: Options) -> tuple[int, tuple[str, ...]]:
        """One name per faction (one person may hold two): the faction's name by default."""
        return len(FACTIONS), tuple(faction_name(f) for f in FACTIONS)

    def names_heading(self, editing: int | None, name: str) -> str:
        if editing is None:
            return _("Who plays each faction: tap a name to change it")
        return _("{faction} is played by: {name}_").format(faction=faction_name(FACTIONS[editing]), name=name)

    def named(self, options: Options, names: tuple[str, ...]) -> Options:
        """The names go in the game's options (its record's header), so a resumed game keeps them; the
        turn's title says who acts."""
        self.players = names
        own = self.names(options)[1]  # a faction's own name, in the language in use, is no player's name
        typed = tuple("" if name == default else name for name, default in zip(names, own, strict=False))
        return dataclasses.replace(options, names=typed)
