"""The table's buttons (Confirm, Back/Undo, Next, Roll) and lights (Ready, Attention), via gpiozero.

Traps on the Pi 5 (lgpio pin factory): lgpio writes its notification pipes into the working
directory (the service gets a writable WorkingDirectory; elsewhere LG_WD points to the temp
folder), and lgpio drops presses shorter than bounce_time, so bounce_time stays small (20 ms).
"""

from __future__ import annotations

import os
import tempfile
import warnings
from collections.abc import Callable
from typing import Any

from hardware.text import Sentence

BUTTON_PINS = {"confirm": 5, "back": 6, "next": 13, "roll": 19}  # BCM numbers, overridable in config
LIGHT_PINS = {"ready": 20, "attention": 21}
BOUNCE_S = 0.02
REPEAT_AFTER_S = 0.5  # Back repeats (undo, undo, ...) while held
REPEAT_EVERY_S = 0.3
STUCK_S = 10.0  # held this long, a button is stuck: no more repeats, and the screen says so

Listener = Callable[[str], None]


class TableButtons:
    def __init__(
        self,
        listener: Listener,
        buttons: dict[str, int] | None = None,
        lights: dict[str, int] | None = None,
        pin_factory: Any = None,
    ) -> None:
        os.environ.setdefault("LG_WD", tempfile.gettempdir())  # before gpiozero picks lgpio
        from gpiozero import LED, Button
        from gpiozero.exc import PinFactoryFallback

        warnings.simplefilter("ignore", PinFactoryFallback)  # the factory that did load is what matters

        self._listener = listener
        self.buttons: dict[str, Any] = {}
        for name, pin in (buttons or BUTTON_PINS).items():
            button = Button(
                pin,
                pull_up=True,
                bounce_time=BOUNCE_S,
                pin_factory=pin_factory,
                hold_time=REPEAT_AFTER_S if name == "back" else STUCK_S,
                hold_repeat=name == "back",
            )
            button.when_pressed = lambda name=name: self._listener(name)
            if name == "back":
                button.when_held = self._back_held
            self.buttons[name] = button
        self.lights: dict[str, Any] = {
            name: LED(pin, pin_factory=pin_factory) for name, pin in (lights or LIGHT_PINS).items()
        }

    def _back_held(self) -> None:
        if self.buttons["back"].held_time < STUCK_S:  # a stuck Back must not undo the whole game
            self._listener("back")

    def light(self, name: str, on: bool = True, blink: bool = False) -> None:
        led = self.lights[name]
        if blink:
            led.blink(on_time=0.3, off_time=0.3)
        elif on:
            led.on()
        else:
            led.off()

    @property
    def status(self) -> str:
        for name, button in self.buttons.items():
            held = button.held_time
            if held is not None and held >= STUCK_S:
                return Sentence(
                    "The {button} button has been down for {seconds} s: is it stuck?",
                    button=name.capitalize(),
                    seconds=round(held),
                )
        return Sentence("Buttons ready.")

    def close(self) -> None:
        for device in [*self.buttons.values(), *self.lights.values()]:
            device.close()
