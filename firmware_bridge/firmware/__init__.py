"""MicroPython firmware for the die box (flashed to the Pico; importable on the desk)."""
