"""Timed faces for the die: a roll that tumbles and holds, a face held a while, two faces in turn (or
a row of held faces, over and over) until the next thing to show. Knows no game: a table says which
faces and how long; the session hands the script to a `DiePlayer`, which sends each face to the `Die`
port in time (a worker thread, so no frame waits for a pause).

A script of plain faces (Milano's icons, Italia's dice) is shown at once, in order, as before: only
`Beat`, `Alternate` and `Loop` take time."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

from hardware.faces import Face
from hardware.ports import Die


@dataclass(frozen=True)
class Beat:
    """Tumble for `tumble_ms` (0: no tumble), land on `face`, then hold it `hold_ms` before the next."""

    face: Face
    hold_ms: int = 0
    tumble_ms: int = 0


@dataclass(frozen=True)
class Alternate:
    """`first` and `second` in turn, each `period_ms`, until the next face or script (a script's end)."""

    first: Face
    second: Face
    period_ms: int = 1000


@dataclass(frozen=True)
class Loop:
    """These beats in order, then again from the first, until the next face or script (a script's end)."""

    beats: tuple[Beat, ...]


Step = Face | Beat | Alternate | Loop


def resting(steps: Sequence[Step]) -> Face | None:
    """The face the die rests on once the script has played (kept to show again after a restart)."""
    if not steps:
        return None
    last = steps[-1]
    if isinstance(last, Loop):
        return last.beats[0].face if last.beats else None
    return last.first if isinstance(last, Alternate) else last.face if isinstance(last, Beat) else last


class DiePlayer:
    """Plays one script at a time on a die; a new script stops the one playing. `pace` scales every
    pause (1.0 at the table; a demo or a test may hurry it)."""

    def __init__(self, die: Die, pace: float = 1.0) -> None:
        self.die, self.pace = die, pace
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def play(self, steps: Sequence[Step]) -> None:
        """Show `steps` in order: at once when they are plain faces, or when `pace` is 0 (only the face
        the script rests on: screenshots, a headless demo); else in time, in a worker."""
        self.stop()
        faces = [step for step in steps if isinstance(step, Face)]
        if len(faces) == len(steps) or self.pace <= 0:
            last = resting(steps)
            for face in faces if len(faces) == len(steps) else [last] if last else []:
                self.die.show(face)
            return
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(tuple(steps), self._stop), daemon=True)
        self._thread.name = "die-script"
        self._thread.start()

    def stop(self) -> None:
        """Stop the script playing (the die keeps the face it shows)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()
        self._thread = None

    @property
    def playing(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self, steps: tuple[Step, ...], stop: threading.Event) -> None:
        for step in steps:
            if stop.is_set():
                return
            if isinstance(step, Alternate):
                beats = (Beat(step.first, step.period_ms), Beat(step.second, step.period_ms))
                self._loop(beats, stop)
            elif isinstance(step, Loop):
                self._loop(step.beats, stop)
            elif isinstance(step, Beat):
                self._beat(step, stop)
            else:
                self.die.show(step)

    def _beat(self, beat: Beat, stop: threading.Event) -> None:
        if beat.tumble_ms:
            self.die.roll(beat.face, beat.tumble_ms)
        else:
            self.die.show(beat.face)
        stop.wait((beat.tumble_ms + beat.hold_ms) * self.pace / 1000)

    def _loop(self, beats: tuple[Beat, ...], stop: threading.Event) -> None:
        turn = 0
        while beats and not stop.is_set():
            self._beat(beats[turn % len(beats)], stop)
            turn += 1
