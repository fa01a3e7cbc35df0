"""The session's simulated devices, shared by the journal's tests."""

from __future__ import annotations

import pytest

from companion.session import Devices
from hardware.printer import PrintService
from hardware.sim.die import SimDie
from hardware.sim.printer import SimPrinter


@pytest.fixture
def devices(tmp_path):
    """A simulated die and printer (its queue in the test's folder), closed after the test."""
    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    yield Devices(SimDie(), service)
    service.close()
