"""Tickets drawn in a process of their own.

Pillow holds Python's GIL while it draws a ticket (5-16 ms on the development machine, several
times that on a Pi 4), so a ticket drawn in the app's process stalls the frames of the Austrian
turn's animation. The print service hands the drawing to one worker process and only writes what
comes back (bytes) to the printer. A worker that cannot start, or dies, is replaced by drawing in
place: slower frames for a moment, never a lost ticket.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

Drawn = TypeVar("Drawn")


class Drawing:
    """Calls a drawing function (a module-level one: it crosses to the worker by name)."""

    def __init__(self, own_process: bool = True) -> None:
        """`own_process` False: draw in the caller's thread (command-line tools, which have no frames)."""
        self.own_process = own_process
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def __call__(self, function: Callable[..., Drawn], *args: Any) -> Drawn:
        pool = self._worker()
        if pool is not None:
            try:
                return pool.submit(function, *args).result()
            except (BrokenProcessPool, OSError):  # the worker died or could not be started
                with self._lock:
                    self.own_process, self._pool = False, None
                pool.shutdown(wait=False, cancel_futures=True)
        return function(*args)

    def _worker(self) -> ProcessPoolExecutor | None:
        with self._lock:
            if self.own_process and self._pool is None:
                # spawn, not fork: the app's process has SDL's and the devices' threads running
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_follow_the_app)
            return self._pool

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _follow_the_app() -> None:
    """In the worker: end when the app's process ends, however it ends (a SIGKILL, a power cut's
    watchdog restart), instead of waiting for tickets forever."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()


def _exit_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)
