"""Fight odds: exact answers checked against the rulebook, a 200,000-game Monte Carlo of the same
situation (an independent simulation with real shuffled cards), and simpler policies."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from companion.cli import main
from companion.games.milano1848.edition import BEATS
from companion.games.milano1848.odds import (
    FULL_DECK,
    ICONS,
    Piles,
    SoldiersFight,
    advice_sentence,
    counts,
    radetzky_win,
    reveals,
)

GAMES = 200_000


def test_example_4_hand_against_a_full_deck():
    hand = counts(["swords", "swords", "map", "cannonball"])
    assert radetzky_win(hand) == Fraction(2541, 5456)


def test_the_command_prints_example_4s_odds(capsys):
    assert (
        main(
            [
                "milano1848",
                "odds",
                "--fight",
                "radetzky",
                "--hand",
                "swords,swords,map,cannonball",
                "--deck",
                "swords=11,map=11,cannonball=11",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["win"] == pytest.approx(2541 / 5456, abs=1e-12)


class Table:
    """Real cards, drawn one at a time uniformly from the draw pile; when it runs out the discard
    pile is shuffled in, and when both are empty the fight's answered cards (as the Dealer does)."""

    def __init__(self, piles: Piles, rng: random.Random) -> None:
        self.rng = rng
        self.deck, self.discard, self.used = list(piles.deck), list(piles.discard), list(piles.used)

    def draw(self) -> str | None:
        if not any(self.deck):
            source = self.discard if any(self.discard) else self.used
            self.deck, source[:] = source[:], [0, 0, 0]
        left = sum(self.deck)
        if not left:
            return None
        pick = self.rng.randrange(left)
        for icon in range(3):
            if pick < self.deck[icon]:
                self.deck[icon] -= 1
                return ICONS[icon]
            pick -= self.deck[icon]
        raise AssertionError("unreachable")

    def answered(self, shown: list[str]) -> None:
        for card in shown:
            self.used[ICONS.index(card)] += 1

    def piles(self) -> Piles:
        return Piles(tuple(self.deck), tuple(self.discard), tuple(self.used))


def _clash(icon: str, shown: list[str]) -> str:
    if any(BEATS[icon] == a for a in shown):
        return "win"
    return "tie" if icon in shown else "lose"


class Policy:
    """The fight's own choices, remembered per situation (200,000 games ask the same few questions)."""

    def __init__(self, fight: SoldiersFight) -> None:
        self.fight, self.answers, self.goes_on = fight, {}, {}

    def answer(self, piles, hand, lens, shown) -> str:
        key = (piles, hand, lens, shown)
        if key not in self.answers:
            self.answers[key] = self.fight.best_answer(piles, hand, lens, shown)
        return self.answers[key]

    def keeps_fighting(self, piles, hand, lens) -> bool:
        key = (piles, hand, lens)
        if key not in self.goes_on:
            self.goes_on[key] = self.fight.keeps_fighting(piles, hand, lens)
        return self.goes_on[key]


def simulate(fight: SoldiersFight, rng: random.Random, policy: str = "best") -> tuple[int, bool]:
    """One fight with real cards: (Soldiers removed, whether the first clash was won)."""
    table, hand, lens, first = Table(fight.piles, rng), list(_cards(fight.hand)), fight.lens, None
    total = fight.soldiers + fight.lens
    if lens and not _goes_on(fight, table, hand, lens, policy):
        return lens, False
    while True:
        shown = [card for card in (table.draw() for _ in range(fight.reveal)) if card is not None]
        icon = fight.policy.answer(table.piles(), counts(hand), lens, counts(shown))
        hand.remove(icon)
        table.answered(shown)
        result = _clash(icon, shown)
        if result == "tie" and hand:
            continue
        first = result == "win" if first is None else first
        if result != "win":
            return 0, first
        lens += 1
        if lens == total or not hand or not _goes_on(fight, table, hand, lens, policy):
            return lens, first


def _goes_on(fight, table, hand, lens, policy) -> bool:
    if policy == "best":
        return fight.policy.keeps_fighting(table.piles(), counts(hand), lens)
    return lens < int(policy)  # "stop once N are in the Lens"


def _cards(hand):
    return [icon for icon, n in zip(ICONS, hand) for _ in range(n)]


SITUATIONS = [
    ("one reveal, start", SoldiersFight(counts(["swords", "map", "map", "cannonball"]), soldiers=4)),
    ("one reveal, after a win", SoldiersFight(counts(["swords", "swords", "map"]), soldiers=3, lens=2)),
    (
        "two Patriots, 8 cards",
        SoldiersFight(counts(["swords"] * 3 + ["map"] * 3 + ["cannonball"] * 2), soldiers=5),
    ),
    ("Rifle, 2 reveals", SoldiersFight(counts(["map", "map", "swords", "cannonball"]), soldiers=3, reveal=2)),
    ("heroic Rifle, 3 reveals", SoldiersFight(counts(["map", "swords", "swords"]), soldiers=4, reveal=3)),
    (
        "a thin deck that runs out and reshuffles",
        SoldiersFight(
            counts(["swords", "map", "cannonball", "map", "swords"]),
            soldiers=5,
            piles=Piles((1, 2, 0), (3, 1, 4)),
            reveal=2,
        ),
    ),
    (
        "deck and discard both run out: the fight's cards come back",
        SoldiersFight(
            counts(["cannonball"] * 3 + ["map"] * 2), soldiers=5, piles=Piles((1, 1, 0), (0, 1, 0)), reveal=2
        ),
    ),
]


@pytest.mark.slow  # Monte Carlo
@pytest.mark.parametrize("name, fight", SITUATIONS, ids=[s[0] for s in SITUATIONS])
def test_the_exact_answer_agrees_with_200000_games_of_real_cards(name, fight):
    fight.policy = Policy(fight)
    exact = fight.decide()[0] if fight.lens else fight.start()
    if fight.lens and fight.decide()[1].expected > exact.expected:
        exact = fight.decide()[1]
    rng = random.Random(1848)
    removed = [0] * (fight.soldiers + fight.lens + 1)
    first_won = 0
    for _ in range(GAMES):
        count, first = simulate(fight, rng)
        removed[count] += 1
        first_won += first
    mean = sum(n * times for n, times in enumerate(removed)) / GAMES
    assert mean == pytest.approx(exact.expected, rel=0.01)
    for n, times in enumerate(removed):
        assert times / GAMES == pytest.approx(exact.distribution[n], abs=0.01), n
    if exact.choice == "continue":
        assert first_won / GAMES == pytest.approx(exact.clash_win, abs=0.01)


@pytest.mark.parametrize(
    "hand, deck",
    [
        (["swords", "swords", "map", "cannonball"], (11, 11, 11)),
        (["map", "map", "map", "swords", "cannonball"], (4, 9, 2)),
        (["cannonball", "cannonball", "swords"], (11, 0, 11)),
    ],
)
def test_radetzky_odds_agree_with_200000_reveals(hand, deck):
    exact = radetzky_win(counts(hand), Piles(deck))
    rng = random.Random(7)
    pile = [icon for icon, n in zip(ICONS, deck) for _ in range(n)]
    wins = 0
    for _ in range(GAMES):
        shown = rng.sample(pile, 3)
        left = list(hand)
        wins += _beat_each(left, shown)
    assert wins / GAMES == pytest.approx(float(exact), abs=0.01)


def _beat_each(hand: list[str], shown: list[str]) -> bool:
    if not shown:
        return True
    for card in set(hand):
        if BEATS[card] == shown[0]:
            rest = list(hand)
            rest.remove(card)
            if _beat_each(rest, shown[1:]):
                return True
    return False


@pytest.mark.parametrize("stop_at", ["1", "2", "3"])
def test_no_simple_policy_does_better(stop_at):
    fight = SoldiersFight(counts(["swords", "map", "map", "cannonball", "swords"]), soldiers=4)
    fight.policy = Policy(fight)
    rng = random.Random(int(stop_at))
    games = 50_000
    mean = sum(simulate(fight, rng, policy=stop_at)[0] for _ in range(games)) / games
    assert mean <= fight.start().expected + 0.03  # within Monte Carlo noise of the optimum, never above


def test_the_advice_names_the_two_numbers_behind_it():
    go, stop = SoldiersFight(counts(["swords", "map"]), soldiers=3, lens=2).decide()
    sentence = advice_sentence(go, stop)
    assert sentence.startswith(("continue: ", "stop: "))
    assert (
        f"{round(go.clash_win * 100)}% to take another Soldier" in sentence
        and "to lose the 2 in the Lens" in sentence
    )


def test_a_full_deck_is_33_cards():
    assert sum(FULL_DECK.deck) == 33


def plain_expected(hand, soldiers, lens, piles, reveal) -> float:
    """The optimum the slow, obvious way: exact fractions, tuples, every situation on its own."""
    total = soldiers + lens

    def result(icon, shown):
        if any(n and BEATS[ICONS[icon]] == ICONS[a] for a, n in enumerate(shown)):
            return "win"
        return "tie" if shown[icon] else "lose"

    @cache
    def value(piles, hand, lens):
        expected = Fraction(0)
        for chance, shown, after in reveals(piles, reveal):
            after = Piles(after.deck, after.discard, tuple(u + s for u, s in zip(after.used, shown)))
            best = Fraction(0)
            for icon in (i for i in range(3) if hand[i]):
                left = tuple(n - (i == icon) for i, n in enumerate(hand))
                outcome = result(icon, shown)
                if outcome == "win":
                    worth = Fraction(lens + 1)
                    if lens + 1 < total and sum(left):
                        worth = max(worth, value(after, left, lens + 1))
                elif outcome == "tie" and sum(left):
                    worth = value(after, left, lens)
                else:
                    worth = Fraction(0)
                best = max(best, worth)
            expected += chance * best
        return expected

    return float(value(piles, hand, lens))


@pytest.mark.parametrize(
    "piles",
    [Piles((2, 2, 2)), Piles((3, 2, 1), (1, 1, 0)), Piles((1, 0, 1), (0, 2, 1), (1, 0, 0))],
    ids=["even", "uneven", "reshuffles"],
)
def test_the_fast_solver_finds_the_plain_optimum(piles):
    """The solver keys situations by integers and stores one answer for three turned along the icons'
    cycle (Swords beat Map beat Cannonball beat Swords); the plain recursion does neither. Every hand
    of up to two cards of each icon, 1-3 Soldiers, 0-1 in the Lens, 1-3 reveals."""
    for hand in product(range(3), repeat=3):
        for soldiers, lens, reveal in product((1, 2, 3), (0, 1), (1, 2, 3)):
            if sum(hand):
                fast = SoldiersFight(hand, soldiers, lens, piles, reveal).decide()[0].expected
                plain = plain_expected(hand, soldiers, lens, piles, reveal)
                assert fast == pytest.approx(plain, abs=1e-9), (hand, soldiers, lens, reveal)


def test_the_command_refuses_a_hand_beyond_the_solver_in_one_line(capsys):
    assert (
        main(
            ["milano1848", "odds", "--fight", "soldiers", "--soldiers", "3", "--hand", ",".join(["map"] * 64)]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "63 or fewer cards of each icon" in err


def _cycle(cards: int) -> tuple[int, int, int]:
    return counts(ICONS[i % 3] for i in range(cards))


def test_a_fight_beyond_the_solvers_budget_is_refused_not_worked_out():
    from companion.games.milano1848.odds import MAX_SITUATIONS, TooLarge

    fight = SoldiersFight(_cycle(10), 10, 0, FULL_DECK, 3)  # heroic Rifle, 10 cards: ~36,000 situations
    with pytest.raises(TooLarge, match="more than 20,000 situations"):
        fight.start()
    assert len(fight._values) < MAX_SITUATIONS + 100  # stopped at the budget (+ the solves in flight)
    largest = SoldiersFight(_cycle(8), 7, 0, FULL_DECK, 3)  # the largest fight the benchmark's goal covers
    assert largest.start().expected > 0 and len(largest._values) <= MAX_SITUATIONS


def test_the_command_refuses_a_100_card_hand_against_60_soldiers_in_one_line(capsys):
    hand = ",".join(ICONS[i % 3] for i in range(100))
    assert main(["milano1848", "odds", "--fight", "soldiers", "--soldiers", "60", "--hand", hand]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the most the solver answers within its 50 ms budget" in err


def test_the_table_gets_no_advice_rather_than_a_stall_beyond_the_budget():
    from companion.games.milano1848.odds import advice

    from .table import Cards, build

    cards = Cards()
    hand = cards.italy(*[ICONS[i % 3] for i in range(10)])
    state = build(
        zones={5: 11},
        step="continue",
        patriots=[{"zone": 5, "hand": hand}] + [{"zone": 1}] * 3,
        fight={"kind": "soldiers", "reveal": 3, "lens": 1},
    )
    assert advice(state) is None
    small = build(
        zones={5: 3},
        step="continue",
        patriots=[{"zone": 5, "hand": hand[:3]}] + [{"zone": 1}] * 3,
        fight={"kind": "soldiers", "reveal": 1, "lens": 1},
    )
    assert advice(small).go is not None


def test_the_advice_names_only_fights_the_rules_allow_there():
    """A Patriot in Radetzky's zone, which has Soldiers: fighting the Soldiers is refused there, so
    the odds name only the fight against Radetzky (invented position, from tests/.../table.py)."""
    from companion.games.milano1848 import actions as a
    from companion.games.milano1848.odds import advice
    from companion.games.milano1848.reducer import check

    from .table import Cards, build

    cards = Cards()
    state = build(
        zones={16: 3},
        radetzky=16,
        patriots=[{"zone": 16, "hand": cards.italy("swords", "map", "cannonball", "swords")}]
        + [{"zone": 1}] * 3,
    )
    assert check(state, a.FightSoldiers()) is not None
    found = advice(state)
    assert found is not None and found.soldiers is None and found.radetzky is not None
    elsewhere = build(
        zones={5: 3}, patriots=[{"zone": 5, "hand": cards.italy("swords", "map")}] + [{"zone": 1}] * 3
    )
    assert advice(elsewhere).soldiers is not None
