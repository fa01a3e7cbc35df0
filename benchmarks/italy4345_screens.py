"""Italy '43-'45's screens: drawing time per screen at 800x480, while the autoplay bot
(companion.tables.italy4345.autoplay: its set-up is the bot's own, not the printed one) taps through the
deck build, the set-up, the first offensive and the cards after it.

Run: .venv/bin/python benchmarks/italy4345_screens.py
Goal (issue 18): every screen's frame <= 8 ms at 800x480. Each frame is the whole screen drawn anew (the
page's decision tried on a copy of the state, its cost or refusal found, the board and panel laid out),
as the app draws it after each tap; the printer's worker renders tickets in a thread of its own, so
each screen is timed once the printer is idle. Times are the drawing thread's own CPU time
(time.thread_time), so a machine shared with other work does not count its waits for the CPU; the load
average is printed beside them.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.assets import edition  # noqa: E402
from companion.games.italy4345 import Game, Options  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.tables.italy4345 import bot, next_tap  # noqa: E402
from companion.tables.italy4345.pages import screen_name  # noqa: E402
from companion.ui.app import App  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402

SAMPLES = 10  # frames per screen met
CARDS = 14  # the bot plays until this card (the first offensive is card 9)


def timed(app: App, service: PrintService) -> list[float]:
    deadline = time.monotonic() + 5
    while service.waiting and time.monotonic() < deadline:
        time.sleep(0.01)  # the ticket in the printer's thread: not this frame's work
    samples = []
    for _ in range(SAMPLES):
        started = time.thread_time()
        app.draw()
        samples.append((time.thread_time() - started) * 1000)
    return samples


def main() -> None:
    times: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(SimPrinter(), Path(spool) / "q.jsonl")
        game = Game(edition("italy4345"), Options(seed=3))
        app = App(Session(game, Devices(SimDie(), service)), (800, 480), headless=True)
        app.animate, rng = False, random.Random(3)
        started = time.thread_time()
        app.draw()  # the app's first frame fills the font caches: the start's cost, reported apart
        first = (time.thread_time() - started) * 1000
        while game.state.card_index < CARDS and game.state.winner is None:
            action = bot(game.state, rng)
            for _tap in range(40):
                times.setdefault(screen_name(app.game.view, app.session), []).extend(timed(app, service))
                target = next_tap(app, action)
                if target is None:
                    raise SystemExit(f"no button toward {action}")
                decisions = len(game.records)
                app.tap(target)
                if len(game.records) != decisions:
                    break
        app.close()
        service.close()
    report(times)
    print(f"  the app's first frame (cold font caches, once per start): {first:.1f} ms")


def report(times: dict[str, list[float]]) -> None:
    load = os.getloadavg()[0]
    print(f"Italy '43-'45: drawing one frame at 800x480 (ms of the drawing thread's CPU; load {load:.1f})")
    print("  by screen: median / p99 / worst / samples")
    for name, samples in sorted(times.items()):
        ordered = sorted(samples)
        p99 = ordered[int(len(ordered) * 0.99)]
        median = statistics.median(ordered)
        print(f"  {name:14s} {median:5.1f} / {p99:5.1f} / {ordered[-1]:5.1f} / {len(ordered)}")
    every = sorted(s for samples in times.values() for s in samples)
    print(
        f"  all screens    {statistics.median(every):5.1f} / {every[int(len(every) * 0.99)]:5.1f} / "
        f"{every[-1]:5.1f} / {len(every)}"
    )


if __name__ == "__main__":
    main()
