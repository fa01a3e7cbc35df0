"""Milano 1848 at a real table (issue 14): what a new table tripped on, through the app's own taps."""

from __future__ import annotations

import os
import time

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion.assets import edition  # noqa: E402
from companion.games.milano1848.game import Game  # noqa: E402
from companion.games.milano1848.setup import Options  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.ui.app import App  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402
from tests.ui.test_app import tap_button, tap_zone  # noqa: E402


def test_the_settings_check_leaves_the_apps_own_display_alone(tmp_path):
    import queue

    from companion import config as configuration
    from companion.app_command import Sessions, app_checks
    from companion.devices import open_devices
    from companion.store import Store

    config = configuration.defaults()
    store = Store(tmp_path / "state")
    opened = open_devices(config, store.directory, queue.Queue().put, retry_s=0.05)
    app = App(
        None,
        headless=True,
        tray=opened.tray,
        new_session=Sessions(store, opened.devices).new,
        check_devices=app_checks(config, opened, store, headless=False),  # as on the Pi: a real screen
    )
    try:
        app.draw()
        tap_button(app, "Settings")
        tap_button(app, "Check")
        deadline = time.monotonic() + 10
        while app.lobby.settings.checks is None and time.monotonic() < deadline:
            time.sleep(0.05)
        app.draw()  # the app's window still works
        rows = {name: (mark, text) for name, mark, text, _ in app.lobby.settings.rows() if name}
        assert rows["display"] == ("ok", "working: this screen shows the app (SDL video driver dummy)")
        tap_button(app, "Back")
        assert any(b.label == "New game" for b in app.buttons)
    finally:
        app.close(), opened.close(), store.close()
