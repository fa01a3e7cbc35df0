"""How much paper a stream of ESC/POS bytes takes, read from the bytes alone.

The commands are the ones python-escpos sends for our documents, read as the 58 mm printers of
python-escpos's POS-5890 class do (203 dpi): `ESC 3 n` sets the line pitch to n dots; a line
takes the pitch, or its tallest characters' height when they are taller; text that runs past the
paper's width wraps onto another line; `GS v 0` pictures take their rows; `ESC d n` feeds n lines
and `ESC J n` n dots; a cut feeds nothing itself. A line fed before the bytes set the pitch, or
a command this reader does not know, raises PaperError: the length would be a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hardware.document import DOTS_PER_MM, FONTS

ESC, GS, LF = 0x1B, 0x1D, 0x0A
# commands that take one parameter byte and move no paper: bold, align, code page, underline,
# double-strike, upside down, character spacing, font (ESC M), reverse (GS B), smoothing (GS b)
ONE_BYTE = {(ESC, b) for b in b"EatG{ -M"} | {(GS, b) for b in b"Bb"}


class PaperError(ValueError):
    """The bytes cannot be measured; the message says why."""


@dataclass
class Printer:
    """The printer's state while it reads the bytes."""

    width_px: int
    pitch: int | None = None  # dots a line; None: the printer's own default, unknown
    font: str = "a"
    width: int = 1
    height: int = 1
    x: int = 0  # dots of text waiting in the current line
    line_height: int = 0  # the tallest character waiting in the current line
    dots: int = 0  # paper fed so far
    lines: list[int] = field(default_factory=list)  # each text line's dots, for reports

    def character(self) -> None:
        cell_w, cell_h = FONTS[self.font]
        if self.x + cell_w * self.width > self.width_px:
            self.line_feed()  # the printer wraps a line that runs past the paper's edge
        self.x += cell_w * self.width
        self.line_height = max(self.line_height, cell_h * self.height)

    def line_feed(self) -> None:
        line = max(self.pitch_dots(), self.line_height)
        self.dots += line
        self.lines.append(line)
        self.x = self.line_height = 0

    def flush(self) -> None:
        """Text waiting in the buffer prints before a picture or a feed."""
        if self.x:
            self.line_feed()

    def pitch_dots(self) -> int:
        if self.pitch is None:
            raise PaperError("a line is fed before the bytes set the line pitch (ESC 3 n)")
        return self.pitch


def paper_dots(data: bytes, width_px: int = 384) -> int:
    """The paper the bytes take, in dots (203 to the inch)."""
    return measure(data, width_px).dots


def paper_mm(data: bytes, width_px: int = 384) -> float:
    return paper_dots(data, width_px) / DOTS_PER_MM


def measure(data: bytes, width_px: int = 384) -> Printer:
    """Read every command; the printer's state at the end (`dots`, `lines`)."""
    printer = Printer(width_px)
    i = 0
    while i < len(data):
        i = _step(printer, data, i)
    printer.flush()
    return printer


def _step(printer: Printer, data: bytes, i: int) -> int:
    byte = data[i]
    if byte == LF:
        printer.line_feed()
        return i + 1
    if byte in (ESC, GS):
        if i + 1 >= len(data):
            raise PaperError(f"the bytes end inside a command at byte {i}")
        return _command(printer, data, i)
    if byte < 0x20 or byte == 0x7F:
        raise PaperError(f"control byte 0x{byte:02x} at byte {i} is not a command this reader knows")
    printer.character()
    return i + 1


def _command(printer: Printer, data: bytes, i: int) -> int:
    lead, name = data[i], data[i + 1]
    if (lead, name) in ONE_BYTE:
        value = _arg(data, i + 2)
        if (lead, name) == (ESC, ord("M")):
            printer.font = "ab"[value & 1]
        return i + 3
    if lead == ESC:
        return _esc(printer, data, i, name)
    return _gs(printer, data, i, name)


def _esc(printer: Printer, data: bytes, i: int, name: int) -> int:
    if name == ord("!"):  # print mode: bit 0 Font B, bit 4 double height, bit 5 double width
        mode = _arg(data, i + 2)
        printer.font, printer.height, printer.width = "ab"[mode & 1], 1 + (mode >> 4 & 1), 1 + (mode >> 5 & 1)
        return i + 3
    if name == ord("3"):
        printer.pitch = _arg(data, i + 2)
        return i + 3
    if name == ord("@"):  # initialise: the printer's power-on modes and its default pitch
        printer.font, printer.width, printer.height, printer.pitch = "a", 1, 1, None
        return i + 2
    if name == ord("2"):
        printer.pitch = None  # the printer's default pitch, which the bytes do not say
        return i + 2
    if name == ord("d"):
        printer.flush()
        printer.dots += _arg(data, i + 2) * printer.pitch_dots()
        return i + 3
    if name == ord("J"):
        printer.flush()
        printer.dots += _arg(data, i + 2)
        return i + 3
    raise PaperError(f"ESC {chr(name)!r} at byte {i} is not a command this reader knows")


def _gs(printer: Printer, data: bytes, i: int, name: int) -> int:
    if name == ord("!"):  # character size: width and height multipliers 1-8
        size = _arg(data, i + 2)
        printer.width, printer.height = (size >> 4) + 1, (size & 0x0F) + 1
        return i + 3
    if name == ord("V"):
        mode = _arg(data, i + 2)
        if mode in (0, 1, 48, 49):
            printer.flush()
            return i + 3
        raise PaperError(f"GS V {mode} at byte {i} feeds to the cutter first, by a length the bytes omit")
    if name == ord("v") and data[i + 2 : i + 3] == b"0":  # GS v 0 m xL xH yL yH: a raster picture
        header = data[i + 3 : i + 8]
        if len(header) < 5:
            raise PaperError(f"the bytes end inside a picture's header at byte {i}")
        mode, width_bytes, rows = header[0], header[1] | header[2] << 8, header[3] | header[4] << 8
        printer.flush()
        printer.dots += rows * (2 if mode & 2 else 1)  # modes 2 and 3 print each row twice as tall
        end = i + 8 + width_bytes * rows
        if end > len(data):
            raise PaperError(f"the picture at byte {i} is cut short")
        return end
    raise PaperError(f"GS {chr(name)!r} at byte {i} is not a command this reader knows")


def _arg(data: bytes, at: int) -> int:
    """A command's parameter byte."""
    if at >= len(data):
        raise PaperError(f"the bytes end before the parameter at byte {at}")
    return data[at]
