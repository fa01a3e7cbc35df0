"""The desk-mode die: the same interface as the box; the screen draws its pixels."""

from __future__ import annotations

from hardware.faces import BLANK, Face
from hardware.ports import ButtonListener
from hardware.text import Sentence


class SimDie:
    """Holds what the box would show; `press()` stands for the box's button (a tap on screen)."""

    def __init__(self) -> None:
        self.face = BLANK
        self.rolling_ms = 0  # the last roll's tumble time, for the screen's animation
        self._listeners: list[ButtonListener] = []

    @property
    def online(self) -> bool:
        return True

    @property
    def status(self) -> str:
        return Sentence("Die simulated on screen.")

    def show(self, face: Face) -> None:
        self.face, self.rolling_ms = face, 0

    def roll(self, face: Face, ms: int = 800) -> None:
        self.face, self.rolling_ms = face, ms

    def on_button(self, listener: ButtonListener) -> None:
        self._listeners.append(listener)

    def press(self, kind: str = "press") -> None:
        for listener in self._listeners:
            listener(kind)

    def rows(self) -> tuple[int, ...]:
        """The 8x8 pixels the box would light, top row first (bit 7 = left)."""
        return self.face.rows

    def close(self) -> None:
        pass
