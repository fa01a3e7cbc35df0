"""The protocol and firmware cases under MicroPython itself (WebAssembly port, run by Node).

`make test` installs the pinned npm package (tests/micropython/package.json) first.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from . import mpy_cases

RUNNER = Path(__file__).resolve().parent.parent / "micropython" / "run.mjs"


def test_the_cases_pass_under_micropython():
    node = shutil.which("node")
    assert node, "Node.js is needed to run MicroPython's WebAssembly port (make test installs it)"
    assert (RUNNER.parent / "node_modules").is_dir(), (
        "run `make test`: it installs tests/micropython's npm package"
    )
    result = subprocess.run([node, str(RUNNER)], capture_output=True, text=True, timeout=120, check=False)
    assert result.stdout.startswith("micropython ") and "MicroPython v1." in result.stdout, result.stderr
    assert "compiled main.py" in result.stdout and "compiled pico_io.py" in result.stdout
    assert f"micropython: {len(mpy_cases.cases())} passed, 0 failed" in result.stdout, (
        result.stdout + result.stderr
    )
    assert result.returncode == 0
