"""Difficulty simulation speed: whole games played by the heuristic policy, one process, one core.

Run: .venv/bin/python benchmarks/simulation.py   (or `make bench`; the compiled engine's lines
need `make native` first)
Goal (issue 7): >= 500 full games per second per core. Measured for the issue's own command
(4 players, Basic, the printed wave) and for each of the rulebook's ten set-ups (1-5 players x
Basic/Advanced, printed wave), slowest named. Each figure is the best of 3 runs, timed by process
time (this VM's neighbours slow the wall clock by up to a half).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.tables.milano1848 import native  # noqa: E402

RUN = """
import time
from companion.assets import edition as load_edition
from companion.games.milano1848.simulate import play_out
from companion.tables.milano1848.native import running_compiled
from companion.games.milano1848.setup import Options
edition = load_edition("milano1848")

def rate(players, mode, games):
    best = 0.0
    for _ in range(3):
        started = time.process_time()
        for seed in range(games):
            play_out(edition, Options(players=players, mode=mode, seed=seed))
        best = max(best, games / (time.process_time() - started))
    return best

engine = "compiled" if running_compiled() else "Python source"
print(f"{engine}: 4 players, Basic: {rate(4, 'basic', 150):.0f} games/s")
setups = {(p, m): rate(p, m, 60) for p in range(1, 6) for m in ("basic", "advanced")}
(players, mode), slowest = min(setups.items(), key=lambda item: item[1])
print(f"{engine}: the ten set-ups: {slowest:.0f}-{max(setups.values()):.0f} games/s "
      f"(slowest: {players} players, {mode.capitalize()})")
"""


def games_per_second(path: Path, workdir: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(path), "COMPANION_ASSETS": str(ROOT / "assets")}
    done = subprocess.run(
        [sys.executable, "-c", RUN], env=env, cwd=workdir, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def main() -> None:
    with tempfile.TemporaryDirectory() as elsewhere:  # not the checkout: its source would come first
        print(games_per_second(ROOT, elsewhere))
        if native.fresh():
            print(games_per_second(native.NATIVE, elsewhere))
        else:
            print("compiled: not built (make native)")
    print("goal: >= 500 games/s per core")


if __name__ == "__main__":
    main()
