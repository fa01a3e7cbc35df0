"""Faults the app survives, each seen the way the table sees it: through the running app.

The devices come from a config file, as on the Pi: the die on a real pseudo-terminal (the fake
box runs the firmware's logic), the printer simulated with its fault switches, the camera a
folder that vanished.
"""

from __future__ import annotations

import json
import os
import queue
import random
import time

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion import config as configuration  # noqa: E402
from companion import i18n  # noqa: E402
from companion.app_command import Sessions  # noqa: E402
from companion.cli import main  # noqa: E402
from companion.devices import open_devices  # noqa: E402
from companion.games.milano1848 import actions as a  # noqa: E402
from companion.games.milano1848.bots import greedy_bot  # noqa: E402
from companion.games.milano1848.setup import Options  # noqa: E402
from companion.games.milano1848.state import ANSWER, AUSTRIAN_TURN  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui.app import App  # noqa: E402
from firmware_bridge.fakebox import FakeBox  # noqa: E402
from hardware.faces import Face  # noqa: E402


def wait_until(condition, timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        time.sleep(0.02)


class Table:
    """The app as `companion run` builds it, from a config text."""

    def __init__(self, tmp_path, config_text: str = "") -> None:
        config = configuration.parse(config_text, "config.toml")
        self.store = Store(tmp_path / "state")
        self.opened = open_devices(config, self.store.directory, queue.Queue().put, retry_s=0.05)
        self.sessions = Sessions(self.store, self.opened.devices)
        self.app = App(
            None,
            headless=True,
            tray=self.opened.tray,
            new_session=self.sessions.new,
            resume=(self.sessions.resumable, self.sessions.resume),
        )
        self.app.begin(self.sessions.new("milano1848", Options(players=3, seed=5)))
        self.app.animate = False
        self.rng = random.Random(1)

    def play_until(self, done, limit: int = 2000) -> None:
        for _ in range(limit):
            if done():
                return
            assert self.app.session.do(greedy_bot(self.app.session.state, self.rng)), self.app.session.message
            self.app.draw()
        raise AssertionError("never got there")

    def austrian_turn(self) -> None:
        self.play_until(lambda: self.app.session.state.step == AUSTRIAN_TURN)
        assert self.app.session.do(a.AustrianTurn())

    def panel_text(self) -> str:
        return self.app.session.devices.printer.status

    def close(self) -> None:
        self.app.close()
        self.opened.close()
        self.store.close()


@pytest.fixture
def table(tmp_path):
    """The app with every device simulated (the default config)."""
    desk = Table(tmp_path)
    yield desk
    desk.close()


@pytest.fixture
def box(tmp_path):
    with FakeBox(tmp_path / "companion-die") as fake:
        yield fake


def test_the_die_unplugged_and_replugged_mid_game(tmp_path, box):
    table = Table(tmp_path, f'[die]\nport = "{box.path}"\n')
    try:
        die = table.app.session.devices.die
        wait_until(lambda: die.online)
        box.unplug()
        wait_until(lambda: not die.online)
        table.play_until(lambda: any(e.kind == "revealed" for e in table.app.session.last_events))
        shown = Face.from_dict(json.loads(table.store.setting("die.face"))).rows
        table.app.draw()  # the panel says the die is away; the game goes on
        assert table.app.session.state.step in (ANSWER, "continue", "act", AUSTRIAN_TURN, "choose")
        box.plug()
        wait_until(lambda: die.online)
        wait_until(lambda: box.face == shown)  # the reveal shows once the box is back
    finally:
        table.close()


def test_the_die_rebooting_mid_game_gets_its_face_back(tmp_path, box):
    table = Table(tmp_path, f'[die]\nport = "{box.path}"\n')
    try:
        die = table.app.session.devices.die
        wait_until(lambda: die.online)
        table.play_until(lambda: any(e.kind == "revealed" for e in table.app.session.last_events))
        face = Face.from_dict(json.loads(table.store.setting("die.face"))).rows
        wait_until(lambda: box.face == face)
        time.sleep(0.3)
        box.reboot()
        wait_until(lambda: box.face != face or not die.online, 2)
        wait_until(lambda: box.face == face)
    finally:
        table.close()


def test_printer_offline_then_back_prints_the_waiting_tickets_in_order(table):
    printer = table.opened.devices.printer.printer
    printer.online = False
    table.austrian_turn()
    table.austrian_turn()
    wait_until(lambda: table.panel_text() == "Printer offline, 2 tickets waiting.")
    waiting = [d.title for d in table.opened.devices.printer.queue.documents()]
    assert printer.tray == [] and waiting == sorted(waiting)  # round 1's ticket first
    printer.online = True
    wait_until(lambda: len(printer.tray) == 2)
    assert table.panel_text() == "Printer ready." and table.opened.devices.printer.queue.documents() == []


def test_paper_out_is_said_and_nothing_is_lost(table):
    printer = table.opened.devices.printer.printer
    printer.paper = False
    table.austrian_turn()
    wait_until(lambda: table.panel_text() == "Printer out of paper, 1 ticket waiting.")
    printer.paper = True
    wait_until(lambda: len(printer.tray) == 1)


def test_tickets_waiting_at_a_power_cut_print_after_the_restart(tmp_path):
    table = Table(tmp_path)
    table.opened.devices.printer.printer.online = False
    table.austrian_turn()
    table.close()
    again = Table(tmp_path)  # same state directory: the queue file is still there
    try:
        wait_until(lambda: len(again.opened.tray) >= 1)
    finally:
        again.close()


def test_a_camera_that_is_gone_leaves_the_card_buttons(tmp_path):
    table = Table(tmp_path, f'[camera]\nsource = "folder:{tmp_path / "gone"}"\n')
    try:
        cards = table.app.session.devices.cards
        wait_until(lambda: cards.status.startswith("No camera"))
        table.play_until(lambda: table.app.session.state.step == ANSWER)
        table.app.draw()
        assert any(b.action is not None and isinstance(b.action, a.Answer) for b in table.app.buttons)
        assert any("tap the cards instead" in line for line in table.app.game.notices())
    finally:
        table.close()


def test_device_trouble_is_told_in_the_tables_language(tmp_path, box):
    table = Table(tmp_path, f'[die]\nport = "{box.path}"\n[camera]\nsource = "folder:{tmp_path / "gone"}"\n')
    try:
        die, cards = table.app.session.devices.die, table.app.session.devices.cards
        wait_until(lambda: die.online)
        box.unplug()
        wait_until(lambda: not die.online)
        wait_until(lambda: cards.status.startswith("No camera"))
        i18n.use("it")
        die_line, camera_line = table.app.game.notices()
        assert die_line.startswith(("Il dado", "Nessun dado")), die_line
        assert camera_line.startswith("Nessuna fotocamera") and camera_line.endswith("tocca le carte."), (
            camera_line
        )
        i18n.use("en")
        assert table.app.game.notices() == [die.status, cards.status]  # the devices themselves speak English
    finally:
        i18n.use("en")
        table.close()


@pytest.mark.parametrize(
    "text, message",
    [
        ('[die]\nport = "COM3"\n', 'die.port = "COM3" is not allowed; use "simulated"'),
        ('[printer]\nconnection = "usb:zz:1"\n', "printer.connection"),
        ("[buttons]\nconfirm = 40\n", "buttons.confirm = 40 is not allowed; use a BCM GPIO number 2-27"),
        ("[screen]\nsise = 1\n", "screen.sise is not a setting; [screen] has size, driver"),
        ("language = 'it'\n", "[language] is not a section"),
        ("[camera\n", "not valid TOML"),
        ('[printer]\nconnection = "network:printer:0"\n', 'printer.connection = "network:printer:0"'),
        ('[printer]\nconnection = "network:printer:65536"\n', "(PORT 1-65535)"),
        ("[buttons]\nconfirm = 6\n", "buttons.confirm and buttons.back are both GPIO 6"),
        ("[buttons]\nroll = 4\nnext = 4\n", "buttons.next and buttons.roll are both GPIO 4"),
    ],
)
def test_a_config_with_bad_values_stops_with_one_line(tmp_path, capsys, monkeypatch, text, message):
    path = tmp_path / "config.toml"
    path.write_text(text)
    monkeypatch.setenv("COMPANION_CONFIG", str(path))
    assert main(["run", "--headless", "--autoplay", "--rounds", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and str(path) in err
    assert main(["config", "check"]) == 2
    assert message in capsys.readouterr().err


def test_config_show_fills_in_the_defaults_and_check_says_ok(tmp_path, capsys, monkeypatch):
    path = tmp_path / "config.toml"
    path.write_text('[die]\nport = "auto"\n')
    monkeypatch.setenv("COMPANION_CONFIG", str(path))
    assert main(["config", "check"]) == 0
    assert capsys.readouterr().out == f"{path}: ok\n"
    assert main(["config", "show"]) == 0
    shown = capsys.readouterr().out
    assert 'port = "auto"' in shown and 'connection = "simulated"' in shown and "confirm = 5" in shown
    assert configuration.parse(shown, "shown").values == configuration.load(path).values


def test_a_damaged_die_face_setting_does_not_stop_a_resume(tmp_path):
    table = Table(tmp_path)
    try:
        table.play_until(lambda: table.app.session.game.records)
        table.store.remember("die.face", "no-such-face")  # a damaged settings row
        resumed = table.sessions.resume()
        assert resumed.game.records == table.app.session.game.records
    finally:
        table.close()


def test_config_check_refuses_a_config_file_that_companion_config_names_but_is_not_there(
    tmp_path, capsys, monkeypatch
):
    missing = tmp_path / "typo.toml"
    monkeypatch.setenv("COMPANION_CONFIG", str(missing))
    assert main(["config", "check"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert f"{missing}: not found (COMPANION_CONFIG names it)" in captured.err


def test_the_config_table_in_the_docs_names_every_value_each_key_accepts():
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "appliance.md").read_text()
    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| `([a-z_]+\.[a-z_]+)`.*$", doc, re.M)}
    for section, keys in configuration.SCHEMA.items():
        for key, setting in keys.items():
            row = rows.get(f"{section}.{key}")
            if row is None:  # a row for a group of keys: "`buttons.confirm` / `back` / ..."
                row = next(
                    (r for r in doc.splitlines() if r.startswith(f"| `{section}.") and f"`{key}`" in r), ""
                )
            assert row, f"{section}.{key} has no row in docs/appliance.md"
            for word in re.findall(r'"([a-z0-9-]+)"', setting.allowed):
                assert f'"{word}"' in row, (f"{section}.{key}", word)
