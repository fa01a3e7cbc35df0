"""Documents -> ESC/POS through python-escpos's own printer classes; a persistent queue in front.

Status is asked with `is_online()` first: python-escpos's `paper_status()` says "paper OK" when
the printer does not answer at all, so silence must count as offline. A ticket that cannot be
printed stays in the queue and prints, whole and in order, when the printer is back.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hardware.document import (
    LINE_DOTS,
    QR,
    Columns,
    Cut,
    Document,
    Line,
    Raster,
    Rule,
    Text,
    printed_lines,
    rule_raster,
)
from hardware.drawing import Drawing
from hardware.ticket_image import qr_image, raster_image

CONNECTIONS = ("usb", "serial", "network", "file", "dummy")


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
            return printer.Serial(
                connection["device"], baudrate=connection.get("baudrate", 9600), profile=profile
            )
        if kind == "network":
            return printer.Network(
                connection["host"], port=connection.get("port", 9100), timeout=5, profile=profile
            )
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
    """Write one document to an escpos printer object, every length set by the bytes: the line
    pitch first (ESC 3; the printer's own default differs from model to model), then each block
    as `printed_lines` and the sizes in `hardware/document.py` lay it out."""
    device.line_spacing(LINE_DOTS)  # ESC 3 n: n dots on these printers (python-escpos says 1/180 inch)
    for block in document.blocks:
        if isinstance(block, (Text, Columns)):
            for line in printed_lines(block, width_px):
                _text_line(device, line)
        elif isinstance(block, Rule):
            device.image(raster_image(rule_raster(width_px)), center=True)
        elif isinstance(block, Raster):
            device.image(raster_image(block), center=True)
        elif isinstance(block, QR):
            device.image(qr_image(block.data), center=True)
        elif isinstance(block, Cut):
            device.cut()  # feeds FEED_LINES lines at the pitch set above, then cuts where there is a cutter
    device.set(align="left", bold=False, font="a", normal_textsize=True)
    device.line_spacing()  # ESC 2: the printer's default again, for whatever prints next


def _text_line(device: Any, line: Line) -> None:
    device.set(
        align=line.align,
        bold=line.bold,
        font=line.font,
        normal_textsize=True,
        double_width=line.width == 2,
        double_height=line.height == 2,
    )
    device.textln(line.text)


class EscposPrinter:
    """The real printer; `state()` is "ready", "offline", "paper-low" or "paper-out"."""

    def __init__(
        self, connection: dict[str, Any], profile: str = "POS-5890", drawing: Drawing | None = None
    ) -> None:
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
        # what send() makes, drawn elsewhere; a ticket that cannot be drawn fails here, not as "offline"
        drawn = [self.drawing(escpos_bytes, d, self.profile) for d in documents]
        device = self._device()
        try:
            for data in drawn:
                device._raw(data)
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
    """Tickets waiting to print, one JSON line each, kept on disk so a restart loses none.

    A line that does not read as a ticket (a damaged byte, a torn write) is moved to
    `<queue>.damaged` and reported once through `report`; the other tickets print."""

    def __init__(self, path: Path, report: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.damaged_path = self.path.with_name(self.path.name + ".damaged")
        self.report = report or _to_stderr
        self._reported: set[bytes] = set()
        self._lock = threading.Lock()
        self._counted: tuple[tuple[int, int, int], int] | None = None  # (the file's stat, its tickets)

    def add(self, document: Document) -> None:
        line = json.dumps(document.to_dict()).encode() + b"\n"
        with self._lock, self.path.open("a+b") as file:
            end = file.seek(0, os.SEEK_END)
            if end:
                file.seek(end - 1)
                if file.read(1) != b"\n":
                    line = b"\n" + line  # a line torn by a power cut must not swallow this ticket
            file.write(line)  # appended at the end, wherever the file was read
            file.flush()
            os.fsync(file.fileno())

    def documents(self) -> list[Document]:
        with self._lock:
            return self._read()

    def count(self) -> int:
        """Tickets waiting, read again only when the file changed (its inode, size or time): the
        screen asks several times a frame, and reading and parsing the file each time cost a third
        of a frame (benchmarks/app.py)."""
        try:
            info = os.stat(self.path)
        except OSError:
            return len(self.documents())  # none there, or unreadable: _read says which, once
        key = (info.st_ino, info.st_size, info.st_mtime_ns)
        known = self._counted
        if known is not None and known[0] == key:
            return known[1]
        count = len(self.documents())
        self._counted = (key, count)
        return count

    def _read(self) -> list[Document]:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as exc:
            self._tell(str(exc).encode(), f"The print queue {self.path} cannot be read ({exc.strerror}).")
            return []
        documents, kept, damaged = [], [], []
        for line in filter(bytes.strip, raw.splitlines()):
            try:
                documents.append(Document.from_dict(json.loads(line.decode("utf-8"))))
                kept.append(line)
            except (ValueError, RecursionError):  # bad UTF-8 or JSON, or not a ticket (DocumentError)
                damaged.append(line)
        if damaged:
            self._set_aside(kept, damaged, "did not read as a ticket")
        return documents

    def drop_first(self) -> None:
        with self._lock:
            self._rewrite([json.dumps(d.to_dict()).encode() for d in self._read()[1:]])

    def set_aside_first(self, reason: str) -> None:
        """The first ticket could not be printed for a reason of its own: it goes to the damaged file."""
        with self._lock:
            lines = [json.dumps(d.to_dict()).encode() for d in self._read()]
            if lines:
                self._set_aside(lines[1:], lines[:1], f"could not be printed ({reason})")

    def _set_aside(self, kept: list[bytes], damaged: list[bytes], why: str) -> None:
        try:
            with self.damaged_path.open("ab") as file:
                file.write(b"".join(line + b"\n" for line in damaged))
                file.flush()
                os.fsync(file.fileno())
            self._rewrite(kept)
            where = f"moved to {self.damaged_path}"
        except OSError as exc:
            where = f"left in place: {exc.strerror}"
        count = f"{len(damaged)} line{'s' if len(damaged) > 1 else ''}"
        sentence = f"Print queue: {count} {why}, skipped ({where}); the other tickets print."
        self._tell(b"".join(damaged), sentence)

    def _rewrite(self, lines: list[bytes]) -> None:
        with tempfile.NamedTemporaryFile("wb", dir=self.path.parent, delete=False) as tmp:
            tmp.write(b"".join(line + b"\n" for line in lines))
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp.name, self.path)

    def _tell(self, key: bytes, sentence: str) -> None:
        if key not in self._reported:  # once: the frame asks for the queue many times a second
            self._reported.add(key)
            self.report(sentence)


def _to_stderr(sentence: str) -> None:
    print(f"companion: {sentence}", file=sys.stderr)


class PrintService:
    """Takes tickets at once; a worker prints them in order whenever the printer is ready."""

    def __init__(self, printer: Any, queue_path: Path, retry_s: float = 2.0) -> None:
        self.printer = printer
        self.queue = PrintQueue(queue_path, self._report)
        self.retry_s = retry_s
        self.last_state = "ready"
        self.notice = ""  # the last thing the queue reported (a damaged ticket set aside), for the screen
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
        return self.queue.count()

    @property
    def status(self) -> str:
        waiting = self.waiting
        tickets = f"{waiting} ticket{'s' if waiting != 1 else ''} waiting"
        if self.last_state == "ready":
            return "Printer ready." if not waiting else f"Printing, {tickets}."
        problem = {
            "offline": "Printer offline",
            "paper-out": "Printer out of paper",
            "paper-low": "Printer paper low",
        }[self.last_state]
        return f"{problem}, {tickets}." if waiting else f"{problem}."

    def _report(self, sentence: str) -> None:
        self.notice = sentence
        _to_stderr(sentence)

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
            except Exception as exc:  # the ticket itself cannot be drawn: it is set aside, the rest print
                self.queue.set_aside_first(f"{exc.__class__.__name__}: {exc}")
                continue
            self.queue.drop_first()
