"""The engine compiled by mypyc (companion.tables.milano1848.native) plays exactly the games the Python
engine plays."""

from __future__ import annotations

import importlib.util
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.milano1848.setup import Options
from companion.games.milano1848.simulate import summarise
from companion.tables.milano1848 import native
from companion.tables.milano1848.simulate_command import run_games

CAN_COMPILE = (
    bool(shutil.which(os.environ.get("CC", "cc")))
    and Path(sysconfig.get_paths()["include"], "Python.h").exists()
)


HIDING_SCRIPT = """
import sys
sys.path.insert(0, {checkout!r})
from pathlib import Path
from companion.tables.milano1848.native import NativeError
from companion.games.milano1848.setup import Options
from companion.tables.milano1848.simulate_command import run_games
if __name__ == "__main__":
    try:
        list(run_games(Options(players=3, seed=0), 4, seed=1, workers=1, compiled=Path({target!r})))
        print("played on the source, silently")
    except NativeError as exc:
        print("refused:", exc)
"""


@pytest.mark.slow  # a mypyc build
@pytest.mark.skipif(
    not CAN_COMPILE, reason="no C compiler or no Python headers here (Debian: gcc, python3-dev)"
)
def test_the_compiled_engine_plays_the_same_games(tmp_path, monkeypatch, capsys):
    target = tmp_path / "native"
    native.build(target)  # a minute or two
    assert native.fresh(target)
    imported = subprocess.run(
        [sys.executable, "-c", "import companion.games.milano1848.reducer as r; print(r.__file__)"],
        env={**os.environ, "PYTHONPATH": str(target)},
        cwd=tmp_path,  # not the checkout's
        capture_output=True,
        text=True,
        check=True,
    )
    assert imported.stdout.strip().endswith(".so")  # the copy's modules are machine code, not source
    with native.processes_on_the_compiled_copy(target), multiprocessing.get_context("spawn").Pool(1) as pool:
        spec = pool.apply(importlib.util.find_spec, ("companion.games.milano1848.reducer",))
    assert spec.origin.startswith(str(target)) and spec.origin.endswith(
        ".so"
    )  # what simulate's workers import
    for options in (Options(players=4, seed=0), Options(players=2, mode="advanced", seed=0)):
        python = summarise(run_games(options, 150, seed=3, workers=2))
        compiled = summarise(run_games(options, 150, seed=3, workers=2, compiled=target))
        assert compiled == python
    monkeypatch.setattr(native, "NATIVE", target)  # as if `make native` had built it
    runs = {}
    for engine in ("auto", "python"):
        assert (
            main(["milano1848", "simulate", "--games", "40", "--workers", "1", "--json", "--engine", engine])
            == 0
        )
        runs[engine] = json.loads(capsys.readouterr().out)
    assert (
        runs["auto"]["engine"] == "compiled" and runs["python"]["engine"] == "python"
    )  # built: the default uses it
    assert {k: v for k, v in runs["auto"].items() if k not in ("engine", "seconds")} == {
        k: v for k, v in runs["python"].items() if k not in ("engine", "seconds")
    }
    hiding = (
        tmp_path / "hiding.py"
    )  # a script that puts the checkout first: its workers would import the source
    hiding.write_text(HIDING_SCRIPT.format(checkout=str(native.ROOT), target=str(target)))
    told = subprocess.run(
        [sys.executable, str(hiding)], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert told.stdout.startswith("refused: the workers imported the engine's source")
    (target / native.STAMP).write_text("built from other source")
    assert not native.fresh(target)  # a copy built from other source is never used
    assert main(["milano1848", "simulate", "--games", "10", "--workers", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "python"


def test_without_a_compiled_engine_simulate_engine_compiled_says_what_to_do(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(native, "NATIVE", tmp_path / "nothing")
    assert main(["milano1848", "simulate", "--games", "10", "--engine", "compiled"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "make native" in err
