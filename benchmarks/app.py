"""The app's figures: drawing time per screen at 800x480 (Milano 1848's, then Italia's pages), and
the CPU an idle screen uses.

Run: .venv/bin/python benchmarks/app.py   (or `make bench`)
Goals (issue 5, issue 16): a frame drawn at 800x480 in <= 8 ms; idle CPU near zero (only changes are
drawn).
Autoplay figures (frames including the action each tap plays): companion run --headless --autoplay.
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.assets import edition  # noqa: E402
from companion.games.milano1848.bots import greedy_bot  # noqa: E402
from companion.games.milano1848.game import Game  # noqa: E402
from companion.games.milano1848.setup import Options  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.ui.app import App  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402


def cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(SimPrinter(), Path(spool) / "q.jsonl")
        session = Session(Game(edition("milano1848"), Options(players=4, seed=6)), Devices(SimDie(), service))
        app = App(session, (800, 480), headless=True)
        app.animate = False
        app.draw()
        for _page in range(2):  # the set-up's pages: Next, then Done
            app.tap(app.buttons[0].rect.center)
            app.draw()
        rng, times = random.Random(3), {}
        while session.state.round <= 4 and session.state.step != "over":
            samples = []
            for _ in range(20):
                started = time.perf_counter()
                app.draw()
                samples.append((time.perf_counter() - started) * 1000)
            times.setdefault(session.state.step, []).extend(samples)
            session.do(greedy_bot(session.state, rng))
        report("Milano 1848", times)
        idle(app)
        app.close()
        report("Italia", italia_frames(service))
        service.close()


def report(game: str, times: dict[str, list[float]]) -> None:
    print(f"{game}: drawing one frame at 800x480 (ms), by screen: median / p99 / samples")
    for step, samples in sorted(times.items()):
        ordered = sorted(samples)
        print(
            f"  {step:14s} {statistics.median(ordered):5.1f} / "
            f"{ordered[int(len(ordered) * 0.99)]:5.1f} / {len(ordered)}"
        )
    every = sorted(s for samples in times.values() for s in samples)
    print(
        f"  all screens    {statistics.median(every):5.1f} / {every[int(len(every) * 0.99)]:5.1f} / "
        f"{len(every)}"
    )


def italia_frames(service: PrintService) -> dict[str, list[float]]:
    """Every Italia page, drawn 20 times each, as its autoplay bot plays Italia I to the end of turn 3
    (the pages only taps reach are drawn on the way: in the combat phase the battle's entry, its
    zone, the control map, masters and subjects, a naval battle's entry, a campaign's leader; a
    campaign's zones; the retreat, the table's dice and the aims in each battle)."""
    from companion.games.italia.game import Game as ItaliaGame
    from companion.games.italia.game import Options as ItaliaOptions
    from companion.tables.italia import bot

    session = Session(ItaliaGame(edition("italia"), ItaliaOptions("I", 3)), Devices(SimDie(), service))
    app = App(session, (800, 480), headless=True)
    view, rng, times = app.game.view, random.Random(1), {}  # type: ignore[var-annotated]
    entered = ("setup", "zones", "map", "subjects", "sea-setup", "leader", "czones", "switch")
    while session.state.turn <= 3:
        shown = view.page(session)
        more = {"battle": ("retreat", "pad", "aim"), "combat": entered[:6], "campaign": ("czones",)}.get(
            shown, ()
        )
        for page in (shown, *more):
            view.desk.sub = page if page in ("retreat", "pad", "aim") else ""
            view.desk.local = page if page in entered else ""
            times.setdefault(view.page(session), []).extend(_drawn(app))
        view.desk.sub, view.desk.local = "", ""
        while session.state.battle is not None and not session.looked_ahead:
            time.sleep(0.001)  # the odds: the battle page drawn as the table sees it
        session.do(bot(session.state, rng))
    app.close()
    return times


def _drawn(app: App, count: int = 20) -> list[float]:
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        app.draw()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def idle(app: App, seconds: float = 5.0) -> None:
    """The main loop at 30 frames a second with nobody touching the screen."""
    clock = app.pygame.time.Clock()
    app.frame()
    drawn, started_cpu, started = len(app.stats.render_ms), cpu_s(), time.perf_counter()
    while time.perf_counter() - started < seconds:
        app.frame()
        clock.tick(30)
    wall, cpu = time.perf_counter() - started, cpu_s() - started_cpu
    print(
        f"idle screen for {wall:.1f} s at 30 fps: CPU {cpu / wall:.1%} of one core, "
        f"{len(app.stats.render_ms) - drawn} frames drawn"
    )


if __name__ == "__main__":
    main()
