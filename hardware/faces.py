"""Die faces: what the LED die box shows, 8 rows of 8 pixels. Knows no game.

The generic faces live here: blank, a d6's pips, numbers 0-99 (a d10's digits 0-9, its ten shown
as "0" like the physical die), a question mark, a cross. A game ships its own faces as data
(`assets/<game>/die-faces.toml`, read by `parse_faces`): the box draws whatever rows it is sent.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass

SIZE = 8  # rows, and pixels a row
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_ART_ROW = re.compile(r"[#.]{8}")


class FaceError(ValueError):
    """A face that is not 8 rows of 8 pixels; `field` says where, `problem` what is wrong."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field, self.problem = field, problem


@dataclass(frozen=True)
class Face:
    """A face the die shows: `rows` top to bottom, bit 7 of each row = the leftmost LED."""

    name: str
    rows: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.fullmatch(self.name):
            raise FaceError(f"face {self.name!r}", "a name is 1-40 lower-case letters, digits, '-' or '_'")
        rows = self.rows
        if not isinstance(rows, tuple) or len(rows) != SIZE or not all(_is_byte(r) for r in rows):
            raise FaceError(f"face {self.name}", f"must be {SIZE} rows, each a number 0-255")

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "rows": list(self.rows)}

    @classmethod
    def from_dict(cls, data: object) -> Face:
        """The face `to_dict` wrote; FaceError for anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
            raise FaceError("face", 'must be {"name": ..., "rows": [8 numbers]}')
        return cls(data.get("name"), tuple(data["rows"]))  # type: ignore[arg-type]  # __post_init__ checks


def _is_byte(value: object) -> bool:
    return type(value) is int and 0 <= value <= 255  # not a bool, though bools are ints


def art(*lines: str) -> tuple[int, ...]:
    """Rows from pictures: "#" lit, "." dark, leftmost first."""
    return tuple(int(line.replace(".", "0").replace("#", "1"), 2) for line in lines)


BLANK = Face("blank", (0,) * SIZE)
QUESTION = Face(
    "question",
    art("..####..", ".##..##.", ".....##.", "....##..", "...##...", "...##...", "........", "...##..."),
)
CROSS = Face(
    "cross",
    art("##....##", "###..###", ".######.", "..####..", "..####..", ".######.", "###..###", "##....##"),
)

# A d6's pips: 2x2 dots at rows/columns 1, 3 or 5.
_PIPS = {
    1: ((3, 3),),
    2: ((1, 1), (5, 5)),
    3: ((1, 1), (3, 3), (5, 5)),
    4: ((1, 1), (1, 5), (5, 1), (5, 5)),
    5: ((1, 1), (1, 5), (3, 3), (5, 1), (5, 5)),
    6: ((1, 1), (3, 1), (5, 1), (1, 5), (3, 5), (5, 5)),
}

# 5x7 digits for one-digit numbers, 3x5 digits for two.
_BIG = (
    "01110100011001110101110011000101110",
    "00100011000010000100001000010001110",
    "01110100010000100010001000100011111",
    "11111000100010000010000011000101110",
    "00010001100101010010111110001000010",
    "11111100001111000001000011000101110",
    "00110010001000011110100011000101110",
    "11111000010001000100010000100001000",
    "01110100011000101110100011000101110",
    "01110100011000101111000010001001100",
)
_SMALL = (
    "111101101101111",
    "010110010010111",
    "111001111100111",
    "111001111001111",
    "101101111001001",
    "111100111001111",
    "111100111101111",
    "111001001010010",
    "111101111101111",
    "111101111001111",
)


def pips(count: int) -> Face:
    """A d6 showing `count` (1-6)."""
    if count not in _PIPS:
        raise FaceError(f"pips-{count}", "a d6 shows 1 to 6 pips")
    rows = [0] * SIZE
    for row, column in _PIPS[count]:
        for r in (row, row + 1):
            rows[r] |= 0xC0 >> column
    return Face(f"pips-{count}", tuple(rows))


def number(value: int) -> Face:
    """`value` (0-99) in digits: one big digit (a d10's face), or two small ones."""
    if not 0 <= value <= 99:
        raise FaceError(f"number-{value}", "the die shows numbers 0 to 99")
    rows = [0] * SIZE
    if value < 10:
        _glyph(_BIG[value], 5, 7, 0, 1, rows)
    else:
        _glyph(_SMALL[value // 10], 3, 5, 1, 0, rows)
        _glyph(_SMALL[value % 10], 3, 5, 1, 4, rows)
    return Face(f"number-{value}", tuple(rows))


def _glyph(bits: str, width: int, height: int, top: int, left: int, rows: list[int]) -> None:
    for y in range(height):
        for x in range(width):
            if bits[y * width + x] == "1":
                rows[top + y] |= 0x80 >> (left + x)


def parse_faces(text: str, source: str) -> dict[str, Face]:
    """A game's faces from TOML text: a `[faces]` table, each `name = [8 strings of 8 "#" or "."]`.
    FaceError names `source` and the field at fault."""
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # bad TOML, a number past 4,300 digits, deep nesting
        raise FaceError(source, f"not valid TOML ({exc})") from None
    for key in data:
        if key != "faces":
            raise FaceError(f"{source}: {key}", "is not known here (the file holds one [faces] table)")
    table = data.get("faces")
    if not isinstance(table, dict) or not table:
        raise FaceError(f"{source}: faces", "must be a table of at least one face")
    return {name: _face_from_art(name, picture, f"{source}: faces.{name}") for name, picture in table.items()}


def _face_from_art(name: str, picture: object, field: str) -> Face:
    if not _NAME.fullmatch(name):
        raise FaceError(field, "a face's name is 1-40 lower-case letters, digits, '-' or '_'")
    if not isinstance(picture, list) or len(picture) != SIZE:
        raise FaceError(field, f"must be a list of {SIZE} rows")
    for index, line in enumerate(picture, start=1):
        if not isinstance(line, str) or not _ART_ROW.fullmatch(line):
            raise FaceError(field, f"row {index} must be {SIZE} characters, each '#' (lit) or '.' (dark)")
    return Face(name, art(*picture))
