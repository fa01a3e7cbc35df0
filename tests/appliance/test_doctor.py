"""`companion doctor`: a table per device, the fix for each failure, exit 0 only when all is well."""

from __future__ import annotations

import threading
import time

import cv2
import pytest

from companion.cards_command import card_registry
from companion.cli import main
from companion.doctor import check_clock
from firmware_bridge.fakebox import FakeBox
from hardware.scene import PlacedCard, Scene, render

REGISTRY = card_registry()


@pytest.fixture
def table(tmp_path, monkeypatch, factory):
    """A config naming a die on a pty, a file printer, a camera folder showing a card, the buttons."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    camera = tmp_path / "camera"
    camera.mkdir()
    marker = next(m for m, card in REGISTRY.by_marker.items() if card.card == "italy-01")
    for n in range(8):
        cv2.imwrite(
            str(camera / f"frame-{n}.png"), render(Scene(cards=[PlacedCard(marker, (640, 360))], seed=n))
        )
    with FakeBox(tmp_path / "companion-die") as box:
        config = tmp_path / "config.toml"
        config.write_text(
            f'[die]\nport = "{box.path}"\n[printer]\nconnection = "file:{tmp_path / "lp0"}"\n'
            f'[camera]\nsource = "folder:{camera}"\n[buttons]\nenabled = true\n'
        )
        monkeypatch.setenv("COMPANION_CONFIG", str(config))
        yield config, box


def _lines(out: str) -> dict[str, str]:
    return {line.split()[0]: line for line in out.splitlines() if line and not line.startswith(" ")}


def test_every_device_fine_means_exit_0(table, capsys):
    assert main(["doctor"]) == 0
    rows = _lines(capsys.readouterr().out)
    assert rows["display"].split()[1] == "ok" and "dummy" in rows["display"]
    assert "firmware 2.0.0, protocol 2, round trip" in rows["die"] and rows["die"].split()[1] == "ok"
    assert rows["printer"].split()[1] == "ok" and "online" in rows["printer"]
    assert (
        rows["camera"].split()[1] == "ok"
        and "frames arrive" in rows["camera"]
        and "italy-01" in rows["camera"]
    )
    assert rows["journal"].split()[1] == "ok" and "integrity ok" in rows["journal"]
    assert "press test: companion doctor --buttons" in rows["buttons"]


def test_failures_come_with_their_fix_and_exit_1(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    config = tmp_path / "config.toml"
    config.write_text(
        f'[die]\nport = "{tmp_path / "no-die"}"\n[printer]\nconnection = "network:127.0.0.1:9"\n'
        f'[camera]\nsource = "folder:{tmp_path / "no-camera"}"\n'
    )
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out
    rows = _lines(out)
    assert rows["die"].split()[1] == "FAIL" and "is it plugged in?" in rows["die"]
    assert rows["printer"].split()[1] == "FAIL" and "offline" in rows["printer"]
    assert rows["camera"].split()[1] == "FAIL"
    fixes = out.split("To fix:")[1]
    assert (
        "die: plug the die box in; if it is, the udev rule is not loaded: sudo udevadm control --reload"
        in fixes
    )
    assert "printer: is it switched on and plugged in?" in fixes
    assert "camera: check that folder:" in fixes


def test_each_button_is_asked_for_in_turn(table, capsys, factory):
    def press_all():
        for pin in (5, 6, 13, 19):  # confirm, back, next, roll
            time.sleep(0.4)
            factory.pin(pin).drive_low()
            time.sleep(0.05)
            factory.pin(pin).drive_high()

    presser = threading.Thread(target=press_all)
    presser.start()
    assert main(["doctor", "--buttons", "3"]) == 0
    presser.join()
    out = capsys.readouterr().out
    assert "press confirm within 3 s" in out and "press roll within 3 s" in out
    assert "all four pressed" in _lines(out)["buttons"]


def test_a_button_never_pressed_is_a_warning_not_a_failure(table, capsys):
    assert main(["doctor", "--buttons", "0.2"]) == 0
    row = _lines(capsys.readouterr().out)["buttons"]
    assert row.split()[1] == "warn" and "no press from confirm (GPIO 5)" in row


def test_a_clock_in_1970_is_a_warning_with_the_fix():
    check = check_clock(now=0)
    assert not check.ok and not check.required and "NTP" in check.fix


def test_a_die_held_by_the_running_service_is_told_apart(tmp_path):
    from companion.doctor import _die_fix

    held = (
        "The die at /dev/ttyACM0 cannot be opened (Could not exclusively lock port /dev/ttyACM0: [Errno 11] "
        "Resource temporarily unavailable)."
    )
    assert "systemctl stop companion" in _die_fix(held)
    assert "dialout" in _die_fix("The die at /dev/ttyACM0 cannot be opened ([Errno 13] Permission denied).")


def test_the_journal_line_counts_its_games_in_words_a_person_would_write(tmp_path):
    from companion.doctor import check_journal
    from companion.store import Store
    from tests.companion.test_journal_faults import _finished_record

    store = Store(tmp_path)
    said = [str(check_journal(store).detail)]
    store.import_text(_finished_record())
    said.append(str(check_journal(store).detail))
    store.import_text(_finished_record(5))
    said.append(str(check_journal(store).detail))
    store.close()
    assert [s.split(": ", 1)[1] for s in said] == [
        "0 saved games, integrity ok",
        "1 saved game, integrity ok",
        "2 saved games, integrity ok",
    ]


class _TurningCamera:
    """The device boundary: a camera whose frame counter moves each time it is read."""

    def __init__(self) -> None:
        self._frames = 0

    @property
    def frames(self) -> int:
        self._frames += 5
        return self._frames

    def placed(self) -> list[str]:
        return []


def test_the_desk_camera_is_named_in_the_tables_language():
    from companion import doctor, i18n
    from companion.config import defaults

    config = defaults()
    config.values["camera"]["source"] = "simulated"  # the desk's lens, as a config file may set it
    check = doctor.check_camera(config, _TurningCamera(), wait_s=0.2)
    i18n.use("it")
    try:
        said = i18n.translate(check.detail)
    finally:
        i18n.use("en")
    assert said.startswith("fotocamera simulata: le immagini arrivano"), said
    assert "simulated" not in said
