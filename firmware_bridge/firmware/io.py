"""What Box needs from the hardware (CPython only: for the type checker and the desk fakes)."""

from __future__ import annotations

from typing import Protocol


class BoxIO(Protocol):
    def read(self) -> bytes:
        """Bytes received since the last call; never blocks."""
        ...

    def write(self, data: bytes) -> None: ...

    def spi_write(self, data: bytes) -> None:
        """Two bytes to the MAX7219, chip select framed."""
        ...

    def now_ms(self) -> int:
        """Milliseconds since boot; never wraps."""
        ...

    def button_down(self) -> bool: ...

    def idle(self) -> None: ...
