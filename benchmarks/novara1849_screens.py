"""The Road to Novara's screens: drawing time per screen at 800x480, while the scripted players
(companion.tables.novara1849.autoplay: their counters are invented for the demonstration) tap through
two turns of the campaign, then again with each optional rule: the Hidden Forces Display (its
hand-over, filled, dummies moved, revealed), the dummy markers' reminder, and the 6th Division's entry
(Mortara, from turn 5). A screen showing an optional rule or the Command Factor row is timed under a
name of its own.

Run: .venv/bin/python benchmarks/novara1849_screens.py
Goal (issue 17): every screen's frame <= 8 ms at 800x480.
The printer's worker renders tickets in a thread of its own: each screen is timed once it is idle.
Time is the drawing thread's CPU (time.thread_time, as benchmarks/italy4345_screens.py), so a machine
shared with other work does not count its waits for the CPU.
Two figures per screen: a frame drawn again (the screen's layout kept, as the app draws it until
something changes) and a frame whose layout is built anew (the first frame after each tap).
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
from companion.games.novara1849 import Concede, Game, scenario  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.tables.novara1849 import bot, next_tap  # noqa: E402
from companion.tables.novara1849.moments import dummies_reminder  # noqa: E402
from companion.ui.app import App  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402

SAMPLES = int(os.environ.get("BENCH_SAMPLES", "10"))  # frames per screen met, each way
Times = dict[tuple[str, bool], list[float]]


def screen_name(app: App) -> str:
    state, draft = app.session.state, app.game.view.draft
    if draft.mode:
        return {"display": "hidden display"}.get(draft.mode, draft.mode)
    if state.pending is not None:
        return "result" if not state.pending.due else "losses"
    if state.phase == "draw" and not state.cup:
        return "night" if state.night and not state.night_done else "end of turn"
    return "cup" if state.phase == "draw" else state.phase


FEATURES = (  # a button or sentence on screen -> the name its screen is timed under
    ("sixth", "6th Division's entry"),
    ("hand-display", "hidden hand-over"),
    ("hide", "hidden: fill a box"),
    ("reveal", "hidden: reveal"),
    ("dummies", "move dummies"),
    ("factor", "Command Factor"),
)


def feature_name(app: App) -> str:
    """The optional rule (or the Command Factor row) the screen shows, if any."""
    moment = app.game.view.build(app.session)
    markers = {b.action[0] for b in moment.sheet.spots if isinstance(b.action, tuple) and b.action}
    markers |= {b.action[0] for b in app.buttons if isinstance(b.action, tuple) and b.action}
    found = next((name for marker, name in FEATURES if marker in markers), "")
    said = " ".join(text for text, _p, _c in moment.sheet.texts)
    return found or ("dummies reminder" if dummies_reminder()[:40] in said else "")


def timed(app: App, anew: bool) -> float:
    if anew:
        app.game.view._built = ()  # the layout built again, as on the first frame after a tap
    started = time.thread_time()  # the drawing thread's CPU: a shared machine's waits are not counted
    app.draw()
    return (time.thread_time() - started) * 1000


def measure(app: App, times: Times, name: str = "") -> None:
    """The screen's frames, once the printer's worker has printed the last ticket (it renders tickets
    in a thread of its own, which would otherwise be timed with the drawing)."""
    deadline = time.monotonic() + 10
    while app.session.devices.printer.waiting and time.monotonic() < deadline:
        time.sleep(0.01)
    app.draw()  # the screen as it stands once the printer's line is settled
    for anew in (False, True):
        samples = times.setdefault((name or feature_name(app) or screen_name(app), anew), [])
        samples += [timed(app, anew) for _ in range(SAMPLES)]


RUNS = (  # scenario, its options, the last turn played
    ("campaign", {}, 2),
    ("campaign", {"fog": "hidden"}, 2),
    ("campaign", {"fog": "dummies"}, 1),
    ("mortara", {"sixth_division": True}, 5),
)


def play(name: str, options: dict[str, object], last: int, times: Times, spool: Path, ending: bool) -> None:
    """One game tapped through by the scripted players, every screen met timed; the ledger and the
    victory screen at its end if asked."""
    service = PrintService(SimPrinter(), spool / f"{name}-{len(times)}.jsonl")
    session = Session(
        Game(edition("novara1849"), scenario(name, seed=3, **options)), Devices(SimDie(), service)
    )
    app = App(session, (800, 480), headless=True)
    app.animate = False
    app.draw()
    rng = random.Random(3)
    while session.state.turn <= last and session.state.phase != "over":
        action = bot(session.state, rng)
        decisions = len(session.game.records)
        while len(session.game.records) == decisions:
            measure(app, times)
            app.tap(next_tap(app, action))  # type: ignore[arg-type]
            app.draw()
    if ending:
        app.game.view.draft.mode = "ledger"
        measure(app, times)
        session.do(Concede("sardinia"))  # the victory screen
        app.game.view.draft.mode = ""
        measure(app, times, "victory")
    app.close()
    service.close()


def main() -> None:
    times: Times = {}
    with tempfile.TemporaryDirectory() as spool:
        for number, (name, options, last) in enumerate(RUNS):
            play(name, options, last, times, Path(spool), ending=number == 0)
    print("drawing one frame at 800x480 (ms), by screen: kept layout median / p99 | built anew median / p99")
    for name in sorted({name for name, _anew in times}):
        kept, anew = (sorted(times[name, flag]) for flag in (False, True))
        print(f"  {name:20s} {_figures(kept)} | {_figures(anew)}")
    every = sorted(s for samples in times.values() for s in samples)
    print(f"  every frame          {_figures(every)} ({len(every)} frames)")


def _figures(ordered: list[float]) -> str:
    return f"{statistics.median(ordered):4.1f} / {ordered[int(len(ordered) * 0.99)]:4.1f}"


if __name__ == "__main__":
    main()
