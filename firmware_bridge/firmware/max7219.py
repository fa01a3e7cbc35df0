"""MAX7219 8x8 LED matrix driver: one 16-bit register write per SPI transaction (CS framed)."""

try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython: annotations are never evaluated there
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from collections.abc import Callable

    SpiWrite = Callable[[bytes], None]

NOOP = 0x00
DIGIT0 = 0x01  # row registers 0x01..0x08
DECODE_MODE = 0x09
INTENSITY = 0x0A
SCAN_LIMIT = 0x0B
SHUTDOWN = 0x0C
DISPLAY_TEST = 0x0F


class Max7219:
    """`write(data)` sends two bytes with chip select low (the IO layer owns the pins)."""

    def __init__(self, write: "SpiWrite") -> None:
        self.write = write

    def register(self, address: int, value: int) -> None:
        self.write(bytes((address, value & 0xFF)))

    def start(self, brightness: int) -> None:
        self.register(SHUTDOWN, 0)
        self.register(DISPLAY_TEST, 0)
        self.register(DECODE_MODE, 0)  # raw segments: we drive pixels, not 7-segment digits
        self.register(SCAN_LIMIT, 7)  # all 8 rows
        self.register(INTENSITY, brightness)
        self.rows((0,) * 8)
        self.register(SHUTDOWN, 1)

    def rows(self, rows: tuple[int, ...]) -> None:
        for index, row in enumerate(rows):
            self.register(DIGIT0 + index, row)

    def brightness(self, level: int) -> None:
        self.register(INTENSITY, level)

    def test(self, on: bool) -> None:
        self.register(DISPLAY_TEST, 1 if on else 0)
