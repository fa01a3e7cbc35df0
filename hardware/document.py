"""What a ticket says, as data: the only thing games hand to the printer (no printer code here)."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Text:
    text: str
    bold: bool = False
    size: int = 1  # 1 normal, 2 double height and width
    align: str = "left"  # left, center, right


@dataclass(frozen=True)
class Columns:
    """Two texts on one line: one at the left edge, one at the right."""
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
KINDS: dict[str, type[Block]] = {"text": Text, "columns": Columns, "rule": Rule, "raster": Raster, "qr": QR, "cut": Cut}


@dataclass(frozen=True)
class Document:
    title: str
    blocks: tuple[Block, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "blocks": [_block_dict(b) for b in self.blocks]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Document:
        blocks = []
        for item in data["blocks"]:
            fields = {k: v for k, v in item.items() if k != "kind"}
            if item["kind"] == "raster":
                fields["data"] = base64.b64decode(fields["data"])
            blocks.append(KINDS[item["kind"]](**fields))
        return cls(str(data["title"]), tuple(blocks))


def _block_dict(block: Block) -> dict[str, Any]:
    kind = next(name for name, cls in KINDS.items() if isinstance(block, cls))
    fields = dict(vars(block))
    if isinstance(block, Raster):
        fields["data"] = base64.b64encode(block.data).decode()
    return {"kind": kind, **fields}
