"""Pull the plug: the autoplay game killed with SIGKILL at 200 random moments, restarted each time.

After every kill the journal must pass SQLite's integrity check, hold every decision the app had
acknowledged (at most one more: committed, killed before it said so), and replay to the state
the app had shown; the restarted app must resume exactly there.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys

import pytest

from companion.app_command import state_digest
from companion.store import DATABASE, Store

KILLS = 200


def _run_until_killed(env: dict[str, str], seed: int, delay_s: float) -> list[str]:
    command = [
        sys.executable,
        "-m",
        "companion.cli",
        "run",
        "--headless",
        "--autoplay",
        "--resume",
        "--rounds",
        "99",
        "--seed",
        str(seed),
        "--trace-journal",
    ]
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        child.wait(timeout=delay_s)
    except subprocess.TimeoutExpired:
        child.send_signal(signal.SIGKILL)
        child.wait()
    out, err = child.communicate()
    assert "Traceback" not in err, err
    return [line for line in out.splitlines() if line.startswith(("committed", "resumed"))]


def _check_journal(directory, lines: list[str], seen_games: set[int]) -> None:
    with sqlite3.connect(directory / DATABASE) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    store = Store(directory)
    try:
        assert store.notice == ""
        latest = store.games()[0] if store.games() else None
        if latest is None:
            return
        stored = latest.actions
        acknowledged = [
            (int(n), digest) for kind, n, digest in (line.split() for line in lines) if kind == "committed"
        ]
        resumed = [
            (int(n), digest) for kind, n, digest in (line.split() for line in lines) if kind == "resumed"
        ]
        if latest.id in seen_games and resumed:
            assert resumed[0][0] <= stored
        if acknowledged:
            last, digest = acknowledged[-1]
            assert last <= stored <= last + 1, f"acknowledged {last}, stored {stored}"
            if stored == last:
                assert state_digest(store.load(latest.id)) == digest
        seen_games.add(latest.id)
    finally:
        store.close()


@pytest.mark.slow
def test_the_journal_survives_200_power_cuts(tmp_path):
    env = {
        **os.environ,
        "COMPANION_STATE_DIR": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "COMPANION_CONFIG": str(tmp_path / "none.toml"),
    }
    rng = random.Random(1848)
    seen_games: set[int] = set()
    resumes = exact_resumes = 0
    expected: tuple[int, str] | None = None  # what the next run must resume at, if it resumes
    for kill in range(KILLS):
        lines = _run_until_killed(env, seed=rng.randrange(1000), delay_s=rng.uniform(0.25, 0.9))
        if expected is not None and lines and lines[0].startswith("resumed"):
            resumes += 1
            _, n, digest = lines[0].split()
            assert (int(n), digest) == expected, (
                f"kill {kill}: resumed at {n} {digest}, journal says {expected}"
            )
            exact_resumes += 1
        _check_journal(tmp_path, lines, seen_games)
        expected = _journal_position(tmp_path)
    assert resumes >= KILLS // 4 and exact_resumes == resumes  # the kills really interrupted games


def _journal_position(directory) -> tuple[int, str] | None:
    store = Store(directory)
    try:
        saved = store.in_progress()
        return None if saved is None else (saved.actions, state_digest(store.load(saved.id)))
    finally:
        store.close()
