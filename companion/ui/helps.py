"""Advanced game: choosing a Help to use (card, then zones on the board) or a tile to strengthen.

The choice in progress is screen state only; the engine decides, when it is played, if it is legal.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from companion.games.milano1848 import actions as a
from companion.games.milano1848.edition import HELPS
from companion.games.milano1848.state import State
from companion.i18n import _
from companion.ui.icons import icon_name

def help_name(help_: str) -> str:
    return {"balloon": _("Balloon"), "martinitt": _("Martinitt"), "rifle": _("Rifle"), "barricade": _("Barricade"),
            "noblewoman": _("Noblewoman")}[help_]
ZONES_WANTED = {"balloon": (1, 2), "barricade": (1, 1), "noblewoman": (2, 2)}  # (base, heroic) zone taps
Entry = tuple[str, object, Callable[[], object]]


class HelpChooser:
    def __init__(self) -> None:
        self.mode = ""  # "", "card", "zones", "tile", "stack"
        self.card = ""
        self.tile = ""
        self.zones: list[int] = []
        self.cards: list[str] = []

    def reset(self) -> None:
        self.__init__()  # type: ignore[misc]

    def hint(self, state: State) -> str | None:
        if self.mode == "zones":
            help_ = state.edition.italy[self.card][1]
            return {"balloon": _("Balloon: tap where the balloon flies"),
                    "barricade": _("Barricade: tap the zone to barricade"),
                    "noblewoman": _("Noblewoman: tap the Soldier's zone, then where it goes")}[help_]
        return {"card": _("Choose the card to play for its Help"), "tile": _("Choose the Help tile to strengthen"),
                "stack": _("Choose matching cards, then Place")}.get(self.mode)

    def entries(self, state: State, play: Callable[[a.Action], object]) -> list[Entry]:
        """The buttons of the choice in progress (none when no choice is open)."""
        if not self.mode:
            return [(_("Help"), ("mode", "card"), partial(self._open, "card")),
                    (_("Strengthen"), ("mode", "tile"), partial(self._open, "tile"))]
        hand = self._hand(state)
        entries: list[Entry] = []
        if self.mode == "card":
            for card in hand:
                icon, help_ = state.edition.italy[card]
                entries.append((f"{help_name(help_)} {icon_name(icon)[0]}", ("help-card", card), partial(self._card, state, card, play)))
        elif self.mode == "zones" and self._enough_zones(state):
            entries.append((_("Go"), ("go",), partial(self._finish, play)))
        elif self.mode == "tile":
            entries += [(help_name(h), ("tile", h), partial(self._tile, h)) for h in HELPS if not state.heroic[h]]
        elif self.mode == "stack":
            for card in hand:
                marked = " *" if card in self.cards else ""
                label = f"{icon_name(state.edition.italy[card][0])}{marked}"
                entries.append((label, ("stack", card), partial(self._toggle, card)))
            entries.append((_("Place"), ("place",), partial(self._place, play)))
        return entries + [(_("Cancel"), ("cancel",), self.reset)]

    def wants_zone(self) -> bool:
        return self.mode == "zones"

    def zone(self, state: State, zone: int, play: Callable[[a.Action], object]) -> None:
        """A board tap while zones are wanted; the Help is played once it has all of them."""
        self.zones.append(zone)
        base, heroic = ZONES_WANTED[state.edition.italy[self.card][1]]
        if len(self.zones) >= (heroic if state.heroic[state.edition.italy[self.card][1]] else base):
            self._finish(play)

    def _open(self, mode: str) -> None:
        self.reset()
        self.mode = mode

    def _hand(self, state: State) -> list[str]:
        assert state.active is not None
        return [c for c in state.hands[state.patriots[state.active].hand] if c != "?"]

    def _card(self, state: State, card: str, play: Callable[[a.Action], object]) -> None:
        self.card = card
        if state.edition.italy[card][1] in ZONES_WANTED:
            self.mode, self.zones = "zones", []
        else:
            self._finish(play)

    def _enough_zones(self, state: State) -> bool:
        return bool(self.zones) and state.edition.italy[self.card][1] == "balloon"  # a heroic balloon may stop after one

    def _finish(self, play: Callable[[a.Action], object]) -> None:
        action = a.UseHelp(self.card, tuple(self.zones))
        self.reset()
        play(action)

    def _tile(self, help_: str) -> None:
        self.mode, self.tile, self.cards = "stack", help_, []

    def _toggle(self, card: str) -> None:
        if card in self.cards:
            self.cards.remove(card)
        else:
            self.cards.append(card)

    def _place(self, play: Callable[[a.Action], object]) -> None:
        action = a.Strengthen(self.tile, tuple(self.cards))
        self.reset()
        play(action)
