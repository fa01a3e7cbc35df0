"""The devices the config names, opened for a session: real ones on the Pi, simulated on a desk.

Each device library is imported by its own hardware module, only when the config asks for it.
An unplugged device never stops the app: the die reconnects by itself, the printer's queue waits,
and without a camera the screen's card buttons do the job.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.commands import UserError
from companion.config import Config
from companion.session import Devices
from hardware.ports import Buttons, CardReader, Die
from hardware.text import Sentence

PRINT_QUEUE = "print-queue.jsonl"


@dataclass
class OpenDevices:
    devices: Devices
    tray: list[Any] | None  # desk mode: the simulated printer's tickets, for the screen
    buttons: Buttons | None = None
    problems: dict[str, str] = field(default_factory=dict)  # a device that could not be opened: why
    closers: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        for close in reversed(self.closers):
            close()


def open_devices(
    config: Config,
    state_dir: Path,
    press: Callable[[str], None],
    ticket_dir: Path | None = None,
    retry_s: float = 2.0,
) -> OpenDevices:
    """Everything the config names; the print queue lives in `state_dir` so a restart loses no ticket."""
    from hardware.drawing import Drawing
    from hardware.printer import PrintService

    drawing = Drawing()  # tickets drawn in a worker process: the frames never wait for Pillow
    printer, tray = _printer(config, ticket_dir, drawing)
    service = PrintService(printer, state_dir / PRINT_QUEUE, retry_s=retry_s)
    die = _die(config)
    die.on_button(die_button(press))
    opened = OpenDevices(
        Devices(die, service, _camera(config)), tray, closers=[drawing.close, service.close, die.close]
    )
    if opened.devices.cards is not None:
        opened.closers.append(opened.devices.cards.close)
    if config["buttons.enabled"]:
        try:
            opened.buttons = _buttons(config, press)
            opened.closers.append(opened.buttons.close)
        except Exception as exc:  # gpiozero's own: no pin factory here, a pin in use, a bad pin
            opened.problems["buttons"] = Sentence(
                "The table buttons cannot be opened ({error}).", error=f"{exc.__class__.__name__}: {exc}"
            )
    return opened


def die_button(press: Callable[[str], None]) -> Callable[[str], None]:
    """The die box's button as a table button named "die" (spec 6: a press throws the roll waited
    for): each game's table says what it means, like the other table buttons. A long press means
    nothing yet."""

    def listener(kind: str) -> None:
        if kind == "press":
            press("die")

    return listener


def _printer(config: Config, ticket_dir: Path | None, drawing: Any) -> tuple[Any, list[Any] | None]:
    connection = config["printer.connection"]
    if connection == "simulated":  # tickets on screen only (the Ticket button), and in --ticket-dir
        from hardware.sim.printer import SimPrinter

        printer = SimPrinter(ticket_dir=ticket_dir, drawing=drawing)
        return printer, printer.tray
    from hardware.connection import parse_connection
    from hardware.printer import EscposPrinter

    return EscposPrinter(parse_connection(connection), config["printer.profile"], drawing), None


def _die(config: Config) -> Die:
    port = config["die.port"]
    if port == "simulated":
        from hardware.sim.die import SimDie

        return SimDie()
    try:
        from hardware.die import SerialDie
    except ImportError:
        raise UserError("die.port needs pyserial: pip install 'table-companion[die]'") from None
    return SerialDie(None if port == "auto" else port)


def _camera(config: Config) -> CardReader | None:
    source = config["camera.source"]
    if source == "none":  # the card buttons on screen
        return None
    from companion.cards_command import card_registry

    try:
        from hardware import camera
        from hardware.cards import CardDetector
        from hardware.scanner import Scanner
    except ImportError:
        raise UserError("camera.source needs OpenCV: pip install 'table-companion[cards]'") from None
    if source == "simulated":  # desk mode: synthetic frames of the cards dragged to the screen's lens
        from hardware.sim.camera import SimCamera

        return SimCamera(card_registry(), fps=15)
    kind, _, rest = source.partition(":")
    opener: Callable[[], Any]
    if kind == "picamera":
        opener = camera.PicameraSource
    elif kind == "video":
        opener = lambda: camera.CaptureSource(int(rest))  # noqa: E731
    else:
        opener = lambda: camera.FolderSource(Path(rest))  # noqa: E731
    return Scanner(opener, CardDetector(card_registry()))


def _buttons(config: Config, press: Callable[[str], None]) -> Buttons:
    try:
        from hardware.gpio import TableButtons
    except ImportError:
        raise UserError("buttons.enabled needs gpiozero: pip install 'table-companion[gpio]'") from None
    pins = {name: config[f"buttons.{name}"] for name in ("confirm", "back", "next", "roll")}
    lights = {"ready": config["buttons.ready_light"], "attention": config["buttons.attention_light"]}
    return TableButtons(press, pins, lights)
