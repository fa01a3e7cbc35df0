"""Runs at boot on the die's Pico: the firmware's main loop.

Hold the button while plugging the box in to skip it and keep the REPL: the firmware turns
Ctrl-C off (a 0x03 byte in a frame must not stop it), so that is how mpremote gets back in.
"""

import machine
from box import Box
from pico_io import PIN_BUTTON, PicoIO

if machine.Pin(PIN_BUTTON, machine.Pin.IN, machine.Pin.PULL_UP).value() == 0:
    print("die: button held at boot; the firmware is not started, the REPL is yours")
else:
    Box(PicoIO()).run()
