"""What the table is entering on Italy '43-'45's screen before it becomes a decision: the deck build's
step, the card number typed, a new card's faction order and symbols, an operation's areas and counts,
an event's adjustment, a battle's counts, a value the edition files lack. No drawing here: the pages
(pages.py) show it; each decision is tried on a copy first (`trial`), so a cost or a missing value
shows before the tap that plays it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games.italy4345 import actions as a
from companion.games.italy4345.deck import OFFENSIVE_IDS, deck_size, event_id, offensive_id
from companion.games.italy4345.errors import IllegalActionError, Sentence, ValueNeeded
from companion.games.italy4345.flow import allowed
from companion.games.italy4345.game import HANDLERS
from companion.games.italy4345.model import CITIES, FACTIONS, SPECIALS, State
from companion.games.italy4345.ops import CIVIC, OPERATIONS
from companion.games.italy4345.ops import SPECIALS as SAS

PIECES = ("aa", "ger", "rsi", "aut_troops", "aut_hidden", "cln_hidden", "bases")
BATTLE_PIECES = ("aa", "aut_troops", "cln_hidden", "aut_hidden", "ger", "rsi")


def build_steps(long: bool, mode: str) -> list[Sentence]:
    """The deck build at the table, one step a screen (§3, §9.3), each said in the table's language."""
    if mode == "companion":
        return [Sentence("The companion has dealt the deck: turn each card it names, from the box.")]
    events, size = (50, 10) if long else (40, 8)
    steps = [
        Sentence("Take {n} event cards at random out of the 96; the others stay in the box.", n=events),
        Sentence("Shuffle them and deal five face-down piles of {size} cards.", size=size),
        Sentence("Put one offensive card, unseen, at the bottom of each pile; four stay in the box."),
    ]
    if long:
        steps += [
            Sentence("Shuffle four of the piles, each on its own."),
            Sentence("Stack the four shuffled piles; put the unshuffled pile on top: 55 cards."),
        ]
    else:
        steps += [
            Sentence("Take ONE pile and shuffle it."),
            Sentence("Stack the other four piles; put the shuffled pile UNDER them: 45 cards."),
        ]
    return [*steps, Sentence("Turn the top card face up: the first event.")]


_tried: list[tuple[State, str, tuple[State | None, object]]] = []  # the last few, for this frame's draw


def trial(state: State, edition: Any, action: a.Action) -> tuple[State | None, object]:
    """The action tried on a copy: (the state after, None) or (None, the refusal or ValueNeeded). A frame
    asks the same a few times (the board, the panel's buttons, its sentences): kept for the same state."""
    said = repr(action)
    for kept, what, found in _tried:
        if kept is state and what == said:
            return found
    found = _try(state, edition, action)
    _tried[:] = [*_tried[-7:], (state, said, found)]
    return found


def _try(state: State, edition: Any, action: a.Action) -> tuple[State | None, object]:
    after = state.copy()
    try:
        HANDLERS[type(action)](after, edition, action, [])
    except ValueNeeded as exc:
        return None, exc
    except IllegalActionError as exc:
        return None, exc.args[0]
    return after, None


@dataclass
class Desk:
    edition: Any
    build_step: int = 0
    kind: str = "event"
    typed: str = ""
    confirmed: bool = False  # the card typed was tapped to reveal: its missing values are asked
    order: list[str] = field(default_factory=list)
    symbols: list[str] = field(default_factory=list)
    marines: int = 1
    bomb: str = ""
    choice: str = ""
    op: str = ""
    sa: str = ""
    part: str = "op"  # the operation's areas, or its special activity's
    steps: list[a.Step] = field(default_factory=list)
    sa_steps: list[a.Step] = field(default_factory=list)
    area: str = ""
    to: str = ""
    n: int = 1
    counts: dict[str, int] = field(default_factory=dict)  # the adjust or battle page's counts in `area`
    resources: dict[str, int] = field(default_factory=dict)
    tokens: int = -1  # the CLN reserve's Resistance tokens set on the adjust page (-1: unchanged)
    changes: dict[tuple[str, str], object] = field(default_factory=dict)
    moves: list[tuple[str, str, int, int]] = field(default_factory=list)
    number: int = 0  # a value typed for a ValueNeeded
    die: int = 0  # the table's die typed in for a Clash (0: the companion throws)
    civic_name: str = ""
    withdraw: str = ""  # where a battle's loser withdraws without a map ("reserve", or an area)
    pockets: list[str] = field(default_factory=list)  # the round's end: pockets the table names (step E)
    freed: list[str] = field(default_factory=list)  # and other areas now south of the troops (step F)
    pawn: str = ""  # the reinforcements pawn after the redistribution ("": where it is)
    pick: list[str] = field(default_factory=list)  # the area being entered: what the player chose (Step.pick)
    picking: bool = False  # area taps add to `pick` (Police's areas, a Convoy's path)
    sa_at: int = -1  # the special activity after this many of the operation's areas (-1: after them all)
    target: str = ""  # Sabotage's Axis faction
    place_part: int = 0  # §9.2: the part of the faction's placement being tapped
    placed: list[list[str]] = field(default_factory=lambda: [[], [], []])  # each part's areas
    by_hand: bool = False  # the score page: the table counts terms itself (level L0)
    hand: dict[tuple[str, str], int] = field(default_factory=dict)  # (faction, term) -> the count given
    term: tuple[str, str] = ("", "")  # the term the score page's - and + change
    adjusting: bool = False  # the menu's Adjust, any time
    names: tuple[str, ...] = ()  # who plays each faction (FACTIONS' order), when typed before the game

    def reset(self, keep_build: bool = True) -> None:
        """After a decision (or autoplay's direct one): what was being entered is dropped."""
        step, names = self.build_step, self.names
        self.__init__(self.edition)  # type: ignore[misc]
        self.names = names
        if keep_build:
            self.build_step = step

    def key(self) -> tuple[object, ...]:
        """What the screen shows of the entry (the view redraws when it changes)."""
        return tuple(repr(v) for k, v in vars(self).items() if k != "edition")

    # pages

    def page(self, state: State, records: int) -> str:
        """The page of this moment (the panel's buttons and the board's content follow from it)."""
        if state.winner is not None:
            return "over"
        if self.adjusting:
            return "adjust"
        if not records and state.card_index == 0:
            if self.build_step < len(build_steps(state.options.long_deck, state.options.deck_mode)):
                return "build"
            if self.edition.setup is None and state.step != "setup":
                return "setup"
        if state.step == "setup":
            return "place"  # §9.2: each faction places its own pieces
        if state.step == "choose":
            return {"": "choose", "event": "adjust"}.get(self.choice, "op")
        if state.step == "offensive" and state.offensive is not None:
            return "assault" if state.offensive.step == "A" else "battle"
        return state.step

    def card(self) -> str:
        """The card typed on the keypad ("" until it is one of the game's)."""
        if not self.typed:
            return ""
        number = int(self.typed)
        if self.kind == "offensive":
            return offensive_id(number) if 1 <= number <= len(OFFENSIVE_IDS) else ""
        return event_id(number) if 1 <= number <= 96 else ""

    def type_digit(self, digit: int) -> None:
        limit = 1 if self.kind == "offensive" else 2
        self.typed = (self.typed + str(digit))[-limit:]
        self.confirmed = False

    def take_card(self, card: str) -> None:
        """A card the camera read whose values the files lack: typed as if by hand, and asked."""
        kind, number = card.split("-")
        self.kind, self.typed, self.confirmed = (
            kind,
            str(int(number)).zfill(2 if kind == "event" else 1),
            True,
        )

    def choose_kind(self, kind: str) -> None:
        self.kind, self.typed, self.confirmed = kind, "", False

    # a new card's faction order and symbols (G-2)

    def tap_faction(self, faction: str) -> None:
        if faction in self.order:
            self.order = self.order[: self.order.index(faction)]
        else:
            self.order.append(faction)

    def toggle_symbol(self, symbol: str) -> None:
        if symbol in self.symbols:
            self.symbols.remove(symbol)
        else:
            self.symbols.append(symbol)
        if symbol == "bomb" and not self.bomb:
            self.bomb = CITIES[0]

    def next_bomb(self) -> None:
        self.bomb = CITIES[(CITIES.index(self.bomb) + 1) % len(CITIES)] if self.bomb else CITIES[0]

    def card_entry(self) -> dict[str, object]:
        entry: dict[str, object] = {"order": list(self.order), "symbols": list(self.symbols)}
        if "marines" in self.symbols:
            entry["marines"] = self.marines
        if "bomb" in self.symbols:
            entry["bomb"] = [self.bomb]
        return entry

    # the action each page plays

    def main_action(self, state: State, page: str) -> a.Action | None:
        """The decision the page's main button plays, as entered so far."""
        makers = {
            "reveal": self._reveal,
            "op": self._op,
            "adjust": self._adjust,
            "setup": self._adjust,
            "battle": self._battle,
            "assault": lambda s: a.Assault(tuple(self.moves)),
            "redistribute": lambda s: a.Redistribute(tuple(self.moves), self.pawn or s.pawn),
            "score": lambda s: a.Score(tuple((f, t, v) for (f, t), v in self.hand.items())),
            "income": lambda s: a.Income(),
            "civic": self._civic,
            "place": self._place,
        }
        maker = makers.get(page)
        return maker(state) if maker is not None else None

    def _place(self, state: State) -> a.Action:
        first, second, third = (tuple(part) for part in self.placed)
        return a.Place(first, second, third)

    def _reveal(self, state: State) -> a.Action | None:
        if state.deck is not None:
            return a.Reveal()
        card = self.card()
        return a.Reveal(card) if card else None

    def _op(self, state: State) -> a.Action | None:
        """The operation with the area being entered as its last (or its special activity's last)."""
        entering = [a.Step(self.area, self.n, self.to, tuple(self.pick))] if self.area else []
        steps = self.steps + (entering if self.part == "op" else [])
        sa_steps = self.sa_steps + (entering if self.part == "sa" else [])
        if not self.op or not steps:
            return None
        sa = self.sa if self.choice == "op+sa" else ""
        if not sa:
            return a.Op(self.op, tuple(steps))
        return a.Op(self.op, tuple(steps), sa, tuple(sa_steps), self.sa_at, self.target)

    def _adjust(self, state: State) -> a.Action:
        changes = tuple((area, name, value) for (area, name), value in self.changes.items())
        resources = tuple(sorted(self.resources.items()))
        if self.choice == "event" and state.step == "choose":
            return a.Event(changes, resources, self.tokens)
        label = "Set-up" if state.card_index == 0 and not self.adjusting else "Adjust"
        return a.Adjust(label, changes, resources, self.tokens)

    def _battle(self, state: State) -> a.Action | None:
        if not self.area:
            return None
        wanted = self.battle_changes(state)
        return a.Adjust("Battle counts", wanted) if wanted else a.Battle(self.area, self.withdraw)

    def battle_changes(self, state: State) -> tuple[tuple[str, str, object], ...]:
        """The counts typed on the battle page that differ from the books: recorded before the battle."""
        area = state.area(self.area)
        now = {
            "aa": area.aa,
            "aut_troops": area.aut_troops,
            "cln_hidden": area.cln_brigades[0] + area.cln_brigades[1],
            "aut_hidden": area.aut_brigades[0] + area.aut_brigades[1],
            "ger": area.ger,
            "rsi": area.rsi,
        }
        found: list[tuple[str, str, object]] = [
            (self.area, name, value) for name, value in self.counts.items() if now[name] != value
        ]
        if any(name in ("cln_hidden", "aut_hidden") for _, name, _ in found):  # typed as one count
            found += [
                (self.area, name.replace("hidden", "visible"), 0) for _, name, _ in found if "hidden" in name
            ]
        return tuple(found)

    def _civic(self, state: State) -> a.Action | None:
        if not self.civic_name or not self.steps:
            return None
        return a.Civic(self.civic_name, tuple(self.steps))

    # operations

    def choose(self, choice: str) -> None:
        self.choice, self.op, self.sa, self.steps, self.sa_steps = choice, "", "", [], []
        self.part, self.area, self.to, self.n = "op", "", "", 1

    def add_step(self) -> None:
        """The area (and count) entered joins the operation's steps, or its special activity's."""
        if not self.area:
            return
        step = a.Step(self.area, self.n, self.to, tuple(self.pick))
        (self.sa_steps if self.part == "sa" else self.steps).append(step)
        self.area, self.to, self.n, self.pick, self.picking = "", "", 1, [], False

    def switch_part(self, part: str) -> None:
        """To the special activity's areas, or back to the operation's: back after the SA's areas, the
        SA is played between the operation's areas entered so far and the next (§6.1.3)."""
        self.add_step()
        if part == "op" and self.sa_steps and self.sa_at < 0:
            self.sa_at = len(self.steps)
        self.part = part

    def pick_area(self, area: str) -> None:
        if self.picking and self.area:
            self.pick.append(area)
        elif self.area and self.wants_destination() and area != self.area:
            self.to = area
        else:
            self.area, self.to = area, ""

    def wants_destination(self) -> bool:
        moving = ("mobilize", "deploy", "move", "march", "retaliate")
        return (self.op in moving and self.part == "op") or (
            self.part == "sa" and self.sa in ("forced_march", "punitive")
        )


def ops_of(faction: str) -> list[str]:
    return [op for op, (owner, _run) in OPERATIONS.items() if owner == faction]


def sas_of(op: str) -> list[str]:
    return [sa for sa, (_o, _r, pairs, _one) in SAS.items() if op in pairs]


def civics_of(faction: str) -> list[str]:
    return [name for name, (owner, _run) in CIVIC.items() if owner == faction]


def areas_of(state: State) -> list[str]:
    """The areas the table may name: the cities, the areas of the owner's map or any named since, then
    Regno del Sud and Bozen (the other special areas are no player's, A-13)."""
    named = [x for x in state.areas if x not in CITIES and x not in SPECIALS]
    return [*CITIES, *named, "rds", "bozen"]


def open_choices(state: State, edition: Any) -> tuple[str, ...]:
    return allowed(state, edition) if state.step == "choose" else ()


def deck_left(state: State) -> int:
    return deck_size(state.options.long_deck) - state.card_index


__all__ = ["BATTLE_PIECES", "FACTIONS", "PIECES", "Desk", "build_steps", "trial"]
