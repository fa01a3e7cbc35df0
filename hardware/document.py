"""What a ticket says, as data: the only thing games hand to the printer (no printer code here),
and how much paper each block takes (the printer and the preview both lay blocks out with
`printed_lines` and these sizes; `hardware/paper.py` measures the bytes sent independently)."""

from __future__ import annotations

import base64
import binascii
import dataclasses
import textwrap
from dataclasses import dataclass
from typing import Any

DOTS_PER_MM = 203 / 25.4  # thermal printers print 203 dots an inch, across and along the paper
FONTS = {"a": (12, 24), "b": (9, 17)}  # the printer's own fonts: a character cell, width x height in dots
LINE_DOTS = 26  # the line pitch the printer is told (ESC 3 26): Font A's 24 dots and a 2-dot gap
RULE_DOTS = 10  # a rule: a 2-dot line across the paper with 4 blank dots above and below
FEED_LINES = 6  # python-escpos's cut() feeds 6 lines first: the last line passes the cutter or tear bar
ALIGNS = ("left", "center", "right")
QR_BOX, QR_BORDER = 4, 1  # a QR code's module in dots, and its quiet border in modules


class DocumentError(ValueError):
    """A document that cannot be printed (a damaged queue line, say); the message says what is wrong."""


@dataclass(frozen=True)
class Text:
    """A line of text, wrapped at the paper's width. `size` 2: double height and width; `tall`:
    double height only (the full line width)."""

    text: str
    bold: bool = False
    size: int = 1
    align: str = "left"
    tall: bool = False
    font: str = "a"

    def __post_init__(self) -> None:
        _check(self.size in (1, 2), f"a text's size is 1 or 2, not {self.size!r}")
        _check(self.align in ALIGNS, f"a text's align is left, center or right, not {self.align!r}")
        _check(self.font in FONTS, f"a text's font is a or b, not {self.font!r}")


@dataclass(frozen=True)
class Columns:
    """Two texts on one line: one at the left edge, one at the right (two lines if they do not fit)."""

    left: str
    right: str
    bold: bool = False


@dataclass(frozen=True)
class Rule:
    pass


@dataclass(frozen=True)
class Raster:
    """A 1-bit picture: rows of `width` pixels packed 8 to a byte, MSB first, 1 = black."""

    width: int
    height: int
    data: bytes

    def __post_init__(self) -> None:
        _check(0 < self.width <= 4096 and 0 < self.height <= 4096, "a picture is 1 to 4096 dots each way")
        _check(
            len(self.data) == (self.width + 7) // 8 * self.height,
            f"a {self.width}x{self.height} picture needs {(self.width + 7) // 8 * self.height} bytes, "
            f"not {len(self.data)}",
        )

    def pixel(self, x: int, y: int) -> bool:
        row = (self.width + 7) // 8
        return bool(self.data[y * row + x // 8] & (0x80 >> (x % 8)))


@dataclass(frozen=True)
class QR:
    data: str


@dataclass(frozen=True)
class Cut:
    pass


Block = Text | Columns | Rule | Raster | QR | Cut
KINDS: dict[str, type[Block]] = {
    "text": Text,
    "columns": Columns,
    "rule": Rule,
    "raster": Raster,
    "qr": QR,
    "cut": Cut,
}
FIELD_TYPES = {"str": str, "bool": bool, "int": int, "bytes": bytes}


@dataclass(frozen=True)
class Document:
    title: str
    blocks: tuple[Block, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "blocks": [_block_dict(b) for b in self.blocks]}

    @classmethod
    def from_dict(cls, data: Any) -> Document:
        """The document a `to_dict` made; anything else raises DocumentError with one sentence."""
        _check(isinstance(data, dict), "a document is a JSON object")
        _check(isinstance(data.get("title"), str), "a document's title is a string")
        _check(isinstance(data.get("blocks"), list), "a document's blocks are a list")
        return cls(data["title"], tuple(_block(item) for item in data["blocks"]))


@dataclass(frozen=True)
class Line:
    """One printed line of text: the characters and how the printer is set for them."""

    text: str
    align: str = "left"
    bold: bool = False
    width: int = 1  # character width multiplier
    height: int = 1  # character height multiplier
    font: str = "a"

    @property
    def dots(self) -> int:
        """Paper this line takes: the line pitch, or its characters' height when they are taller."""
        return max(LINE_DOTS, FONTS[self.font][1] * self.height)


def columns(width_px: int, font: str = "a", width: int = 1) -> int:
    """Characters on one line of paper `width_px` dots wide."""
    return width_px // (FONTS[font][0] * width)


def printed_lines(block: Text | Columns, width_px: int) -> list[Line]:
    """The lines a text block prints, wrapped at the paper's width (never left to the printer)."""
    if isinstance(block, Columns):
        room = columns(width_px)
        left, right = printable(block.left), printable(block.right)
        if len(left) + 1 + len(right) <= room:
            return [Line(left + " " * (room - len(left) - len(right)) + right, bold=block.bold)]
        return [
            *(Line(t, bold=block.bold) for t in _wrap(left, room)),
            *(Line(t, "right", block.bold) for t in _wrap(right, room)),
        ]
    width = 2 if block.size == 2 else 1
    height = 2 if block.size == 2 or block.tall else 1
    room = columns(width_px, block.font, width)
    texts = _wrap(printable(block.text), room)
    return [Line(t, block.align, block.bold, width, height, block.font) for t in texts]


def printable(text: str) -> str:
    """Control characters would be commands to the printer: each is printed as '?'."""
    return "".join(c if c.isprintable() else "?" for c in text)


def _wrap(text: str, room: int) -> list[str]:
    return textwrap.wrap(text, room, break_on_hyphens=False) or [""]


def rule_raster(width_px: int) -> Raster:
    """A rule as the picture the printer gets: a 2-dot line with a 4-dot margin at both ends."""
    row = (width_px + 7) // 8
    line = bytearray(row)
    for x in range(4, width_px - 4):
        line[x // 8] |= 0x80 >> (x % 8)
    blank = bytes(row)
    return Raster(width_px, RULE_DOTS, blank * 4 + bytes(line) * 2 + blank * (RULE_DOTS - 6))


def feed_dots() -> int:
    """The paper fed before a cut (or a tear)."""
    return FEED_LINES * LINE_DOTS


def length_dots(blocks: tuple[Block, ...] | list[Block], width_px: int) -> int:
    """The paper these blocks take, in dots, as the printer is told to print them."""
    return sum(_block_dots(block, width_px) for block in blocks)


def _block_dots(block: Block, width_px: int) -> int:
    if isinstance(block, (Text, Columns)):
        return sum(line.dots for line in printed_lines(block, width_px))
    if isinstance(block, Raster):
        return block.height
    if isinstance(block, QR):
        import qrcode  # installed with python-escpos; only a QR code's size needs it

        code = qrcode.QRCode(border=QR_BORDER, box_size=QR_BOX)
        code.add_data(block.data)
        code.make(fit=True)
        return int(code.modules_count + 2 * QR_BORDER) * QR_BOX
    return RULE_DOTS if isinstance(block, Rule) else feed_dots()


def _check(condition: bool, sentence: str) -> None:
    if not condition:
        raise DocumentError(sentence)


def _block(item: Any) -> Block:
    _check(isinstance(item, dict) and item.get("kind") in KINDS, "each block has a kind: " + ", ".join(KINDS))
    kind = KINDS[item["kind"]]
    fields = {f.name: f for f in dataclasses.fields(kind)}
    values = {k: v for k, v in item.items() if k != "kind"}
    unknown = sorted(set(values) - set(fields))
    _check(not unknown, f"a {item['kind']} block has no field {unknown[:1]}")
    if kind is Raster and isinstance(values.get("data"), str):
        try:
            values["data"] = base64.b64decode(values["data"], validate=True)
        except (binascii.Error, ValueError):
            raise DocumentError("a picture's data is not base64") from None
    for name, field in fields.items():
        given = name in values or field.default is not dataclasses.MISSING
        _check(given, f"a {item['kind']} block needs {name!r}")
        wanted = FIELD_TYPES[str(field.type)]
        value = values.get(name, field.default)
        _check(type(value) is wanted, f"a {item['kind']} block's {name!r} is a {wanted.__name__}")
        if wanted is str:
            _check(value.isprintable(), f"a {item['kind']} block's {name!r} holds control characters")
    return kind(**values)


def _block_dict(block: Block) -> dict[str, Any]:
    kind = next(name for name, cls in KINDS.items() if isinstance(block, cls))
    fields = dict(vars(block))
    if isinstance(block, Raster):
        fields["data"] = base64.b64encode(block.data).decode()
    return {"kind": kind, **fields}
