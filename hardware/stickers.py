"""Sticker sheets: every card's marker at a chosen size with a quiet zone and its id underneath,
laid out on A4 label paper (PDF or PNG pages), or one sticker per thermal ticket. Beside each
sticker, the face of the card it goes on (what its game says: an icon, a Help), so the right
sticker goes on the right card."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from hardware.document import Cut, Document, Raster, Text
from hardware.scene import marker_image

A4_MM = (210, 297)
MARGIN_MM = 10
GAP_MM = 4
LABEL_MM = 4  # the card id under the sticker
FACE_MM = 26  # the card's face, beside the sticker (outside its cutting guide)
PRINTER_DPI = 203


def _px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


def sticker(marker: int, card: str, size_mm: float, quiet_mm: float, dpi: int) -> Image.Image:
    """One sticker: white quiet zone, the marker, the card id below."""
    side, quiet, label = _px(size_mm, dpi), _px(quiet_mm, dpi), _px(LABEL_MM, dpi)
    image = Image.new("L", (side + 2 * quiet, side + 2 * quiet + label), 255)
    image.paste(Image.fromarray(marker_image(marker, side)), (quiet, quiet))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=max(8, int(label * 0.8)))
    draw.text(
        (image.width / 2, side + 2 * quiet + label / 2), f"{card}  #{marker}", font=font, fill=0, anchor="mm"
    )
    draw.rectangle([0, 0, image.width - 1, image.height - 1], outline=200)  # a faint cutting guide
    return image


def beside(image: Image.Image, face: str, dpi: int) -> Image.Image:
    """The sticker with its card's face written to its right, a line per " / " part."""
    if not face:
        return image
    tile = Image.new("L", (image.width + _px(FACE_MM, dpi), image.height), 255)
    tile.paste(image, (0, 0))
    font = ImageFont.load_default(size=max(8, int(_px(LABEL_MM, dpi) * 0.9)))
    lines = face.split(" / ")
    ImageDraw.Draw(tile).multiline_text(
        (image.width + _px(2, dpi), image.height / 2), "\n".join(lines), font=font, fill=0, anchor="lm"
    )
    return tile


def sheets(
    markers: list[tuple[int, str]],
    size_mm: float = 20,
    quiet_mm: float = 3,
    dpi: int = 300,
    faces: dict[str, str] | None = None,
) -> list[Image.Image]:
    """A4 pages holding every sticker in marker order; `faces`: card id -> its face (beside it)."""
    page_w, page_h = _px(A4_MM[0], dpi), _px(A4_MM[1], dpi)
    margin, gap = _px(MARGIN_MM, dpi), _px(GAP_MM, dpi)
    pages: list[Image.Image] = []
    x = y = margin
    for marker, card in markers:
        image = beside(sticker(marker, card, size_mm, quiet_mm, dpi), (faces or {}).get(card, ""), dpi)
        if x + image.width > page_w - margin:
            x, y = margin, y + image.height + gap
        if not pages or y + image.height > page_h - margin:
            pages.append(Image.new("L", (page_w, page_h), 255))
            x = y = margin
        pages[-1].paste(image, (x, y))
        x += image.width + gap
    return pages


def save(pages: list[Image.Image], out: Path, dpi: int = 300) -> list[Path]:
    """PDF: one file, a page each. PNG: stickers.png, or stickers-1.png, stickers-2.png, ..."""
    if out.suffix.lower() == ".pdf":
        pages[0].save(out, save_all=True, append_images=pages[1:], resolution=dpi)
        return [out]
    if len(pages) == 1:
        pages[0].save(out, dpi=(dpi, dpi))
        return [out]
    paths = [out.with_name(f"{out.stem}-{n}{out.suffix}") for n in range(1, len(pages) + 1)]
    for page, path in zip(pages, paths):
        page.save(path, dpi=(dpi, dpi))
    return paths


def sticker_ticket(
    marker: int, card: str, size_mm: float = 20, quiet_mm: float = 3, face: str = ""
) -> Document:
    """One sticker as a thermal ticket, at the printer's 203 dpi, the card's face under it."""
    image = sticker(marker, card, size_mm, quiet_mm, PRINTER_DPI).point(lambda v: 255 if v > 127 else 0)
    width = (image.width + 7) // 8 * 8
    padded = Image.new("L", (width, image.height), 255)
    padded.paste(image, (0, 0))
    bits = np.packbits(np.asarray(padded) < 128, axis=1)
    said = f"{card}: {face}" if face else card
    return Document(card, (Raster(width, image.height, bits.tobytes()), Text(said, align="center"), Cut()))
