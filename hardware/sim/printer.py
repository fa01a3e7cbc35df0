"""The desk-mode printer: tickets become PNGs in a tray (and in --ticket-dir), with fault switches."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from hardware.document import Document
from hardware.drawing import Drawing
from hardware.printer import PrinterError
from hardware.ticket_image import png_bytes


class SimPrinter:
    """Behaves like EscposPrinter for PrintService: `state`, `print`; `tray` holds what came out."""

    def __init__(
        self, width_px: int = 384, ticket_dir: Path | None = None, drawing: Drawing | None = None
    ) -> None:
        """`drawing`: where tickets are drawn (the app's: a worker process; by default in place)."""
        self.width_px = width_px
        self.ticket_dir = ticket_dir
        self.drawing = drawing or Drawing(own_process=False)
        self.tray: list[Image.Image] = []
        self.online = True
        self.paper = True
        self.fail_next = False  # unplugged in the middle of the next ticket

    def state(self) -> str:
        if not self.online:
            return "offline"
        return "ready" if self.paper else "paper-out"

    def print(self, document: Document) -> None:
        if self.fail_next or not self.online:
            self.fail_next = False
            raise PrinterError("the ticket did not finish printing (simulated unplug)")
        png = self.drawing(png_bytes, document, self.width_px)
        image = Image.open(io.BytesIO(png))
        image.load()
        self.tray.append(image)
        if self.ticket_dir is not None:
            self.ticket_dir.mkdir(parents=True, exist_ok=True)
            (self.ticket_dir / f"ticket-{len(self.tray):03d}.png").write_bytes(png)
