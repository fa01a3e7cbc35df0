"""The session's simulated devices, shared by the journal's tests; the fake LED die box, shared by the
games' die-box tests."""

from __future__ import annotations

import pytest

from companion.session import Devices, Session
from firmware_bridge.fakebox import FakeBox
from hardware.die import SerialDie
from hardware.printer import PrintService
from hardware.sim.die import SimDie
from hardware.sim.printer import SimPrinter


@pytest.fixture
def devices(tmp_path):
    """A simulated die and printer (its queue in the test's folder), closed after the test."""
    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    yield Devices(SimDie(), service)
    service.close()


@pytest.fixture
def box(tmp_path):
    """The fake LED die box (the firmware's own logic) behind a real pty; its `printing` takes the
    tickets of the sessions on it."""
    printing = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    with FakeBox(tmp_path / "die") as fake:
        fake.printing = printing  # type: ignore[attr-defined]  # the tickets go somewhere
        yield fake
    printing.close()


@pytest.fixture
def on_box(box):
    """A session on the fake box for a game: its die scripts hurried twentyfold (the order is what
    counts), stopped and closed after the test."""
    made: list[Session] = []

    def session_on(game: object) -> Session:
        die = SerialDie(str(box.path), timeout_s=0.05)
        assert die.wait_online(5)
        session = Session(game, Devices(die=die, printer=box.printing))  # type: ignore[arg-type]
        session.die_player.pace = 0.05
        made.append(session)
        return session

    yield session_on
    for session in made:
        session.die_player.stop()
        session.devices.die.close()
