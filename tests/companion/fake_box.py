"""Reading what the fake LED die box (firmware_bridge.fakebox, the firmware's own logic behind a real
pty) was sent: each face by name, in order."""

from __future__ import annotations

import time
from collections.abc import Callable

from firmware_bridge.fakebox import FakeBox
from hardware.faces import BLANK, CROSS, QUESTION, number, pips

NAMES = {face.rows: face.name for face in (BLANK, CROSS, QUESTION, *(pips(n) for n in range(1, 7)))} | {
    number(n).rows: number(n).name for n in range(100)
}


def heard(box: FakeBox, since: int = 0) -> list[str]:
    """The faces the box was sent, by name: `roll:<face>:<ms>` for a tumble, else the face's name."""
    said = []
    for name, fields in box.heard[since:]:
        if name in ("show", "roll"):
            face = NAMES.get(tuple(fields[f"row{i}"] for i in range(8)), "?")
            said.append(f"roll:{face}:{fields['ms']}" if name == "roll" else face)
    return said


def until(condition: Callable[[], bool], timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "the box never got there"
        time.sleep(0.01)
