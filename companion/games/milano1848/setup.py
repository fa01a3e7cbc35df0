"""A new game: options, the Zone-deck draws of setup steps 6-7, decks and hands."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .dealer import Dealer, Draw, shuffle
from .edition import HELPS, Edition
from .errors import DataError
from .events import Event
from .state import PLACE, Deck, Patriot, State
from .turns import hand_order, refill, turn_order
from .words import Mode

PATRIOT_NAMES = ("Carlo", "Bartolomeo", "Luciano", "Gabrio", "Cristina")
MODES = (Mode.BASIC, Mode.ADVANCED)


HANDS = ("open", "count", "hidden")  # the rulebook's hand-information levels


@dataclass(frozen=True)
class Options:
    """What the table chose: players 1-5, mode, seed, wave size (None = the rules' own), decks."""

    players: int = 4
    mode: Mode = Mode.BASIC
    seed: int = 0
    wave: int | None = None
    tracked: bool = True
    names: tuple[str, ...] = ()
    first_player: int | None = None
    hands: str = "open"  # what the table agreed to show of the hands: open, count (icons) or hidden

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["names"] = list(self.names)
        return data

    @classmethod
    def from_dict(cls, data: object) -> Options:
        if not isinstance(data, dict):
            raise DataError("options", "must be an object")
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise DataError(f"options.{sorted(unknown)[0]}", "is not an option")
        values = dict(data)
        if not isinstance(values.get("names", []), list):
            raise DataError("options.names", "must be a list of names")
        values["names"] = tuple(values.get("names", []))
        options = cls(**values)
        options.validate()
        return options

    def validate(self) -> None:
        checks = [
            ("players", _whole(self.players, 1, 5), "must be 1-5"),
            ("mode", isinstance(self.mode, str) and self.mode in MODES, "must be basic or advanced"),
            ("seed", _whole(self.seed, -(2**63), 2**63), "must be a whole number of at most 19 digits"),
            ("wave", self.wave is None or _whole(self.wave, 1, 50), "must be 1-50"),
            ("tracked", isinstance(self.tracked, bool), "must be true or false"),
            (
                "names",
                isinstance(self.names, tuple)
                and len(self.names) <= 5
                and all(isinstance(n, str) and 0 < len(n) <= 40 for n in self.names),
                "must be up to 5 short names",
            ),
            ("hands", self.hands in HANDS, "must be open, count or hidden"),
            (
                "first_player",
                self.first_player is None or _whole(self.first_player, 0, self.players - 1),
                "must name one of the players, counting from 0",
            ),
        ]
        for name, ok, problem in checks:
            if not ok:
                raise DataError(f"options.{name}", problem)

    @property
    def patriot_count(self) -> int:
        return max(self.players, 3)


def _whole(value: object, low: int, high: int) -> bool:
    """An int (not a bool, not 1.0) from low to high: what a JSON record may put in a count."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def new_game(edition: Edition, options: Options, cards: Sequence[Draw] = ()) -> tuple[State, list[Draw]]:
    """Setup steps 1-8. Table decks need `cards`: the Zone cards revealed in steps 6 and 7, in order,
    then optionally the Italy cards dealt (those not named are unseen). With tracked decks any
    cards given must match the seeded decks (that is how a replay checks its record).

    Returns the state (waiting for Patriot placement) and the setup's draws, for the record.
    """
    options.validate()
    state = _empty_state(edition, options)
    dealer = Dealer(state, cards)
    _place_soldiers(state, dealer)
    events: list[Event] = []
    for hand in hand_order(state):
        refill(state, hand, dealer, events)
    dealer.leftover()
    return state, dealer.drawn


def setup_counts(edition: Edition, options: Options) -> list[int]:
    """Soldiers the setup's Zone cards bring, card by card: Radetzky's, then 2s, then 1s (steps 6-7)."""
    players = max(options.players, 3)
    return [edition.rules.setup_radetzky_soldiers] + [2] * players + [1] * players


def table_preview(edition: Edition, options: Options, zones: Sequence[int]) -> State:
    """Table decks, while the table is still drawing its setup Zone cards: the board so far."""
    state = _empty_state(edition, options)
    for number, (zone, count) in enumerate(zip(zones, setup_counts(edition, options))):
        if number == 0:
            state.radetzky = zone
        _put(state, zone, count)
    return state


def _names(options: Options) -> list[str]:
    given = list(options.names[: options.patriot_count])
    return given + list(PATRIOT_NAMES[len(given) : options.patriot_count])


def _empty_state(edition: Edition, options: Options) -> State:
    rule_players = options.patriot_count
    total = edition.rules.soldiers[rule_players]
    hands = 1 if options.players == 1 else options.patriot_count
    first = options.first_player
    if first is None:
        first = random.Random(f"{options.seed}/first-player").randrange(options.players)
    zones = edition.board.zones
    state = State(
        edition=edition,
        mode=Mode(options.mode),
        players=options.players,
        seed=options.seed,
        shuffles=0,
        round=1,
        first_player=first,
        wave=options.wave or edition.rules.wave[rule_players],
        total_soldiers=total,
        reserve=total,
        castle=0,
        radetzky=0,
        soldiers=[0] * (zones + 1),
        owner=[None] * (zones + 1),
        patriots=[Patriot(name, 0, i if hands > 1 else 0) for i, name in enumerate(_names(options))],
        hands=[[] for _ in range(hands)],
        zone_deck=list(range(1, zones + 1)),
        zone_deck_known=options.tracked,
        available=[],
        not_available=[],
        barricades=[],
        austria=_deck(list(edition.austria), options.tracked),
        italy=_deck(list(edition.italy), options.tracked),
        heroic={h: False for h in HELPS},
        tiles={h: [] for h in HELPS},
        cube=edition.rules.cube_start[rule_players],
        step=PLACE,
        done=[False] * options.patriot_count,
    )
    if options.tracked:
        shuffle(state, state.zone_deck)
        for deck in (state.austria, state.italy):
            shuffle(state, deck.cards)
    return state


def _deck(cards: list[str], ordered: bool) -> Deck:
    return Deck(cards, len(cards), [], ordered)


def _place_soldiers(state: State, dealer: Dealer) -> None:
    rules = state.edition.rules
    radetzky = _draw_zone(dealer)
    state.radetzky = radetzky
    _put(state, radetzky, rules.setup_radetzky_soldiers)
    (state.not_available if state.mode == "advanced" else state.available).append(radetzky)
    revealed = []
    for count in (2, 1):
        for _ in range(state.rule_players):
            zone = _draw_zone(dealer)
            _put(state, zone, count)
            revealed.append(zone)
    state.zone_deck.extend(revealed)  # step 7.c: the revealed cards go back and the deck is shuffled
    if state.zone_deck_known:
        shuffle(state, state.zone_deck)


def _draw_zone(dealer: Dealer) -> int:
    zone = dealer.zone()
    if zone is None:
        raise DataError("setup", "the Zone deck ran out during setup")
    return zone


def _put(state: State, zone: int, count: int) -> None:
    state.soldiers[zone] += count
    state.reserve -= count


def placement_order(state: State) -> list[int]:
    """Setup step 9: First Player clockwise; with 2 players the shared third Patriot goes last."""
    return turn_order(state)
