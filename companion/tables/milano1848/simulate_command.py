"""`companion milano1848 simulate`: many games played by the heuristic policy on every core."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path

from companion.assets import edition
from companion.commands import UserError, user_errors
from companion.games.milano1848.errors import DataError
from companion.games.milano1848.setup import Options
from companion.games.milano1848.simulate import Result, Summary, play_out, summarise
from companion.tables.milano1848 import native as native_engine

CHUNK = 50  # games per task: small enough for a live progress bar, large enough to keep cores busy
MAX_GAMES = 1_000_000
SEED_LIMIT = 2**63 // MAX_GAMES - 1  # game seeds (seed * MAX_GAMES + i) stay within a game's 64-bit seed
WORKERS_ON_SOURCE = (
    "the workers imported the engine's source, not the compiled copy: a script that puts the "
    "checkout first on sys.path hides it (run the installed package: .venv/bin/companion, or "
    "a script without sys.path changes)"
)


def cores() -> int:
    """The cores this process may run on (a container or taskset may allow fewer than the machine has)."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity else os.cpu_count() or 1


def seeds(seed: int, games: int) -> range:
    """Game i of run `seed` has its own seed: runs with different seeds never share a game."""
    return range(seed * MAX_GAMES, seed * MAX_GAMES + games)


def _play_chunk(task: tuple[dict[str, object], list[int]]) -> tuple[bool, list[Result]]:
    """A worker's share: whether it ran the compiled engine, and the games' results."""
    options, chunk = task
    milano = edition("milano1848")
    return native_engine.running_compiled(), [
        play_out(milano, Options.from_dict({**options, "seed": seed})) for seed in chunk
    ]


def run_games(
    options: Options,
    games: int,
    seed: int,
    workers: int,
    progress: bool = False,
    compiled: Path | None = None,
) -> Iterator[Result]:
    """Every game's result (in no particular order), spread over `workers` processes; `compiled`:
    the workers run the engine compiled by mypyc there (companion.tables.milano1848.native;
    NativeError if stale)."""
    base = options.to_dict()
    numbers = list(seeds(seed, games))
    tasks = [(base, numbers[i : i + CHUNK]) for i in range(0, games, CHUNK)]
    done = 0
    start = (
        "spawn" if compiled or sys.platform == "darwin" else "fork"
    )  # a forked worker keeps this process's modules
    engine = native_engine.processes_on_the_compiled_copy(compiled) if compiled else nullcontext()
    with engine, multiprocessing.get_context(start).Pool(workers) as pool:
        for ran_compiled, results in pool.imap_unordered(_play_chunk, tasks):
            if compiled and not ran_compiled:
                raise native_engine.NativeError(WORKERS_ON_SOURCE)
            done += len(results)
            if progress:
                _bar(done, games)
            yield from results
    if progress:
        print(file=sys.stderr)


def _bar(done: int, total: int, width: int = 30) -> None:
    filled = width * done // total
    print(
        f"\r[{'#' * filled}{' ' * (width - filled)}] {done}/{total} games",
        end="",
        file=sys.stderr,
        flush=True,
    )


@user_errors
def simulate(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= MAX_GAMES:
        raise UserError(f"--games must be 1-{MAX_GAMES}")
    if not -SEED_LIMIT <= args.seed <= SEED_LIMIT:
        raise UserError(f"--seed must be from {-SEED_LIMIT} to {SEED_LIMIT}")
    try:
        options = Options(players=args.players, mode=args.mode, seed=0, wave=args.wave)
        options.validate()
    except DataError as exc:
        raise UserError(f"--{exc.field.removeprefix('options.')} {exc.problem}") from None
    if args.workers is not None and args.workers < 1:
        raise UserError("--workers must be 1 or more (leave it out to use every core)")
    workers = min(args.workers or cores(), cores())  # more processes than cores only wait their turn
    if args.workers and args.workers > workers:
        print(
            f"companion: --workers {args.workers}: this machine has {workers} core(s); {workers} run",
            file=sys.stderr,
        )
    compiled = args.engine == "compiled" or (args.engine == "auto" and native_engine.fresh())
    started = time.perf_counter()
    try:
        summary = summarise(
            run_games(
                options,
                args.games,
                args.seed,
                workers,
                progress=sys.stderr.isatty(),
                compiled=native_engine.NATIVE if compiled else None,
            )
        )
    except native_engine.NativeError as exc:
        raise UserError(str(exc)) from None
    seconds = time.perf_counter() - started
    wave = args.wave or edition("milano1848").rules.wave[max(args.players, 3)]
    if args.json:
        print(
            json.dumps(
                report(summary, args.players, args.mode, wave)
                | {
                    "seconds": round(seconds, 2),
                    "workers": workers,
                    "engine": "compiled" if compiled else "python",
                }
            )
        )
    else:
        print(describe(summary, args.players, args.mode, wave))
        engine = (
            "the compiled engine"
            if compiled
            else "the Python engine (make native compiles it: about 3 times as fast)"
        )
        print(
            f"{summary.games} games in {seconds:.1f} s on {workers} core(s): "
            f"{summary.games / seconds / workers:.0f} games per second per core, {engine}"
        )
    return 0


def report(summary: Summary, players: int, mode: str, wave: int) -> dict[str, object]:
    low, high = summary.interval()
    return {
        "players": players,
        "mode": mode,
        "wave": wave,
        "games": summary.games,
        "italy_wins": summary.italy_wins,
        "win_rate": summary.win_rate,
        "ci95": [low, high],
        "average_rounds": summary.rounds,
        "austria_won_by": summary.lost_by,
    }


def describe(summary: Summary, players: int, mode: str, wave: int) -> str:
    low, high = summary.interval()
    lost = summary.games - summary.italy_wins
    return (
        f"{players} player(s), {mode}, wave {wave}: Italy won {summary.italy_wins} of {summary.games} games, "
        f"{summary.win_rate:.1%} (95% CI {low:.1%}-{high:.1%})\n"
        f"average {summary.rounds:.1f} rounds; Austria won {lost}: {summary.lost_by['zones']} by 5 zones, "
        f"{summary.lost_by['reserve']} by an empty reserve"
    )
