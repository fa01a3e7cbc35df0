"""The state file (JSON, `docs/formats.md`): write every field, read with a named error per fault."""

from __future__ import annotations

import json
from typing import Any

from companion.games.records import load_json

from .edition import HELPS, UNKNOWN_CARD, Edition
from .errors import DataError
from .fights import TRACK_START
from .helps import strengthen_requirement
from .quoting import shown
from .setup import MODES, PATRIOT_NAMES
from .state import (
    ACT,
    ANSWER,
    AUSTRIA,
    AUSTRIAN_TURN,
    CHOOSE_PATRIOT,
    CONTINUE,
    ITALY,
    OVER,
    PLACE,
    PROMOTE,
    Deck,
    Fight,
    Patriot,
    State,
)

STATE_FORMAT = "companion/milano1848"
STATE_VERSION = 1
STEPS = (PLACE, CHOOSE_PATRIOT, ACT, ANSWER, CONTINUE, PROMOTE, AUSTRIAN_TURN, OVER)
MAX_SOLDIERS = 50
MAX_CARDS_IN_A_LIST = 200
_ZONE_KEYS = [str(n) for n in range(100)]  # a zone is spelled "7", never "07", "\uff17" or "\u2077"


def state_to_dict(state: State) -> dict[str, Any]:
    """Every field the state has; the documented ones first."""
    solitaire = state.solitaire
    return {
        "format": STATE_FORMAT,
        "version": STATE_VERSION,
        "mode": state.mode,
        "players": state.players,
        "round": state.round,
        "first_player": state.first_player,
        "soldiers_per_wave": state.wave,
        "reserve": state.reserve,
        "castle": state.castle,
        "radetzky": state.radetzky,
        "zones": {str(z): {"soldiers": state.soldiers[z], "owner": state.owner[z]} for z in state.zones},
        "patriots": [
            {"name": p.name, "zone": p.zone, **({} if solitaire and i else {"hand": state.hands[p.hand][:]})}
            for i, p in enumerate(state.patriots)
        ],
        "zone_deck": state.zone_deck[:] if state.zone_deck_known else None,
        "available": state.available[:],
        "not_available": state.not_available[:],
        "barricades": state.barricades[:],
        "winner": state.winner,
        "ended_by": state.ended_by,
        "seed": state.seed,
        "shuffles": state.shuffles,
        "step": state.step,
        "active": state.active,
        "actions_left": state.actions_left,
        "done": state.done[:],
        "austria": _deck_to_dict(state.austria),
        "italy": _deck_to_dict(state.italy),
        "heroic": dict(state.heroic),
        "tiles": {k: v[:] for k, v in state.tiles.items()},
        "combat_cube": state.cube,
        "cube_steps": state.cube_steps,
        "fight": _fight_to_dict(state.fight),
        "pool": state.pool[:],
        "pool_from": state.pool_from[:],
    }


def _deck_to_dict(deck: Deck) -> dict[str, Any]:
    return {"deck": deck.cards[:] if deck.ordered else None, "size": deck.size, "discard": deck.discard[:]}


def _fight_to_dict(fight: Fight | None) -> dict[str, Any] | None:
    if fight is None:
        return None
    return {
        "kind": fight.kind,
        "reveal": fight.reveal,
        "revealed": fight.revealed[:],
        "used_austria": fight.used_austria[:],
        "used_italy": fight.used_italy[:],
        "lens": fight.lens,
    }


def dumps(state: State) -> str:
    return json.dumps(state_to_dict(state), indent=1)


def loads(text: str, edition: Edition) -> State:
    """Parse and validate a state file; DataError names the field and the fault."""
    data = load_json(text, "file")
    return state_from_dict(data, edition)


class _Reader:
    """Typed field access that names the field in every error."""

    def __init__(self, data: dict[str, Any], prefix: str = "") -> None:
        self.data, self.prefix = data, prefix

    def fail(self, key: str, problem: str) -> DataError:
        return DataError(f"{self.prefix}{key}", problem)

    def has(self, key: str) -> bool:
        return self.data.get(key) is not None

    def whole(self, key: str, low: int, high: int, default: int | None = None) -> int:
        value = self.data.get(key, default)
        if value is None and default is None and key not in self.data:
            raise self.fail(key, "is missing")
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(key, f"must be a whole number from {low} to {high}, not {shown(value)}")
        return value

    def choice(self, key: str, allowed: tuple[Any, ...], default: Any = ...) -> Any:
        if key not in self.data and default is not ...:
            return default
        value = self.data.get(key)
        if value not in allowed:
            allowed_text = ", ".join("null" if a is None else str(a) for a in allowed)
            raise self.fail(key, f"must be one of {allowed_text}, not {shown(value)}")
        return allowed[allowed.index(value)]  # the allowed value itself: a Step, not its text

    def zones(
        self, key: str, zones: range, default: list[int] | None = None, repeats: bool = False
    ) -> list[int]:
        value = self.data.get(key, default)
        if not isinstance(value, list) or len(value) > len(zones):
            raise self.fail(key, "must be a list of zone numbers")
        for zone in value:
            if not isinstance(zone, int) or isinstance(zone, bool) or zone not in zones:
                raise self.fail(key, f"unknown zone {shown(zone)}")
        if not repeats and len(set(value)) != len(value):
            raise self.fail(key, "names a zone twice")
        return list(value)

    def cards(
        self, key: str, known: dict[str, Any], default: list[str] | None = None, unknown_ok: bool = False
    ) -> list[str]:
        value = self.data.get(key, default)
        if not isinstance(value, list) or len(value) > MAX_CARDS_IN_A_LIST:
            raise self.fail(key, "must be a list of card ids")
        for card in value:
            if not isinstance(card, str) or not (card in known or (unknown_ok and card == UNKNOWN_CARD)):
                raise self.fail(key, f"unknown card {shown(card)}")
        return list(value)

    def obj(self, key: str, default: dict[str, Any] | None = None) -> _Reader:
        value = self.data.get(key, default)
        if not isinstance(value, dict):
            raise self.fail(key, "must be an object")
        return _Reader(value, f"{self.prefix}{key}.")


def state_from_dict(data: object, edition: Edition) -> State:
    if not isinstance(data, dict):
        raise DataError("file", "must hold a JSON object")
    top = _Reader(data)
    if data.get("format") != STATE_FORMAT:
        raise top.fail("format", f"must be {STATE_FORMAT!r}, not {shown(data.get('format'))}")
    if data.get("version") != STATE_VERSION:
        raise top.fail("version", f"must be {STATE_VERSION}, not {shown(data.get('version'))}")
    state = _read_basics(top, edition)
    _read_zones(top, state)
    _read_patriots(top, state)
    _read_zone_cards(top, state)
    _read_advanced(top, state)
    _read_progress(top, state)
    sizes = _read_decks(top, state)
    _check_totals(state)
    _complete_decks(top, state, sizes)
    return state


def _read_basics(top: _Reader, edition: Edition) -> State:
    players = top.whole("players", 1, 5)
    rule_players = max(players, 3)
    zones = edition.board.zones
    return State(
        edition=edition,
        mode=top.choice("mode", MODES),
        players=players,
        seed=top.whole("seed", -(2**63), 2**63, 0),
        shuffles=top.whole("shuffles", 0, 2**31, 0),
        round=top.whole("round", 1, 10_000),
        first_player=top.whole("first_player", 0, players - 1, 0),
        wave=top.whole("soldiers_per_wave", 1, MAX_SOLDIERS, edition.rules.wave[rule_players]),
        total_soldiers=0,
        reserve=top.whole("reserve", 0, MAX_SOLDIERS),
        castle=top.whole("castle", 0, MAX_SOLDIERS),
        radetzky=top.whole("radetzky", 1, zones),
        soldiers=[0] * (zones + 1),
        owner=[None] * (zones + 1),
        patriots=[],
        hands=[],
        zone_deck=[],
        zone_deck_known=False,
        available=[],
        not_available=[],
        barricades=[],
        austria=Deck([], 0),
        italy=Deck([], 0),
        heroic={h: False for h in HELPS},
        tiles={h: [] for h in HELPS},
        cube=edition.rules.cube_start[rule_players],
        step=AUSTRIAN_TURN,
        winner=top.choice("winner", (None, ITALY, AUSTRIA), None),
    )


def _read_zones(top: _Reader, state: State) -> None:
    zones = top.obj("zones")
    for key in zones.data:
        number = _zone_key(zones, key, len(state.zones))
        zone = zones.obj(key)
        state.soldiers[number] = zone.whole("soldiers", 0, MAX_SOLDIERS, 0)
        state.owner[number] = zone.choice("owner", (None, ITALY, AUSTRIA), None)
        if state.owner[number] and state.soldiers[number]:
            raise zone.fail(
                "soldiers", f"zone {key} is conquered by {state.owner[number]} and cannot hold Soldiers"
            )


def _zone_key(zones: _Reader, key: str, count: int) -> int:
    """A zone's number from its key, spelled as the file writes it: "7", not "07", "\uff17" or "\u2077"."""
    valid = _ZONE_KEYS[1 : count + 1]
    if key in valid:
        return int(key)
    label = key if key.isascii() and key.isprintable() and len(key) <= 20 else shown(key, 20)
    if key.isascii() and key.isdigit() and key.lstrip("0") in valid:
        number = key.lstrip("0")
        raise zones.fail(label, f'write zone {number} as "{number}", without leading zeros')
    raise zones.fail(label, f"there is no zone {label} (zones are 1-{count})")


def _read_patriots(top: _Reader, state: State) -> None:
    value = top.data.get("patriots")
    count = max(state.players, 3)
    if not isinstance(value, list) or len(value) != count:
        raise top.fail("patriots", f"must list {count} Patriots for {state.players} player(s)")
    hands = 1 if state.solitaire else count
    state.hands = [[] for _ in range(hands)]
    for index, item in enumerate(value):
        if not isinstance(item, dict):
            raise top.fail(f"patriots.{index}", "must be an object")
        patriot = _Reader(item, f"patriots.{index}.")
        name = item.get("name", PATRIOT_NAMES[index])
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise patriot.fail("name", "must be a name of 1-40 characters")
        hand = index if hands > 1 else 0
        state.patriots.append(Patriot(name, patriot.whole("zone", 0, len(state.zones)), hand))
        if index < hands:
            default = [UNKNOWN_CARD] * state.edition.rules.hand_size
            state.hands[hand] = patriot.cards("hand", state.edition.italy, default, unknown_ok=True)


def _read_zone_cards(top: _Reader, state: State) -> None:
    state.available = top.zones("available", state.zones, [])
    state.not_available = top.zones("not_available", state.zones, [])
    state.barricades = top.zones("barricades", state.zones, [], repeats=True)
    state.zone_deck_known = top.has("zone_deck")
    places = {"available": state.available, "not_available": state.not_available}
    if state.zone_deck_known:
        places["zone_deck"] = state.zone_deck = top.zones("zone_deck", state.zones)
    seen: dict[int, str] = {}
    for name, zones in places.items():
        for zone in zones:
            if zone in seen:
                raise top.fail(name, f"the card of zone {zone} is also in {seen[zone]}")
            seen[zone] = name
            if state.owner[zone]:
                raise top.fail(name, f"zone {zone} is conquered, so its card is out of the game")
    free = [z for z in state.zones if state.owner[z] is None]
    if state.zone_deck_known:
        lost = [z for z in free if z not in seen]
        if lost:
            raise top.fail(
                "zone_deck",
                f"the card of unconquered zone {lost[0]} is in none of zone_deck, available, not_available",
            )
    else:
        state.zone_deck = [z for z in free if z not in seen]


def _read_decks(top: _Reader, state: State) -> dict[str, int | None]:
    """Both decks as listed (a table deck's cards are filled in by _complete_decks); the sizes given."""
    sizes: dict[str, int | None] = {}
    for name, known in (("austria", state.edition.austria), ("italy", state.edition.italy)):
        reader = top.obj(name, {})
        discard = reader.cards("discard", known, [])
        cards = reader.cards("deck", known) if reader.has("deck") else []
        sizes[name] = reader.whole("size", 0, len(known)) if reader.has("size") else None
        setattr(state, name, Deck(cards, len(cards), discard, reader.has("deck")))
    return sizes


def _complete_decks(top: _Reader, state: State, sizes: dict[str, int | None]) -> None:
    """Each deck holds exactly the cards that are nowhere else: `?` cards in hands stand for as many of
    them; a table deck (`deck` null) holds the rest, and its `size` must say how many are in the pile."""
    fight = state.fight
    austria_out = (fight.revealed + fight.used_austria) if fight else []
    italy_out = [c for h in state.hands for c in h] + state.pool
    italy_out += [c for t in state.tiles.values() for c in t]
    italy_out += fight.used_italy if fight else []
    unseen = italy_out.count(UNKNOWN_CARD)
    austria = state.edition.austria
    _complete_deck(top, state.austria, "austria", austria, set(austria_out), 0, sizes["austria"])
    _complete_deck(top, state.italy, "italy", state.edition.italy, set(italy_out), unseen, sizes["italy"])


def _complete_deck(
    top: _Reader,
    deck: Deck,
    name: str,
    known: dict[str, Any],
    elsewhere: set[str],
    unseen: int,
    size: int | None,
) -> None:
    placed = elsewhere | set(deck.discard) | set(deck.cards)
    missing = [c for c in known if c not in placed]
    if deck.ordered and len(missing) > unseen:
        raise top.fail(
            f"{name}.deck",
            f"card {missing[0]} is in no deck, hand, discard pile, tile or fight; "
            "every card must be somewhere",
        )
    if len(missing) < unseen:
        raise top.fail(
            "patriots",
            f"the hands hold {unseen} unseen cards (?), but only {len(missing)} "
            "Italy cards are in no other place",
        )
    if not deck.ordered:
        deck.cards, deck.size = missing, len(missing) - unseen
    if size is not None and size != deck.size:
        listed = "listed in deck" if deck.ordered else "in no hand, discard pile, tile or fight"
        raise top.fail(f"{name}.size", f"must be {deck.size}, the cards {listed}, not {size}")


def _read_advanced(top: _Reader, state: State) -> None:
    rules = state.edition.rules
    heroic = top.obj("heroic", {})
    tiles = top.obj("tiles", {})
    for help_ in HELPS:
        state.heroic[help_] = heroic.choice(help_, (True, False), False)
        state.tiles[help_] = tiles.cards(help_, state.edition.italy, [])
        _check_tile(tiles, state, help_)
    start = rules.cube_start[state.rule_players]
    state.cube = top.whole("combat_cube", TRACK_START, rules.combat_track_spaces, start)
    state.cube_steps = top.whole("cube_steps", 0, MAX_SOLDIERS, 0)
    if len(state.barricades) > state.rule_players:
        raise top.fail("barricades", f"at most {state.rule_players} Mobile Barricades can be in play")


def _check_tile(tiles: _Reader, state: State, help_: str) -> None:
    """Cards under a tile: one top icon, fewer than flip it (they go to the discards), none once Heroic."""
    cards = state.tiles[help_]
    needed = strengthen_requirement(state, help_)
    if state.heroic[help_] and cards:
        raise tiles.fail(help_, "the tile shows its Heroic side, so its cards went to the discards")
    if len(cards) >= needed:
        raise tiles.fail(help_, f"{len(cards)} cards would have flipped the tile (it needs {needed})")
    if len({state.edition.italy[c][0] for c in cards}) > 1:
        raise tiles.fail(help_, "the cards under a tile all show the same top icon")


def _read_progress(top: _Reader, state: State) -> None:
    default_step = OVER if state.winner else AUSTRIAN_TURN
    state.step = top.choice("step", STEPS, default_step)
    state.ended_by = top.choice("ended_by", (None, "zones", "reserve"), None)
    count = len(state.patriots)
    active = top.data.get("active")
    if active is not None:
        state.active = top.whole("active", 0, count - 1)
    state.actions_left = top.whole("actions_left", 0, state.edition.rules.actions_per_turn, 0)
    done = top.data.get("done", [state.step == AUSTRIAN_TURN] * count)
    if not isinstance(done, list) or len(done) != count or not all(isinstance(d, bool) for d in done):
        raise top.fail("done", f"must be {count} true/false values")
    state.done = done
    state.pool = top.cards("pool", state.edition.italy, [])
    pool_from = top.data.get("pool_from", [])
    if (
        not isinstance(pool_from, list)
        or not all(p in range(count) for p in pool_from)
        or len(pool_from) > count
    ):
        raise top.fail("pool_from", f"must list Patriot numbers 0-{count - 1}")
    state.pool_from = list(pool_from)
    state.fight = _read_fight(top, state.edition) if top.has("fight") else None
    needs_active = state.step in (ACT, ANSWER, CONTINUE, PROMOTE)
    if needs_active and state.active is None:
        raise top.fail("active", f"a Patriot must be active when step is {state.step!r}")
    if (state.step in (ANSWER, CONTINUE)) != (state.fight is not None):
        raise top.fail("fight", "a fight is in progress exactly when step is answer or continue")
    if (state.step == OVER) != (state.winner is not None):
        raise top.fail("winner", "is set exactly when the game is over")
    _check_step(top, state)


def _check_step(top: _Reader, state: State) -> None:
    """The step must be one the game can go on from."""
    unplaced = any(p.zone == 0 for p in state.patriots)
    problems = {
        PLACE: not unplaced and "step 'place' needs a Patriot still to place (zone 0)",
        CHOOSE_PATRIOT: (not state.solitaire or all(state.done))
        and "step 'choose' is for solitaire, with a Patriot still to play",
        ACT: state.actions_left == 0 and "step 'act' needs actions_left of 1 or more",
        PROMOTE: not state.not_available and "step 'promote' needs a not-Available zone to promote",
    }
    problem = problems.get(state.step)
    if problem:
        raise top.fail("step", problem)
    if state.step != PLACE and unplaced:
        raise top.fail("patriots", "every Patriot needs a zone (1-16) once setup is over")


def _read_fight(top: _Reader, edition: Edition) -> Fight:
    fight = top.obj("fight")
    return Fight(
        kind=fight.choice("kind", ("soldiers", "radetzky")),
        reveal=fight.whole("reveal", 1, 3),
        revealed=fight.cards("revealed", edition.austria, []),
        used_austria=fight.cards("used_austria", edition.austria, []),
        used_italy=fight.cards("used_italy", edition.italy, []),
        lens=fight.whole("lens", 0, MAX_SOLDIERS, 0),
    )


def _check_totals(state: State) -> None:
    """Exactly the game's Soldiers (setup step 5) and each card once."""
    total = state.soldiers_in_play()
    players = state.rule_players
    expected = state.edition.rules.soldiers[players]
    if total != expected:
        raise DataError(
            "zones",
            f"{total} Soldiers in all (zones, castle, reserve, Lens); a game with "
            f"{players} Patriots has exactly {expected}",
        )
    state.total_soldiers = total
    _check_unique_cards(state)


def _check_unique_cards(state: State) -> None:
    places: dict[str, str] = {}
    lists: list[tuple[str, list[str]]] = [(f"patriots.{i}.hand", h) for i, h in enumerate(state.hands)]
    lists += [
        ("austria.discard", state.austria.discard),
        ("italy.discard", state.italy.discard),
        ("pool", state.pool),
    ]
    if state.austria.ordered:
        lists.append(("austria.deck", state.austria.cards))
    if state.italy.ordered:
        lists.append(("italy.deck", state.italy.cards))
    lists += [(f"tiles.{h}", cards) for h, cards in state.tiles.items()]
    if state.fight:
        lists += [
            ("fight.revealed", state.fight.revealed),
            ("fight.used_austria", state.fight.used_austria),
            ("fight.used_italy", state.fight.used_italy),
        ]
    for name, cards in lists:
        for card in cards:
            if card == UNKNOWN_CARD:
                continue
            if card in places:
                raise DataError(name, f"card {card} is also in {places[card]}")
            places[card] = name
