"""Fight odds and stop advice, exact: dynamic programming over deck and hand compositions.

Cards of one icon are interchangeable, so a fight's situation is a handful of counts: the Austria
draw pile, its discard pile (shuffled in when the pile runs out) and this fight's answered cards
(shuffled in when both are empty, as the engine's Dealer does), the icons the fighting Patriots
hold, the Soldiers in the zone and in the Lens. Every reachable situation is solved once
(memoised), so the answer is exact, not sampled. The order of a tracked deck is never used: the
advice must not tell the table what it could not know.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property, lru_cache
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
    swords = maps = cannonballs = (
        0  # comparisons: the fastest count in both engines (the policy counts often)
    )
    for icon in icons:
        if icon == "swords":
            swords += 1
        elif icon == "map":
            maps += 1
        elif icon == "cannonball":
            cannonballs += 1
        else:
            raise KeyError(icon)
    return swords, maps, cannonballs


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
                    key = (
                        _add(shown, ONE[icon]),
                        Piles(_take(refilled.deck, icon), refilled.discard, refilled.used),
                    )
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
    return sum(
        (chance for chance, shown, _ in reveals(piles, reveal) if _can_beat_all(hand, shown)), Fraction(0)
    )


def _can_beat_all(hand: Counts, shown: Counts) -> bool:
    """Each icon is beaten by exactly one icon, so the cards suffice when, for every icon, the hand
    holds as many of its beater as were revealed (Example 4: two Swords need two Cannonballs)."""
    return all(shown[austria] <= hand[BEATER[austria]] for austria in range(3))


def radetzky_odds(hand: Counts, piles: Piles, reveal: int = 3) -> float:
    """`radetzky_win` in floats (the simulation's policy asks thousands of times a second)."""
    if sum(piles.deck) < reveal:
        return float(radetzky_win(hand, piles, reveal))
    return sum(p for p, (shown, _, _) in hypergeometric(piles.deck, reveal) if _can_beat_all(hand, shown))


# --- Fight the Soldiers ------------------------------------------------------------------------

WIN, TIE, LOSE = 2, 1, 0


@cache
def _clash(icon: int, shown: Counts) -> int:
    """Beating any revealed card wins (the Rifle's rule too); else matching one ties; else it loses."""
    if any(shown[a] and _beats(icon, a) for a in range(3)):
        return WIN
    return TIE if shown[icon] else LOSE


def _results(shown: Counts) -> tuple[int, int, int]:
    """The clash's result for each icon answering these revealed icons."""
    return _clash(0, shown), _clash(1, shown), _clash(2, shown)


Shown = tuple[Counts, int, tuple[int, int, int]]  # revealed icons, as a code, the clash result per icon


@cache
def _shown(count: int) -> tuple[Shown, ...]:
    """Every way `count` cards can show."""
    return tuple(
        (icons, _code(icons), _results(icons))
        for icons in ((a, b, count - a - b) for a in range(count + 1) for b in range(count + 1 - a))
    )


def hypergeometric(deck: Counts, count: int) -> list[tuple[float, Shown]]:
    """The ways `count` cards come off `deck` with no reshuffle (the multivariate hypergeometric law)."""
    ways = comb(sum(deck), count)
    found = []
    for shown in _shown(count):
        icons = shown[0]
        chosen = comb(deck[0], icons[0]) * comb(deck[1], icons[1]) * comb(deck[2], icons[2])
        if chosen:
            found.append((chosen / ways, shown))
    return found


# --- The programme's keys: integers -----------------------------------------------------------
# A situation is looked up ten to thirty times for each time it is solved: an int (six bits per
# count; no pile or hand holds 64 cards of one icon) hashes and turns along the icons' cycle far
# faster than a tuple of tuples.

BITS = 6
LARGEST = (1 << BITS) - 1
COUNTS_BITS = 3 * BITS
HAND_SHIFT, PILES_SHIFT = 8, 8 + COUNTS_BITS  # a value's key: piles | hand | lens (under 256)


def _code(counts: Counts) -> int:
    return counts[0] | counts[1] << BITS | counts[2] << 2 * BITS


def _uncode(code: int) -> Counts:
    return code & LARGEST, code >> BITS & LARGEST, code >> 2 * BITS & LARGEST


def _piles_code(piles: Piles) -> int:
    return _code(piles.deck) | _code(piles.discard) << COUNTS_BITS | _code(piles.used) << 2 * COUNTS_BITS


def _piles_of(code: int) -> Piles:
    mask = (1 << COUNTS_BITS) - 1
    return Piles(_uncode(code & mask), _uncode(code >> COUNTS_BITS & mask), _uncode(code >> 2 * COUNTS_BITS))


KEY_FIRSTS = sum(
    LARGEST << HAND_SHIFT + block * COUNTS_BITS for block in range(4)
)  # each Swords count in a key
KEY_FIRST_TWO = KEY_FIRSTS | KEY_FIRSTS << BITS
LENS = (1 << HAND_SHIFT) - 1


def _turned(key: int) -> int:
    """A value's key with every icon turned one step along the cycle, (s, m, c) -> (c, s, m), in
    the hand and in every pile."""
    return key >> 2 * BITS & KEY_FIRSTS | (key & KEY_FIRST_TWO) << BITS | key & LENS


USED_SHIFT = 2 * COUNTS_BITS  # where this fight's answered cards sit in a piles code


@lru_cache(maxsize=200_000)
def _clashes(piles: int, count: int) -> tuple[tuple[float, tuple[int, int, int], int], ...]:
    """The reveals in floats (exact fractions cost 20 times more), each with the clash result per icon
    and the piles once it is answered (the revealed cards join this fight's used ones)."""
    deck = _uncode(piles)
    if sum(deck) < count:  # a reshuffle on the way
        return tuple(
            (chance, _results(shown), _piles_code(after) + (_code(shown) << USED_SHIFT))
            for chance, shown, after in _reveals(_piles_of(piles), count, 1.0, lambda n, d: n / d)
        )
    return tuple(
        (chance, results, piles - code + (code << USED_SHIFT))
        for chance, (_, code, results) in hypergeometric(deck, count)
    )


@cache
def _moves(hand: int) -> tuple[tuple[int, int, bool], ...]:
    """Each icon the hand can answer with: (icon, the hand after, whether cards are left)."""
    counts = _uncode(hand)
    return tuple((icon, hand - (1 << BITS * icon), sum(counts) > 1) for icon in range(3) if counts[icon])


@dataclass(frozen=True)
class Outlook:
    """What a choice is worth under the best play from there on."""

    expected: float  # Soldiers removed, on average
    clash_win: float  # chance the next clash (ties played out) takes a Soldier; 0 for stopping
    choice: str  # "continue" or "stop"
    spread: Callable[[], tuple[float, ...]] = field(repr=False, compare=False)

    @cached_property
    def distribution(self) -> tuple[float, ...]:
        """The chance of removing 0, 1, 2, ... Soldiers: worked out when first asked (the advice on
        screen does without it, and it costs a third of the advice's time on the Rifle)."""
        return self.spread()


Situation = tuple[int, int, int]  # piles, hand, lens (codes)

# The solver's budget, in situations stored: the largest fight the advice's goal covers (8 cards, up to
# 7 Soldiers, the heroic Rifle) stores 17,097 and is answered in 34-43 ms (benchmarks/advisor.py, in
# docs/benchmarks.md); 20,000 is that fight with some room, about 50 ms. Beyond it a fight is refused
# instead of running for seconds and gigabytes (a 100-card hand against 60 Soldiers: 40 s, 2 GB).
MAX_SITUATIONS = 20_000


class TooLarge(ValueError):
    """The exact odds of this fight are beyond the solver's budget (MAX_SITUATIONS)."""

    def __init__(self) -> None:
        super().__init__(
            f"the exact odds of this fight need more than {MAX_SITUATIONS:,} situations, "
            "the most the solver answers within its 50 ms budget; "
            "ask with fewer cards or Soldiers"
        )


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
    _values: dict[int, float] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        counts = (*self.hand, *self.piles.deck, *self.piles.discard, *self.piles.used)
        if min(counts) < 0 or max(counts) > LARGEST or not 0 <= self.lens <= self._total < 1 << HAND_SHIFT:
            raise ValueError(
                f"the odds solve fights of under {1 << HAND_SHIFT} Soldiers with {LARGEST} or fewer "
                "cards of each icon in every pile and hand"
            )

    @property
    def _total(self) -> int:
        return self.soldiers + self.lens  # each win moves a Soldier from the zone into the Lens

    def start(self) -> Outlook:
        """Fighting now (a reveal), with the best play after it."""
        return self._outlook(_piles_code(self.piles), _code(self.hand), self.lens, "continue")

    def decide(self) -> tuple[Outlook, Outlook]:
        """After a win: (continue, stop), each under the best play after it."""
        stop = Outlook(float(self.lens), 0.0, "stop", lambda: self._point(self.lens))
        if not sum(self.hand):
            return Outlook(stop.expected, 0.0, "continue", stop.spread), stop
        return self._outlook(_piles_code(self.piles), _code(self.hand), self.lens, "continue"), stop

    def answer(self, shown: Counts) -> list[tuple[str, float]]:
        """With these icons revealed: each icon in hand and the Soldiers it removes on average, best first."""
        after, results = self._answered(self.piles, shown)
        options = [
            (ICONS[icon], self._worth(results[icon], after, left, self.lens))
            for icon, left, _ in _moves(_code(self.hand))
        ]
        return sorted(options, key=lambda option: -option[1])

    def best_answer(self, piles: Piles, hand: Counts, lens: int, shown: Counts) -> str:
        """The policy at any situation of this fight: the icon to answer `shown` with."""
        after, results = self._answered(piles, shown)
        return ICONS[self._best_move(results, after, _code(hand), lens)[0]]

    def keeps_fighting(self, piles: Piles, hand: Counts, lens: int) -> bool:
        """The policy after a win: continue (True) or stop."""
        return self._continues(_piles_code(piles), _code(hand), lens)

    @staticmethod
    def _answered(piles: Piles, shown: Counts) -> tuple[int, tuple[int, int, int]]:
        after = Piles(piles.deck, piles.discard, _add(piles.used, shown))
        return _piles_code(after), _results(shown)

    def _point(self, removed: int) -> tuple[float, ...]:
        return tuple(float(n == removed) for n in range(self._total + 1))

    # expected values --------------------------------------------------------------------------

    def _value(self, piles: int, hand: int, lens: int) -> float:
        """A reveal is coming: the Soldiers removed on average under the best play."""
        known = self._values.get(piles << PILES_SHIFT | hand << HAND_SHIFT | lens)
        return self._solve(piles, hand, lens) if known is None else known

    def _solve(self, piles: int, hand: int, lens: int) -> float:
        """`_value` for a situation not solved yet: the hot loop (`_worth`, inlined, looking up first)."""
        values, solve, won = self._values, self._solve, lens + 1
        if len(values) >= MAX_SITUATIONS:
            raise TooLarge()
        goes_on, stopped = won < self._total, float(won)
        moves = _moves(hand)
        value = 0.0
        for chance, results, after in _clashes(piles, self.reveal):
            best, after_key = 0.0, after << PILES_SHIFT
            for icon, left, cards_left in moves:
                result = results[icon]
                if result == WIN:
                    worth = stopped
                    if goes_on and cards_left:
                        later = values.get(after_key | left << HAND_SHIFT | won)
                        if later is None:
                            later = solve(after, left, won)
                        if later > worth:
                            worth = later
                elif result == TIE and cards_left:
                    tied = values.get(after_key | left << HAND_SHIFT | lens)
                    worth = solve(after, left, lens) if tied is None else tied
                else:
                    continue
                if worth > best:
                    best = worth
            value += chance * best
        # the icons' cycle: a situation turned one step is worth the same, so one solve serves three
        key = piles << PILES_SHIFT | hand << HAND_SHIFT | lens
        once = _turned(key)
        values[key] = values[once] = values[_turned(once)] = value
        return value

    def _worth(self, result: int, after: int, left: int, lens: int) -> float:
        """What the clash's result is worth, the best play following (as in `_solve`'s loop)."""
        if result == WIN:
            if lens + 1 == self._total or not left:
                return float(lens + 1)  # the zone is empty, or nothing is left to fight with
            return max(float(lens + 1), self._value(after, left, lens + 1))
        if result == TIE and left:
            return self._value(after, left, lens)
        return 0.0

    def _continues(self, piles: int, hand: int, lens: int) -> bool:
        return lens < self._total and hand != 0 and self._value(piles, hand, lens) > lens + 1e-12

    def _best_move(
        self, results: tuple[int, int, int], after: int, hand: int, lens: int
    ) -> tuple[int, int, float]:
        """The icon to answer with, the hand left and what it is worth (the first of equals, in icon
        order)."""
        best = (0, 0, -1.0)
        for icon, left, _ in _moves(hand):
            worth = self._worth(results[icon], after, left, lens)
            if worth > best[2]:
                best = (icon, left, worth)
        return best

    # the distribution and the next clash, along the best choices -----------------------------

    def _outlook(self, piles: int, hand: int, lens: int, choice: str) -> Outlook:
        expected = self._value(piles, hand, lens)
        return Outlook(
            expected,
            self._clash_win(piles, hand, lens),
            choice,
            lambda: self._distribution(piles, hand, lens),
        )

    def _distribution(self, piles: int, hand: int, lens: int) -> tuple[float, ...]:
        final = [0.0] * (self._total + 1)
        cards = sum(_uncode(hand))
        by_cards: list[dict[Situation, float]] = [{} for _ in range(cards + 1)]
        by_cards[cards][(piles, hand, lens)] = 1.0
        for held in range(cards, 0, -1):  # every reveal spends a card: fullest hands first
            for situation, mass in by_cards[held].items():
                self._push(situation, mass, by_cards[held - 1], final)
        return tuple(final)

    def _push(
        self, situation: Situation, mass: float, waiting: dict[Situation, float], final: list[float]
    ) -> None:
        piles, hand, lens = situation
        for chance, results, after in _clashes(piles, self.reveal):
            icon, left, worth = self._best_move(results, after, hand, lens)
            result, share = results[icon], mass * chance
            won = lens + (result == WIN)
            if result == LOSE or (result == TIE and not left):
                final[0] += share
            elif (
                result == TIE or worth > won + 1e-12
            ):  # a tie reveals again; a win worth more than its Soldier goes on
                key = (after, left, won)
                waiting[key] = waiting.get(key, 0.0) + share
            else:
                final[won] += share

    def _clash_win(self, piles: int, hand: int, lens: int) -> float:
        """The chance the next clash ends in a win, ties revealing again, under the best answers."""
        chance_won = 0.0
        for chance, results, after in _clashes(piles, self.reveal):
            icon, left, _ = self._best_move(results, after, hand, lens)
            if results[icon] == WIN:
                chance_won += chance
            elif results[icon] == TIE and left:
                chance_won += chance * self._clash_win(after, left, lens)
        return chance_won


def advice_sentence(go: Outlook, stop: Outlook) -> str:
    """ "continue: 61% to take another Soldier, 39% to lose the 2 in the Lens" and the like."""
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
    hand = told if told is not None and state.active is not None else fighters_icons(state)
    if hand is None:
        return None
    austria = state.edition.austria
    used = counts(map(austria.__getitem__, state.fight.used_austria)) if state.fight else NONE
    return hand, Piles(austria_deck(state), counts(map(austria.__getitem__, state.austria.discard)), used)


def fighters_cards(state: State) -> list[str]:
    """The cards the fighting Patriots can answer with: their hands, then the pool."""
    return [card for hand in fight_hands(state) for card in state.hands[hand]] + state.pool


def fighters_icons(state: State) -> Counts | None:
    """The icons the fighting Patriots hold (their hands and the pool); None when one is unseen."""
    if state.active is None:
        return None
    italy, cards = state.edition.italy, fighters_cards(state)
    if any(card not in italy for card in cards):
        return None
    return counts(italy[card][0] for card in cards)


def austria_deck(state: State) -> Counts:
    """The Austria draw pile's icons (tracked: the pile; table decks: every card not seen yet)."""
    return counts(map(state.edition.austria.__getitem__, state.austria.cards))


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
        try:
            go, stop = SoldiersFight(hand, state.soldiers[zone], fight.lens, piles, fight.reveal).decide()
        except ValueError:  # beyond the solver's budget (TooLarge) or its counts: no advice, never a stall
            return None
        return Advice(go=go, stop=stop)
    if state.step != ACT or not any(hand):
        return None
    from . import actions as a
    from .reducer import check  # the odds name only a fight the rules allow here

    radetzky = None
    if check(state, a.FightRadetzky()) is None and sum(hand) >= state.edition.rules.radetzky_reveals:
        radetzky = float(radetzky_win(hand, piles, state.edition.rules.radetzky_reveals))
    legal = check(state, a.FightSoldiers()) is None
    soldiers = _expected(hand, state.soldiers[zone], piles) if legal and state.soldiers[zone] else None
    return (
        Advice(radetzky=radetzky, soldiers=soldiers) if radetzky is not None or soldiers is not None else None
    )


def _expected(hand: Counts, soldiers: int, piles: Piles) -> float | None:
    """Soldiers a fight here removes on average; None beyond what the solver answers in its budget."""
    try:
        return SoldiersFight(hand, soldiers, 0, piles).start().expected
    except ValueError:
        return None
