"""The desk-mode die: the same interface as the box, its pixels drawn from the firmware's bitmaps."""

from __future__ import annotations

from firmware_bridge.firmware import faces
from firmware_bridge.protocol import FACES
from hardware.die import face_code
from hardware.ports import ButtonListener
from hardware.text import Sentence


class SimDie:
    """Holds what the box would show; `press()` stands for the box's button (a tap on screen)."""

    def __init__(self) -> None:
        self.face = "blank"
        self.rolling_ms = 0  # the last roll's tumble time, for the screen's animation
        self._listeners: list[ButtonListener] = []

    @property
    def online(self) -> bool:
        return True

    @property
    def status(self) -> str:
        return Sentence("Die simulated on screen.")

    def show(self, face: str) -> None:
        face_code(face)
        self.face, self.rolling_ms = face, 0

    def roll(self, face: str, ms: int = 800) -> None:
        face_code(face)
        self.face, self.rolling_ms = face, ms

    def on_button(self, listener: ButtonListener) -> None:
        self._listeners.append(listener)

    def press(self, kind: str = "press") -> None:
        for listener in self._listeners:
            listener(kind)

    def rows(self) -> tuple[int, ...]:
        """The 8x8 pixels the box would light, top row first (bit 7 = left)."""
        bitmap = faces.bitmap(FACES[self.face])
        assert bitmap is not None
        return tuple(bitmap)

    def close(self) -> None:
        pass
