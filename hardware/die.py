"""The real die box behind the Die port, through firmware_bridge.link (pyserial, lazily)."""

from __future__ import annotations

import time
from concurrent.futures import Future
from typing import Any

from firmware_bridge.link import DieLink, Reply
from hardware.faces import Face
from hardware.ports import ButtonListener
from hardware.text import Sentence


class SerialDie:
    """A Die on USB serial: never blocks the caller; offline faces are shown on reconnect."""

    def __init__(self, port: str | None = None, **link_options: Any) -> None:
        self._listeners: list[ButtonListener] = []
        self._last: Future[Reply] | None = None  # the last face given, answered or not
        self._link = DieLink(port, on_event=self._event, **link_options).start()

    @property
    def online(self) -> bool:
        return self._link.online

    @property
    def status(self) -> str:
        info = self._link.info
        if info is not None:
            return Sentence("Die ready (firmware {firmware}).", firmware=info.firmware)
        return self._link.problem or Sentence("The die is offline.")

    def show(self, face: Face) -> None:
        self._last = self._link.show(face.rows)

    def roll(self, face: Face, ms: int = 800) -> None:
        if self._link.online:
            self._last = self._link.roll(face.rows, ms)
        else:
            self._last = self._link.show(face.rows)  # no tumble for a box that is away; it lands on reconnect

    def wait_shown(self, timeout_s: float) -> str | None:
        """Wait for the box to take the last face given: None once it has, else the sentence why not
        (a one-shot command closes the link next, so a face still waiting for the box is lost)."""
        if self._last is None:
            return None
        try:
            reply = self._last.result(timeout_s)
        except TimeoutError:  # concurrent.futures' timeout is the builtin one since Python 3.11
            return Sentence("The die did not acknowledge the face within {seconds} s.", seconds=timeout_s)
        except Exception as exc:  # DieOffline or the box's refusal: both carry their sentence
            return exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
        return Sentence("The die is offline.") if reply.name == "queued" else None

    def on_button(self, listener: ButtonListener) -> None:
        self._listeners.append(listener)

    def wait_online(self, timeout_s: float) -> bool:
        return self._link.wait_online(timeout_s)

    @property
    def versions(self) -> str | None:
        """ "firmware 2.0.0, protocol 2" once the handshake is done."""
        info = self._link.info
        return None if info is None else f"firmware {info.firmware}, protocol {info.protocol}"

    def round_trip_ms(self, pings: int = 5) -> float | None:
        """The median time for a ping to come back (hardware check); None if the box does not answer."""
        times = []
        for _ in range(pings):
            started = time.perf_counter()
            try:
                self._link.ping().result(1.0)
            except Exception:  # offline, timed out: the box is not answering
                return None
            times.append((time.perf_counter() - started) * 1000)
        return sorted(times)[len(times) // 2]

    def close(self) -> None:
        self._link.close()

    def _event(self, event: str, detail: object) -> None:
        if event == "button" and isinstance(detail, str):
            for listener in self._listeners:
                listener(detail)
