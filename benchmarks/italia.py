"""Italia: resolving a battle, and the exact odds by size, on one core.

Run: .venv/bin/python benchmarks/italia.py
Goals (issue 16): resolving a 3-round battle <= 1 ms; exact odds for up to 12 units a side <= 50 ms.
Each figure is the median of 5 runs (odds: cold, the module's die-distribution cache cleared): this
machine is a shared VM whose one-off stalls double a single run.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.italia import odds  # noqa: E402
from companion.games.italia.battle import Battle, Side  # noqa: E402
from companion.games.italia.dice import Dice  # noqa: E402
from companion.games.italia.fight import Step, fight  # noqa: E402

# three rounds: round 1 and 2 kill one unit a side, round 3 the last two Celts and one Illyrian
THREE_ROUNDS = [3, 10, 4, 1, 1, 9, 1, 10, 6, 2, 7, 7, 10, 10, 1]


def median_ms(run: Callable[[], object], repeat: int = 5, inner: int = 1) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        for _ in range(inner):
            run()
        times.append((time.perf_counter() - started) * 1000 / inner)
    return statistics.median(times)


def resolve_three_rounds() -> None:
    battle = Battle(
        Side("celts", {"infantry": 3}, leaders=1), Side("illyrians", {"infantry": 3}), terrain="mountain"
    )
    fought = fight(battle, [Step(), Step(), Step()], Dice(given=THREE_ROUNDS))
    assert len(fought.rounds) == 3, len(fought.rounds)


def cold_odds(battle: Battle) -> Callable[[], object]:
    def run() -> object:
        odds._dist.cache_clear()
        return odds.battle_odds(battle)

    return run


def main() -> None:
    resolve = median_ms(resolve_three_rounds, inner=200)
    print(f"resolve a 3-round battle (3 v 3, given dice): {resolve:.3f} ms (goal <= 1)")
    print("exact odds, cold (goal <= 50 ms up to 12 units a side):")
    print(f"  {'units a side':>12}  {'one type':>9}  {'legions+consuls v infantry+elephants':>36}")
    for n in (2, 4, 6, 8, 10, 12):
        single = Battle(Side("romans", {"legion": n}), Side("celts", {"infantry": n}), terrain="mountain")
        mixed = Battle(
            Side("romans", {"legion": n - n // 4, "consular": n // 4}, leaders=1),
            Side("epirotes", {"infantry": n - n // 4, "elephant": n // 4}),
        )
        one, many = median_ms(cold_odds(single)), median_ms(cold_odds(mixed), repeat=3)
        print(f"  {n:>12}  {one:>6.1f} ms  {many:>33.1f} ms")


if __name__ == "__main__":
    main()
