"""Desk-mode buttons and lights: clickable on screen, the same events as the real ones."""

from __future__ import annotations

from hardware.gpio import BUTTON_PINS, LIGHT_PINS, Listener
from hardware.text import Sentence


class SimButtons:
    def __init__(self, listener: Listener) -> None:
        self._listener = listener
        self.lit: dict[str, str] = {name: "off" for name in LIGHT_PINS}

    def press(self, name: str) -> None:
        if name not in BUTTON_PINS:
            raise ValueError(f"there is no {name!r} button")
        self._listener(name)

    def light(self, name: str, on: bool = True, blink: bool = False) -> None:
        self.lit[name] = "blink" if blink else "on" if on else "off"

    @property
    def status(self) -> str:
        return Sentence("Buttons simulated on screen.")

    def close(self) -> None:
        pass
