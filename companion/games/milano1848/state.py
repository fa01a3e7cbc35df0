"""The whole game state as plain, cheaply copied data. Rules live elsewhere."""

from __future__ import annotations

from dataclasses import dataclass, field

from .edition import Edition
from .words import FightKind, Mode, Side, Step

ITALY, AUSTRIA = Side.ITALY, Side.AUSTRIA
# What the game waits for (State.step): see words.Step.
PLACE, CHOOSE_PATRIOT, ACT, ANSWER = Step.PLACE, Step.CHOOSE_PATRIOT, Step.ACT, Step.ANSWER
CONTINUE, PROMOTE, AUSTRIAN_TURN, OVER = Step.CONTINUE, Step.PROMOTE, Step.AUSTRIAN_TURN, Step.OVER


@dataclass
class Deck:
    """A draw pile and its discard pile.

    Tracked (`ordered`): `cards` is the draw pile in order, top first, and `size == len(cards)`.
    Table deck: `cards` holds the cards that may still be in the physical pile (order unknown)
    and `size` how many cards the pile really has.
    """

    cards: list[str]
    size: int
    discard: list[str] = field(default_factory=list)
    ordered: bool = True

    def copy(self) -> Deck:
        return Deck(self.cards[:], self.size, self.discard[:], self.ordered)


@dataclass
class Patriot:
    name: str
    zone: int  # 0 until placed
    hand: int  # index into State.hands (solitaire: all three share hand 0)


@dataclass
class Fight:
    kind: FightKind
    reveal: int  # Austria cards revealed per clash (1, Rifle 2-3, Radetzky 3)
    revealed: list[str] = field(default_factory=list)
    used_austria: list[str] = field(default_factory=list)
    used_italy: list[str] = field(default_factory=list)
    lens: int = 0

    def copy(self) -> Fight:
        return Fight(
            self.kind, self.reveal, self.revealed[:], self.used_austria[:], self.used_italy[:], self.lens
        )


@dataclass
class State:
    """One moment of a game. `copy()` is cheap enough for snapshot undo and search."""

    edition: Edition
    mode: Mode
    players: int  # 1-5 people at the table
    seed: int
    shuffles: int  # shuffles done so far; each one is seeded by (seed, shuffles)
    round: int
    first_player: int
    wave: int  # soldiers per wave in 2.D.1
    total_soldiers: int
    reserve: int
    castle: int
    radetzky: int
    soldiers: list[int]  # index = zone, 0 unused
    owner: list[Side | None]
    patriots: list[Patriot]
    hands: list[list[str]]
    zone_deck: list[int]  # zone_deck_known: top first; otherwise the zone cards in the pile, any order
    zone_deck_known: bool
    available: list[int]
    not_available: list[int]
    barricades: list[int]
    austria: Deck
    italy: Deck
    heroic: dict[str, bool]
    tiles: dict[str, list[str]]  # cards played under each Help tile
    cube: int
    step: Step
    active: int | None = None
    actions_left: int = 0
    done: list[bool] = field(default_factory=list)
    fight: Fight | None = None
    pool: list[str] = field(default_factory=list)  # solitaire: revealed Italy cards on the table
    pool_from: list[int] = field(default_factory=list)  # solitaire: Patriots that revealed this turn
    cube_steps: int = 0  # advanced: advances still to make after a promotion choice
    winner: Side | None = None
    ended_by: str | None = None  # "zones" or "reserve"

    @property
    def rule_players(self) -> int:
        """The player count the rules' tables use: 1 and 2 players play with the 3-player numbers."""
        return max(self.players, 3)

    @property
    def tracked(self) -> bool:
        """True when the companion shuffles and deals (it knows the decks' order)."""
        return self.italy.ordered

    @property
    def solitaire(self) -> bool:
        return self.players == 1

    @property
    def zones(self) -> range:
        return range(1, self.edition.board.zones + 1)

    def conquered(self, faction: Side) -> list[int]:
        return [z for z in self.zones if self.owner[z] == faction]

    def patriots_in(self, zone: int) -> list[int]:
        return [i for i, p in enumerate(self.patriots) if p.zone == zone]

    def copy(self) -> State:
        return State(
            self.edition,
            self.mode,
            self.players,
            self.seed,
            self.shuffles,
            self.round,
            self.first_player,
            self.wave,
            self.total_soldiers,
            self.reserve,
            self.castle,
            self.radetzky,
            self.soldiers[:],
            self.owner[:],
            [Patriot(p.name, p.zone, p.hand) for p in self.patriots],
            [h[:] for h in self.hands],
            self.zone_deck[:],
            self.zone_deck_known,
            self.available[:],
            self.not_available[:],
            self.barricades[:],
            self.austria.copy(),
            self.italy.copy(),
            dict(self.heroic),
            {k: v[:] for k, v in self.tiles.items()},
            self.cube,
            self.step,
            self.active,
            self.actions_left,
            self.done[:],
            self.fight.copy() if self.fight else None,
            self.pool[:],
            self.pool_from[:],
            self.cube_steps,
            self.winner,
            self.ended_by,
        )

    def soldiers_in_play(self) -> int:
        """Reserve + Castle + zones + the Lens: constant for the whole game."""
        lens = self.fight.lens if self.fight else 0
        return self.reserve + self.castle + sum(self.soldiers) + lens
