"""Build a table in a given position through the state-file format, and play on it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.assets import edition
from companion.games.milano1848 import actions as a
from companion.games.milano1848.dealer import Draw
from companion.games.milano1848.events import Event
from companion.games.milano1848.game import Game
from companion.games.milano1848.legal import legal_actions, random_action
from companion.games.milano1848.reducer import play
from companion.games.milano1848.setup import Options
from companion.games.milano1848.state import OVER, State
from companion.games.milano1848.stateio import state_from_dict

EDITION = edition("milano1848")
ICON_RANGES = {"swords": range(1, 21), "map": range(21, 41), "cannonball": range(41, 61)}
HELP_ORDER = ("balloon", "martinitt", "rifle", "barricade", "noblewoman")


class Cards:
    """Hands out distinct card ids by icon, the way a test describes a hand: "swords", "map/rifle"."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def austria(self, *icons: str) -> list[str]:
        first = {"swords": 1, "map": 12, "cannonball": 23}
        out = []
        for icon in icons:
            card = next(
                f"austria-{n:02d}"
                for n in range(first[icon], first[icon] + 11)
                if f"austria-{n:02d}" not in self.used
            )
            self.used.add(card)
            out.append(card)
        return out

    def rest(self, deck: str) -> list[str]:
        """Every card of the deck ("austria" or "italy") not handed out yet: a state holds them all."""
        cards = [c for c in (EDITION.austria if deck == "austria" else EDITION.italy) if c not in self.used]
        self.used.update(cards)
        return cards

    def italy(self, *faces: str) -> list[str]:
        out = []
        for face in faces:
            icon, _, help_ = face.partition("/")
            start = ICON_RANGES[icon].start + (HELP_ORDER.index(help_) * 4 if help_ else 0)
            card = next(
                f"italy-{n:02d}"
                for n in range(start, ICON_RANGES[icon].stop)
                if f"italy-{n:02d}" not in self.used
            )
            self.used.add(card)
            out.append(card)
        return out


def build(**fields: Any) -> State:
    """A state from state-file fields; unnamed ones get quiet defaults (Phase 1, Patriot 0 active).

    A state file holds exactly the game's components, so the test names only what it cares about and
    this fills in the rest: the reserve takes the Soldiers not placed (44/47/50 in all), and the cards a
    listed deck leaves unnamed go to the bottom of that deck (drawn only after the named ones).
    """
    players = fields.get("players", 4)
    patriots = fields.pop("patriots", [{"zone": 1, "hand": []} for _ in range(max(players, 3))])
    zones = {str(z): {"soldiers": n} if isinstance(n, int) else n for z, n in fields.pop("zones", {}).items()}
    on_board = sum(v.get("soldiers", 0) for v in zones.values()) + fields.get("castle", 0)
    on_board += fields.get("fight", {}).get("lens", 0) if fields.get("fight") else 0
    total = fields.pop("total", EDITION.rules.soldiers[max(players, 3)])
    data: dict[str, Any] = {
        "format": "companion/milano1848",
        "version": 1,
        "mode": "basic",
        "players": players,
        "round": 1,
        "reserve": total - on_board,
        "castle": 0,
        "radetzky": 16,
        "zones": zones,
        "patriots": patriots,
        "step": "act",
        "active": 0,
        "actions_left": 3,
        "done": [False] * len(patriots),
        "austria": {"deck": [], "discard": []},
        "italy": {"deck": [], "discard": []},
    }
    data.update(fields)
    _complete_decks(data)
    return state_from_dict(data, EDITION)


def _complete_decks(data: dict[str, Any]) -> None:
    """Put every card the fields do not name at the bottom of its listed deck."""
    fight = data.get("fight") or {}
    named = [c for p in data["patriots"][: 1 if data["players"] == 1 else None] for c in p.get("hand", [])]
    named += data.get("pool", [])
    named += [c for cards in data.get("tiles", {}).values() for c in cards]
    named += fight.get("revealed", []) + fight.get("used_austria", []) + fight.get("used_italy", [])
    if data["italy"].get("deck") is not None:  # the companion's own decks: a hand not named is empty
        data["patriots"] = [{"hand": [], **p} for p in data["patriots"]]
    for name, cards in (("austria", EDITION.austria), ("italy", EDITION.italy)):
        deck = data[name]
        if deck.get("deck") is not None:
            placed = set(named) | set(deck["deck"]) | set(deck.get("discard", []))
            deck["deck"] = deck["deck"] + [c for c in cards if c not in placed]


def played(options: Options, decisions: int) -> Game:
    """A game after up to `decisions` random legal decisions (seeded by the game's seed)."""
    game = Game(EDITION, options)
    rng = random.Random(options.seed)
    for _ in range(decisions):
        if game.state.step == OVER:
            break
        game.play(random_action(game.state, rng))
    return game


class Table:
    """A state and the events of the last action, played through the checked entry point."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def play(self, action: a.Action, cards: Sequence[Draw] = ()) -> list[Event]:
        self.state, self.events, _ = play(self.state, action, cards)
        return self.events

    def state_legal(self) -> list[a.Action]:
        """The legal actions in the current state (what the app offers as buttons)."""
        return legal_actions(self.state)

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]


def example_7_table() -> Table:
    """The rulebook's Example 7 just before its Austrian turn (4 players, Castle full)."""
    return Table(
        build(
            total=47,
            castle=10,
            radetzky=8,
            step="austria",
            active=None,
            actions_left=0,
            done=[True] * 4,
            zones={1: 3, 2: 3, 3: 1, 4: {"owner": "italy"}, 5: 3, 12: {"owner": "italy"}, 13: 2},
            patriots=[
                {"zone": 4, "hand": []},
                {"zone": 5, "hand": []},
                {"zone": 12, "hand": []},
                {"zone": 4, "hand": []},
            ],
            zone_deck=None,
            available=[8],
            not_available=[],
        )
    )
