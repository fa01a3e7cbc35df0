"""8x8 bitmaps of every face the die shows: rows top to bottom, bit 7 = leftmost LED.

Runs on MicroPython (the box) and CPython (the desk-mode die draws the same pixels).
"""

try:
    from firmware_bridge.protocol import FACES
except ImportError:  # on the Pico, protocol.py sits beside this file
    from protocol import FACES  # type: ignore[no-redef, import-not-found]


def _art(*rows: str) -> tuple[int, ...]:
    return tuple(int(row.replace(".", "0").replace("#", "1"), 2) for row in rows)


ICONS: dict[str, tuple[int, ...]] = {
    "blank": (0, 0, 0, 0, 0, 0, 0, 0),
    "swords": _art("#......#", "##....##", ".##..##.", "..####..", "...##...", "..####..", "##.##.##", "##....##"),
    "map": _art("########", "#..#...#", "#..#.#.#", "####.#.#", "#....###", "#.##...#", "#..#...#", "########"),
    "cannonball": _art("......#.", ".....#..", "..####..", ".######.", ".######.", ".######.", ".######.", "..####.."),
    "question": _art("..####..", ".##..##.", ".....##.", "....##..", "...##...", "...##...", "........", "...##..."),
    "cross": _art("##....##", "###..###", ".######.", "..####..", "..####..", ".######.", "###..###", "##....##"),
}

# Die pips: 2x2 dots at rows/columns 1, 3 or 5.
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
    "01110100011001110101110011000101110", "00100011000010000100001000010001110",
    "01110100010000100010001000100011111", "11111000100010000010000011000101110",
    "00010001100101010010111110001000010", "11111100001111000001000011000101110",
    "00110010001000011110100011000101110", "11111000010001000100010000100001000",
    "01110100011000101110100011000101110", "01110100011000101111000010001001100",
)
_SMALL = (
    "111101101101111", "010110010010111", "111001111100111", "111001111001111", "101101111001001",
    "111100111001111", "111100111101111", "111001001010010", "111101111101111", "111101111001111",
)


def _pips(count: int) -> tuple[int, ...]:
    rows = [0] * 8
    for row, column in _PIPS[count]:
        for r in (row, row + 1):
            rows[r] |= (0xC0 >> column)
    return tuple(rows)


def _glyph(bits: str, width: int, height: int, top: int, left: int, rows: list[int]) -> None:
    for y in range(height):
        for x in range(width):
            if bits[y * width + x] == "1":
                rows[top + y] |= 0x80 >> (left + x)


def _number(value: int) -> tuple[int, ...]:
    rows = [0] * 8
    if value < 10:
        _glyph(_BIG[value], 5, 7, 0, 1, rows)
    else:
        _glyph(_SMALL[value // 10], 3, 5, 1, 0, rows)
        _glyph(_SMALL[value % 10], 3, 5, 1, 4, rows)
    return tuple(rows)


def bitmap(code: int) -> tuple[int, ...] | None:
    """The 8 row bytes of a face code (see protocol.FACES); None for an unknown code."""
    if 1 <= code <= 6:
        return _pips(code)
    if 100 <= code <= 199:
        return _number(code - 100)
    for name in ICONS:
        if FACES[name] == code:
            return ICONS[name]
    return None


def tumble(step: int) -> tuple[int, ...]:
    """The die face shown at step `step` of a roll animation: the pips in a fixed, lively order."""
    return _pips((1, 4, 2, 6, 3, 5)[step % 6])
