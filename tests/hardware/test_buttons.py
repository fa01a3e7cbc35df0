"""Buttons and lights on gpiozero's own MockFactory, and the desk-mode stand-in."""

from __future__ import annotations

import time

import pytest

from hardware import gpio
from hardware.gpio import BUTTON_PINS, LIGHT_PINS, TableButtons
from hardware.sim.buttons import SimButtons


@pytest.fixture
def table(factory):
    heard: list[str] = []
    buttons = TableButtons(heard.append, pin_factory=factory)
    yield buttons, heard, factory
    buttons.close()


def tap(factory, name: str, seconds: float = 0.05) -> None:
    pin = factory.pin(BUTTON_PINS[name])
    pin.drive_low()  # the button closes to ground (pull-up)
    time.sleep(seconds)
    pin.drive_high()
    time.sleep(0.05)


def test_each_button_says_its_name(table):
    buttons, heard, factory = table
    for name in BUTTON_PINS:
        tap(factory, name)
    assert heard == list(BUTTON_PINS)


def test_a_short_press_longer_than_the_bounce_time_counts(table):
    buttons, heard, factory = table
    tap(factory, "confirm", gpio.BOUNCE_S + 0.01)
    assert heard == ["confirm"]


def test_holding_back_repeats_undo_and_other_buttons_do_not_repeat(table):
    buttons, heard, factory = table
    tap(factory, "back", gpio.REPEAT_AFTER_S + 2.5 * gpio.REPEAT_EVERY_S)
    tap(factory, "next", gpio.REPEAT_AFTER_S + 2.5 * gpio.REPEAT_EVERY_S)
    assert heard.count("back") >= 3 and heard.count("next") == 1


def test_a_stuck_back_button_stops_undoing_and_is_reported(monkeypatch, factory):
    monkeypatch.setattr(gpio, "STUCK_S", 1.0)
    heard: list[str] = []
    buttons = TableButtons(heard.append, pin_factory=factory)
    try:
        pin = factory.pin(BUTTON_PINS["back"])
        pin.drive_low()
        time.sleep(2.2)
        assert buttons.status.startswith("The Back button has been down for ") and buttons.status.endswith(
            "is it stuck?"
        )
        undone = heard.count("back")
        time.sleep(0.7)
        assert heard.count("back") == undone  # no more undo while it stays stuck
        pin.drive_high()
        assert buttons.status == "Buttons ready."
    finally:
        buttons.close()


def test_lights(table):
    buttons, _, factory = table
    buttons.light("ready")
    assert factory.pin(LIGHT_PINS["ready"]).state
    buttons.light("ready", on=False)
    assert not factory.pin(LIGHT_PINS["ready"]).state
    buttons.light("attention", blink=True)
    seen = set()
    for _ in range(40):  # 0.3 s on, 0.3 s off: over 0.8 s the pin is seen both ways
        seen.add(bool(factory.pin(LIGHT_PINS["attention"]).state))
        time.sleep(0.02)
    assert seen == {True, False}


def test_desk_buttons_give_the_same_events():
    heard: list[str] = []
    desk = SimButtons(heard.append)
    for name in BUTTON_PINS:
        desk.press(name)
    assert heard == list(BUTTON_PINS)
    with pytest.raises(ValueError, match="there is no 'pause' button"):
        desk.press("pause")
    desk.light("attention", blink=True)
    assert desk.lit["attention"] == "blink"
