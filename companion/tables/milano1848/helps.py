"""Advanced game: choosing a Help to use (card, then zones on the board) or a tile to strengthen.

The choice in progress is screen state only; the engine decides, when it is played, if it is legal.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from companion.games.milano1848 import actions as a
from companion.games.milano1848.edition import HELPS
from companion.games.milano1848.helps import strengthen_requirement
from companion.games.milano1848.state import State
from companion.games.milano1848.turns import unseen_italy_card
from companion.i18n import _
from companion.tables.base import Entry, Intent
from companion.tables.milano1848.icons import icon_name


def help_name(help_: str) -> str:
    return {
        "balloon": _("Balloon"),
        "martinitt": _("Martinitt"),
        "rifle": _("Rifle"),
        "barricade": _("Barricade"),
        "noblewoman": _("Noblewoman"),
    }[help_]


def card_face(state: State, card: str) -> str:
    """A card as its holder sees it: its top icon, and in the Advanced game its Help."""
    icon, help_ = state.edition.italy[card]
    if state.mode == "advanced":
        return _("{icon} ({help})").format(icon=icon_name(icon), help=help_name(help_))
    return icon_name(icon)


def hidden_card(number: int) -> str:
    """A card's button while the hand is hidden: its place in the hand (Peek tells which it is)."""
    return _("Card {number}").format(number=number)


def tiles_text(state: State) -> str:
    """Every Help tile's side and the cards under it of those it needs, in one sentence."""
    said = []
    for help_ in HELPS:
        under, needed = state.tiles[help_], strengthen_requirement(state, help_)
        if state.heroic[help_]:
            said.append(_("{help} Heroic").format(help=help_name(help_)))
        elif under:
            icon = icon_name(state.edition.italy[under[0]][0])
            said.append(f"{help_name(help_)} {len(under)}/{needed} {icon}")
        else:
            said.append(f"{help_name(help_)} 0/{needed}")
    return _("Help tiles: {tiles}.").format(tiles=", ".join(said))


def heroic_text(state: State) -> str:
    """The tiles on their Heroic side (their Helps do more), or nothing."""
    heroic = [help_name(h) for h in HELPS if state.heroic[h]]
    return " " + _("Heroic: {tiles}.").format(tiles=", ".join(heroic)) if heroic else ""


ZONES_WANTED = {"balloon": (1, 2), "barricade": (1, 1), "noblewoman": (2, 2)}  # (base, heroic) zone taps
Play = Callable[[a.Action], Intent]


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
            return {
                "balloon": _("Balloon: tap where the balloon flies"),
                "barricade": _("Barricade: tap the zone to barricade"),
                "noblewoman": _("Noblewoman: tap the Soldier's zone, then where it goes"),
            }[help_]
        if self.mode == "tile":
            return tiles_text(state)  # the tile buttons ask to choose one
        if self.mode == "card":
            return _("Choose the card to play for its Help.") + heroic_text(state)
        return {
            "stack": _("Choose matching cards, then Place"),
            "hidden-icon": _("The face-down card's top icon?"),
        }.get(self.mode)

    def entries(self, state: State, play: Play, faces: bool = True) -> list[Entry]:
        """The buttons of the choice in progress (none when no choice is open). Without `faces`
        (hidden hands, Peek not held) a card's button tells only its place in the hand."""
        if not self.mode:
            return [
                (_("Help"), ("mode", "card"), partial(self._open, "card")),
                (_("Strengthen"), ("mode", "tile"), partial(self._open, "tile")),
            ]
        hand = self._hand(state)
        entries: list[Entry] = []
        if self.mode == "card":
            for number, card in enumerate(hand, 1):
                icon, help_ = state.edition.italy[card]
                label = f"{help_name(help_)} {icon_name(icon)[0]}" if faces else hidden_card(number)
                entries.append((label, ("help-card", card), partial(self._card, state, card, play)))
            if self._hidden(state):  # table decks: a face-down card is named by its Help, then its icon
                entries += [
                    (f"{help_name(h)} ?", ("help-hidden", h), partial(self._hidden_help, h)) for h in HELPS
                ]
        elif self.mode == "hidden-icon":
            for icon in ("swords", "map", "cannonball"):
                named = face_down_card(state, icon, self.tile, self.cards)
                if named is not None:
                    entries.append(
                        (icon_name(icon), ("help-icon", icon), partial(self._card, state, named, play))
                    )
        elif self.mode == "zones" and self._enough_zones(state):
            entries.append((_("Go"), ("go",), partial(self._finish, play)))
        elif self.mode == "tile":
            entries += [
                (help_name(h), ("tile", h), partial(self._tile, h)) for h in HELPS if not state.heroic[h]
            ]
        elif self.mode == "stack":
            for number, card in enumerate(hand, 1):
                marked = " *" if card in self.cards else ""
                face = icon_name(state.edition.italy[card][0]) if faces else hidden_card(number)
                label = f"{face}{marked}"
                entries.append((label, ("stack", card), partial(self._toggle, card)))
            if len([c for c in self.cards if c not in hand]) < self._hidden(
                state
            ):  # face-down cards, by icon
                for icon in ("swords", "map", "cannonball"):
                    named = face_down_card(state, icon, self.tile, self.cards)
                    if named is not None:
                        entries.append(
                            (f"{icon_name(icon)} ?", ("stack-hidden", icon), partial(self._toggle, named))
                        )
            entries.append((_("Place"), ("place",), partial(self._place, play)))
        return entries + [(_("Cancel"), ("cancel",), self.reset)]

    def wants_zone(self) -> bool:
        return self.mode == "zones"

    def zone(self, state: State, zone: int, play: Play) -> Intent | None:
        """A board tap while zones are wanted; the Help is played once it has all of them."""
        self.zones.append(zone)
        base, heroic = ZONES_WANTED[state.edition.italy[self.card][1]]
        if len(self.zones) >= (heroic if state.heroic[state.edition.italy[self.card][1]] else base):
            return self._finish(play)
        return None

    def _hidden(self, state: State) -> int:
        assert state.active is not None
        return state.hands[state.patriots[state.active].hand].count("?")

    def _hidden_help(self, help_: str) -> None:
        self.mode, self.tile = "hidden-icon", help_

    def _open(self, mode: str) -> None:
        self.reset()
        self.mode = mode

    def _hand(self, state: State) -> list[str]:
        assert state.active is not None
        return [c for c in state.hands[state.patriots[state.active].hand] if c != "?"]

    def _card(self, state: State, card: str, play: Play) -> Intent | None:
        self.card = card
        if state.edition.italy[card][1] in ZONES_WANTED:
            self.mode, self.zones = "zones", []
            return None
        return self._finish(play)

    def _enough_zones(self, state: State) -> bool:
        return (
            bool(self.zones) and state.edition.italy[self.card][1] == "balloon"
        )  # a heroic balloon may stop after one

    def _finish(self, play: Play) -> Intent:
        action = a.UseHelp(self.card, tuple(self.zones))
        self.reset()
        return play(action)

    def _tile(self, help_: str) -> None:
        self.mode, self.tile, self.cards = "stack", help_, []

    def _toggle(self, card: str) -> None:
        if card in self.cards:
            self.cards.remove(card)
        else:
            self.cards.append(card)

    def _place(self, play: Play) -> Intent:
        action = a.Strengthen(self.tile, tuple(self.cards))
        self.reset()
        return play(action)


def face_down_card(state: State, icon: str, help_: str, chosen: list[str]) -> str | None:
    """Table decks: a card with this icon and Help that may be one of the active hand's face-down
    cards, to name it when it is played (cards with the same faces are interchangeable)."""
    italy = state.edition.italy
    return next(
        (
            c
            for c, faces in italy.items()
            if faces == (icon, help_) and c not in chosen and unseen_italy_card(state, c)
        ),
        None,
    )
