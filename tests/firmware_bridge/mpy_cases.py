"""Protocol and firmware cases that run unchanged under CPython (pytest) and MicroPython (Node).

No pytest, no random.Random, no typing: plain functions named case_*, plain asserts.
"""

try:
    from firmware_bridge import protocol
    from firmware_bridge.firmware import faces
    from firmware_bridge.firmware.box import DEBOUNCE_MS, LONG_PRESS_MS, Box
except ImportError:  # MicroPython: the modules sit flat on sys.path, as on the Pico
    import faces
    import protocol
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


SAMPLES = {
    "hello": {}, "show": {"face": 5}, "roll": {"ms": 800, "face": 103}, "brightness": {"level": 15},
    "test": {"ms": 65535}, "ping": {}, "ack": {"seq": 255}, "nak": {"seq": 1, "reason": 2},
    "identify": {"seq": 9, "protocol": 1, "major": 1, "minor": 2, "patch": 3, "width": 8, "height": 8, "caps": 7},
    "status": {"seq": 4, "uptime_ms": 4294967295, "dropped": 12, "face": 0}, "button": {"kind": 2},
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
    for name, fields in (("show", {"face": 256}), ("roll", {"ms": -1, "face": 1}), ("nope", {}), ("show", {})):
        try:
            protocol.encode(name, 1, fields)
        except protocol.ProtocolError:
            continue
        raise AssertionError("encoded " + name + " " + repr(fields))


def case_parse_refuses_unknown_ids_and_sizes():
    for msg_id, payload in ((0x7F, b""), (0x02, b""), (0x02, b"\x01\x02")):
        try:
            protocol.parse(msg_id, payload)
        except protocol.ProtocolError:
            continue
        raise AssertionError("parsed {} {}".format(msg_id, payload))


def case_frames_split_byte_by_byte_still_decode():
    stream = protocol.encode("show", 1, {"face": 3}) + protocol.encode("ping", 2)
    decoder = protocol.Decoder()
    frames = []
    for i in range(len(stream)):
        frames += decoder.feed(stream[i:i + 1])
    assert [f[0] for f in frames] == [1, 2]


def case_garbage_bad_crc_and_oversize_are_skipped_and_counted():
    good = protocol.encode("show", 7, {"face": 9})
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
            stream += frame[:position] + bytes((frame[position] ^ (1 + rng.below(255)),)) + frame[position + 1:]
        elif kind == 2:
            stream += frame[:rng.below(len(frame))]
        elif kind == 3:
            stream += bytes((protocol.SYNC, protocol.MAX_PAYLOAD + 1 + rng.below(200))) + rng.bytes(rng.below(4))
        else:
            stream += frame
            planted.append(frame)
    return stream, planted


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
            frames += decoder.feed(stream[position:position + step])
            position += step
        assert len(decoder.buffer) < protocol.OVERHEAD + protocol.MAX_PAYLOAD
        wire = [protocol.encode(protocol.BY_ID[m][1], s, protocol.parse(m, p)[1]) for s, m, p in frames]
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


def exchange(box, io, name, seq, fields=None):
    """Send one command to the box; its answers as (name, fields)."""
    io.incoming += protocol.encode(name, seq, fields or {})
    box.poll()
    answers = [protocol.parse(m, p) for _, m, p in protocol.Decoder().feed(io.outgoing)]
    io.outgoing = b""
    return answers


def case_box_hello_identifies_itself():
    io = FakeIO()
    box = Box(io)
    [(name, fields)] = exchange(box, io, "hello", 1)
    assert name == "identify" and fields["seq"] == 1
    assert fields["protocol"] == protocol.PROTOCOL_VERSION and (fields["width"], fields["height"]) == (8, 8)


def case_box_shows_faces_and_acks():
    io = FakeIO()
    box = Box(io)
    assert exchange(box, io, "show", 5, {"face": protocol.FACES["swords"]}) == [("ack", {"seq": 5})]
    assert io.rows() == faces.bitmap(protocol.FACES["swords"])


def case_a_repeated_frame_is_acked_not_run_again():
    io = FakeIO()
    box = Box(io)
    exchange(box, io, "show", 8, {"face": 3})
    exchange(box, io, "show", 9, {"face": 4})
    assert exchange(box, io, "show", 9, {"face": 4}) == [("ack", {"seq": 9})]
    assert box.face == 4
    box.face = 1  # had the retry run again, it would show 4
    exchange(box, io, "show", 9, {"face": 4})
    assert box.face == 1


def case_bad_commands_get_a_nak():
    io = FakeIO()
    box = Box(io)
    assert exchange(box, io, "show", 3, {"face": 99}) == [("nak", {"seq": 3, "reason": protocol.NAK_PAYLOAD})]
    assert exchange(box, io, "brightness", 4, {"level": 16}) == [("nak", {"seq": 4, "reason": protocol.NAK_PAYLOAD})]
    body = bytes((0, 5, 0x70))
    crc = protocol.crc16(body)
    io.incoming += bytes((protocol.SYNC,)) + body + bytes((crc >> 8, crc & 0xFF))
    box.poll()
    [(_, _, payload)] = protocol.Decoder().feed(io.outgoing)
    assert protocol.parse(0x81, payload)[1] == {"seq": 5, "reason": protocol.NAK_UNKNOWN}


def case_ping_reports_uptime_dropped_frames_and_face():
    io = FakeIO()
    box = Box(io)
    io.incoming += b"\x7e\x01\x00\x02\x05\x00\x00"  # a show with a broken CRC
    box.poll()
    io.now += 2500
    [(name, fields)] = exchange(box, io, "ping", 6)
    assert name == "status" and fields["uptime_ms"] == 2500 and fields["dropped"] == 1


def case_a_roll_tumbles_then_lands():
    io = FakeIO()
    box = Box(io)
    exchange(box, io, "roll", 2, {"ms": 500, "face": 106})
    seen = set()
    for _ in range(60):
        io.now += 10
        box.poll()
        seen.add(io.rows())
    assert len(seen) > 3  # it tumbled through several faces
    assert io.rows() == faces.bitmap(106) and box.face == 106


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
    for state in ((True, False, True) if bounce else (True,)):
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
                io.incoming += protocol.encode("show", seq, {"face": 1 + rng.below(6)})
                sent.append(seq)
            io.incoming += rng.bytes(rng.below(30))
            for _ in range(3):
                box.poll()
            io.now += 5
        io.incoming += bytes(40)  # enough to flush any false frame still waiting for bytes
        box.poll()
        answered = [protocol.parse(m, p)[1]["seq"] for _, m, p in protocol.Decoder().feed(io.outgoing)
                    if protocol.BY_ID.get(m, (0, ""))[1] in ("ack", "nak")]
        for seq in sent:
            assert seq in answered


def case_every_face_has_a_bitmap():
    for name in protocol.FACES:
        rows = faces.bitmap(protocol.FACES[name])
        assert rows is not None and len(rows) == 8 and all(0 <= r <= 255 for r in rows), name
    assert faces.bitmap(12) is None


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
    print("micropython: {} passed, {} failed".format(passed, failed))
    if failed:
        raise SystemExit(1)
