"""A short two-note chime when the camera confirms a card (with the lens's green flash), made in
memory: no sound file, no download. Without an audio device it stays silent."""

from __future__ import annotations

import array
import math
import os
import sys
from pathlib import Path
from typing import Any

RATE = 22050
NOTES = ((880.0, 0.08), (1320.0, 0.12))  # A5 then E6: short, bright, not alarming
VOLUME = 0.3


def samples() -> array.array[int]:
    """The chime as 16-bit mono samples, each note faded out so it does not click."""
    out: array.array[int] = array.array("h")
    for frequency, seconds in NOTES:
        count = int(RATE * seconds)
        for n in range(count):
            fade = 1.0 - n / count
            out.append(int(32767 * VOLUME * fade * math.sin(2 * math.pi * frequency * n / RATE)))
    return out


def sound_card_present() -> bool:
    """Linux lists its sound cards in /proc/asound/cards; asking ALSA without one fills the log."""
    cards = Path("/proc/asound/cards")
    if not cards.exists():
        return sys.platform != "linux"  # macOS and the like: let SDL find the speakers
    return "no soundcards" not in cards.read_text(errors="replace")


class Chime:
    """Opened on the first chime, so a screen without a camera never touches the audio."""

    def __init__(self, pygame: Any) -> None:
        self.pygame = pygame
        self.sound: Any = None
        self.opened = False
        self.played = 0

    def play(self) -> None:
        self.played += 1
        if not self.opened:
            self.opened, self.sound = True, self._open()
        if self.sound is not None:
            self.sound.play()

    def _open(self) -> Any:
        if os.environ.get("SDL_AUDIODRIVER") != "dummy" and not sound_card_present():
            return None  # no speakers: the lens's flash alone tells
        try:
            self.pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            return self.pygame.mixer.Sound(buffer=samples().tobytes())
        except self.pygame.error:
            return None
