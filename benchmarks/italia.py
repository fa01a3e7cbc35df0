"""Italia: resolving a battle, and the exact odds by size for the armies the game fields, on one core.

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
        return odds.battle_odds(battle, budget=odds.COMMAND_PAIRS)

    return run


def pairs(battle: Battle) -> int:
    """The pairs of outcomes the solver sums for this battle: what its budget counts."""
    solver = odds._Solver(battle, odds.COMMAND_PAIRS)
    solver.value((odds.side_key(battle.attacker), odds.side_key(battle.defender)), first=True)
    return odds.COMMAND_PAIRS - solver.budget


# the armies Italia fields (§2.2.1): consular legions only in Italia I, cavalry only in Italia II,
# elephants only Carthaginian and Epirote (Italia I); sea arrivals are a unit key of their own
ARMIES = {
    "legions v infantry, mountain": (("legion",), ("infantry",), "mountain"),
    "I: legions+consulars v infantry+elephants": (
        ("legion", "consular"),
        ("infantry", "elephant"),
        "standard",
    ),
    "I: landing infantry+elephants v legions+consulars": (
        ("infantry", "infantry:sea", "elephant"),
        ("legion", "consular"),
        "standard",
    ),
    "II: cavalry+infantry v cavalry+foederati": (
        ("cavalry", "infantry"),
        ("cavalry", "foederati"),
        "standard",
    ),
}
SIZES = (2, 4, 6, 8, 10, 12)


def army(units: int, keys: tuple[str, ...]) -> dict[str, int]:
    """`units` spread evenly over the keys (the even spread is the slowest: the most states)."""
    return {k: units // len(keys) + (i < units % len(keys)) for i, k in enumerate(keys) if units > i}


def main() -> None:
    resolve = median_ms(resolve_three_rounds, inner=200)
    print(f"resolve a 3-round battle (3 v 3, given dice): {resolve:.3f} ms (goal <= 1)")
    print("exact odds, cold, median of 3 (goal <= 50 ms up to 12 units a side), and the pairs summed")
    print(
        f"(* beyond the screen's budget of {odds.SCREEN_PAIRS:,} pairs: the screen says so, "
        "the command answers)"
    )
    print(f"  {'units a side':<52}" + "".join(f"{n:>18}" for n in SIZES))
    for name, (attackers, defenders, terrain) in ARMIES.items():
        row = []
        for n in SIZES:
            battle = Battle(
                Side("attackers", army(n, attackers), leaders=1),
                Side("defenders", army(n, defenders)),
                terrain,
            )
            summed = pairs(battle)
            mark = "*" if summed > odds.SCREEN_PAIRS else " "
            row.append(f"{median_ms(cold_odds(battle), repeat=3):>6.1f} ms {summed:>7,}{mark}")
        print(f"  {name:<52}" + "".join(f"{cell:>18}" for cell in row))


if __name__ == "__main__":
    main()
