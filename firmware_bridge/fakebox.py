"""A fake die box on a pseudo-terminal: the real firmware logic behind a real tty, with faults.

The host opens `path`, a symlink to the pty like udev's /dev/companion-die, with pyserial as it
would open the real box. Fault switches: drop the next frames, corrupt the next reply, send
garbage, stall, unplug and replug (the path disappears and comes back), reboot (state lost,
port kept).
"""

from __future__ import annotations

import os
import select
import threading
import time
import tty
from pathlib import Path

from firmware_bridge.firmware.box import Box


class PtyIO:
    """Box's IO on the master side of a pty; the display and button are plain attributes."""

    def __init__(self, master: int, faults: Faults) -> None:
        self.master = master
        self.faults = faults
        self.rows: list[int] = [0] * 8
        self.brightness = 0
        self.test_on = False
        self.pressed = False
        self.start = time.monotonic()

    def read(self) -> bytes:
        if not select.select([self.master], [], [], 0)[0]:
            return b""
        try:
            data = os.read(self.master, 256)
        except OSError:
            return b""
        return self.faults.incoming(data)

    def write(self, data: bytes) -> None:
        data = self.faults.outgoing(data)
        if data:
            try:
                os.write(self.master, data)
            except OSError:
                pass  # the host side is gone: a real box's bytes go nowhere too

    def spi_write(self, data: bytes) -> None:
        register, value = data[0], data[1]
        if 1 <= register <= 8:
            self.rows[register - 1] = value
        elif register == 0x0A:
            self.brightness = value
        elif register == 0x0F:
            self.test_on = bool(value)

    def now_ms(self) -> int:
        return int((time.monotonic() - self.start) * 1000)

    def button_down(self) -> bool:
        return self.pressed

    def idle(self) -> None:
        select.select([self.master], [], [], 0.001)


class HeardBox(Box):
    """The firmware's logic, noting each command it carries out (name and fields, oldest first): what
    the box received, for the tests of what a game sends it."""

    def __init__(self, io: PtyIO, heard: list[tuple[str, dict[str, int]]]) -> None:
        super().__init__(io)
        self.heard = heard

    def execute(self, seq: int, name: str, fields: dict[str, int]) -> tuple[str, dict[str, int]]:
        reply = super().execute(seq, name, fields)
        self.heard.append((name, dict(fields)))
        return reply


class Faults:
    """Switches a test (or a demo) flips; each one acts on the next bytes that pass."""

    def __init__(self) -> None:
        self.drop_incoming = 0  # host frames (reads) thrown away
        self.corrupt_outgoing = 0  # replies with one byte flipped
        self.noise = b""  # garbage sent before every reply
        self.stalled_until = 0.0

    def incoming(self, data: bytes) -> bytes:
        if self.drop_incoming:
            self.drop_incoming -= 1
            return b""
        return data

    def outgoing(self, data: bytes) -> bytes:
        if self.corrupt_outgoing:
            self.corrupt_outgoing -= 1
            data = data[:-1] + bytes((data[-1] ^ 0xFF,))
        return self.noise + data

    @property
    def stalled(self) -> bool:
        return time.monotonic() < self.stalled_until


class FakeBox:
    """Run with `with FakeBox(path) as box:`; the firmware loop runs in a thread."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.faults = Faults()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.io: PtyIO | None = None
        self.box: HeardBox | None = None
        self._fds: tuple[int, int] | None = None
        self.heard: list[tuple[str, dict[str, int]]] = []  # every command the box carried out

    def __enter__(self) -> FakeBox:
        self.plug()
        return self

    def __exit__(self, *exc: object) -> None:
        self.unplug()

    def plug(self) -> None:
        """Connect: a new pty appears at `path` and the box boots."""
        master, slave = os.openpty()
        tty.setraw(slave)
        self._fds = (master, slave)
        self.io = PtyIO(master, self.faults)
        self.box = HeardBox(self.io, self.heard)
        if self.path.is_symlink():
            self.path.unlink()
        self.path.symlink_to(os.ttyname(slave))
        self._stop.clear()
        self._thread = threading.Thread(target=self._loop, name="fake-die", daemon=True)
        self._thread.start()

    def unplug(self) -> None:
        """Disconnect: the loop stops, the pty closes (the host sees EIO), the path disappears."""
        self._stop.set()
        if self._thread:
            self._thread.join()
        if self.path.is_symlink():
            self.path.unlink()
        if self._fds:
            for fd in self._fds:
                os.close(fd)
        self._fds = None

    def reboot(self) -> None:
        """The box restarts: its state is lost; the port stays (as if the firmware watchdog fired)."""
        with self._lock:
            assert self.io is not None
            self.io.start = time.monotonic()
            self.box = HeardBox(self.io, self.heard)

    def stall(self, seconds: float) -> None:
        self.faults.stalled_until = time.monotonic() + seconds

    def press(self, seconds: float = 0.1) -> None:
        """Hold the button down for `seconds` (the firmware debounces it like the real one)."""
        assert self.io is not None
        self.io.pressed = True
        time.sleep(seconds)
        self.io.pressed = False

    @property
    def rows(self) -> list[int]:
        assert self.io is not None
        return list(self.io.rows)

    @property
    def face(self) -> tuple[int, ...]:
        """The 8 rows the box shows, or lands on once a roll ends."""
        assert self.box is not None
        return tuple(self.box.face)

    def _loop(self) -> None:
        while not self._stop.is_set():
            if not self.faults.stalled:
                with self._lock:
                    assert self.box is not None
                    self.box.poll()
            assert self.io is not None
            self.io.idle()
