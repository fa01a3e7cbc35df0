"""Difficulty simulation speed: whole 4-player games played by the heuristic policy, one process.

Run: .venv/bin/python benchmarks/simulation.py   (or `make bench`; the compiled engine's line
needs `make native` first)
Goal (issue 7): >= 500 full games per second per core. Each figure is the best of 3 runs of 150
games, timed by process time (this VM's neighbours slow the wall clock by up to a half).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import native  # noqa: E402

RUN = """
import time
from companion.assets import milano1848
from companion.games.milano1848 import reducer
from companion.games.milano1848.simulate import play_out
from companion.games.milano1848.setup import Options
edition, best = milano1848(), 0.0
for _ in range(3):
    started = time.process_time()
    for seed in range(150):
        play_out(edition, Options(players=4, seed=seed))
    best = max(best, 150 / (time.process_time() - started))
print(f"{best:.0f} games/s ({'compiled' if reducer.__file__.endswith('.so') else 'Python source'})")
"""


def games_per_second(path: Path, workdir: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(path), "COMPANION_ASSETS": str(ROOT / "assets")}
    done = subprocess.run([sys.executable, "-c", RUN], env=env, cwd=workdir, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def main() -> None:
    with tempfile.TemporaryDirectory() as elsewhere:  # not the checkout: its source would come first
        print(f"Python engine:   {games_per_second(ROOT, elsewhere)}")
        if native.fresh():
            print(f"compiled engine: {games_per_second(native.NATIVE, elsewhere)}")
        else:
            print("compiled engine: not built (make native)")
    print("goal: >= 500 games/s per core")


if __name__ == "__main__":
    main()
