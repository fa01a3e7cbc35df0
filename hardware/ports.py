"""The small interfaces the app sees; each device has a real backend and a simulated one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from hardware.document import Document
from hardware.faces import Face

ButtonListener = Callable[[str], None]  # "press" or "long-press"


class Die(Protocol):
    """The LED die display: shows faces (8x8 pixels, hardware.faces), rolls, reports its button."""

    @property
    def online(self) -> bool: ...

    @property
    def status(self) -> str:
        """One sentence for the screen: "Die ready (firmware 2.0.0)." or what is wrong."""
        ...

    def show(self, face: Face) -> None: ...

    def roll(self, face: Face, ms: int = 800) -> None:
        """Tumble for `ms`, then land on `face`."""
        ...

    def on_button(self, listener: ButtonListener) -> None: ...

    def close(self) -> None: ...


class CardReader(Protocol):
    """Cards shown to the camera. Never blocks: the camera and the detector run in a worker."""

    @property
    def status(self) -> str:
        """One sentence for the screen: "Camera ready." or what is wrong (and that tapping works)."""
        ...

    def events(self) -> list[tuple[str, str]]:
        """("placed", card id) and ("removed", card id) since the last call, in order."""
        ...

    def placed(self) -> list[str]:
        """The cards confirmed under the camera now."""
        ...

    def close(self) -> None: ...


class DeskDie(Die, Protocol):
    """Desk mode's simulated die: the screen draws its 8x8 pixels."""

    def rows(self) -> Sequence[int]: ...

    def press(self, kind: str = "press") -> None:
        """Its button pressed (a click on its lights): the listeners hear it as the box's."""
        ...


class DeskCamera(CardReader, Protocol):
    """Desk mode's simulated camera: a card dragged to the lens on screen is put under it."""

    def show(self, card: str, spot: int = 0) -> None: ...

    def take(self, spot: int) -> None: ...


class Printer(Protocol):
    """The thermal printer behind its queue (hardware.printer.PrintService): submitting never
    blocks and never loses a ticket."""

    @property
    def status(self) -> str:
        """One sentence: "Printer ready." or "Printer offline, 2 tickets waiting."."""
        ...

    @property
    def last_state(self) -> str:
        """What the printer said last: "ready", "paper-low", "paper-out" or "offline"."""
        ...

    @property
    def waiting(self) -> int:
        """Tickets not printed yet."""
        ...

    def submit(self, document: Document) -> None: ...

    def close(self) -> None: ...


class Buttons(Protocol):
    """The table's buttons (events go to the listener given at start) and its two lights."""

    @property
    def status(self) -> str: ...

    def light(self, name: str, on: bool = True, blink: bool = False) -> None: ...

    def close(self) -> None: ...
