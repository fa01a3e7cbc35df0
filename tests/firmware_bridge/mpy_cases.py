"""Protocol and firmware cases that run unchanged under CPython (pytest) and MicroPython (Node).

No pytest, no random.Random, no typing: plain functions named case_*, plain asserts.
"""

try:
    from firmware_bridge import protocol
    from firmware_bridge.firmware import tumble
    from firmware_bridge.firmware.box import DEBOUNCE_MS, LONG_PRESS_MS, Box
except ImportError:  # MicroPython: the modules sit flat on sys.path, as on the Pico
    import protocol
    import tumble
    from box import DEBOUNCE_MS, LONG_PRESS_MS, Box


class Rng:
    """xorshift32: the same numbers on every Python."""

    def __init__(self, seed):
        self.state = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n):
        return self.next() % n

    def bytes(self, n):
        return bytes(self.below(256) for _ in range(n))


# Faces invented for these cases (no game's): any 8 bytes are a face the box must draw as sent.
ARROW = (0x18, 0x3C, 0x5A, 0x99, 0x18, 0x18, 0x18, 0x18)  # no SYNC byte in it: see the CRC case
CHECKER = (0xAA, 0x55, 0xAA, 0x55, 0xAA, 0x55, 0xAA, 0x55)
EDGES = (0xFF, 0x81, 0x81, 0x81, 0x81, 0x81, 0x81, 0xFF)


def with_ms(ms, rows):
    fields = protocol.face_fields(rows)
    fields["ms"] = ms
    return fields


SAMPLES = {
    "hello": {},
    "show": protocol.face_fields(ARROW),
    "roll": with_ms(800, CHECKER),
    "brightness": {"level": 15},
    "test": {"ms": 65535},
    "ping": {},
    "ack": {"seq": 255},
    "nak": {"seq": 1, "reason": 2},
    "identify": {
        "seq": 9,
        "protocol": 2,
        "major": 1,
        "minor": 2,
        "patch": 3,
        "width": 8,
        "height": 8,
        "caps": 7,
    },
    "status": {"seq": 4, "uptime_ms": 4294967295, "dropped": 12},
    "button": {"kind": 2},
}


def case_crc_check_value():
    assert protocol.crc16(b"123456789") == 0x29B1
    assert protocol.crc16_pure(b"123456789") == 0x29B1


def case_every_message_round_trips():
    for name in protocol.BY_NAME:
        frame = protocol.encode(name, 200, SAMPLES[name])
        assert len(frame) == protocol.frame_size(name)
        decoded = protocol.Decoder().feed(frame)
        assert len(decoded) == 1
        seq, msg_id, payload = decoded[0]
        assert seq == 200
        assert protocol.parse(msg_id, payload) == (name, SAMPLES[name])


def case_encode_refuses_bad_values():
    too_bright = protocol.face_fields((0, 0, 0, 256, 0, 0, 0, 0))
    for name, fields in (("show", too_bright), ("roll", with_ms(-1, ARROW)), ("nope", {}), ("show", {})):
        try:
            protocol.encode(name, 1, fields)
        except protocol.ProtocolError:
            continue
        raise AssertionError("encoded " + name + " " + repr(fields))


def case_a_face_is_eight_rows():
    for rows in ((), ARROW[:7], ARROW + (0,)):
        try:
            protocol.face_fields(rows)
        except protocol.ProtocolError:
            continue
        raise AssertionError(f"took {len(rows)} rows")
    assert protocol.face_rows(protocol.face_fields(EDGES)) == EDGES


def case_parse_refuses_unknown_ids_and_sizes():
    wrong = ((0x7F, b""), (0x02, b""), (0x02, b"\x01\x02"), (0x02, bytes(7)), (0x02, bytes(9)))
    for msg_id, payload in wrong:
        try:
            protocol.parse(msg_id, payload)
        except protocol.ProtocolError:
            continue
        raise AssertionError(f"parsed {msg_id} {payload}")


def case_frames_split_byte_by_byte_still_decode():
    stream = protocol.encode("show", 1, SAMPLES["show"]) + protocol.encode("ping", 2)
    decoder = protocol.Decoder()
    frames = []
    for i in range(len(stream)):
        frames += decoder.feed(stream[i : i + 1])
    assert [f[0] for f in frames] == [1, 2]


def case_garbage_bad_crc_and_oversize_are_skipped_and_counted():
    good = protocol.encode("show", 7, SAMPLES["show"])
    bad_crc = good[:-1] + bytes((good[-1] ^ 1,))
    oversize = bytes((protocol.SYNC, protocol.MAX_PAYLOAD + 1, 0, 0))
    decoder = protocol.Decoder()
    frames = decoder.feed(b"noise" + bad_crc + oversize + good)
    assert [f[0] for f in frames] == [7]
    assert decoder.dropped == 2
    assert decoder.skipped > 0


def case_a_good_frame_inside_a_false_frame_is_found():
    good = protocol.encode("ping", 42)
    false_start = bytes((protocol.SYNC, 10, 0, 0))  # claims 10 payload bytes, swallowing the good frame
    frames = protocol.Decoder().feed(false_start + good + b"\x00" * 12)
    assert [f[0] for f in frames] == [42]


def fuzz_stream(rng):
    """A stream of garbage, good frames, corrupted, truncated and oversized ones, and its good frames."""
    stream, planted = b"", []
    for _ in range(1 + rng.below(8)):
        kind = rng.below(6)
        name = ("hello", "show", "roll", "ping", "ack", "status")[rng.below(6)]
        frame = protocol.encode(name, rng.below(256), SAMPLES[name])
        if kind == 0:
            stream += rng.bytes(rng.below(24))
        elif kind == 1:
            position = rng.below(len(frame))
            stream += (
                frame[:position] + bytes((frame[position] ^ (1 + rng.below(255)),)) + frame[position + 1 :]
            )
        elif kind == 2:
            stream += frame[: rng.below(len(frame))]
        elif kind == 3:
            stream += bytes((protocol.SYNC, protocol.MAX_PAYLOAD + 1 + rng.below(200))) + rng.bytes(
                rng.below(4)
            )
        else:
            stream += frame
            planted.append(frame)
    return stream, planted


def reencoded(seq, msg_id, payload):
    """The frame again, or None for a phantom no message fits (garbage whose CRC happened to match)."""
    try:
        name, fields = protocol.parse(msg_id, payload)
    except protocol.ProtocolError:
        return None
    return protocol.encode(name, seq, fields)


def check_fuzz(count, seed):
    """Every stream decodes without error; a planted frame may only be lost to a phantom frame
    (garbage that happens to carry a valid CRC and overlaps it)."""
    rng = Rng(seed)
    decoded_total = planted_total = 0
    for _ in range(count):
        stream, planted = fuzz_stream(rng)
        decoder = protocol.Decoder()
        frames = []
        position = 0
        while position < len(stream):
            step = 1 + rng.below(16)
            frames += decoder.feed(stream[position : position + step])
            position += step
        assert len(decoder.buffer) < protocol.OVERHEAD + protocol.MAX_PAYLOAD
        wire = [reencoded(s, m, p) for s, m, p in frames]
        found = 0
        for frame in wire:
            if found < len(planted) and frame == planted[found]:
                found += 1
        phantoms = len(wire) - found
        assert len(planted) - found <= phantoms, "a good frame was lost"
        decoded_total += found
        planted_total += len(planted)
    return decoded_total, planted_total


def case_fuzz_streams_decode_every_good_frame():
    found, planted = check_fuzz(300, 1)
    assert found == planted and planted > 100


class FakeIO:
    """Box's IO for tests: input queued by hand, a manual clock, the display's registers."""

    def __init__(self):
        self.incoming = b""
        self.outgoing = b""
        self.registers = {}
        self.now = 1000
        self.pressed = False

    def read(self):
        data, self.incoming = self.incoming, b""
        return data

    def write(self, data):
        self.outgoing += data

    def spi_write(self, data):
        self.registers[data[0]] = data[1]

    def now_ms(self):
        return self.now

    def button_down(self):
        return self.pressed

    def idle(self):
        pass

    def rows(self):
        return tuple(self.registers.get(r, 0) for r in range(1, 9))


def answers_to(box, io, frame):
    """Send one frame to the box; its answers as (name, fields)."""
    io.incoming += frame
    box.poll()
    answers = [protocol.parse(m, p) for _, m, p in protocol.Decoder().feed(io.outgoing)]
    io.outgoing = b""
    return answers


def exchange(box, io, name, seq, fields=None):
    """Send one command to the box; its answers as (name, fields)."""
    return answers_to(box, io, protocol.encode(name, seq, fields or {}))


def case_box_hello_identifies_itself():
    io = FakeIO()
    box = Box(io)
    [(name, fields)] = exchange(box, io, "hello", 1)
    assert name == "identify" and fields["seq"] == 1
    assert fields["protocol"] == protocol.PROTOCOL_VERSION and (fields["width"], fields["height"]) == (8, 8)


def case_box_draws_the_rows_it_is_sent_and_acks():
    io = FakeIO()
    box = Box(io)
    for seq, rows in ((5, ARROW), (6, CHECKER), (7, (0,) * 8), (8, (0xFF,) * 8)):
        assert exchange(box, io, "show", seq, protocol.face_fields(rows)) == [("ack", {"seq": seq})]
        assert io.rows() == rows and box.face == rows


def case_a_repeated_frame_is_acked_not_run_again():
    io = FakeIO()
    box = Box(io)
    exchange(box, io, "show", 8, protocol.face_fields(ARROW))
    exchange(box, io, "show", 9, protocol.face_fields(CHECKER))
    assert exchange(box, io, "show", 9, protocol.face_fields(CHECKER)) == [("ack", {"seq": 9})]
    assert box.face == CHECKER
    box.face = EDGES  # had the retry run again, it would show CHECKER
    exchange(box, io, "show", 9, protocol.face_fields(CHECKER))
    assert box.face == EDGES


def frame_of(seq, msg_id, payload):
    """A frame with a valid CRC around any payload (what encode would refuse to build)."""
    body = bytes((len(payload), seq, msg_id)) + payload
    crc = protocol.crc16(body)
    return bytes((protocol.SYNC,)) + body + bytes((crc >> 8, crc & 0xFF))


def case_a_face_of_the_wrong_length_is_refused_and_the_face_kept():
    io = FakeIO()
    box = Box(io)
    exchange(box, io, "show", 1, protocol.face_fields(ARROW))
    show, roll = protocol.BY_NAME["show"][0], protocol.BY_NAME["roll"][0]
    wrong = (
        (2, show, bytes(7)),
        (3, show, bytes(9)),
        (4, show, b""),
        (5, roll, bytes(9)),
        (6, roll, bytes(11)),
    )
    for seq, msg_id, payload in wrong:
        nak = ("nak", {"seq": seq, "reason": protocol.NAK_PAYLOAD})
        assert answers_to(box, io, frame_of(seq, msg_id, payload)) == [nak]
    assert box.face == ARROW and io.rows() == ARROW


def case_bad_commands_get_a_nak():
    io = FakeIO()
    box = Box(io)
    assert exchange(box, io, "brightness", 4, {"level": 16}) == [
        ("nak", {"seq": 4, "reason": protocol.NAK_PAYLOAD})
    ]
    unknown = ("nak", {"seq": 5, "reason": protocol.NAK_UNKNOWN})
    assert answers_to(box, io, frame_of(5, 0x70, b"")) == [unknown]


def case_ping_reports_uptime_and_dropped_frames():
    io = FakeIO()
    box = Box(io)
    io.incoming += b"\x7e\x01\x00\x02\x05\x00\x00"  # a show with a broken CRC
    box.poll()
    io.now += 2500
    [(name, fields)] = exchange(box, io, "ping", 6)
    assert name == "status" and fields == {"seq": 6, "uptime_ms": 2500, "dropped": 1}


def case_a_roll_tumbles_then_lands():
    io = FakeIO()
    box = Box(io)
    exchange(box, io, "roll", 2, with_ms(500, EDGES))
    seen = set()
    for _ in range(60):
        io.now += 10
        box.poll()
        seen.add(io.rows())
    assert len(seen) > 3  # it tumbled through several frames
    assert io.rows() == EDGES and box.face == EDGES


def case_test_lights_everything_for_a_while():
    io = FakeIO()
    box = Box(io)
    exchange(box, io, "test", 3, {"ms": 100})
    assert io.registers[0x0F] == 1
    io.now += 101
    box.poll()
    assert io.registers[0x0F] == 0


def presses(box, io, held_ms, bounce=False):
    """Hold the button for held_ms (with contact bounce first if asked); the button events sent."""
    for state in (True, False, True) if bounce else (True,):
        io.pressed = state
        box.poll()
        io.now += 2
    for _ in range(held_ms // 10):
        io.now += 10
        box.poll()
    io.pressed = False
    for _ in range(5):
        io.now += 10
        box.poll()
    events = [protocol.parse(m, p) for _, m, p in protocol.Decoder().feed(io.outgoing)]
    io.outgoing = b""
    return [fields["kind"] for name, fields in events if name == "button"]


def case_button_is_debounced_and_knows_a_long_press():
    io = FakeIO()
    box = Box(io)
    assert presses(box, io, 100, bounce=True) == [protocol.PRESS]
    assert presses(box, io, LONG_PRESS_MS + 100) == [protocol.LONG_PRESS]
    assert presses(box, io, DEBOUNCE_MS // 2 - 1) == []  # a glitch shorter than the debounce time


def case_the_box_survives_garbage_and_answers_every_command_in_it():
    rng = Rng(7)
    for _ in range(150):
        io = FakeIO()
        box = Box(io)
        sent = []
        for _ in range(1 + rng.below(5)):
            io.incoming += rng.bytes(rng.below(30))
            seq = 1 + rng.below(255)
            if seq != (sent[-1] if sent else None):
                io.incoming += protocol.encode("show", seq, protocol.face_fields(tuple(rng.bytes(8))))
                sent.append(seq)
            io.incoming += rng.bytes(rng.below(30))
            for _ in range(3):
                box.poll()
            io.now += 5
        io.incoming += bytes(40)  # enough to flush any false frame still waiting for bytes
        box.poll()
        answered = [
            protocol.parse(m, p)[1]["seq"]
            for _, m, p in protocol.Decoder().feed(io.outgoing)
            if protocol.BY_ID.get(m, (0, ""))[1] in ("ack", "nak")
        ]
        for seq in sent:
            assert seq in answered


def case_garbage_around_a_face_leaves_exactly_that_face():
    rng = Rng(11)
    for _ in range(50):
        io = FakeIO()
        box = Box(io)
        rows = tuple(rng.bytes(8))
        show = protocol.encode("show", 1 + rng.below(255), protocol.face_fields(rows))
        io.incoming += rng.bytes(rng.below(40)) + show
        io.incoming += rng.bytes(rng.below(40)) + bytes(40)
        box.poll()
        assert box.face == rows and io.rows() == rows


def case_tumble_frames_are_faces():
    assert len(tumble.FRAMES) > 3
    for step in range(len(tumble.FRAMES)):
        rows = tumble.frame(step)
        assert len(rows) == 8 and all(0 <= r <= 255 for r in rows)


def cases():
    found = []
    for name in sorted(globals()):
        if name.startswith("case_"):
            found.append((name, globals()[name]))
    return found


def run_all():
    """MicroPython's runner: prints each failure and the closing count; raises if any failed."""
    passed = failed = 0
    for name, case in cases():
        try:
            case()
            passed += 1
        except Exception as exc:  # report every case, not just the first failure
            failed += 1
            print("FAILED", name, repr(exc))
    print(f"micropython: {passed} passed, {failed} failed")
    if failed:
        raise SystemExit(1)
