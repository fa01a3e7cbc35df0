"""Tickets drawn in a process of their own.

Pillow holds Python's GIL while it draws a ticket (5-16 ms on the development machine, several
times that on a Pi 4), so a ticket drawn in the app's process stalls the frames of the Austrian
turn's animation. The print service hands the drawing to a worker process and only writes what
comes back (bytes) to the printer. A worker that cannot start, or dies, is replaced by drawing in
place: slower frames for a moment, never a lost ticket.

The worker is this module's `main()` in `python -I`: it reads a call (a module-level function's
name and its arguments, pickled) on its stdin and writes the answer on its stdout. It ends when its
stdin closes, which is when the app's process ends, however it ends (a SIGKILL, the watchdog).

Isolated mode (`-I`), because on the Pi the service's working directory is its writable state
directory: `python -m` would put that directory first on the import path (and PYTHONPATH may name
relative entries), so a `hardware/` or `select.py` left there would run inside the worker. The
worker searches only the interpreter's own paths and the directory the app's `hardware` came from.
"""

from __future__ import annotations

import importlib
import pickle
import select
import signal
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, TypeVar

Drawn = TypeVar("Drawn")
LENGTH = struct.Struct(">I")  # each message: its length, then the pickle
ANSWER_S = 30.0  # a ticket takes milliseconds; a worker this slow is stuck, and is replaced


class Drawing:
    """Calls a drawing function (a module-level one: it crosses to the worker by name)."""

    def __init__(self, own_process: bool = True) -> None:
        """`own_process` False: draw in the caller's thread (command-line tools, which have no frames)."""
        self.own_process = own_process
        self._worker: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def __call__(self, function: Callable[..., Drawn], *args: Any) -> Drawn:
        with self._lock:
            if self.own_process:
                try:
                    drawn, value = self._ask(function, args)
                except (OSError, EOFError, pickle.PickleError):  # the worker died or could not start
                    self._end_worker()
                    self.own_process = False
                else:
                    if not drawn:
                        raise value  # the function's own error, as if it had run here
                    return value  # type: ignore[no-any-return]
        return function(*args)

    def _ask(self, function: Callable[..., Any], args: tuple[Any, ...]) -> tuple[bool, Any]:
        worker = self._worker or self._start()
        assert worker.stdin is not None and worker.stdout is not None
        _send(worker.stdin, (function.__module__, function.__qualname__, args))
        if not select.select([worker.stdout], [], [], ANSWER_S)[0]:
            raise TimeoutError(f"the drawing worker did not answer in {ANSWER_S:g} s")
        return _receive(worker.stdout)  # type: ignore[no-any-return]

    def _start(self) -> subprocess.Popen[bytes]:
        self._worker = subprocess.Popen(worker_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        return self._worker

    def _end_worker(self) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            for stream in (worker.stdin, worker.stdout):
                if stream is not None:
                    stream.close()  # the worker reads the end of its stdin and leaves ...
            try:
                worker.wait(timeout=2)
            except subprocess.TimeoutExpired:  # ... unless it is stuck
                worker.kill()
                worker.wait()

    def close(self) -> None:
        with self._lock:
            self._end_worker()


def worker_command() -> list[str]:
    """The worker's command line: isolated (no working directory, no PYTHONPATH, no user site on
    the import path); it finds `hardware` where the app found it, installed or run from a checkout."""
    here = str(Path(__file__).resolve().parent.parent)
    start = f"import sys; sys.path.insert(0, {here!r}); from hardware.drawing import main; main()"
    return [sys.executable, "-I", "-c", start]


def _send(stream: IO[bytes], message: object) -> None:
    data = pickle.dumps(message)
    stream.write(LENGTH.pack(len(data)) + data)
    stream.flush()


def _receive(stream: IO[bytes]) -> Any:
    header = stream.read(LENGTH.size)
    if len(header) < LENGTH.size:
        raise EOFError("the other side has gone")
    (length,) = LENGTH.unpack(header)
    data = stream.read(length)
    if len(data) < length:
        raise EOFError("the other side has gone mid-message")
    return pickle.loads(data)


def serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    """The worker's loop: answer each call until the app closes the pipe."""
    while True:
        try:
            module, name, args = _receive(requests)
        except EOFError:
            return
        try:
            answer: tuple[bool, Any] = (True, getattr(importlib.import_module(module), name)(*args))
        except Exception as exc:  # the drawing's own error goes back to the caller
            answer = (False, exc)
        try:
            _send(answers, answer)
        except pickle.PickleError:
            _send(answers, (False, RuntimeError(repr(answer[1]))))


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the app's to handle; the worker follows it out
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not land among the answers
    try:
        serve(requests, answers)
    except BrokenPipeError:  # the app ended while a ticket was being drawn
        pass


if __name__ == "__main__":
    main()
