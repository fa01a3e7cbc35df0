"""Documents drawn as the printer would print them (203 dpi, paper width in dots), with Pillow:
the desk mode's printer tray, golden files, and the images escpos sends for rasters and QR codes."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw, ImageFont

from hardware.document import QR, Columns, Cut, Document, Raster, Rule, Text

DPI = 203
LINE_PX = 24  # Font A: 12 x 24 dots
MARGIN = 4


def raster_image(raster: Raster) -> Image.Image:
    """A Raster block as a 1-bit Pillow image (black = printed)."""
    row = (raster.width + 7) // 8
    packed = bytes(b ^ 0xFF for b in raster.data[: row * raster.height])  # Pillow's "1": 1 = white
    return Image.frombytes("1", (raster.width, raster.height), packed)


def qr_image(data: str, box_px: int = 4) -> Image.Image:
    import qrcode  # installed with python-escpos

    code = qrcode.QRCode(border=1, box_size=box_px)
    code.add_data(data)
    picture: Image.Image = code.make_image(fill_color="black", back_color="white").get_image()
    return picture.convert("1")


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=LINE_PX * size - 4)


def render(document: Document, width_px: int) -> Image.Image:
    """The whole ticket, top to bottom, as a greyscale image `width_px` wide."""
    parts = [_block(block, width_px) for block in document.blocks]
    height = sum(p.height for p in parts) + 2 * MARGIN
    ticket = Image.new("L", (width_px, height), 255)
    y = MARGIN
    for part in parts:
        ticket.paste(part, (0, y))
        y += part.height
    return ticket


def png_bytes(document: Document, width_px: int) -> bytes:
    """`render`, as a PNG file's bytes (what the desk printer's tray keeps, drawn in a worker)."""
    out = io.BytesIO()
    render(document, width_px).save(out, format="PNG")
    return out.getvalue()


def _block(block: object, width: int) -> Image.Image:
    if isinstance(block, Text):
        return _text_line(block.text, width, block.size, block.bold, block.align)
    if isinstance(block, Columns):
        left = _text_line(block.left, width, 1, block.bold, "left")
        return ImageChops.darker(left, _text_line(block.right, width, 1, block.bold, "right"))
    if isinstance(block, Rule):
        image = Image.new("L", (width, LINE_PX // 2), 255)
        ImageDraw.Draw(image).line([(MARGIN, LINE_PX // 4), (width - MARGIN, LINE_PX // 4)], fill=0, width=2)
        return image
    if isinstance(block, (Raster, QR)):
        picture = raster_image(block) if isinstance(block, Raster) else qr_image(block.data)
        image = Image.new("L", (width, picture.height + 8), 255)
        image.paste(picture.convert("L"), ((width - picture.width) // 2, 4))
        return image
    if isinstance(block, Cut):
        image = Image.new("L", (width, LINE_PX * 2), 255)
        draw = ImageDraw.Draw(image)
        for x in range(0, width, 12):
            draw.line([(x, LINE_PX), (x + 6, LINE_PX)], fill=128, width=1)
        return image
    raise TypeError(f"not a document block: {block!r}")


def _text_line(text: str, width: int, size: int, bold: bool, align: str) -> Image.Image:
    font = _font(size)
    image = Image.new("L", (width, LINE_PX * size), 255)
    draw = ImageDraw.Draw(image)
    text_width = draw.textlength(text, font=font)
    x = {"left": MARGIN, "center": (width - text_width) / 2, "right": width - MARGIN - text_width}[align]
    draw.text((x, 2), text, font=font, fill=0, stroke_width=1 if bold else 0, stroke_fill=0)
    return image
