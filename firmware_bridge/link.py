"""The host side of the die: pyserial transport, handshake, acked commands, reconnect.

One worker thread owns the port. Callers never block: every command returns a Future at once.
A command is retried with backoff when its answer is missing; after the last try the box is
called offline, the port is closed and the worker looks for it again every `reconnect_s`.
A `show` given while offline is kept (the latest only) and applied when the box comes back.
A face is 8 row bytes (top row first, bit 7 = leftmost LED): the box draws what it is sent.
"""

from __future__ import annotations

import os
import queue
import select
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from firmware_bridge import protocol
from firmware_bridge.text import Sentence

PICO_VID, PICO_PID = 0x2E8A, 0x0005  # Raspberry Pi RP2040 running MicroPython
REBOOT_SLACK_S = 0.1  # more than a ping's round trip: a boot time later than this is a restart


@dataclass(frozen=True)
class BoxInfo:
    protocol: int
    firmware: str
    width: int
    height: int
    caps: int


@dataclass(frozen=True)
class Reply:
    name: str  # "ack", "identify", "status" or "queued" (offline show, applied on reconnect)
    fields: dict[str, int]


class DieOffline(Exception):
    """The box did not answer, or is not connected; the message says which."""


class DieIncompatible(DieOffline):
    """The box runs firmware of another protocol version."""


def find_port() -> str | None:
    """The device path of the first connected die box (by USB VID:PID), or None."""
    from serial.tools import list_ports  # the caller has imported serial already

    for port in list_ports.comports():
        if port.vid == PICO_VID and port.pid == PICO_PID:
            return str(port.device)
    return None


@dataclass
class _Command:
    name: str
    fields: dict[str, int]
    future: Future[Reply]
    seq: int = 0
    tries: int = 0
    deadline: float = 0.0


Listener = Callable[[str, Any], None]  # (event, detail): online, offline, incompatible, button, rebooted


class DieLink:
    """Talk to the die box. `start()` it; `close()` it; listen with `on_event`."""

    def __init__(
        self,
        port: str | None = None,
        *,
        on_event: Listener | None = None,
        timeout_s: float = 0.1,
        tries: int = 3,
        ping_s: float = 1.0,
        reconnect_s: float = 0.25,
    ) -> None:
        self.port = port
        self.on_event = on_event or (lambda event, detail: None)
        self.timeout_s, self.tries, self.ping_s, self.reconnect_s = timeout_s, tries, ping_s, reconnect_s
        self.info: BoxInfo | None = None
        self.problem: str | None = Sentence("The die is not connected yet.")
        self._serial: Any = None
        self._decoder = protocol.Decoder()
        self._queue: queue.Queue[_Command] = queue.Queue()
        self._in_flight: _Command | None = None
        self._seq = 0
        self._latest_show: dict[str, int] | None = None  # the face's row fields
        self._brightness: int | None = None
        self._next_ping = 0.0
        self._booted: float | None = None  # when the box booted, by the host's clock
        self._stop = threading.Event()
        self._wake_r, self._wake_w = os.pipe()  # a byte here wakes the worker from select()
        self._thread = threading.Thread(target=self._run, name="die-link", daemon=True)

    # --- the caller's side -------------------------------------------------------------------

    @property
    def online(self) -> bool:
        return self.info is not None

    def start(self) -> DieLink:
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        self._wake()
        if self._thread.is_alive():
            self._thread.join()
        self._disconnect(None)
        os.close(self._wake_r)
        os.close(self._wake_w)

    def _wake(self) -> None:
        os.write(self._wake_w, b"!")

    def wait_online(self, timeout_s: float) -> bool:
        deadline = time.monotonic() + timeout_s
        while not self.online and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.online

    def show(self, rows: tuple[int, ...]) -> Future[Reply]:
        """Show a face (8 row bytes); offline, the latest face waits and is shown on reconnect ("queued").
        ProtocolError, in the caller's thread, for a face that is not 8 rows of 0-255."""
        fields = protocol.face_fields(rows)
        protocol.encode("show", 0, fields)
        self._latest_show = fields
        if not self.online:
            return _done(Reply("queued", fields))
        return self._submit("show", **fields)

    def roll(self, rows: tuple[int, ...], ms: int = 800) -> Future[Reply]:
        """Tumble for `ms`, then land on the face (8 row bytes)."""
        return self._submit("roll", ms=ms, **protocol.face_fields(rows))

    def brightness(self, level: int) -> Future[Reply]:
        self._brightness = level
        return self._submit("brightness", level=level)

    def test(self, ms: int = 1000) -> Future[Reply]:
        return self._submit("test", ms=ms)

    def ping(self) -> Future[Reply]:
        return self._submit("ping")

    def _submit(self, name: str, **fields: int) -> Future[Reply]:
        future: Future[Reply] = Future()
        if not self.online:
            future.set_exception(DieOffline(self.problem or Sentence("The die is offline.")))
            return future
        protocol.encode(name, 0, fields)  # a bad value fails here, in the caller's thread
        self._queue.put(_Command(name, fields, future))
        self._wake()
        return future

    # --- the worker --------------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                if self._serial is None:
                    self._connect()
                    if self._serial is None:
                        self._stop.wait(self.reconnect_s)
                    continue
                self._step()
            except (OSError, protocol.ProtocolError) as exc:  # SerialException is an OSError
                self._disconnect(
                    Sentence("The die was disconnected ({error}).", error=exc.__class__.__name__)
                )

    def _step(self) -> None:
        self._wait_for_work()
        if self._serial.in_waiting:
            for seq, msg_id, payload in self._decoder.feed(self._serial.read(self._serial.in_waiting)):
                self._receive(seq, msg_id, payload)
        now = time.monotonic()
        command = self._in_flight
        if command is not None and now >= command.deadline:
            if command.tries >= self.tries:
                self._in_flight = None
                reason = Sentence(
                    "The die stopped answering ({command} got no answer after {tries} tries).",
                    command=command.name,
                    tries=command.tries,
                )
                command.future.set_exception(DieOffline(reason))
                self._disconnect(reason)
                return
            self._transmit(command)
        if self._in_flight is None:
            self._send_next(now)

    def _wait_for_work(self) -> None:
        """Sleep until bytes arrive, a command is queued, or the next retry or ping is due."""
        due = self._in_flight.deadline if self._in_flight else self._next_ping
        timeout = min(max(due - time.monotonic(), 0.0), 0.25)
        ready, _, _ = select.select([self._serial.fileno(), self._wake_r], [], [], timeout)
        if self._wake_r in ready:
            os.read(self._wake_r, 64)
        if self._serial.fileno() in ready and not self._serial.in_waiting:
            raise OSError("the port reports data but gives none: the device is gone")

    def _send_next(self, now: float) -> None:
        try:
            command = self._queue.get_nowait()
        except queue.Empty:
            if now < self._next_ping:
                return
            self._next_ping = now + self.ping_s
            command = _Command("ping", {}, Future())
        self._seq = self._seq % 255 + 1  # 1-255: a fresh number for every command, kept across retries
        command.seq = self._seq
        self._in_flight = command
        self._transmit(command)

    def _transmit(self, command: _Command) -> None:
        command.tries += 1
        command.deadline = time.monotonic() + self.timeout_s * 2 ** (command.tries - 1)
        self._serial.write(protocol.encode(command.name, command.seq, command.fields))

    def _receive(self, seq: int, msg_id: int, payload: bytes) -> None:
        try:
            name, fields = protocol.parse(msg_id, payload)
        except protocol.ProtocolError:
            return  # a message this host does not know: newer firmware, ignore it
        if name == "button":
            self.on_event("button", "long-press" if fields["kind"] == protocol.LONG_PRESS else "press")
            return
        command = self._in_flight
        if command is None or fields.get("seq") != command.seq:
            return  # a late answer to a command already given up on
        self._in_flight = None
        if name == "nak":
            command.future.set_exception(
                protocol.ProtocolError(f"The die refused {command.name} (reason {fields['reason']}).")
            )
            return
        if name == "status":
            self._check_reboot(fields["uptime_ms"])
        command.future.set_result(Reply(name, fields))

    def _check_reboot(self, uptime_ms: int) -> None:
        """A box whose boot time (now - uptime) moved later has restarted: give it its face back."""
        booted = time.monotonic() - uptime_ms / 1000
        rebooted = self._booted is not None and booted > self._booted + REBOOT_SLACK_S
        self._booted = booted if self._booted is None or rebooted else min(self._booted, booted)
        if rebooted:
            self.on_event("rebooted", uptime_ms)
            self._restore()

    def _restore(self) -> None:
        """Give a box that (re)started what it showed: brightness and the latest face."""
        if self._brightness is not None:
            self._queue.put(_Command("brightness", {"level": self._brightness}, Future()))
        if self._latest_show is not None:
            self._queue.put(_Command("show", dict(self._latest_show), Future()))

    # --- connecting --------------------------------------------------------------------------

    def _connect(self) -> None:
        try:
            import serial
        except ImportError:
            self.problem = Sentence("The die needs pyserial: pip install 'table-companion[die]'.")
            return
        port = self.port or find_port()
        if port is None:
            self.problem = Sentence("No die box found on USB (looking for {ids}).", ids="2e8a:0005")
            return
        try:
            self._serial = serial.Serial(port, 115200, timeout=0, write_timeout=1, exclusive=True)
            self._serial.reset_input_buffer()
        except (OSError, ValueError) as exc:
            self._serial = None
            gone = not os.path.exists(port)
            self.problem = (
                Sentence("No die at {port}: is it plugged in?", port=port)
                if gone
                else Sentence("The die at {port} cannot be opened ({error}).", port=port, error=str(exc))
            )
            return
        self._decoder.reset()
        self._handshake(port)

    def _handshake(self, port: str) -> None:
        """hello until the box identifies itself. A refusal or another reply is asked again (`tries`
        times in all); then the port is closed and the box looked for again, as if it had gone."""
        answers = []
        for _ in range(self.tries):
            answer = self._hello(port)
            if answer is None:
                return  # gone, stopped answering or the link is closing: _run looks for it again
            if isinstance(answer, Reply) and answer.name == "identify":
                self._accept(answer.fields, port)
                return
            answers.append(answer.name if isinstance(answer, Reply) else "nak")
        self._disconnect(
            Sentence(
                "The die at {port} does not identify itself (it answered hello with {answers}); "
                "trying again.",
                port=port,
                answers=", ".join(answers),
            )
        )

    def _hello(self, port: str) -> Reply | protocol.ProtocolError | None:
        """One hello: the box's reply, its refusal, or None when there is no answer to wait for."""
        future: Future[Reply] = Future()
        self._seq = self._seq % 255 + 1
        self._in_flight = _Command("hello", {}, future, seq=self._seq)
        self._transmit(self._in_flight)
        while not future.done() and not self._stop.is_set():
            try:
                self._step()
            except OSError:
                self._disconnect(Sentence("The die at {port} went away during the handshake.", port=port))
                return None
            if self._serial is None:
                return None
        if not future.done():
            return None
        problem = future.exception()
        if problem is None:
            return future.result()
        return problem if isinstance(problem, protocol.ProtocolError) else None  # DieOffline: disconnected

    def _accept(self, fields: dict[str, int], port: str) -> None:
        if fields["protocol"] != protocol.PROTOCOL_VERSION:
            message = Sentence(
                "The die at {port} runs firmware for protocol {theirs}, but this companion speaks "
                "protocol {ours}: flash firmware_bridge/firmware (docs/hardware/die.md).",
                port=port,
                theirs=fields["protocol"],
                ours=protocol.PROTOCOL_VERSION,
            )
            self._disconnect(message)
            self.on_event("incompatible", message)
            return
        self.info = BoxInfo(
            fields["protocol"],
            f"{fields['major']}.{fields['minor']}.{fields['patch']}",
            fields["width"],
            fields["height"],
            fields["caps"],
        )
        self.problem = None
        self._booted = None
        self._next_ping = time.monotonic() + self.ping_s
        self._restore()
        self.on_event("online", self.info)

    def _disconnect(self, reason: str | None) -> None:
        was_online = self.online
        if self._serial is not None:
            try:
                self._serial.close()
            except OSError:
                pass
        self._serial = None
        self.info = None
        if self._in_flight is not None and not self._in_flight.future.done():
            self._in_flight.future.set_exception(DieOffline(reason or Sentence("The die link was closed.")))
        self._in_flight = None
        self._fail_queued(reason or Sentence("The die link was closed."))
        if reason:
            self.problem = reason
            if was_online:
                self.on_event("offline", reason)

    def _fail_queued(self, reason: str) -> None:
        while True:
            try:
                command = self._queue.get_nowait()
            except queue.Empty:
                return
            if command.name == "show":
                command.future.set_result(Reply("queued", command.fields))  # shown again on reconnect
            elif not command.future.done():
                command.future.set_exception(DieOffline(reason))


def _done(reply: Reply) -> Future[Reply]:
    future: Future[Reply] = Future()
    future.set_result(reply)
    return future
