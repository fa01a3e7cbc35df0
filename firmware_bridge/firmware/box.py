"""The die box's firmware logic, the same on the Pico and on the desk.

Everything it touches goes through `io`, which provides:
  read() -> bytes available now (never blocks)      write(data)
  spi_write(two_bytes) (chip select handled)         now_ms() -> int, never wraps
  button_down() -> bool                              idle() (sleep a little; the main loop's pace)
"""

try:
    from firmware_bridge import protocol
    from firmware_bridge.firmware import tumble
    from firmware_bridge.firmware.max7219 import Max7219
except ImportError:  # on the Pico every module sits in the root folder
    import protocol  # type: ignore[no-redef, import-not-found]
    import tumble  # type: ignore[no-redef, import-not-found]
    from max7219 import Max7219  # type: ignore[no-redef, import-not-found]

try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython: annotations are never evaluated there
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from firmware_bridge.firmware.io import BoxIO

FIRMWARE_VERSION = (2, 0, 0)
WIDTH = HEIGHT = 8
CAPS = protocol.CAP_BUTTON | protocol.CAP_BRIGHTNESS | protocol.CAP_ROLL
DEBOUNCE_MS = 20
LONG_PRESS_MS = 800
TUMBLE_START_MS = 50  # the first tumble steps are quick, then the die slows down
TUMBLE_SLOWDOWN_MS = 15
DEFAULT_BRIGHTNESS = 8
HELLO_ID = protocol.BY_NAME["hello"][0]
BLANK: "tuple[int, ...]" = (0,) * 8


class Button:
    """Debounced button: a press when released before LONG_PRESS_MS, a long press once held that long."""

    def __init__(self, now: int) -> None:
        self.down = False
        self.raw = False
        self.raw_since = now
        self.down_since = now
        self.long_sent = False

    def sample(self, raw: bool, now: int) -> int | None:
        """The event this sample completes (protocol.PRESS / LONG_PRESS) or None."""
        if raw != self.raw:
            self.raw, self.raw_since = raw, now
        stable = now - self.raw_since >= DEBOUNCE_MS
        if stable and raw != self.down:
            self.down = raw
            if raw:
                self.down_since, self.long_sent = now, False
                return None
            return None if self.long_sent else protocol.PRESS
        if self.down and not self.long_sent and now - self.down_since >= LONG_PRESS_MS:
            self.long_sent = True
            return protocol.LONG_PRESS
        return None


class Box:
    def __init__(self, io: "BoxIO") -> None:
        self.io = io
        self.decoder = protocol.Decoder()
        self.display = Max7219(io.spi_write)
        self.boot_ms = io.now_ms()
        self.button = Button(self.boot_ms)
        self.face = BLANK  # the 8 rows shown (or landed on, once a roll ends)
        self.level = DEFAULT_BRIGHTNESS
        self.last_seq = -1  # the last command executed, so a retried frame is answered, not re-run
        self.last_reply = b""
        self.tx_seq = 0
        self.roll_end = -1
        self.roll_face = BLANK
        self.roll_step = 0
        self.roll_next = 0
        self.test_end = -1
        self.display.start(self.level)

    def poll(self) -> None:
        """One pass of the main loop: read, answer, animate, watch the button."""
        data = self.io.read()
        if data:
            for seq, msg_id, payload in self.decoder.feed(data):
                self.handle(seq, msg_id, payload)
        now = self.io.now_ms()
        self.animate(now)
        event = self.button.sample(self.io.button_down(), now)
        if event:
            self.send("button", {"kind": event})

    def run(self) -> None:
        while True:
            self.poll()
            self.io.idle()

    def send(self, name: str, fields: dict[str, int]) -> None:
        self.tx_seq = (self.tx_seq + 1) & 0xFF
        self.io.write(protocol.encode(name, self.tx_seq, fields))

    def handle(self, seq: int, msg_id: int, payload: bytes) -> None:
        if seq == self.last_seq and msg_id != HELLO_ID:  # hello always runs: it opens a new session
            self.io.write(self.last_reply)
            return
        try:
            name, fields = protocol.parse(msg_id, payload)
            reply = self.execute(seq, name, fields)
        except protocol.ProtocolError:
            reason = protocol.NAK_PAYLOAD if msg_id in protocol.BY_ID else protocol.NAK_UNKNOWN
            reply = ("nak", {"seq": seq, "reason": reason})
        self.tx_seq = (self.tx_seq + 1) & 0xFF
        self.last_seq = seq
        self.last_reply = protocol.encode(reply[0], self.tx_seq, reply[1])
        self.io.write(self.last_reply)

    def execute(self, seq: int, name: str, fields: dict[str, int]) -> tuple[str, dict[str, int]]:
        """Run a host command; the reply as (message, fields). ProtocolError for a bad value."""
        if name == "hello":
            major, minor, patch = FIRMWARE_VERSION
            return (
                "identify",
                {
                    "seq": seq,
                    "protocol": protocol.PROTOCOL_VERSION,
                    "major": major,
                    "minor": minor,
                    "patch": patch,
                    "width": WIDTH,
                    "height": HEIGHT,
                    "caps": CAPS,
                },
            )
        if name == "ping":
            return (
                "status",
                {
                    "seq": seq,
                    "uptime_ms": (self.io.now_ms() - self.boot_ms) & 0xFFFFFFFF,
                    "dropped": min(self.decoder.dropped, 0xFFFF),
                },
            )
        if name == "show":
            self.show(protocol.face_rows(fields))
        elif name == "roll":
            self.start_roll(fields["ms"], protocol.face_rows(fields))
        elif name == "brightness":
            self.set_brightness(fields["level"])
        elif name == "test":
            self.display.test(True)
            self.test_end = self.io.now_ms() + fields["ms"]
        else:
            raise protocol.ProtocolError("the box does not take " + name)
        return ("ack", {"seq": seq})

    def show(self, rows: tuple[int, ...]) -> None:
        self.roll_end = -1
        self.face = rows
        self.display.rows(rows)

    def set_brightness(self, level: int) -> None:
        if level > protocol.MAX_BRIGHTNESS:
            raise protocol.ProtocolError("brightness is 0-15")
        self.level = level
        self.display.brightness(level)

    def start_roll(self, ms: int, rows: tuple[int, ...]) -> None:
        now = self.io.now_ms()
        self.face = rows  # the face the die lands on
        self.roll_end, self.roll_face, self.roll_step, self.roll_next = now + ms, rows, 0, now
        self.animate(now)

    def animate(self, now: int) -> None:
        if self.test_end >= 0 and now >= self.test_end:
            self.test_end = -1
            self.display.test(False)
        if self.roll_end < 0:
            return
        if now >= self.roll_end:
            self.show(self.roll_face)
        elif now >= self.roll_next:
            self.display.rows(tumble.frame(self.roll_step))
            self.roll_step += 1
            self.roll_next = now + TUMBLE_START_MS + TUMBLE_SLOWDOWN_MS * self.roll_step
