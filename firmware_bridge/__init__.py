"""The LED die: wire protocol, host link, fake box and the box's MicroPython firmware.

Knows nothing about any game: it moves die faces, rolls and button presses.
"""
