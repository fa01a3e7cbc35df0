"""Contract tests: every Die backend behaves the same for the app (simulated, and the real box's
driver over the fake box). A test that needs a real box would join here on the Pi."""

from __future__ import annotations

import threading
import time

import pytest

from firmware_bridge.fakebox import FakeBox
from firmware_bridge.firmware import faces
from firmware_bridge.protocol import FACES
from hardware.die import SerialDie
from hardware.sim.die import SimDie


class Backend:
    def __init__(self, die, box=None):
        self.die, self.box = die, box

    def shown(self) -> str:
        if self.box is None:
            return self.die.face
        return next(name for name, code in FACES.items() if code == self.box.face)

    def press(self) -> None:
        if self.box is None:
            self.die.press()
        else:
            self.box.press(0.1)


@pytest.fixture(params=["sim", "serial"])
def backend(request, tmp_path):
    if request.param == "sim":
        yield Backend(SimDie())
        return
    with FakeBox(tmp_path / "die") as box:
        die = SerialDie(str(box.path), timeout_s=0.05)
        assert die.wait_online(5)
        yield Backend(die, box)
        die.close()


def eventually(condition, timeout_s=5.0):
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_it_is_online_and_says_so(backend):
    assert backend.die.online
    assert backend.die.status.startswith("Die ")


def test_show_and_roll_land_on_the_face(backend):
    backend.die.show("swords")
    eventually(lambda: backend.shown() == "swords")
    backend.die.roll("number-10", ms=100)
    eventually(lambda: backend.shown() == "number-10")


def test_the_button_reaches_every_listener(backend):
    heard: list[str] = []
    done = threading.Event()
    backend.die.on_button(lambda kind: (heard.append(kind), done.set()))
    backend.press()
    assert done.wait(5) and heard == ["press"]


def test_unknown_faces_are_refused(backend):
    with pytest.raises(ValueError, match="the die has no face 'pips-7'"):
        backend.die.show("pips-7")


def test_the_simulated_die_draws_the_firmwares_pixels():
    die = SimDie()
    die.show("pips-5")
    assert die.rows() == faces.bitmap(FACES["pips-5"])
