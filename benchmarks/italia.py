"""Italia: resolving a battle, and the exact odds by size for the armies the game fields, on one core.

Run: .venv/bin/python benchmarks/italia.py [--sizes 2,4,6,8,10,12] [--repeat 3] [--before]
(--before times the former solver, kept as the tests' reference: tests/games/italia/reference_odds.py)
Goals (issue 16): resolving a 3-round battle <= 1 ms; exact odds for up to 12 units a side <= 50 ms.
Each figure is the median of 5 runs (resolve) or 3 (odds: cold, the module's dice caches cleared), in
CPU time of this process (time.process_time): the machine is a shared VM whose other work stretches
the wall clock by half or more and whose one-off stalls double a single run.

The envelope (§2.2.1 and G13 of the rules reading): infantry for every nation but the Romans and
Western Romans; Foederati for the Western Romans (Italia II); legions for the Romans, Populares and
Optimates (Italia I) and the Western Romans (Italia II); consular legions for the Romans and Populares
(Italia I); cavalry in Italia II; elephants for the Carthaginians and Epirotes (Italia I). Units that
came by sea are a unit key of their own (the defender aims at them for the first round's +2), so a
side can field up to four keys. Consular legions and cavalry take two hits. Before the first round the
Romans may flee elephants (§13.3) and Foederati may switch sides (§14.1): each unit rolls, so the
battle starts from many states. Leaders, terrain and a city change what the dice need, not the work.
Each army is spread evenly over its keys (the slowest spread: the most states), a leader attacking.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.italia import odds  # noqa: E402
from companion.games.italia.battle import Battle, Side  # noqa: E402
from companion.games.italia.dice import Dice  # noqa: E402
from companion.games.italia.fight import Step, fight  # noqa: E402

# three rounds: round 1 and 2 kill one unit a side, round 3 the last two Celts and one Illyrian
THREE_ROUNDS = [3, 10, 4, 1, 1, 9, 1, 10, 6, 2, 7, 7, 10, 10, 1]
GOAL_MS = 50


def median_ms(run: Callable[[], object], repeat: int = 5, inner: int = 1) -> float:
    times = []
    for _ in range(repeat):
        started = time.process_time()
        for _ in range(inner):
            run()
        times.append((time.process_time() - started) * 1000 / inner)
    return statistics.median(times)


def resolve_three_rounds() -> None:
    battle = Battle(
        Side("celts", {"infantry": 3}, leaders=1), Side("illyrians", {"infantry": 3}), terrain="mountain"
    )
    fought = fight(battle, [Step(), Step(), Step()], Dice(given=THREE_ROUNDS))
    assert len(fought.rounds) == 3, len(fought.rounds)


def cold_odds(solver: ModuleType, battle: Battle) -> Callable[[], object]:
    def run() -> object:
        for cache in ("_dist", "_grid", "_group"):
            if hasattr(solver, cache):
                getattr(solver, cache).cache_clear()
        return solver.battle_odds(battle, budget=solver.COMMAND_PAIRS)

    return run


def pairs(battle: Battle) -> int:
    """The pairs of outcomes the solver sums for this battle: what its budget counts."""
    solver = odds._Solver(battle, odds.COMMAND_PAIRS)
    solver.run(odds._before_first_round(battle, 0))
    return odds.COMMAND_PAIRS - solver.budget


# name -> attacking keys, defending keys, (attacker, defender) nations, terrain, city
ARMIES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, str], str, str]] = {
    "legions v infantry, mountain": (
        ("legion",),
        ("infantry",),
        ("populares", "samnites"),
        "mountain",
        "none",
    ),
    "I: legions+consulars v infantry+elephants": (
        ("legion", "consular"),
        ("infantry", "elephant"),
        ("populares", "carthaginians"),
        "standard",
        "none",
    ),
    "I: landing infantry+elephants v legions+consulars": (
        ("infantry", "infantry:sea", "elephant"),
        ("legion", "consular"),
        ("carthaginians", "populares"),
        "standard",
        "none",
    ),
    "I: landing, 4 keys v legions+consulars": (
        ("infantry", "infantry:sea", "elephant", "elephant:sea"),
        ("legion", "consular"),
        ("carthaginians", "populares"),
        "standard",
        "none",
    ),
    "I: 3 keys by sea v infantry+elephants, city": (
        ("legion", "consular", "legion:sea"),
        ("infantry", "elephant"),
        ("populares", "carthaginians"),
        "mountain",
        "intact",
    ),
    "I: Romans v elephants, fear rolled first": (
        ("legion", "consular"),
        ("infantry", "elephant"),
        ("romans", "carthaginians"),
        "standard",
        "none",
    ),
    "II: cavalry+infantry v cavalry+foederati": (
        ("cavalry", "infantry"),
        ("cavalry", "foederati"),
        ("vandals", "western-romans"),
        "standard",
        "none",
    ),
    "II: 3 keys v 3 keys, two-hit both": (
        ("legion", "foederati", "cavalry"),
        ("infantry", "cavalry", "infantry:sea"),
        ("western-romans", "vandals"),
        "swamp",
        "none",
    ),
    "II: Foederati switch first (Foederati attack)": (
        ("infantry", "cavalry"),
        ("legion", "foederati", "cavalry"),
        ("foederati", "western-romans"),
        "standard",
        "none",
    ),
}
SIZES = (2, 4, 6, 8, 10, 12)


def army(units: int, keys: tuple[str, ...]) -> dict[str, int]:
    """`units` spread evenly over the keys (the even spread is the slowest: the most states)."""
    return {k: units // len(keys) + (i < units % len(keys)) for i, k in enumerate(keys) if units > i}


def battle_of(name: str, units: int) -> Battle:
    attackers, defenders, (a, d), terrain, city = ARMIES[name]
    return Battle(Side(a, army(units, attackers), leaders=1), Side(d, army(units, defenders)), terrain, city)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="units a side, comma-separated")
    parser.add_argument("--repeat", type=int, default=3, help="odds runs per cell (the median is shown)")
    parser.add_argument("--before", action="store_true", help="time the former solver (the tests' reference)")
    args = parser.parse_args()
    solver: ModuleType = odds
    if args.before:
        from tests.games.italia import reference_odds

        solver = reference_odds
    sizes = [int(n) for n in args.sizes.split(",")]
    resolve = median_ms(resolve_three_rounds, inner=200)
    print(f"resolve a 3-round battle (3 v 3, given dice): {resolve:.3f} ms (goal <= 1)")
    print(
        f"exact odds, cold, median of {args.repeat} (goal <= {GOAL_MS} ms up to 12 units a side): ms / pairs"
    )
    print(f"(* beyond the screen's {odds.SCREEN_PAIRS:,} pairs: the screen says so, the command answers)")
    print(f"  {'units a side':<50}" + "".join(f"{n:>17}" for n in sizes))
    for name in ARMIES:
        row = []
        for n in sizes:
            battle = battle_of(name, n)
            summed = pairs(battle)
            mark = "*" if summed > odds.SCREEN_PAIRS else " "
            row.append(f"{median_ms(cold_odds(solver, battle), repeat=args.repeat):>6.1f} {summed:>8,}{mark}")
        print(f"  {name:<50}" + "".join(f"{cell:>17}" for cell in row), flush=True)


if __name__ == "__main__":
    main()
