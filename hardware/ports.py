"""The small interfaces the app sees; each device has a real backend and a simulated one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

ButtonListener = Callable[[str], None]  # "press" or "long-press"


class Die(Protocol):
    """The LED die display: shows faces (protocol.FACES names), rolls, reports its button."""

    @property
    def online(self) -> bool: ...

    @property
    def status(self) -> str:
        """One sentence for the screen: "Die ready (firmware 1.0.0)." or what is wrong."""
        ...

    def show(self, face: str) -> None: ...

    def roll(self, face: str, ms: int = 800) -> None:
        """Tumble for `ms`, then land on `face`."""
        ...

    def on_button(self, listener: ButtonListener) -> None: ...

    def close(self) -> None: ...
