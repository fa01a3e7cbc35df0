"""What the screen's printer line costs a frame: the game screen asks the print service how many
tickets wait several times a frame (5 asks here). Reading and parsing the queue file on each ask
(`PrintQueue.documents`) against the count kept until the file changes (`PrintQueue.count`).

Run: .venv/bin/python benchmarks/print_queue.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hardware.document import Columns, Cut, Document, Text  # noqa: E402
from hardware.printer import PrintQueue  # noqa: E402

ASKS = 5  # a frame's asks: the status line, its colour, the menu's line, ...


def per_frame(ask: Callable[[], int], frames: int = 400) -> float:
    started = time.perf_counter()
    for _ in range(frames * ASKS):
        ask()
    return (time.perf_counter() - started) / frames * 1000


def main() -> None:
    # a battle ticket's size (invented lines, the length of a long battle's report)
    ticket = Document(
        "t", (Text("ITALIA I  TURN 1  BATTLE 1"), *[Columns("R1 Rom: 7* 6 1", "1 hit")] * 30, Cut())
    )
    with tempfile.TemporaryDirectory() as spool:
        queue = PrintQueue(Path(spool) / "q.jsonl")
        print(
            f"the printer's line, {ASKS} asks a frame (ms a frame): tickets waiting / read each time / cached"
        )
        for waiting in (0, 1, 3, 10):
            while len(queue.documents()) < waiting:
                queue.add(ticket)
            read, cached = per_frame(lambda: len(queue.documents())), per_frame(queue.count)
            print(f"  {waiting:2d}   {read:7.3f}   {cached:7.3f}")


if __name__ == "__main__":
    main()
