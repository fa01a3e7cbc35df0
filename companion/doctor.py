"""The hardware check: every configured device, the display, the journal and the clock, each with
the fix when it fails. `companion doctor` prints the table; the app's settings screen shows it too.

The checks run on devices already opened (the app's own, or ones `companion doctor` opens), so the
die's port, which is opened exclusively, is never fought over.
"""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.config import Config
from companion.devices import OpenDevices
from companion.store import Store
from hardware.text import Sentence

SANE_YEAR = 2025  # a Pi has no clock battery: before the network sets it, it may think it is 1970
FIX_RELOAD_UDEV = "sudo udevadm control --reload && sudo udevadm trigger"
# what each check is called (the settings screen says it in the table's language)
DISPLAY, JOURNAL, CLOCK, CAMERA = (
    Sentence("display"),
    Sentence("journal"),
    Sentence("clock"),
    Sentence("camera"),
)
DIE, PRINTER, BUTTONS = Sentence("die"), Sentence("printer"), Sentence("buttons")


@dataclass(frozen=True)
class Check:
    """One line of the check; the texts are sentences, which the settings screen translates."""

    name: str
    ok: bool
    detail: str
    fix: str = ""
    required: bool = True

    @property
    def mark(self) -> str:
        return "ok" if self.ok else ("FAIL" if self.required else "warn")


def run_checks(
    config: Config,
    opened: OpenDevices,
    store: Store,
    headless: bool = False,
    presses: queue.Queue[str] | None = None,
    press_s: float = 0.0,
    showing: str | None = None,
) -> list[Check]:
    """Every check, in the order the table shows them. `press_s` > 0: ask for each button in turn.
    `showing`: the running app's video driver; the display is then not opened again."""
    checks = [
        check_display(config, headless, showing),
        check_journal(store),
        check_clock(),
        check_camera(config, opened.devices.cards),
        check_die(config, opened.devices.die),
        check_printer(config, opened.devices.printer),
    ]
    checks.append(check_buttons(config, opened.buttons, presses, press_s, opened.problems.get("buttons", "")))
    return checks


def check_display(config: Config, headless: bool, showing: str | None = None) -> Check:
    """Which SDL driver reaches the screen. Inside the running app (`showing`) the screen is not
    opened again: starting and stopping SDL's video there would close the app's own window."""
    if headless:
        return Check(DISPLAY, True, Sentence("not needed (headless)"), required=False)
    if showing is not None:
        return Check(
            DISPLAY,
            True,
            Sentence("working: this screen shows the app (SDL video driver {driver})", driver=showing),
        )
    from companion.ui import display

    chosen = os.environ.get("SDL_VIDEODRIVER")
    tried = (chosen,) if chosen else display.candidates()
    working = display.working_drivers(tried)
    if working:
        if chosen:
            return Check(
                DISPLAY, True, Sentence("SDL video driver {driver} (SDL_VIDEODRIVER)", driver=working[0])
            )
        return Check(DISPLAY, True, Sentence("SDL video driver {driver}", driver=working[0]))
    if display.cage_available():
        return Check(
            DISPLAY, True, Sentence("no SDL driver reaches the screen directly: the app starts inside cage")
        )
    return Check(
        DISPLAY,
        False,
        Sentence("no SDL video driver can open the screen (tried {drivers})", drivers=", ".join(tried)),
        Sentence("install the kiosk compositor: sudo apt install cage (docs/appliance.md, The display)"),
    )


def check_journal(store: Store) -> Check:
    probe = store.directory / ".doctor-write-test"
    try:
        probe.write_text("ok")
        probe.unlink()
    except OSError as exc:
        return Check(
            JOURNAL,
            False,
            Sentence("{folder} is not writable ({error})", folder=store.directory, error=exc.strerror),
            Sentence(
                "the service's StateDirectory must belong to user companion: "
                "sudo chown -R companion: {folder}",
                folder=store.directory,
            ),
        )
    integrity = store.integrity()
    if integrity != "ok":
        return Check(
            JOURNAL,
            False,
            Sentence("integrity check: {result}", result=integrity),
            Sentence("restart the companion: it moves a damaged journal aside"),
        )
    count = len(store.games())
    if count == 1:
        return Check(
            JOURNAL, True, Sentence("{path}: {count} saved game, integrity ok", path=store.path, count=1)
        )
    return Check(
        JOURNAL, True, Sentence("{path}: {count} saved games, integrity ok", path=store.path, count=count)
    )


def check_clock(now: float | None = None) -> Check:
    year = time.gmtime(time.time() if now is None else now).tm_year
    if year < SANE_YEAR:
        return Check(
            CLOCK,
            False,
            Sentence("the clock says {year}", year=year),
            Sentence(
                "connect to the network once (NTP), or fit an RTC battery: saved games are listed by date"
            ),
            required=False,
        )
    return Check(CLOCK, True, time.strftime("%Y-%m-%d %H:%M", time.localtime(now)), required=False)


def check_camera(config: Config, cards: Any, wait_s: float = 3.0) -> Check:
    if cards is None:
        return Check(CAMERA, True, Sentence("none configured: cards are tapped on screen"), required=False)
    started = time.monotonic()
    first = cards.frames
    while time.monotonic() - started < wait_s and cards.frames - first < 10:
        time.sleep(0.05)
    frames = cards.frames - first
    if frames == 0:
        return Check(CAMERA, False, cards.status, _camera_fix(config["camera.source"], cards.status))
    fps = round(frames / (time.monotonic() - started))
    seen = cards.placed()
    if seen:
        return Check(
            CAMERA,
            True,
            Sentence(
                "{source}: frames arrive, {fps} fps; cards seen: {cards}",
                source=_source_name(config["camera.source"]),
                fps=fps,
                cards=", ".join(seen),
            ),
        )
    return Check(
        CAMERA,
        True,
        Sentence(
            "{source}: frames arrive, {fps} fps; show a card to test the markers",
            source=_source_name(config["camera.source"]),
            fps=fps,
        ),
    )


def _source_name(source: str) -> str:
    """The camera source as the check names it: the desk's "simulated" is a word to translate, a
    device ("picamera", "video:0", a folder) is a name."""
    return Sentence("simulated camera") if source == "simulated" else source


def _camera_fix(source: str, status: str) -> Sentence:
    if "ermission" in status:
        return Sentence("add user companion to group video: sudo usermod -a -G video companion")
    if source == "picamera":
        return Sentence(
            "check the ribbon cable, then `rpicam-hello --list-cameras`; picamera2 comes from Debian "
            "(sudo apt install python3-picamera2) and the venv needs --system-site-packages"
        )
    return Sentence("check that {source} exists and gives pictures", source=source)


def check_die(config: Config, die: Any, wait_s: float = 3.0) -> Check:
    if config["die.port"] == "simulated":
        return Check(DIE, True, Sentence("simulated on screen"), required=False)
    if not die.wait_online(wait_s):
        return Check(DIE, False, die.status, _die_fix(die.status))
    round_trip = die.round_trip_ms()
    if round_trip is None:
        return Check(
            DIE,
            False,
            Sentence("{versions}, but pings go unanswered", versions=die.versions),
            Sentence("unplug the box and plug it in again"),
        )
    return Check(
        DIE, True, Sentence("{versions}, round trip {ms} ms", versions=die.versions, ms=f"{round_trip:.1f}")
    )


def _die_fix(status: str) -> Sentence:
    if "lock" in status or "Resource temporarily unavailable" in status or "busy" in status:
        return Sentence(
            "another program holds the die's port: the companion service, if it runs "
            "(sudo systemctl stop companion, or use the settings screen's check)"
        )
    if "cannot be opened" in status and "ermission" in status:
        return Sentence("add user companion to group dialout: sudo usermod -a -G dialout companion")
    if "protocol" in status:
        return Sentence("flash the firmware in firmware_bridge/firmware (docs/hardware/die.md)")
    if "No die box found" in status or "is it plugged in" in status:
        return Sentence(
            "plug the die box in; if it is, the udev rule is not loaded: {command}", command=FIX_RELOAD_UDEV
        )
    return Sentence("unplug the box and plug it in again")


def check_printer(config: Config, service: Any) -> Check:
    if config["printer.connection"] == "simulated":
        return Check(PRINTER, True, Sentence("simulated: tickets on screen"), required=False)
    printer, connection = service.printer, config["printer.connection"]
    state = printer.state()
    if state == "paper-low":
        return Check(PRINTER, True, Sentence("{connection}: online, paper low", connection=connection))
    if state == "ready":
        return Check(PRINTER, True, Sentence("{connection}: online, paper ok", connection=connection))
    if state == "paper-out":
        return Check(PRINTER, False, Sentence("online, out of paper"), Sentence("load a 58 mm roll"))
    problem = printer.problem  # an ESC/POS printer (the simulated one answered above)
    return Check(
        PRINTER,
        False,
        Sentence("{connection}: offline ({problem})", connection=connection, problem=problem),
        _printer_fix(problem),
    )


def _printer_fix(problem: str) -> Sentence:
    if "NoBackendError" in problem:
        return Sentence("pyusb finds no libusb: sudo apt install libusb-1.0-0")
    if "ccess denied" in problem or "ermission" in problem:
        return Sentence(
            "add user companion to group lp, and load the udev rule 99-companion.rules: {command}",
            command=FIX_RELOAD_UDEV,
        )
    return Sentence("is it switched on and plugged in? `lsusb` should list its VID:PID (printer.connection)")


def check_buttons(
    config: Config,
    buttons: Any,
    presses: queue.Queue[str] | None,
    press_s: float,
    problem: str = "",
    prompt: Callable[[str], None] = print,
) -> Check:
    if not config["buttons.enabled"]:
        return Check(
            BUTTONS, True, Sentence("none configured: the screen and the keyboard do"), required=False
        )
    if buttons is None:
        return Check(
            BUTTONS,
            False,
            problem,
            Sentence(
                "on a Pi 5 gpiozero needs lgpio (sudo apt install python3-lgpio); "
                "add user companion to group gpio"
            ),
            required=False,
        )
    if press_s <= 0 or presses is None:
        return Check(
            BUTTONS,
            True,
            Sentence("{status} (press test: companion doctor --buttons)", status=buttons.status),
            required=False,
        )
    missing = []
    for name in ("confirm", "back", "next", "roll"):
        prompt(f"press {name} within {press_s:g} s ...")
        if not _pressed(presses, name, press_s):
            missing.append(name)
    if missing:
        pins = ", ".join(f"{n} (GPIO {config[f'buttons.{n}']})" for n in missing)
        return Check(
            BUTTONS,
            False,
            Sentence("no press from {pins}", pins=pins),
            Sentence("check the wiring: each button between its GPIO and ground (docs/hardware/buttons.md)"),
            required=False,
        )
    return Check(BUTTONS, True, Sentence("all four pressed"), required=False)


def _pressed(presses: queue.Queue[str], name: str, within_s: float) -> bool:
    deadline = time.monotonic() + within_s
    while (left := deadline - time.monotonic()) > 0:
        try:
            if presses.get(timeout=left) == name:
                return True
        except queue.Empty:
            return False
    return False


def table(checks: list[Check]) -> str:
    """The checks as the terminal shows them, then the fixes for what failed."""
    width = max(len(c.name) for c in checks)
    lines = [f"{c.name:<{width}}  {c.mark:<4}  {c.detail}" for c in checks]
    fixes = [f"  {c.name}: {c.fix}" for c in checks if not c.ok and c.fix]
    return "\n".join(lines + (["", "To fix:"] + fixes if fixes else [])) + "\n"


def healthy(checks: list[Check]) -> bool:
    """True when every required check passed (the exit code of `companion doctor`)."""
    return all(c.ok for c in checks if c.required)
