"""The same tests over every backend that can run here: simulated, and real classes on real files.
On the Pi the camera and printer cases also run against the devices (skipped where missing)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import cv2
import pytest

from companion.cards_command import card_registry
from hardware.camera import CaptureSource, FolderSource
from hardware.cards import CardDetector
from hardware.document import Cut, Document, Text
from hardware.printer import EscposPrinter, PrintService
from hardware.scanner import Scanner, wait_for
from hardware.scene import PlacedCard, Scene, render
from hardware.sim.camera import SimCamera
from hardware.sim.printer import SimPrinter

REGISTRY = card_registry()
FRAME = render(Scene((1280, 720), [PlacedCard(104, (640, 360), 10)], "clean", 3))


def _video(path: Path, frames: int = 12) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30, (1280, 720), isColor=False)
    for _ in range(frames):
        writer.write(FRAME)
    writer.release()
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    for n in range(6):
        cv2.imwrite(str(path / f"frame-{n}.png"), FRAME)
    (path / "notes.txt").write_text("not a frame")
    (path / "frame-9.png").write_bytes(b"broken")
    return path


@pytest.fixture(params=["sim", "video", "folder", "picamera"])
def reader(request, tmp_path):
    if request.param == "sim":
        camera = SimCamera(REGISTRY, fps=200)
        camera.show("austria-05")
        yield camera
    else:
        if request.param == "picamera":
            pytest.importorskip("picamera2", reason="the Pi camera runs on the Pi only")
        opener = {
            "video": lambda: CaptureSource(str(_video(tmp_path / "cards.avi"))),
            "folder": lambda: FolderSource(_folder(tmp_path / "frames")),
        }.get(request.param)
        if opener is None:
            from hardware.camera import PicameraSource

            opener = PicameraSource  # shows whatever card lies under it: the test needs austria-05 there
        scanner = Scanner(opener, CardDetector(REGISTRY))
        yield scanner
    (camera if request.param == "sim" else scanner).close()


def test_a_card_under_the_camera_is_placed(reader):
    assert wait_for(lambda: reader.placed() == ["austria-05"], 10), reader.status
    assert ("placed", "austria-05") in reader.events()


def _printers(tmp_path):
    yield (
        "sim",
        SimPrinter(ticket_dir=tmp_path / "tickets"),
        lambda p: len(list((tmp_path / "tickets").glob("*.png"))),
    )
    device = tmp_path / "lp0"
    yield (
        "file",
        EscposPrinter({"kind": "file", "device": str(device)}),
        lambda p: device.read_bytes().count(b"ticket "),
    )
    if os.environ.get("COMPANION_PRINTER_USB"):  # on the Pi: COMPANION_PRINTER_USB=0416:5011
        vendor, product = (int(x, 16) for x in os.environ["COMPANION_PRINTER_USB"].split(":"))
        yield "usb", EscposPrinter({"kind": "usb", "vendor": vendor, "product": product}), lambda p: 1


@pytest.mark.parametrize("kind", ["sim", "file", "usb"])
def test_a_submitted_ticket_prints(kind, tmp_path):
    backends = {name: (printer, printed) for name, printer, printed in _printers(tmp_path)}
    if kind not in backends:
        pytest.skip("no USB printer configured (COMPANION_PRINTER_USB)")
    printer, printed = backends[kind]
    service = PrintService(printer, tmp_path / "queue.jsonl", retry_s=0.05)
    try:
        service.submit(Document("t", (Text("ticket 1"), Cut())))
        deadline = time.monotonic() + 5
        while service.queue.documents() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert service.queue.documents() == [] and printed(printer) == 1
        assert service.status == "Printer ready."
    finally:
        service.close()
