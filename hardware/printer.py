"""Documents -> ESC/POS through python-escpos's own printer classes; a persistent queue in front.

Status is asked with `is_online()` first: python-escpos's `paper_status()` says "paper OK" when
the printer does not answer at all, so silence must count as offline. A ticket that cannot be
printed stays in the queue and prints, whole and in order, when the printer is back.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

from hardware.document import QR, Columns, Cut, Document, Raster, Rule, Text
from hardware.drawing import Drawing
from hardware.ticket_image import qr_image, raster_image

CONNECTIONS = ("usb", "serial", "network", "file", "dummy")
CHAR_DOTS = 12  # Font A


class PrinterError(OSError):
    """The printer could not take the ticket; the message says why."""


def open_printer(connection: dict[str, Any], profile: str) -> Any:
    """A python-escpos printer: {"kind": "usb", "vendor": 0x0416, "product": 0x5011} and the like."""
    from escpos import printer  # imported here only: desk mode and tests without the library still run

    kind = connection.get("kind")
    try:
        if kind == "usb":
            return printer.Usb(connection["vendor"], connection["product"], profile=profile)
        if kind == "serial":
            return printer.Serial(connection["device"], baudrate=connection.get("baudrate", 9600), profile=profile)
        if kind == "network":
            return printer.Network(connection["host"], port=connection.get("port", 9100), timeout=5, profile=profile)
        if kind == "file":
            return printer.File(connection["device"], profile=profile)
        if kind == "dummy":
            return printer.Dummy(profile=profile)
    except KeyError as exc:
        raise PrinterError(f"printer connection {kind!r} needs {exc.args[0]!r}") from None
    raise PrinterError(f"printer kind must be one of {', '.join(CONNECTIONS)}, not {kind!r}")


def escpos_bytes(document: Document, profile: str = "POS-5890") -> bytes:
    """The bytes a printer of this profile would get for the document (python-escpos's Dummy)."""
    from escpos.printer import Dummy

    device = Dummy(profile=profile)
    send(device, document, paper_width(profile))
    return bytes(device.output)


def paper_width(profile: str) -> int:
    from escpos.capabilities import get_profile

    pixels = get_profile(profile).profile_data.get("media", {}).get("width", {}).get("pixels")
    return int(pixels) if isinstance(pixels, int) else 384


def send(device: Any, document: Document, width_px: int) -> None:
    """Write one document to an escpos printer object."""
    columns = width_px // CHAR_DOTS
    for block in document.blocks:
        if isinstance(block, Text):
            big = block.size > 1
            device.set(align=block.align, bold=block.bold, double_height=big, double_width=big)
            device.textln(block.text)
        elif isinstance(block, Columns):
            device.set(align="left", bold=block.bold, normal_textsize=True)
            gap = max(1, columns - len(block.left) - len(block.right))
            device.textln(block.left + " " * gap + block.right)
        elif isinstance(block, Rule):
            device.set(align="left", bold=False, normal_textsize=True)
            device.textln("-" * columns)
        elif isinstance(block, Raster):
            device.image(raster_image(block), center=True)
        elif isinstance(block, QR):
            device.image(qr_image(block.data), center=True)
        elif isinstance(block, Cut):
            device.cut()
    device.set(align="left", bold=False, normal_textsize=True)


class EscposPrinter:
    """The real printer; `state()` is "ready", "offline", "paper-low" or "paper-out"."""

    def __init__(self, connection: dict[str, Any], profile: str = "POS-5890", drawing: Drawing | None = None) -> None:
        """`drawing`: where a ticket's ESC/POS bytes are made (the app's: a worker process; by
        default in place); the printer then only gets the bytes."""
        self.connection, self.profile = connection, profile
        self.width_px = paper_width(profile)
        self.drawing = drawing or Drawing(own_process=False)
        self.problem = ""  # why the last state() said offline (the hardware check shows it)

    def _device(self) -> Any:
        try:
            device = open_printer(self.connection, self.profile)
            if self.connection.get("kind") != "dummy":
                device.open()  # connect now, so "not there" is told apart from "failed mid-ticket"
            return device
        except PrinterError:
            raise
        except Exception as exc:  # each connection class fails its own way (usb.core, serial, socket)
            self.problem = f"{exc.__class__.__name__}: {exc}"
            raise PrinterError(f"the printer cannot be reached ({exc.__class__.__name__})") from None

    def state(self) -> str:
        try:
            device = self._device()
        except PrinterError:
            return "offline"
        try:
            if not device.is_online():  # first: paper_status() answers "plenty" for a silent printer
                self.problem = "it does not answer status requests"
                return "offline"
            paper = device.paper_status()
        except NotImplementedError:
            return "ready"  # a write-only connection (File, Dummy) cannot tell; a failed print will
        except Exception as exc:  # the connection's own errors (usb.core, serial, socket): not there
            self.problem = f"{exc.__class__.__name__}: {exc}"
            return "offline"
        finally:
            _close(device)
        return {0: "paper-out", 1: "paper-low"}.get(paper, "ready")

    def print(self, document: Document) -> None:
        self.print_all([document])

    def print_all(self, documents: list[Document]) -> None:
        """Several tickets over one connection (sticker runs)."""
        device = self._device()
        try:
            for document in documents:
                device._raw(self.drawing(escpos_bytes, document, self.profile))  # what send() makes, drawn elsewhere
        except Exception as exc:  # unplugged mid-ticket: the queue keeps it and prints it again whole
            raise PrinterError(f"the ticket did not finish printing ({exc.__class__.__name__})") from None
        finally:
            _close(device)


def _close(device: Any) -> None:
    try:
        device.close()
    except Exception:  # closing a printer that vanished fails its own way; there is nothing left to do
        pass


class PrintQueue:
    """Tickets waiting to print, one JSON line each, kept on disk so a restart loses none."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()

    def add(self, document: Document) -> None:
        with self._lock, self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(document.to_dict()) + "\n")
            file.flush()
            os.fsync(file.fileno())

    def documents(self) -> list[Document]:
        with self._lock:
            return self._read()

    def _read(self) -> list[Document]:
        if not self.path.exists():
            return []
        documents = []
        for line in self.path.read_text(encoding="utf-8").splitlines():
            try:
                documents.append(Document.from_dict(json.loads(line)))
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by a power cut: that ticket was never acknowledged
        return documents

    def drop_first(self) -> None:
        with self._lock:
            rest = self._read()[1:]
            with tempfile.NamedTemporaryFile("w", dir=self.path.parent, delete=False, encoding="utf-8") as tmp:
                tmp.writelines(json.dumps(d.to_dict()) + "\n" for d in rest)
                tmp.flush()
                os.fsync(tmp.fileno())
            os.replace(tmp.name, self.path)


class PrintService:
    """Takes tickets at once; a worker prints them in order whenever the printer is ready."""

    def __init__(self, printer: Any, queue_path: Path, retry_s: float = 2.0) -> None:
        self.printer = printer
        self.queue = PrintQueue(queue_path)
        self.retry_s = retry_s
        self.last_state = "ready"
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="printer", daemon=True)
        self._thread.start()

    def submit(self, document: Document) -> None:
        self.queue.add(document)
        self._wake.set()

    @property
    def waiting(self) -> int:
        """Tickets not yet printed."""
        return len(self.queue.documents())

    @property
    def status(self) -> str:
        waiting = self.waiting
        tickets = f"{waiting} ticket{'s' if waiting != 1 else ''} waiting"
        if self.last_state == "ready":
            return "Printer ready." if not waiting else f"Printing, {tickets}."
        problem = {"offline": "Printer offline", "paper-out": "Printer out of paper",
                   "paper-low": "Printer paper low"}[self.last_state]
        return f"{problem}, {tickets}." if waiting else f"{problem}."

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._flush()
            self._wake.wait(self.retry_s)
            self._wake.clear()

    def _flush(self) -> None:
        for document in self.queue.documents():
            if self._stop.is_set():
                return
            self.last_state = self.printer.state()
            if self.last_state not in ("ready", "paper-low"):
                return
            try:
                self.printer.print(document)
            except PrinterError:
                self.last_state = "offline"
                return
            self.queue.drop_first()
