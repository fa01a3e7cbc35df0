"""The desk-mode camera: cards dragged under a simulated lens, read by the real detector."""

from __future__ import annotations

from hardware.camera import SyntheticSource
from hardware.cards import CardDetector, Confirmer
from hardware.registry import CardRegistry
from hardware.scanner import Scanner
from hardware.text import Sentence

SPOTS = ((320.0, 360.0), (640.0, 360.0), (960.0, 360.0))  # where the screen's card slots map in the frame


class SimCamera(Scanner):
    """A Scanner over synthetic frames; `show(card, spot)` and `take(spot)` are the player's hand."""

    def __init__(self, registry: CardRegistry, condition: str = "clean", fps: float = 30.0) -> None:
        self.registry = registry
        self.source = SyntheticSource(condition=condition)
        self._markers = {card.card: marker for marker, card in registry.by_marker.items()}
        super().__init__(lambda: self.source, CardDetector(registry), Confirmer(), frame_interval_s=1 / fps)
        self.status = Sentence("Camera simulated: drag cards under the lens.")

    def show(self, card: str, spot: int = 1, angle: float = 0.0) -> None:
        self.source.place(self._markers[card], SPOTS[spot], angle)

    def show_unknown(self, marker: int, spot: int = 1) -> None:
        self.source.place(marker, SPOTS[spot])

    def take(self, spot: int = 1) -> None:
        self.source.remove_at(SPOTS[spot])
