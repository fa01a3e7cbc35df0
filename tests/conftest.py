"""Shared fixtures: the Milano 1848 edition from assets/."""

from __future__ import annotations

import pytest

from companion.assets import edition as load_edition
from companion.games.milano1848.edition import Edition


@pytest.fixture(autouse=True)
def own_directories(tmp_path_factory, monkeypatch):
    """Every test gets its own journal directory and no config file: never the user's own."""
    home = tmp_path_factory.mktemp("companion")
    monkeypatch.setenv("COMPANION_STATE_DIR", str(home / "state"))
    monkeypatch.setenv("COMPANION_CONFIG", str(home / "config.toml"))
    return home


@pytest.fixture(scope="session")
def edition() -> Edition:
    return load_edition("milano1848")  # type: ignore[no-any-return]


@pytest.fixture
def factory():
    """gpiozero's own MockFactory as the pin factory for the test, reset afterwards."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    previous = Device.pin_factory
    Device.pin_factory = mock = MockFactory()
    yield mock
    mock.reset()
    Device.pin_factory = previous
