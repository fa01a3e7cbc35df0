"""Documents drawn as the printer prints them (203 dpi, paper width in dots), with Pillow: the desk
mode's printer tray, the benchmark's pictures, and the images escpos sends for rasters and QR codes.

The preview takes the paper the bytes take: every text line is `Line.dots` tall with its
characters in the printer's fixed cells (Font A 12x24, Font B 9x17, doubled by the size), rules
and pictures their rows, a cut the feed before it (`hardware/paper.py` measures the bytes; a test
holds the two together).
"""

from __future__ import annotations

import importlib.util
import io
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from hardware.document import (
    FONTS,
    QR,
    QR_BORDER,
    QR_BOX,
    Columns,
    Cut,
    Document,
    Line,
    Raster,
    Rule,
    Text,
    feed_dots,
    printed_lines,
    rule_raster,
)

DPI = 203
MONO = "DejaVuSansMono.ttf"  # shipped with python-barcode (a python-escpos dependency) and most Linux systems
SYSTEM_FONTS = Path("/usr/share/fonts/truetype/dejavu")


def raster_image(raster: Raster) -> Image.Image:
    """A Raster block as a 1-bit Pillow image (black = printed)."""
    row = (raster.width + 7) // 8
    packed = bytes(b ^ 0xFF for b in raster.data[: row * raster.height])  # Pillow's "1": 1 = white
    return Image.frombytes("1", (raster.width, raster.height), packed)


def qr_image(data: str) -> Image.Image:
    import qrcode  # installed with python-escpos

    code = qrcode.QRCode(border=QR_BORDER, box_size=QR_BOX)
    code.add_data(data)
    picture: Image.Image = code.make_image(fill_color="black", back_color="white").get_image()
    return picture.convert("1")


@cache
def mono_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A fixed-width font at `size` pixels (DejaVu Sans Mono: 20 fills Font A's 12x24 cell), or
    Pillow's own where none is installed (proportional: the lines keep their height)."""
    spec = importlib.util.find_spec("barcode")
    places = [Path(p) / "fonts" for p in (spec.submodule_search_locations or [])] if spec else []
    for folder in [*places, SYSTEM_FONTS]:
        if (folder / MONO).is_file():
            return ImageFont.truetype(str(folder / MONO), size)
    return ImageFont.load_default(size=size)


def render(document: Document, width_px: int) -> Image.Image:
    """The whole ticket, top to bottom, as a greyscale image `width_px` wide."""
    parts = [part for block in document.blocks for part in _block(block, width_px)]
    ticket = Image.new("L", (width_px, sum(p.height for p in parts)), 255)
    y = 0
    for part in parts:
        ticket.paste(part, (0, y))
        y += part.height
    return ticket


def png_bytes(document: Document, width_px: int) -> bytes:
    """`render`, as a PNG file's bytes (what the desk printer's tray keeps, drawn in a worker)."""
    out = io.BytesIO()
    render(document, width_px).save(out, format="PNG")
    return out.getvalue()


def _block(block: object, width: int) -> list[Image.Image]:
    if isinstance(block, (Text, Columns)):
        return [_text_line(line, width) for line in printed_lines(block, width)]
    if isinstance(block, Rule):
        block = rule_raster(width)
    if isinstance(block, (Raster, QR)):
        picture = raster_image(block) if isinstance(block, Raster) else qr_image(block.data)
        image = Image.new("L", (width, picture.height), 255)
        image.paste(picture.convert("L"), ((width - picture.width) // 2, 0))
        return [image]
    if isinstance(block, Cut):
        image = Image.new("L", (width, feed_dots()), 255)
        draw = ImageDraw.Draw(image)
        for x in range(0, width, 12):  # where the paper is cut or torn off
            draw.line([(x, feed_dots() - 1), (x + 6, feed_dots() - 1)], fill=128, width=1)
        return [image]
    raise TypeError(f"not a document block: {block!r}")


def _text_line(line: Line, width: int) -> Image.Image:
    """One printed line: each character in its cell, as the printer places them."""
    cell_w, cell_h = FONTS[line.font]
    cells = Image.new("L", (cell_w * len(line.text) or 1, cell_h), 255)
    draw = ImageDraw.Draw(cells)
    font = mono_font(20 if line.font == "a" else 15)
    for i, char in enumerate(line.text):
        draw.text(
            (i * cell_w + cell_w / 2, 0),
            char,
            font=font,
            fill=0,
            anchor="ma",
            stroke_width=1 if line.bold else 0,
            stroke_fill=0,
        )
    if line.width > 1 or line.height > 1:  # the printer doubles its cells' dots
        cells = cells.resize((cells.width * line.width, cell_h * line.height), Image.Resampling.NEAREST)
    image = Image.new("L", (width, line.dots), 255)
    room = width - cells.width
    image.paste(cells, ({"left": 0, "center": room // 2, "right": room}[line.align], 0))
    return image
