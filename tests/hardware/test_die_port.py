"""Contract tests: every Die backend behaves the same for the app (simulated, and the real box's
driver over the fake box). A test that needs a real box would join here on the Pi."""

from __future__ import annotations

import threading
import time

import pytest

from firmware_bridge.fakebox import FakeBox
from hardware.die import SerialDie
from hardware.faces import CROSS, Face, number, pips
from hardware.sim.die import SimDie

# A face invented for these tests (no game's): a port takes any 8x8 face.
ARROW = Face("arrow", (0x18, 0x3C, 0x7E, 0xFF, 0x18, 0x18, 0x18, 0x18))


class Backend:
    def __init__(self, die, box=None):
        self.die, self.box = die, box

    def shown(self) -> tuple[int, ...]:
        """The pixels the die shows (or lands on)."""
        return self.die.face.rows if self.box is None else self.box.face

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
    backend.die.show(ARROW)
    eventually(lambda: backend.shown() == ARROW.rows)
    backend.die.roll(number(7), ms=100)
    eventually(lambda: backend.shown() == number(7).rows)


def test_the_button_reaches_every_listener(backend):
    heard: list[str] = []
    done = threading.Event()
    backend.die.on_button(lambda kind: (heard.append(kind), done.set()))
    backend.press()
    assert done.wait(5) and heard == ["press"]


def test_the_simulated_die_draws_the_faces_pixels():
    die = SimDie()
    die.show(pips(5))
    assert die.rows() == pips(5).rows == (0, 0x66, 0x66, 0x18, 0x18, 0x66, 0x66, 0)
    die.roll(CROSS, ms=300)
    assert die.rows() == CROSS.rows and die.rolling_ms == 300


def test_a_real_box_that_never_takes_the_face_is_reported(tmp_path, monkeypatch):
    from firmware_bridge.firmware import box as firmware

    real_handle = firmware.Box.handle
    monkeypatch.setattr(
        firmware.Box,
        "handle",
        lambda self, seq, msg_id, payload: (  # rolls go unanswered
            None if msg_id == 0x03 else real_handle(self, seq, msg_id, payload)
        ),
    )
    with FakeBox(tmp_path / "die") as box:
        die = SerialDie(str(box.path), timeout_s=0.05)
        try:
            assert die.wait_online(5)
            die.show(ARROW)
            assert die.wait_shown(2) is None
            die.roll(CROSS, ms=100)
            assert die.wait_shown(2) == "The die stopped answering (roll got no answer after 3 tries)."
        finally:
            die.close()


def test_a_die_script_plays_in_time_and_the_next_face_stops_it():
    """hardware.die_script: a timed script plays in a worker; whatever comes next stops it (an
    alternation never outlives its result); at pace 0 only the face it rests on is shown."""
    from hardware.die_script import Alternate, Beat, DiePlayer

    die, shown = SimDie(), []
    die.show = lambda face: (shown.append(face.name), SimDie.show(die, face))  # type: ignore[method-assign]
    player = DiePlayer(die)
    player.play([Beat(pips(3), hold_ms=5), Alternate(pips(3), number(4), period_ms=5)])
    eventually(lambda: shown.count("number-4") >= 2)
    player.play([CROSS])
    assert not player.playing and die.face == CROSS
    settled = len(shown)
    time.sleep(0.05)  # ten periods: the alternation has stopped
    assert len(shown) == settled and shown[:3] == ["pips-3", "pips-3", "number-4"]
    player.pace = 0
    player.play([Beat(pips(2), hold_ms=600), Alternate(pips(2), number(5))])
    assert die.face == pips(2) and not player.playing
