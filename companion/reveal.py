"""Faces for the die one after another: a round's dice each tumble and land in turn, then the faces
after them (a total, a blank, a total) each held a moment; the last stays. The session steps it once
a frame; a new decision first shows at once what is left, so the box never lags the table."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from hardware.faces import Face

TUMBLE_MS = 800  # a die's tumble before it lands (`companion dice roll --show`'s)
HOLD_S = 0.6  # how long a landed face stays before the next


class Reveal:
    """`show(face, ms)`: roll for `ms` and land on the face (0: show it at once)."""

    def __init__(self, show: Callable[[Face, int], None], clock: Callable[[], float] = time.monotonic):
        self._show, self._clock = show, clock
        self._left: list[tuple[Face, int]] = []
        self._due = 0.0

    def start(self, faces: Sequence[Face], tumbles: int | None) -> None:
        """One after another, the first `tumbles` faces tumbling; None: every face at once."""
        self.flush()
        self._left = [(face, TUMBLE_MS if at < (tumbles or 0) else 0) for at, face in enumerate(faces)]
        if tumbles is None:
            self.flush()
            return
        self._due = 0.0
        self.step()

    def step(self) -> None:
        """Show the next face when the last one has had its time."""
        now = self._clock()
        while self._left and now >= self._due:
            face, ms = self._left.pop(0)
            self._show(face, ms)
            self._due = now + ms / 1000 + HOLD_S

    def flush(self) -> None:
        """Show what is left at once (the last face stays)."""
        while self._left:
            self._show(self._left.pop(0)[0], 0)

    @property
    def pending(self) -> int:
        return len(self._left)
