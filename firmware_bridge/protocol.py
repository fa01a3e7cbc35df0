"""LED die wire protocol: one message table for the host (CPython) and the box (MicroPython).

This file runs unchanged on both; it is copied to the Pico beside the firmware. So: no typing,
no dataclasses, no __future__ (annotations are never evaluated on MicroPython and are plain
builtins on CPython 3.11).

Frame (Klipper style): SYNC LEN SEQ MSG PAYLOAD[LEN] CRC_HI CRC_LO
  SYNC 0x7E; LEN payload bytes (0-32); SEQ 0-255; MSG message id;
  CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over LEN..PAYLOAD, big endian.
A decoder skips bytes until a SYNC, drops (and counts) a frame whose length or CRC is wrong and
then resynchronises from the byte after that SYNC, so a good frame hidden in garbage is found. A
SYNC in garbage that announces more bytes than have come is dropped as soon as a complete good
frame is seen after it, so garbage cannot hold a good frame back until more bytes arrive.
"""

import struct

PROTOCOL_VERSION = 2  # 2: faces travel as 8 row bytes (1 named Milano 1848's icons by number)
SYNC = 0x7E
MAX_PAYLOAD = 32
OVERHEAD = 6  # SYNC, LEN, SEQ, MSG, 2 CRC bytes
BAUD = 115200  # USB CDC ignores it; kept for wire-time figures and real UART builds

HOST = "host"
BOX = "box"

# A face is 8 row bytes, top row first, bit 7 = leftmost LED: the box draws what the host sends
# and knows no game (each game ships its own faces; the host's hardware.faces has the generic ones).
ROWS = ("row0", "row1", "row2", "row3", "row4", "row5", "row6", "row7")

# id, name, sender, struct format of the payload, field names.
# Replies from the box start with the seq of the command they answer.
MESSAGES = (
    (0x01, "hello", HOST, "", ()),
    (0x02, "show", HOST, ">BBBBBBBB", ROWS),
    (0x03, "roll", HOST, ">HBBBBBBBB", ("ms",) + ROWS),
    (0x04, "brightness", HOST, ">B", ("level",)),
    (0x05, "test", HOST, ">H", ("ms",)),
    (0x06, "ping", HOST, "", ()),
    (0x80, "ack", BOX, ">B", ("seq",)),
    (0x81, "nak", BOX, ">BB", ("seq", "reason")),
    (
        0x82,
        "identify",
        BOX,
        ">BBBBBBBB",
        ("seq", "protocol", "major", "minor", "patch", "width", "height", "caps"),
    ),
    (0x83, "status", BOX, ">BIH", ("seq", "uptime_ms", "dropped")),
    (0x84, "button", BOX, ">B", ("kind",)),
)

BY_ID: dict[int, tuple[int, str, str, str, tuple[str, ...]]] = {}
BY_NAME: dict[str, tuple[int, str, str, str, tuple[str, ...]]] = {}
for _entry in MESSAGES:
    BY_ID[_entry[0]] = _entry
    BY_NAME[_entry[1]] = _entry

# nak reasons
NAK_UNKNOWN = 1  # no such message
NAK_PAYLOAD = 2  # wrong payload size or value

# button kinds
PRESS = 1
LONG_PRESS = 2

# capability bits in identify.caps
CAP_BUTTON = 1
CAP_BRIGHTNESS = 2
CAP_ROLL = 4

MAX_BRIGHTNESS = 15

_LIMITS = {"B": 0xFF, "H": 0xFFFF, "I": 0xFFFFFFFF}


class ProtocolError(ValueError):
    """A message that cannot be encoded or a payload that does not fit its message."""


def _make_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_TABLE = _make_table()


def crc16_pure(data: bytes | bytearray | memoryview, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE, table driven (MicroPython's path)."""
    table = _TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[(crc >> 8) ^ byte]
    return crc


try:
    from binascii import crc_hqx

    def crc16(data: bytes | bytearray | memoryview) -> int:
        return crc_hqx(data, 0xFFFF)  # CPython: the same CRC, in C
except ImportError:  # MicroPython

    def crc16(data: bytes | bytearray | memoryview) -> int:
        return crc16_pure(data)


def encode(name: str, seq: int, fields: dict[str, int] | None = None) -> bytes:
    """One frame: message `name`, frame sequence number `seq` (0-255), `fields` a dict of its
    fields (replies carry their own `seq` field: the command they answer). Raises ProtocolError."""
    fields = fields or {}
    entry = BY_NAME.get(name)
    if entry is None:
        raise ProtocolError("unknown message " + repr(name))
    msg_id, _, _, fmt, names = entry
    values: list[int] = []
    for index, field in enumerate(names):
        value = fields.get(field)
        limit = _LIMITS[fmt[1 + index]]
        if not isinstance(value, int) or not 0 <= value <= limit:
            raise ProtocolError("{}.{} must be 0-{}, not {!r}".format(name, field, limit, value))
        values.append(value)
    payload = struct.pack(fmt, *values) if names else b""
    body = bytes((len(payload), seq & 0xFF, msg_id)) + payload
    crc = crc16(body)
    return bytes((SYNC,)) + body + bytes((crc >> 8, crc & 0xFF))


def parse(msg_id: int, payload: bytes) -> tuple[str, dict[str, int]]:
    """(name, fields) of a decoded frame's message; ProtocolError for an unknown id or wrong size."""
    entry = BY_ID.get(msg_id)
    if entry is None:
        raise ProtocolError("unknown message id {}".format(msg_id))
    _, name, _, fmt, names = entry
    size = struct.calcsize(fmt) if names else 0
    if len(payload) != size:
        raise ProtocolError("{} carries {} payload bytes, not {}".format(name, size, len(payload)))
    values = struct.unpack(fmt, payload) if names else ()
    result: dict[str, int] = {}
    for field, value in zip(names, values):
        result[field] = value
    return name, result


def face_fields(rows: tuple[int, ...] | list[int]) -> dict[str, int]:
    """The fields of a face's 8 row bytes (for show and roll). ProtocolError for another count;
    encode checks each row is 0-255."""
    if len(rows) != len(ROWS):
        raise ProtocolError("a face is {} rows, not {}".format(len(ROWS), len(rows)))
    fields = {}
    for name, row in zip(ROWS, rows):
        fields[name] = row
    return fields


def face_rows(fields: dict[str, int]) -> tuple[int, ...]:
    """The 8 row bytes of a parsed show or roll."""
    return tuple(fields[name] for name in ROWS)


def frame_size(name: str) -> int:
    """Bytes on the wire for one frame of this message."""
    entry = BY_NAME[name]
    return OVERHEAD + (struct.calcsize(entry[3]) if entry[4] else 0)


_SYNC_BYTES = bytes((SYNC,))


def _crc_ok(buf: bytearray, start: int, end: int) -> bool:
    return crc16(memoryview(buf)[start + 1 : end - 2]) == (buf[end - 2] << 8) | buf[end - 1]


def _complete_frame_after(buf: bytearray, first: int, end_of_data: int) -> int:
    """Where the first complete, CRC-valid frame starting at or after `first` begins; -1 if none."""
    start = buf.find(_SYNC_BYTES, first)
    while 0 <= start < end_of_data - 1:
        end = start + OVERHEAD + buf[start + 1]
        if buf[start + 1] <= MAX_PAYLOAD and end <= end_of_data and _crc_ok(buf, start, end):
            return start
        start = buf.find(_SYNC_BYTES, start + 1)
    return -1


class Decoder:
    """Turns a byte stream into frames (seq, msg_id, payload). Never raises on any input."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.dropped = 0  # frames with a bad length or CRC
        self.skipped = 0  # bytes outside any frame

    def feed(self, data: bytes) -> list[tuple[int, int, bytes]]:
        """Frames completed by `data`, oldest first; a partial frame waits for the next call."""
        buf = self.buffer + data
        frames: list[tuple[int, int, bytes]] = []
        pos = 0
        end_of_data = len(buf)
        while True:
            start = buf.find(_SYNC_BYTES, pos)
            if start < 0:
                self.skipped += end_of_data - pos
                pos = end_of_data
                break
            self.skipped += start - pos
            if start + 1 >= end_of_data:
                pos = start
                break
            length = buf[start + 1]
            if length > MAX_PAYLOAD:
                self.dropped += 1
                pos = start + 1
                continue
            end = start + OVERHEAD + length
            if end > end_of_data:
                later = _complete_frame_after(buf, start + 1, end_of_data)
                if later < 0:
                    pos = start  # wait for the rest
                    break
                self.dropped += 1  # a whole good frame lies inside: this SYNC was garbage
                self.skipped += later - start - 1
                pos = later
                continue
            if not _crc_ok(buf, start, end):
                self.dropped += 1
                pos = start + 1
                continue
            frames.append((buf[start + 2], buf[start + 3], bytes(buf[start + 4 : end - 2])))
            pos = end
        self.buffer = buf[pos:]
        return frames

    def reset(self) -> None:
        """Forget a partial frame (after a reconnect)."""
        self.buffer = bytearray()
