"""The card reader: a worker thread reads frames, detects markers and runs the confirmation vote.

The UI never waits for a frame: readings pass through a one-slot box (a stale one is replaced),
and the placed/removed events through a queue that loses nothing. A camera that stops
delivering is reopened once a second; meanwhile `status` says so and tapping still works.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable

from hardware.camera import FrameSource
from hardware.cards import CardDetector, Confirmer, Reading
from hardware.text import Sentence

SourceFactory = Callable[[], FrameSource]
REOPEN_S = 1.0


class Scanner:
    def __init__(
        self,
        open_source: SourceFactory,
        detector: CardDetector,
        confirmer: Confirmer | None = None,
        frame_interval_s: float = 0.0,
    ) -> None:
        self._open_source = open_source
        self._detector = detector
        self._confirmer = confirmer or Confirmer()
        self._interval = frame_interval_s
        self._events: queue.Queue[tuple[str, str]] = queue.Queue()
        self._latest: queue.Queue[Reading] = queue.Queue(maxsize=1)
        self._lock = threading.Lock()
        self._placed: list[str] = []
        self.status = Sentence("Camera starting.")
        self.frames = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="card-scanner", daemon=True)
        self._thread.start()

    def events(self) -> list[tuple[str, str]]:
        drained = []
        while True:
            try:
                drained.append(self._events.get_nowait())
            except queue.Empty:
                return drained

    def placed(self) -> list[str]:
        with self._lock:
            return list(self._placed)

    def latest(self) -> Reading | None:
        """The newest reading, if one came since the last call (for drawing marker outlines)."""
        try:
            return self._latest.get_nowait()
        except queue.Empty:
            return None

    def close(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        source: FrameSource | None = None
        while not self._stop.is_set():
            if source is None:
                source = self._open()
                if source is None:
                    self._stop.wait(REOPEN_S)
                    continue
            frame = source.read()
            if frame is None:
                source.close()
                source = None
                self.status = Sentence(
                    "The camera stopped sending pictures; tap the cards instead while it reconnects."
                )
                continue
            self._handle(self._detector.read(frame))
            if self._interval:
                self._stop.wait(self._interval)
        if source is not None:
            source.close()

    def _open(self) -> FrameSource | None:
        try:
            source = self._open_source()
        except (OSError, RuntimeError, ImportError) as exc:
            self.status = Sentence("No camera ({error}); tap the cards instead.", error=str(exc))
            return None
        self.status = Sentence("Camera ready.")
        return source

    def _handle(self, reading: Reading) -> None:
        self.frames += 1
        for event in self._confirmer.update(reading):
            self._events.put(event)
        with self._lock:
            self._placed = self._confirmer.placed
        try:
            self._latest.get_nowait()  # drop the stale reading: the UI wants the newest only
        except queue.Empty:
            pass
        self._latest.put_nowait(reading)


def wait_for(condition: Callable[[], bool], timeout_s: float) -> bool:
    """Poll a condition (for tools and tests; the app polls once per frame instead)."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True
