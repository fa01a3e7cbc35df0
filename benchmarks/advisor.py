"""Fight advice latency: every advice the table can ask for, cold (nothing cached), on one core.

Run: .venv/bin/python benchmarks/advisor.py   (or `make bench`)
Goal (issue 7): any advice in <= 50 ms for up to 8 cards across the fighting Patriots.
Each case is solved from scratch (the module's caches cleared) 5 times and the median kept: this
machine is a shared VM whose one-off stalls double a single run.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.milano1848 import odds  # noqa: E402

ICON_CYCLE = ("swords", "map", "cannonball")


def hand(cards: int) -> odds.Counts:
    return odds.counts(ICON_CYCLE[i % 3] for i in range(cards))


def cold(solve) -> float:  # type: ignore[no-untyped-def]
    runs = []
    for _ in range(5):
        for cache in (odds.reveals, odds._clashes, odds.radetzky_win):
            cache.cache_clear()
        started = time.perf_counter()
        solve()
        runs.append((time.perf_counter() - started) * 1000)
    return statistics.median(runs)


def main() -> None:
    print("Fight Radetzky (3 reveals), win probability:")
    for cards in (3, 4, 6, 8):
        print(f"  {cards} cards: {cold(lambda: odds.radetzky_win(hand(cards))):7.1f} ms")
    print("Fight the Soldiers: the advice (policy, expected removed, next-clash odds), worst of soldiers 1-7;")
    print("in brackets with the distribution of Soldiers removed too (worked out only when asked):")
    print("  cards   reveal 1          Rifle 2           Rifle 3           (ms)")
    for cards in range(1, 9):
        row = []
        for reveal in (1, 2, 3):
            advice = max(cold(lambda: fight(cards, soldiers, reveal).start()) for soldiers in range(1, 8))
            whole = max(cold(lambda: fight(cards, soldiers, reveal).start().distribution) for soldiers in range(1, 8))
            row.append(f"{advice:7.1f} ({whole:6.1f})")
        print(f"  {cards:5d}  " + "  ".join(row))
    budget()


def budget() -> None:
    """Where odds.MAX_SITUATIONS comes from: the situations the goal's largest fights store, and how
    long a fight beyond the budget takes to be refused."""
    print(f"The solver's budget: {odds.MAX_SITUATIONS:,} situations stored.")
    print("  fights the goal covers (8 cards, 1-7 Soldiers), most situations stored:")
    for reveal in (1, 2, 3):
        stored = max(solved(8, soldiers, reveal) for soldiers in range(1, 8))
        print(f"    reveal {reveal}: {stored:6,d} situations")
    print("  fights beyond it, refused after (ms):")
    for cards, soldiers, reveal in ((9, 9, 3), (12, 12, 2), (16, 16, 1), (63, 60, 1)):
        ms = cold(lambda: refused(cards, soldiers, reveal))
        print(f"    {cards} cards, {soldiers} Soldiers, reveal {reveal}: {ms:6.1f}")


def solved(cards: int, soldiers: int, reveal: int) -> int:
    solver = fight(cards, soldiers, reveal)
    solver.start()
    return len(solver._values)


def refused(cards: int, soldiers: int, reveal: int) -> None:
    try:
        fight(cards, soldiers, reveal).start()
    except odds.TooLarge:
        return
    raise AssertionError(f"{cards} cards, {soldiers} Soldiers, reveal {reveal} is within the budget")


def fight(cards: int, soldiers: int, reveal: int) -> odds.SoldiersFight:
    return odds.SoldiersFight(hand(cards), soldiers, 0, odds.FULL_DECK, reveal)


if __name__ == "__main__":
    main()
