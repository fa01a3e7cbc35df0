"""Tickets: the document model, python-escpos's own printer classes, the queue that loses nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from escpos.printer import Dummy

from hardware.document import DOTS_PER_MM, QR, Columns, Cut, Document, DocumentError, Raster, Rule, Text
from hardware.drawing import Drawing
from hardware.paper import PaperError, measure, paper_dots
from hardware.printer import EscposPrinter, PrintQueue, PrintService, escpos_bytes, send
from hardware.sim.printer import SimPrinter
from hardware.ticket_image import render

TICKET = Document(
    "Austrian turn",
    (
        Text("AUSTRIAN TURN", bold=True, size=2, align="center"),
        Text("Round 3"),
        Rule(),
        Columns("Zone 13", "+2 -> 5"),
        Raster(16, 2, bytes([0xFF, 0x00, 0x0F, 0xF0])),
        QR("companion"),
        Cut(),
    ),
)


def wait_until(condition, timeout_s=5.0):
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_a_document_survives_its_json_form():
    assert Document.from_dict(TICKET.to_dict()) == TICKET


@pytest.mark.parametrize(
    "profile, width, end",
    [
        ("POS-5890", 384, b"\x1bd\x06"),  # 58 mm, no cutter: python-escpos feeds the paper out instead
        ("TM-T20II", 576, b"\x1dV"),  # 80 mm with a cutter: GS V
    ],
)
def test_escpos_bytes_carry_the_text_the_picture_and_the_cut(profile, width, end):
    device = Dummy(profile=profile)
    send(device, TICKET, width)
    output = device.output
    gap = width // 12 - len("Zone 13") - len("+2 -> 5")
    assert b"AUSTRIAN TURN" in output and b"Zone 13" + b" " * gap + b"+2 -> 5" in output
    assert b"\x1dv0" in output  # GS v 0: a raster image (the picture and the QR code)
    assert end in output


def test_the_bytes_set_the_line_pitch_before_any_line():
    data = escpos_bytes(TICKET)
    assert data.startswith(b"\x1b3\x1a")  # ESC 3 26: 26 dots a line, whatever the printer's default
    assert data.index(b"\x1b3\x1a") < data.index(b"\n")


@pytest.mark.parametrize(
    "data, dots",
    [
        (b"\x1b3\x1eabc\n\n", 60),  # two lines at 30 dots
        (b"\x1b3\x14abc\n", 24),  # a pitch under Font A's 24 dots: the line takes its characters' height
        (b"\x1b3\x1e\x1b!\x10abc\n", 48),  # double height
        (b"\x1b3\x1e" + b"x" * 40 + b"\n", 60),  # 40 Font A characters wrap on 384 dots: two lines
        (b"\x1b3\x1e\x1bM\x01" + b"x" * 40 + b"\n", 30),  # ... but fit in Font B
        (
            b"\x1b3\x1e\x1dv0\x00\x02\x00\x0a\x00" + bytes(20) + b"\x1bd\x02\x1dV\x00",
            70,
        ),  # picture, feed, cut
        (b"\x1b3\x1e\x1bJ\x07", 7),
    ],
)
def test_paper_is_measured_from_the_bytes(data, dots):
    assert paper_dots(data) == dots


@pytest.mark.parametrize(
    "data, problem",
    [
        (b"abc\n", "before the bytes set the line pitch"),
        (b"\x1b3\x1e\x1b2abc\n", "before the bytes set the line pitch"),  # ESC 2: the printer's own default
        (b"\x1b3\x1e\x1dVA\x00", "feeds to the cutter first"),
        (b"\x1b3\x1e\x1b*\x00", "not a command this reader knows"),
        (b"\x1b3\x1e\x1dv0\x00\x02\x00\x0a\x00\x00", "cut short"),
    ],
)
def test_bytes_that_cannot_be_measured_say_why(data, problem):
    with pytest.raises(PaperError, match=problem):
        paper_dots(data)


WIDE = Document(
    "wide",
    (
        Text("A line of text too long for one line of 58 mm paper, so it wraps"),
        Text("BIG", size=2, align="right"),
        Text("Tall title", tall=True, bold=True, align="center"),
        Text("font B, forty-two characters to a line", font="b"),
        Columns("a left text that is long", "and a right one"),
        Text(""),
        Rule(),
        QR("companion"),
        Cut(),
    ),
)


@pytest.mark.parametrize("document", [TICKET, WIDE, _ticket_stub := Document("t", (Text("ticket"), Cut()))])
@pytest.mark.parametrize("profile, width", [("POS-5890", 384), ("TM-T20II", 576)])
def test_the_preview_is_as_long_as_the_paper(document, profile, width):
    paper = measure(escpos_bytes(document, profile), width)
    preview = render(document, width)
    assert abs(preview.height - paper.dots) / DOTS_PER_MM <= 2
    assert preview.height == paper.dots  # in fact to the dot


def test_a_file_printer_gets_the_bytes(tmp_path):
    device_file = tmp_path / "lp0"
    printer = EscposPrinter({"kind": "file", "device": str(device_file)})
    assert printer.state() == "ready"  # a write-only device cannot report; a failed print would
    printer.print(TICKET)
    assert b"Round 3" in device_file.read_bytes()


def test_the_apps_printer_draws_in_a_worker_and_the_file_gets_the_same_bytes(tmp_path):
    drawing = Drawing()  # what open_devices gives the app's printer
    try:
        assert drawing(os.getpid) != os.getpid()  # the drawing happens in another process
        device_file = tmp_path / "lp0"
        EscposPrinter({"kind": "file", "device": str(device_file)}, drawing=drawing).print(TICKET)
        assert device_file.read_bytes() == escpos_bytes(TICKET)  # what send() makes here, byte for byte
    finally:
        drawing.close()


def test_a_drawing_that_fails_fails_as_it_would_in_place_and_the_worker_stays():
    drawing = Drawing()
    try:
        with pytest.raises(ValueError, match="invalid literal"):
            drawing(int, "not a number")
        assert drawing.own_process and drawing(os.getpid) != os.getpid()
    finally:
        drawing.close()


def test_code_in_the_working_directory_never_runs_in_the_worker(tmp_path, monkeypatch):
    """On the Pi the service's working directory is its writable state directory."""
    marker = tmp_path / "ran"
    hostile = f"open({str(marker)!r}, 'a').write(__name__ + '\\n')\n"
    (tmp_path / "hardware").mkdir()
    (tmp_path / "hardware" / "__init__.py").write_text(hostile)
    (tmp_path / "hardware" / "drawing.py").write_text(hostile)
    (tmp_path / "select.py").write_text(hostile)  # imported by the worker's own code
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(["", "."]))  # relative entries: the working directory
    drawing = Drawing()
    try:
        assert drawing(os.getpid) != os.getpid()  # a worker answered ...
        assert drawing.own_process and escpos_bytes(TICKET) == drawing(escpos_bytes, TICKET)
    finally:
        drawing.close()
    assert not marker.exists()  # ... and none of the planted code ran


def exits_in_a_worker(parent: int) -> int:
    if os.getpid() != parent:
        os._exit(3)  # a worker that dies mid-ticket (killed, out of memory)
    return parent


def test_a_worker_that_dies_is_replaced_by_drawing_in_place():
    drawing = Drawing()
    try:
        assert drawing(exits_in_a_worker, os.getpid()) == os.getpid()  # the ticket still comes out
        assert not drawing.own_process and drawing(os.getpid) == os.getpid()
    finally:
        drawing.close()


def stuck_in_a_worker(parent: int) -> int:
    if os.getpid() != parent:
        time.sleep(60)  # Pillow stuck, say
    return parent


def test_a_stuck_worker_is_replaced_by_drawing_in_place(monkeypatch):
    monkeypatch.setattr("hardware.drawing.ANSWER_S", 0.5)
    drawing = Drawing()
    try:
        assert drawing(stuck_in_a_worker, os.getpid()) == os.getpid()  # drawn here in the end
        assert not drawing.own_process  # (without the time limit the worker would have answered, late)
    finally:
        drawing.close()


def test_the_worker_ends_with_the_app_however_the_app_ends(tmp_path):
    root = Path(__file__).resolve().parents[2]
    app_file = tmp_path / "app.py"
    app_file.write_text(
        "import os, time\nfrom hardware.drawing import Drawing\n"
        "if __name__ == '__main__':\n    print(Drawing()(os.getpid), flush=True)\n    time.sleep(60)\n"
    )
    app = subprocess.Popen(
        [sys.executable, str(app_file)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    try:
        worker = int(app.stdout.readline())
        app.kill()  # SIGKILL: no clean-up runs in the app
        app.wait()
        wait_until(lambda: not running(worker))
    finally:
        app.kill()
        app.stdout.close()


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"  # a zombie has ended; only its parent's wait() is missing


class Silent(Dummy):
    """A printer that does not answer status queries at all (switched off, cable loose)."""

    def _read(self) -> bytes:
        return b""


def test_a_silent_printer_is_offline_although_paper_status_says_ok(monkeypatch):
    monkeypatch.setattr("hardware.printer.open_printer", lambda connection, profile: Silent())
    assert Silent().paper_status() == 2  # python-escpos's answer for silence: "paper adequate"
    assert EscposPrinter({"kind": "dummy"}).state() == "offline"


def test_bad_connections_are_one_sentence():
    assert EscposPrinter({"kind": "usb"}).state() == "offline"
    with pytest.raises(OSError, match="printer kind must be one of usb, serial, network, file, dummy"):
        EscposPrinter({"kind": "pigeon"}).print(TICKET)


def _ticket(n: int) -> Document:
    return Document(f"t{n}", (Text(f"ticket {n}"), Cut()))


@pytest.fixture
def desk(tmp_path):
    """A simulated printer behind the real print service, with two tickets submitted."""
    printer = SimPrinter()
    service = PrintService(printer, tmp_path / "queue.jsonl", retry_s=0.05)
    yield printer, service
    service.close()


def test_offline_tickets_wait_in_order_and_print_when_the_printer_is_back(desk):
    printer, service = desk
    printer.online = False
    service.submit(_ticket(1))
    service.submit(_ticket(2))
    wait_until(lambda: service.status == "Printer offline, 2 tickets waiting.")
    printer.online = True
    wait_until(lambda: len(printer.tray) == 2)
    assert service.status == "Printer ready."
    assert [np.asarray(t).tobytes() for t in printer.tray] == [
        np.asarray(render(_ticket(n), 384)).tobytes() for n in (1, 2)
    ]


def test_a_ticket_cut_short_is_printed_again_whole(desk):
    printer, service = desk
    printer.fail_next = True
    service.submit(_ticket(1))
    service.submit(_ticket(2))
    wait_until(lambda: len(printer.tray) == 2)
    assert service.queue.documents() == []
    assert [np.asarray(t).tobytes() for t in printer.tray] == [
        np.asarray(render(_ticket(n), 384)).tobytes() for n in (1, 2)
    ]


def test_waiting_tickets_survive_a_restart_and_a_torn_last_line(tmp_path):
    path = tmp_path / "queue.jsonl"
    queue = PrintQueue(path)
    queue.add(_ticket(1))
    queue.add(_ticket(2))
    with path.open("a") as file:
        file.write('{"title": "t3", "blo')  # the power went while writing
    reports = []
    queue = PrintQueue(path, reports.append)
    queue.add(_ticket(4))  # the next ticket is not glued to the torn line
    assert [d.title for d in queue.documents()] == ["t1", "t2", "t4"]
    assert len(reports) == 1 and (tmp_path / "queue.jsonl.damaged").read_text() == '{"title": "t3", "blo\n'


def _raster_line(**changes):
    block = {"kind": "raster", "width": 16, "height": 2, "data": "/wAP8A==", **changes}
    return json.dumps({"title": "bad", "blocks": [block]}).encode()


DAMAGED = [
    b'{"title": "t\xff\xfe", "blocks": []}',  # a flipped byte: not UTF-8
    b"[1, 2, 3]",  # JSON, not a ticket
    b'{"title": "x", "blocks": [{"kind": "text", "text": "hi", "size": "big"}]}',
    b'{"title": "x", "blocks": [{"kind": "text", "text": "\\u001b@ escape"}]}',  # a printer command
    _raster_line(data="not base64!"),
    _raster_line(data="AAAA"),  # base64, but 3 bytes for a picture of 4
    b"[" * 100000,  # nested beyond Python's recursion limit
]


def test_damaged_queue_lines_are_skipped_and_reported_once_and_the_rest_print(tmp_path, capsys):
    path = tmp_path / "queue.jsonl"
    PrintQueue(path).add(_ticket(1))
    with path.open("ab") as file:
        file.write(b"\n".join(DAMAGED) + b"\n")
    PrintQueue(path).add(_ticket(2))
    printer = SimPrinter()
    service = PrintService(printer, path, retry_s=0.05)
    try:
        wait_until(lambda: len(printer.tray) == 2)
        assert service.status == "Printer ready." and service._thread.is_alive()
        service.submit(_ticket(3))
        wait_until(lambda: len(printer.tray) == 3)
    finally:
        service.close()
    assert f"{len(DAMAGED)} lines did not read as a ticket" in service.notice
    assert capsys.readouterr().err.count("did not read as a ticket") == 1
    assert (tmp_path / "queue.jsonl.damaged").read_bytes() == b"".join(line + b"\n" for line in DAMAGED)


def test_a_ticket_that_cannot_be_drawn_is_set_aside_and_the_printer_goes_on(tmp_path, monkeypatch):
    printer = SimPrinter()
    service = PrintService(printer, tmp_path / "queue.jsonl", retry_s=0.05)
    real = printer.print
    monkeypatch.setattr(printer, "print", lambda d: real(d) if d.title != "t1" else 1 / 0)
    try:
        service.submit(_ticket(1))
        service.submit(_ticket(2))
        wait_until(lambda: len(printer.tray) == 1)
        assert service._thread.is_alive() and "could not be printed (ZeroDivisionError" in service.notice
    finally:
        service.close()
    assert service.queue.documents() == [] and "ticket 1" in (tmp_path / "queue.jsonl.damaged").read_text()


def test_a_document_from_anywhere_else_is_refused_in_one_sentence():
    with pytest.raises(DocumentError, match="a 16x2 picture needs 4 bytes, not 3"):
        Document.from_dict(json.loads(_raster_line(data="AAAA")))


@pytest.mark.parametrize("width", [384, 576])
def test_desk_tickets_are_drawn_at_the_papers_width(width):
    image = np.asarray(render(TICKET, width))
    assert image.shape[1] == width
    column_row = image[image.min(axis=1) < 128]
    assert (
        column_row[:, : width // 4].min() < 128 and column_row[:, -width // 4 :].min() < 128
    )  # both edges used


def test_the_waiting_count_reads_the_queue_again_only_when_it_changed(tmp_path, monkeypatch):
    queue = PrintQueue(tmp_path / "queue.jsonl")
    reads = []
    real = PrintQueue._read
    monkeypatch.setattr(PrintQueue, "_read", lambda self: reads.append(1) or real(self))
    ticket = Document("t", (Text("hello"), Cut()))
    queue.add(ticket)
    assert [queue.count() for _ in range(5)] == [1] * 5 and len(reads) == 1  # one read for a frame's asks
    queue.add(ticket)  # another process (a command) may add too: the file changed, so it is read again
    assert queue.count() == 2 and len(reads) == 2
    queue.drop_first()
    assert queue.count() == 1
    (tmp_path / "queue.jsonl").unlink()
    assert queue.count() == 0
