"""Fight odds and stop advice, exact: dynamic programming over deck and hand compositions.

Cards of one icon are interchangeable, so a fight's situation is a handful of counts: the Austria
draw pile, its discard pile (shuffled in when the pile runs out) and this fight's answered cards
(shuffled in when both are empty, as the engine's Dealer does), the icons the fighting Patriots
hold, the Soldiers in the zone and in the Lens. Every reachable situation is solved once
(memoised), so the answer is exact, not sampled. The order of a tracked deck is never used: the
advice must not tell the table what it could not know.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, NamedTuple

from .edition import BEATS
from .state import ACT, CONTINUE, State
from .turns import fight_hands

ICONS = ("swords", "map", "cannonball")
Counts = tuple[int, int, int]  # swords, map, cannonball
NONE: Counts = (0, 0, 0)
ONE: tuple[Counts, Counts, Counts] = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


INDEX = {icon: n for n, icon in enumerate(ICONS)}
BEATER = tuple(INDEX[next(i for i in ICONS if BEATS[i] == a)] for a in ICONS)  # the icon beating each icon


def counts(icons: Iterable[str]) -> Counts:
    """("swords", "map", "swords") -> (2, 1, 0)."""
    seq = list(icons)  # list.count runs in C: the simulation's policy counts every decision
    found = seq.count("swords"), seq.count("map"), seq.count("cannonball")
    if sum(found) != len(seq):
        raise KeyError(next(icon for icon in seq if icon not in INDEX))
    return found


def _add(a: Counts, b: Counts) -> Counts:
    return a[0] + b[0], a[1] + b[1], a[2] + b[2]


def _take(a: Counts, index: int) -> Counts:
    return tuple(n - (i == index) for i, n in enumerate(a))  # type: ignore[return-value]


class Piles(NamedTuple):
    """The Austria deck as a fight sees it (a tuple: hashed in C, the programme's keys are made of it)."""

    deck: Counts  # the draw pile
    discard: Counts = NONE  # shuffled in when the draw pile runs out
    used: Counts = NONE  # this fight's answered Austria cards: shuffled in when both are empty


FULL_DECK = Piles((11, 11, 11))


@lru_cache(maxsize=200_000)
def reveals(piles: Piles, count: int) -> tuple[tuple[Fraction, Counts, Piles], ...]:
    """Every way `count` cards can come off the piles: (exact probability, icons revealed, piles after)."""
    return _reveals(piles, count, Fraction(1), Fraction)


def _reveals(piles: Piles, count: int, one: Any, ratio: Any) -> tuple[tuple[Any, Counts, Piles], ...]:
    outcomes: dict[tuple[Counts, Piles], Any] = {(NONE, piles): one}
    for _ in range(count):
        following: dict[tuple[Counts, Piles], Any] = {}
        for (shown, before), chance in outcomes.items():
            refilled = _refilled(before)
            if not any(refilled.deck):  # no card anywhere: the reveal stops short
                following[(shown, before)] = following.get((shown, before), 0) + chance
                continue
            total = sum(refilled.deck)
            for icon, n in enumerate(refilled.deck):
                if n:
                    key = (_add(shown, ONE[icon]), Piles(_take(refilled.deck, icon), refilled.discard, refilled.used))
                    following[key] = following.get(key, 0) + chance * ratio(n, total)
        outcomes = following
    return tuple((chance, shown, after) for (shown, after), chance in outcomes.items())


def _refilled(piles: Piles) -> Piles:
    if any(piles.deck):
        return piles
    if any(piles.discard):
        return Piles(piles.discard, NONE, piles.used)
    return Piles(piles.used, NONE, NONE)


def _beats(italy: int, austria: int) -> bool:
    return BEATS[ICONS[italy]] == ICONS[austria]


# --- Fight Radetzky ----------------------------------------------------------------------------

@lru_cache(maxsize=100_000)
def radetzky_win(hand: Counts, piles: Piles = FULL_DECK, reveal: int = 3) -> Fraction:
    """The exact chance to win: each revealed card beaten by a different card from the hands."""
    return sum((chance for chance, shown, _ in reveals(piles, reveal) if _can_beat_all(hand, shown)), Fraction(0))


def _can_beat_all(hand: Counts, shown: Counts) -> bool:
    """Each icon is beaten by exactly one icon, so the cards suffice when, for every icon, the hand
    holds as many of its beater as were revealed (Example 4: two Swords need two Cannonballs)."""
    return all(shown[austria] <= hand[BEATER[austria]] for austria in range(3))


def radetzky_odds(hand: Counts, piles: Piles, reveal: int = 3) -> float:
    """`radetzky_win` in floats (the simulation's policy asks thousands of times a second)."""
    if sum(piles.deck) < reveal:
        return float(radetzky_win(hand, piles, reveal))
    return sum(p for p, shown in _hypergeometric(piles.deck, reveal) if _can_beat_all(hand, shown))


# --- Fight the Soldiers ------------------------------------------------------------------------

WIN, TIE, LOSE = 2, 1, 0


@lru_cache(maxsize=None)
def _clash(icon: int, shown: Counts) -> int:
    """Beating any revealed card wins (the Rifle's rule too); else matching one ties; else it loses."""
    if any(shown[a] and _beats(icon, a) for a in range(3)):
        return WIN
    return TIE if shown[icon] else LOSE


@lru_cache(maxsize=200_000)
def _clashes(piles: Piles, count: int) -> tuple[tuple[float, tuple[int, int, int], Piles], ...]:
    """The reveals in floats (exact fractions cost 20 times more), each with the clash result per icon
    and the piles once it is answered."""
    if sum(piles.deck) >= count:  # no reshuffle on the way: the multivariate hypergeometric law
        outcomes = [(chance, shown, Piles(_less(piles.deck, shown), piles.discard, piles.used))
                    for chance, shown in _hypergeometric(piles.deck, count)]
    else:
        outcomes = list(_reveals(piles, count, 1.0, lambda n, d: n / d))
    return tuple((chance, (_clash(0, shown), _clash(1, shown), _clash(2, shown)),
                  Piles(after.deck, after.discard, _add(after.used, shown)))
                 for chance, shown, after in outcomes)


@lru_cache(maxsize=None)
def _shapes(count: int) -> tuple[Counts, ...]:
    return tuple((a, b, count - a - b) for a in range(count + 1) for b in range(count + 1 - a))


def _hypergeometric(deck: Counts, count: int) -> list[tuple[float, Counts]]:
    ways = comb(sum(deck), count)
    found = []
    for shown in _shapes(count):
        chosen = comb(deck[0], shown[0]) * comb(deck[1], shown[1]) * comb(deck[2], shown[2])
        if chosen:
            found.append((chosen / ways, shown))
    return found


def _less(a: Counts, b: Counts) -> Counts:
    return a[0] - b[0], a[1] - b[1], a[2] - b[2]


def _turn(counts: Counts) -> Counts:
    return counts[2], counts[0], counts[1]


def _rotations(piles: Piles, hand: Counts) -> list[tuple[Piles, Counts]]:
    """Swords beat Map beat Cannonball beat Swords: turning every icon one step along the cycle
    changes no clash, so a situation is worth what its two turned versions are worth."""
    turned = [(piles, hand)]
    for _ in range(2):
        piles, hand = Piles(_turn(piles.deck), _turn(piles.discard), _turn(piles.used)), _turn(hand)
        turned.append((piles, hand))
    return turned


@lru_cache(maxsize=None)
def _moves(hand: Counts) -> tuple[tuple[int, Counts, bool], ...]:
    """Each icon the hand can answer with: (icon, the hand after, whether cards are left)."""
    return tuple((icon, _take(hand, icon), sum(hand) > 1) for icon in range(3) if hand[icon])


@dataclass(frozen=True)
class Outlook:
    """What a choice is worth under the best play from there on."""

    expected: float  # Soldiers removed, on average
    distribution: tuple[float, ...]  # chance of removing 0, 1, 2, ... Soldiers
    clash_win: float  # chance the next clash (ties played out) takes a Soldier; 0 for stopping
    choice: str = ""  # "continue" or "stop", or the icon to answer with


@dataclass
class SoldiersFight:
    """Fight the Soldiers (reveal 1) or through the Rifle (reveal 2 or 3): the optimal policy.

    The programme keeps only expected values (one float per situation); the distribution of the
    result and the next clash's odds are then pushed forward along the optimal choices.
    """

    hand: Counts
    soldiers: int
    lens: int = 0
    piles: Piles = FULL_DECK
    reveal: int = 1
    _values: dict[tuple[Piles, Counts, int], float] = field(default_factory=dict, repr=False)

    @property
    def _total(self) -> int:
        return self.soldiers + self.lens  # each win moves a Soldier from the zone into the Lens

    def start(self) -> Outlook:
        """Fighting now (a reveal), with the best play after it."""
        return self._outlook(self.piles, self.hand, self.lens, "continue")

    def decide(self) -> tuple[Outlook, Outlook]:
        """After a win: (continue, stop), each under the best play after it."""
        stop = Outlook(float(self.lens), self._point(self.lens), 0.0, "stop")
        if not sum(self.hand):
            return Outlook(stop.expected, stop.distribution, 0.0, "continue"), stop
        return self._outlook(self.piles, self.hand, self.lens, "continue"), stop

    def answer(self, shown: Counts) -> list[tuple[str, float]]:
        """With these icons revealed: each icon in hand and the Soldiers it removes on average, best first."""
        after = Piles(self.piles.deck, self.piles.discard, _add(self.piles.used, shown))
        results = (_clash(0, shown), _clash(1, shown), _clash(2, shown))
        options = [(ICONS[icon], self._answer_value(icon, results, after, self.hand, self.lens))
                   for icon in range(3) if self.hand[icon]]
        return sorted(options, key=lambda option: -option[1])

    def best_answer(self, piles: Piles, hand: Counts, lens: int, shown: Counts) -> str:
        """The policy at any situation of this fight: the icon to answer `shown` with."""
        after = Piles(piles.deck, piles.discard, _add(piles.used, shown))
        results = (_clash(0, shown), _clash(1, shown), _clash(2, shown))
        return ICONS[self._best_move(results, after, hand, lens)[0]]

    def keeps_fighting(self, piles: Piles, hand: Counts, lens: int) -> bool:
        """The policy after a win: continue (True) or stop."""
        return self._continues(piles, hand, lens)

    def _point(self, removed: int) -> tuple[float, ...]:
        return tuple(float(n == removed) for n in range(self._total + 1))

    # expected values --------------------------------------------------------------------------

    def _value(self, piles: Piles, hand: Counts, lens: int) -> float:
        """A reveal is coming: the Soldiers removed on average under the best play."""
        known = self._values.get((piles, hand, lens))
        if known is not None:
            return known
        value, moves, total = 0.0, _moves(hand), self._total
        for chance, results, after in _clashes(piles, self.reveal):
            best = 0.0
            for icon, left, cards_left in moves:  # the hot loop: _answer_value, inlined
                result = results[icon]
                if result == WIN:
                    worth = float(lens + 1)
                    if lens + 1 < total and cards_left:
                        worth = max(worth, self._value(after, left, lens + 1))
                elif result == TIE and cards_left:
                    worth = self._value(after, left, lens)
                else:
                    continue
                if worth > best:
                    best = worth
            value += chance * best
        for turned_piles, turned_hand in _rotations(piles, hand):  # the icons' cycle: one solve for three
            self._values[(turned_piles, turned_hand, lens)] = value
        return value

    def _answer_value(self, icon: int, results: tuple[int, int, int], after: Piles, hand: Counts, lens: int) -> float:
        return self._worth(results[icon], after, _take(hand, icon), lens)

    def _worth(self, result: int, after: Piles, left: Counts, lens: int) -> float:
        """What the clash's result is worth, the best play following (as in `_value`'s loop)."""
        if result == WIN:
            if lens + 1 == self._total or not any(left):
                return float(lens + 1)  # the zone is empty, or nothing is left to fight with
            return max(float(lens + 1), self._value(after, left, lens + 1))
        if result == TIE and any(left):
            return self._value(after, left, lens)
        return 0.0

    def _continues(self, piles: Piles, hand: Counts, lens: int) -> bool:
        return lens < self._total and any(hand) and self._value(piles, hand, lens) > lens + 1e-12

    def _best_move(self, results: tuple[int, int, int], after: Piles, hand: Counts, lens: int) -> tuple[int, Counts]:
        """The icon to answer with and the hand left."""
        icon, left, _ = max(_moves(hand), key=lambda move: self._worth(results[move[0]], after, move[1], lens))
        return icon, left

    # the distribution and the next clash, along the best choices -----------------------------

    def _outlook(self, piles: Piles, hand: Counts, lens: int, choice: str) -> Outlook:
        expected = self._value(piles, hand, lens)
        return Outlook(expected, self._distribution(piles, hand, lens), self._clash_win(piles, hand, lens), choice)

    def _distribution(self, piles: Piles, hand: Counts, lens: int) -> tuple[float, ...]:
        final = [0.0] * (self._total + 1)
        by_cards: list[dict[tuple[Piles, Counts, int], float]] = [{} for _ in range(sum(hand) + 1)]
        by_cards[sum(hand)][(piles, hand, lens)] = 1.0
        for cards in range(sum(hand), 0, -1):  # every reveal spends a card: fullest hands first
            for state, mass in by_cards[cards].items():
                self._push(state, mass, by_cards[cards - 1], final)
        return tuple(final)

    def _push(self, state: tuple[Piles, Counts, int], mass: float,
              waiting: dict[tuple[Piles, Counts, int], float], final: list[float]) -> None:
        piles, hand, lens = state
        for chance, results, after in _clashes(piles, self.reveal):
            icon, left = self._best_move(results, after, hand, lens)
            result, share = results[icon], mass * chance
            won = lens + (result == WIN)
            if result == LOSE or (result == TIE and not any(left)):
                final[0] += share
            elif result == TIE or self._continues(after, left, won):
                key = (after, left, won)
                waiting[key] = waiting.get(key, 0.0) + share
            else:
                final[won] += share

    def _clash_win(self, piles: Piles, hand: Counts, lens: int) -> float:
        """The chance the next clash ends in a win, ties revealing again, under the best answers."""
        chance_won = 0.0
        for chance, results, after in _clashes(piles, self.reveal):
            icon, left = self._best_move(results, after, hand, lens)
            if results[icon] == WIN:
                chance_won += chance
            elif results[icon] == TIE and any(left):
                chance_won += chance * self._clash_win(after, left, lens)
        return chance_won


def advice_sentence(go: Outlook, stop: Outlook) -> str:
    """"continue: 61% to take another Soldier, 39% to lose the 2 in the Lens" and the like."""
    lens = round(stop.expected)
    win, lose = round(go.clash_win * 100), 100 - round(go.clash_win * 100)
    numbers = f"{win}% to take another Soldier, {lose}% to lose the {lens} in the Lens"
    if go.expected > stop.expected + 1e-12:
        return f"continue: {numbers} (on average {go.expected:.2f} removed, against {lens} by stopping)"
    return f"stop: {numbers} (continuing removes {go.expected:.2f} on average, stopping {lens})"


# --- The running game --------------------------------------------------------------------------

def situation(state: State, told: Counts | None = None) -> tuple[Counts, Piles] | None:
    """The fighting Patriots' icons and the Austria piles as the table knows them; None when a hand
    holds an unseen card, unless the table `told` its icons (table decks: tapped in, or on the
    command line)."""
    if state.active is None:
        return None
    cards = [card for hand in fight_hands(state) for card in state.hands[hand]] + list(state.pool)
    if told is None and any(card not in state.edition.italy for card in cards):
        return None
    austria = state.edition.austria
    deck = counts(map(austria.__getitem__, state.austria.cards))  # tracked: the pile; table: every unseen card
    used = counts(map(austria.__getitem__, state.fight.used_austria)) if state.fight else NONE
    piles = Piles(deck, counts(map(austria.__getitem__, state.austria.discard)), used)
    return (told if told is not None else counts(state.edition.italy[c][0] for c in cards)), piles


@dataclass(frozen=True)
class Advice:
    """The odds for this moment of Phase 1, for the screen to put in words."""

    go: Outlook | None = None  # after a win: continuing ...
    stop: Outlook | None = None  # ... and stopping
    radetzky: float | None = None  # before acting: the chance to beat Radetzky here
    soldiers: float | None = None  # before acting: Soldiers a fight here removes on average


def advice(state: State, told: Counts | None = None) -> Advice | None:
    """The odds for the fighting Patriots now (continue or stop; or before a fight), or None.
    `told`: the fighters' icons as the table tells them (table decks)."""
    known = situation(state, told)
    if known is None:
        return None
    hand, piles = known
    zone = state.patriots[state.active].zone if state.active is not None else 0
    fight = state.fight
    if state.step == CONTINUE and fight is not None:
        go, stop = SoldiersFight(hand, state.soldiers[zone], fight.lens, piles, fight.reveal).decide()
        return Advice(go=go, stop=stop)
    if state.step != ACT or not any(hand):
        return None
    radetzky = None
    if state.radetzky == zone and sum(hand) >= state.edition.rules.radetzky_reveals:
        radetzky = float(radetzky_win(hand, piles, state.edition.rules.radetzky_reveals))
    soldiers = SoldiersFight(hand, state.soldiers[zone], 0, piles).start().expected if state.soldiers[zone] else None
    return Advice(radetzky=radetzky, soldiers=soldiers) if radetzky is not None or soldiers is not None else None
