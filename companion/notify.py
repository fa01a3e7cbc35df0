"""systemd's notify protocol, standard library only: READY=1 once the first frame is up, then
WATCHDOG=1 from the main loop, so a hung app is restarted. Without systemd it does nothing.
"""

from __future__ import annotations

import os
import socket
import time


class Notifier:
    def __init__(self) -> None:
        self.address = os.environ.get("NOTIFY_SOCKET", "")
        watchdog_us = int(os.environ.get("WATCHDOG_USEC", "0") or 0)
        self.every_s = (
            watchdog_us / 2e6 if watchdog_us else 0.0
        )  # twice per watchdog period, as sd_notify(3) advises
        self.ready = False
        self._last = 0.0

    def send(self, message: str) -> bool:
        if not self.address:
            return False
        address = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.sendto(message.encode(), address)
        except OSError:
            return False  # systemd gone (shutting down): nothing to tell
        return True

    def frame(self) -> None:
        """Call once per frame: the first call says READY, later ones feed the watchdog."""
        now = time.monotonic()
        if not self.ready:
            self.ready = True
            self._last = now
            self.send("READY=1\nSTATUS=Showing the table")
        elif self.every_s and now - self._last >= self.every_s:
            self._last = now
            self.send("WATCHDOG=1")
