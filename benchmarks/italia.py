"""Italia: resolving a battle, and the exact odds by size for the armies the game fields, on one core.

Run: .venv/bin/python benchmarks/italia.py [--sizes 2,4,6,8,10,12] [--repeat 3] [--before] [--scan]
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
Each army is timed spread evenly over its keys and, on the row below, spread as makes the most work
(the most pairs summed: not the even spread, up to 2.5 times its pairs at 12 a side; found by --scan
over every spread with each key at least one unit, kept in italia_spreads.json), a leader attacking.
"""

from __future__ import annotations

import argparse
import json
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
# Per army and size, the spread of each side over its keys whose odds sum the most pairs (the most
# work): found by `--scan`, which tries every spread with each key at least one unit (the pairs are a
# count, not a time: the scan's answer does not depend on the machine).
MOST_WORK = Path(__file__).with_name("italia_spreads.json")
Spread = tuple[tuple[int, ...], tuple[int, ...]]


def army(units: int, keys: tuple[str, ...]) -> dict[str, int]:
    """`units` spread evenly over the keys."""
    return {k: units // len(keys) + (i < units % len(keys)) for i, k in enumerate(keys) if units > i}


def battle_of(name: str, units: int, spread: Spread | None = None) -> Battle:
    """The army's battle at this size: spread evenly, or as `spread` gives (units per key, each side)."""
    attackers, defenders, (a, d), terrain, city = ARMIES[name]
    if spread is None:
        sides = army(units, attackers), army(units, defenders)
    else:
        sides = dict(zip(attackers, spread[0], strict=True)), dict(zip(defenders, spread[1], strict=True))
    return Battle(Side(a, sides[0], leaders=1), Side(d, sides[1]), terrain, city)


def spreads(units: int, keys: int) -> list[tuple[int, ...]]:
    """Every way to spread `units` over `keys` keys, each at least one (or one each while they last)."""
    if keys == 1 or units <= keys:
        return [tuple(1 if i < units else 0 for i in range(keys))] if keys > 1 else [(units,)]
    return [
        (first, *rest) for first in range(1, units - keys + 2) for rest in spreads(units - first, keys - 1)
    ]


def scan(sizes: list[int]) -> None:
    """Write MOST_WORK: per army and size, the spread whose odds sum the most pairs (the sizes not
    scanned keep what the file had)."""
    found: dict[str, dict[str, Spread]] = json.loads(MOST_WORK.read_text()) if MOST_WORK.exists() else {}
    for name, (attackers, defenders, *_) in ARMIES.items():
        found.setdefault(name, {})
        for n in sizes:
            tried = [(a, d) for a in spreads(n, len(attackers)) for d in spreads(n, len(defenders))]
            counted = {spread: pairs(battle_of(name, n, spread)) for spread in tried}
            worst = found[name][str(n)] = max(tried, key=counted.__getitem__)
            print(
                f"  {name:<50} {n:>3} a side: {worst[0]} v {worst[1]}, {counted[worst]:,} pairs", flush=True
            )
    MOST_WORK.write_text(json.dumps(found, indent=1) + "\n")


def most_work() -> dict[tuple[str, int], Spread]:
    """MOST_WORK's spreads by army and size (none before a scan)."""
    found = json.loads(MOST_WORK.read_text()) if MOST_WORK.exists() else {}
    return {
        (name, int(n)): (tuple(a), tuple(d)) for name, sizes in found.items() for n, (a, d) in sizes.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="units a side, comma-separated")
    parser.add_argument("--repeat", type=int, default=3, help="odds runs per cell (the median is shown)")
    parser.add_argument("--before", action="store_true", help="time the former solver (the tests' reference)")
    parser.add_argument(
        "--scan", action="store_true", help=f"find the spreads with the most work: {MOST_WORK.name}"
    )
    args = parser.parse_args()
    sizes = [int(n) for n in args.sizes.split(",")]
    if args.scan:
        scan(sizes)
        return
    solver: ModuleType = odds
    if args.before:
        from tests.games.italia import reference_odds

        solver = reference_odds
    resolve = median_ms(resolve_three_rounds, inner=200)
    print(f"resolve a 3-round battle (3 v 3, given dice): {resolve:.3f} ms (goal <= 1)")
    print(
        f"exact odds, cold, median of {args.repeat} (goal <= {GOAL_MS} ms up to 12 units a side): ms / pairs"
    )
    print(f"(* beyond the screen's {odds.SCREEN_PAIRS:,} pairs: the screen says so, the command answers)")
    print(f"  {'units a side':<50}" + "".join(f"{n:>17}" for n in sizes))
    spreads_found = most_work()
    for name in ARMIES:
        for worst in (False, True):
            row = []
            for n in sizes:
                spread = spreads_found.get((name, n)) if worst else None
                if worst and spread is None:
                    row.append("-")
                    continue
                battle = battle_of(name, n, spread)
                summed = pairs(battle)
                mark = "*" if summed > odds.SCREEN_PAIRS else " "
                ms = median_ms(cold_odds(solver, battle), repeat=args.repeat)
                row.append(f"{ms:>6.1f} {summed:>8,}{mark}")
            label = "  the same, spread for the most work" if worst else name
            print(f"  {label:<50}" + "".join(f"{cell:>17}" for cell in row), flush=True)


if __name__ == "__main__":
    main()
