"""The Pico's hardware layer for Box: USB CDC serial, SPI to the MAX7219, the button, the clock.

Wiring (docs/hardware/die.md): SPI0 SCK GP18, MOSI GP19, CS GP17; button GP15 to GND.
"""

import select
import sys
import time

import machine
import micropython

SPI_BAUD = 10_000_000
PIN_SCK, PIN_MOSI, PIN_CS, PIN_BUTTON = 18, 19, 17, 15


class PicoIO:
    def __init__(self):
        micropython.kbd_intr(-1)  # USB serial is also the REPL: a 0x03 in a frame must not mean Ctrl-C
        self.stdin = sys.stdin.buffer
        self.stdout = sys.stdout.buffer
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.spi = machine.SPI(
            0, baudrate=SPI_BAUD, polarity=0, phase=0, sck=machine.Pin(PIN_SCK), mosi=machine.Pin(PIN_MOSI)
        )
        self.cs = machine.Pin(PIN_CS, machine.Pin.OUT, value=1)
        self.pin = machine.Pin(PIN_BUTTON, machine.Pin.IN, machine.Pin.PULL_UP)
        self.ticks = time.ticks_ms()
        self.elapsed = 0

    def read(self):
        data = bytearray()
        while len(data) < 64 and self.poller.poll(0):
            data += self.stdin.read(1)
        return bytes(data)

    def write(self, data):
        self.stdout.write(data)

    def spi_write(self, data):
        self.cs(0)
        self.spi.write(data)
        self.cs(1)

    def now_ms(self):
        """Milliseconds since boot that never wrap (ticks_ms wraps; ticks_diff does not care)."""
        ticks = time.ticks_ms()
        self.elapsed += time.ticks_diff(ticks, self.ticks)
        self.ticks = ticks
        return self.elapsed

    def button_down(self):
        return self.pin.value() == 0  # pulled up; the button closes to ground

    def idle(self):
        time.sleep_ms(1)
