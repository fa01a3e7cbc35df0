"""Advanced game: Use a Help (five Helps, base and heroic) and Strengthen a Help."""

from __future__ import annotations

from .dealer import Dealer
from .errors import Sentence, plural
from .events import Event
from .fights import start_fight
from .state import State
from .turns import can_answer, find_card, take_card
from .words import FightKind

NEEDS_EXTRA_CARD = ("barricade", "noblewoman")  # their tiles need one card more than the players


def help_of(state: State, card: str) -> str:
    return state.edition.italy[card][1]


def barricade_limit(state: State) -> int:
    return state.rule_players


def strengthen_requirement(state: State, help_: str) -> int:
    """Cards needed under a tile: the (rule) player count, one more for Barricade and Noblewoman."""
    return state.rule_players + (1 if help_ in NEEDS_EXTRA_CARD else 0)


def check_help(state: State, card: str, zones: tuple[int, ...]) -> str | None:
    """Why this Help cannot be used now (None if it can). `card` is known to be playable."""
    help_ = help_of(state, card)
    return _HELP_CHECKS[help_](state, state.heroic[help_], zones)


def _check_balloon(state: State, heroic: bool, zones: tuple[int, ...]) -> str | None:
    assert state.active is not None
    here = state.patriots[state.active].zone
    most = state.edition.rules.balloon_moves[1 if heroic else 0]
    if not 1 <= len(zones) <= most:
        return (
            Sentence("the Hot-Air Balloon moves 1-{most} zones", most=most)
            if most > 1
            else Sentence("the Hot-Air Balloon moves 1 zone")
        )
    if here == state.radetzky:
        return Sentence("Radetzky is in zone {zone} with your Patriot", zone=here)
    board = state.edition.board
    for step, (a, b) in enumerate(zip((here,) + zones, zones)):
        if not board.adjacent(a, b):
            return Sentence("zone {zone} is not adjacent to zone {here}", zone=b, here=a)
        if a == state.radetzky and step > 0:
            return Sentence(
                "the first move reaches Radetzky in zone {zone}, so the second cannot be made", zone=a
            )
    return None


def _check_nothing(state: State, heroic: bool, zones: tuple[int, ...]) -> str | None:
    return Sentence("this Help takes no zone") if zones else None


def _check_rifle(state: State, heroic: bool, zones: tuple[int, ...]) -> str | None:
    assert state.active is not None
    here = state.patriots[state.active].zone
    if zones:
        return Sentence("the Rifle takes no zone: it fights in your Patriot's zone")
    if here == state.radetzky:
        return Sentence("Radetzky is in zone {zone} with your Patriot", zone=here)
    if state.soldiers[here] == 0:
        return Sentence("zone {zone} has no Soldiers to fight", zone=here)
    if not can_answer(state, spent=1):
        return Sentence("no card would be left to answer the Austrian cards")
    return None


def _check_barricade(state: State, heroic: bool, zones: tuple[int, ...]) -> str | None:
    if len(zones) != 1 or zones[0] not in state.zones:
        return Sentence("the Barricade needs one zone, 1-16")
    if len(state.barricades) >= barricade_limit(state):
        return Sentence(
            "all {count} Mobile Barricade tiles allowed are in play", count=barricade_limit(state)
        )
    return None


def _check_noblewoman(state: State, heroic: bool, zones: tuple[int, ...]) -> str | None:
    if len(zones) != 2 or not all(z in state.zones for z in zones):
        return Sentence("the Noblewoman needs two zones: from and to")
    source, target = zones
    if state.soldiers[source] == 0:
        return Sentence("zone {zone} has no Soldier to move", zone=source)
    if not state.edition.board.adjacent(source, target, barriers_block=True):
        return Sentence(
            "zone {zone} is not reachable from zone {here} (not adjacent, or a Barrier is between)",
            zone=target,
            here=source,
        )
    if state.owner[target] is not None:
        return Sentence("zone {zone} is already conquered", zone=target)
    return None


_HELP_CHECKS = {
    "balloon": _check_balloon,
    "martinitt": _check_nothing,
    "rifle": _check_rifle,
    "barricade": _check_barricade,
    "noblewoman": _check_noblewoman,
}


def use_help(state: State, card: str, zones: tuple[int, ...], dealer: Dealer, events: list[Event]) -> None:
    assert state.active is not None
    help_ = help_of(state, card)
    heroic = state.heroic[help_]
    place = find_card(state, card, [state.patriots[state.active].hand])
    assert place is not None
    take_card(state, card, place)
    events.append(Event("help", card=card))
    _HELP_EFFECTS[help_](state, heroic, zones, dealer, events)
    state.italy.discard.append(card)  # after the effect, so Martinitt cannot draw it back


def _balloon(state: State, heroic: bool, zones: tuple[int, ...], dealer: Dealer, events: list[Event]) -> None:
    assert state.active is not None
    state.patriots[state.active].zone = zones[-1]


def _martinitt(
    state: State, heroic: bool, zones: tuple[int, ...], dealer: Dealer, events: list[Event]
) -> None:
    assert state.active is not None
    hand = state.patriots[state.active].hand
    drawn = [c for c in (dealer.italy() for _ in range(state.edition.rules.martinitt_draws[heroic])) if c]
    state.hands[hand].extend(drawn)
    events.append(Event("drawn", count=len(drawn)))


def _rifle(state: State, heroic: bool, zones: tuple[int, ...], dealer: Dealer, events: list[Event]) -> None:
    start_fight(state, FightKind.SOLDIERS, state.edition.rules.rifle_reveals[heroic], dealer, events)


def _barricade(
    state: State, heroic: bool, zones: tuple[int, ...], dealer: Dealer, events: list[Event]
) -> None:
    zone = zones[0]
    state.barricades.append(zone)
    if heroic and state.soldiers[zone]:
        state.soldiers[zone] -= 1
        state.reserve += 1


def _noblewoman(
    state: State, heroic: bool, zones: tuple[int, ...], dealer: Dealer, events: list[Event]
) -> None:
    source, target = zones
    state.soldiers[source] -= 1
    state.soldiers[target] += 1
    if heroic and state.castle:
        state.castle -= 1
        state.reserve += 1


_HELP_EFFECTS = {
    "balloon": _balloon,
    "martinitt": _martinitt,
    "rifle": _rifle,
    "barricade": _barricade,
    "noblewoman": _noblewoman,
}


def check_strengthen(state: State, help_: str, cards: tuple[str, ...]) -> str | None:
    """Why these cards cannot go under this tile (None if they can). Cards are known to be playable."""
    if state.heroic[help_]:
        return Sentence("the {help} tile already shows its Heroic side", help=help_)
    icons = {state.edition.italy[c][0] for c in cards} | {
        state.edition.italy[c][0] for c in state.tiles[help_]
    }
    if len(icons) > 1:
        return Sentence("all cards under a tile must show the same top icon")
    needed = strengthen_requirement(state, help_) - len(state.tiles[help_])
    if len(cards) > needed:
        return plural(
            needed,
            "the {help} tile needs only {count} more card",
            "the {help} tile needs only {count} more cards",
            help=help_,
        )
    return None


def strengthen(state: State, help_: str, cards: tuple[str, ...], events: list[Event]) -> None:
    assert state.active is not None
    hand = state.patriots[state.active].hand
    for card in cards:
        place = find_card(state, card, [hand])
        assert place is not None
        take_card(state, card, place)
    tile = state.tiles[help_]
    tile.extend(cards)
    if len(tile) >= strengthen_requirement(state, help_):
        state.heroic[help_] = True
        state.italy.discard.extend(tile)
        tile.clear()
        events.append(Event("heroic", card=help_))
