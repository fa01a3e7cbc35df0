"""The host link against the fake box: real firmware logic behind a real pty, opened by pyserial."""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future

import pytest

from firmware_bridge import protocol
from firmware_bridge.fakebox import FakeBox
from firmware_bridge.link import DieLink, DieOffline

# Faces invented for these tests (no game's): the box draws whatever 8 rows it is sent.
FACE = {
    "cannonball": (0x02, 0x04, 0x3C, 0x7E, 0x7E, 0x7E, 0x7E, 0x3C),
    "map": (0xFF, 0x91, 0x95, 0xF5, 0x87, 0xB1, 0x91, 0xFF),
    "swords": (0x81, 0xC3, 0x66, 0x3C, 0x18, 0x3C, 0xDB, 0xC3),
    "cross": (0xC3, 0xE7, 0x7E, 0x3C, 0x3C, 0x7E, 0xE7, 0xC3),
    "question": (0x3C, 0x66, 0x06, 0x0C, 0x18, 0x18, 0x00, 0x18),
    "one": (0, 0, 0, 0x18, 0x18, 0, 0, 0),
    "two": (0, 0x60, 0x60, 0, 0, 0x06, 0x06, 0),
    "three": (0, 0x60, 0x60, 0x18, 0x18, 0x06, 0x06, 0),
    "four": (0, 0x66, 0x66, 0, 0, 0x66, 0x66, 0),
    "six": (0, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0),
}


class Events:
    def __init__(self) -> None:
        self.seen: list[tuple[str, object]] = []
        self.changed = threading.Condition()

    def __call__(self, event: str, detail: object) -> None:
        with self.changed:
            self.seen.append((event, detail))
            self.changed.notify_all()

    def wait_for(self, event: str, timeout_s: float = 5.0) -> object:
        with self.changed:
            assert self.changed.wait_for(lambda: any(e == event for e, _ in self.seen), timeout_s), self.seen
            return next(d for e, d in self.seen if e == event)

    def names(self) -> list[str]:
        return [e for e, _ in self.seen]


@pytest.fixture
def box(tmp_path):
    with FakeBox(tmp_path / "companion-die") as fake:
        yield fake


@pytest.fixture
def events():
    return Events()


@pytest.fixture
def link(box, events):
    die = DieLink(str(box.path), on_event=events, timeout_s=0.05, ping_s=0.2).start()
    assert die.wait_online(5)
    yield die
    die.close()


def wait_until(condition, timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        time.sleep(0.01)


def test_handshake_and_show(link, box):
    assert link.info.firmware == "2.0.0" and link.info.protocol == protocol.PROTOCOL_VERSION == 2
    assert link.show(FACE["cannonball"]).result(1).name == "ack"
    assert box.rows == list(FACE["cannonball"])


def test_button_presses_reach_the_host(link, box, events):
    box.press(0.1)
    assert events.wait_for("button") == "press"


def test_a_lost_reply_is_retried_and_not_run_twice(link, box):
    runs = []
    execute = box.box.execute
    box.box.execute = lambda *args: (runs.append(args[1]), execute(*args))[1]
    box.faults.corrupt_outgoing = 1
    assert link.roll(FACE["six"], 300).result(2).name == "ack"
    assert runs.count("roll") == 1


def test_a_lost_command_is_retried(link, box):
    box.faults.drop_incoming = 1
    assert link.show(FACE["map"]).result(2).name == "ack"
    assert box.face == FACE["map"]


def test_garbage_on_the_line_is_skipped(link, box):
    box.faults.noise = b"\x00\x7e\xff\x7e\x20garbage\x03\x7e"
    for face in ("one", "two", "question"):
        assert link.show(FACE[face]).result(2).name == "ack"
    assert box.face == FACE["question"]


def test_unplugged_shows_wait_and_the_latest_is_shown_on_replug(link, box, events):
    box.unplug()
    events.wait_for("offline")
    assert not link.online
    assert link.show(FACE["swords"]).result(0.5).name == "queued"
    assert link.show(FACE["map"]).result(0.5).name == "queued"
    with pytest.raises(DieOffline):
        link.roll(FACE["three"]).result(0.5)
    box.plug()
    assert link.wait_online(5)
    wait_until(lambda: box.face == FACE["map"])


def test_a_box_that_stops_answering_goes_offline_and_comes_back(link, box, events):
    box.stall(0.6)
    started = time.monotonic()
    future = link.show(FACE["cross"])
    assert time.monotonic() - started < 0.05  # the caller never waits for the box
    with pytest.raises(DieOffline, match="stopped answering"):
        future.result(3)
    assert events.wait_for("offline")
    assert link.wait_online(5)
    wait_until(lambda: box.face == FACE["cross"])


def test_a_reboot_is_noticed_and_the_face_restored(link, box, events):
    link.brightness(3).result(1)
    link.show(FACE["four"]).result(1)
    time.sleep(0.3)  # the box has been up a while (a ping has seen it)
    box.reboot()
    events.wait_for("rebooted")
    wait_until(lambda: box.face == FACE["four"] and box.io.brightness == 3)


def test_other_protocol_versions_are_refused_with_both_numbers(tmp_path, events, monkeypatch):
    from firmware_bridge.firmware import box as firmware

    real_execute = firmware.Box.execute

    def newer(self, seq, name, fields):
        reply = real_execute(self, seq, name, fields)
        if reply[0] == "identify":
            reply[1]["protocol"] = protocol.PROTOCOL_VERSION + 1
        return reply

    monkeypatch.setattr(firmware.Box, "execute", newer)
    with FakeBox(tmp_path / "die") as fake:
        link = DieLink(str(fake.path), on_event=events, timeout_s=0.05).start()
        message = events.wait_for("incompatible")
        link.close()
    assert (
        f"protocol {protocol.PROTOCOL_VERSION + 1}" in message
        and f"speaks protocol {protocol.PROTOCOL_VERSION}" in message
    )
    assert not link.online


def test_the_port_is_opened_exclusively(link, box):
    second = DieLink(str(box.path)).start()
    try:
        wait_until(lambda: second.problem is not None and "cannot be opened" in second.problem)
        assert not second.online
    finally:
        second.close()


def test_offline_commands_fail_at_once_with_a_sentence(tmp_path):
    link = DieLink(str(tmp_path / "nothing-here"), timeout_s=0.05).start()
    try:
        wait_until(lambda: link.problem == f"No die at {tmp_path / 'nothing-here'}: is it plugged in?")
        future: Future = link.ping()
        assert future.done() and isinstance(future.exception(), DieOffline)
    finally:
        link.close()


def test_bad_values_are_refused_in_the_callers_thread(link):
    with pytest.raises(protocol.ProtocolError, match="brightness.level must be 0-255"):
        link.brightness(300)


def test_a_face_that_is_not_eight_rows_is_refused_in_the_callers_thread(link):
    with pytest.raises(protocol.ProtocolError, match="a face is 8 rows, not 7"):
        link.show(FACE["map"][:7])
    with pytest.raises(protocol.ProtocolError, match="row3 must be 0-255"):
        link.roll((0, 0, 0, 256, 0, 0, 0, 0))


def _hello_answers(monkeypatch, answers: list[str]) -> None:
    """The fake box answers each hello with the next of `answers` ("ack", "status", "nak"), then
    identifies itself as the real firmware does."""
    from firmware_bridge.firmware import box as firmware

    real_execute = firmware.Box.execute

    def odd(self, seq, name, fields):
        if name == "hello" and answers:
            answer = answers.pop(0)
            if answer == "nak":
                raise protocol.ProtocolError("refused")  # the firmware NAKs what raises this
            return ("ack", {"seq": seq}) if answer == "ack" else real_execute(self, seq, "ping", {})
        return real_execute(self, seq, name, fields)

    monkeypatch.setattr(firmware.Box, "execute", odd)


@pytest.mark.parametrize("answers", [["ack"], ["status"], ["nak"], ["nak", "status", "ack", "nak"]])
def test_a_wrong_answer_to_hello_is_asked_again(tmp_path, events, monkeypatch, answers):
    _hello_answers(monkeypatch, answers)
    with FakeBox(tmp_path / "die") as fake:
        link = DieLink(str(fake.path), on_event=events, timeout_s=0.05, reconnect_s=0.05).start()
        try:
            assert link.wait_online(5), link.problem
            assert link.show(FACE["map"]).result(2).name == "ack" and fake.face == FACE["map"]
        finally:
            link.close()
    assert answers == []


def test_a_box_that_never_identifies_itself_is_named_and_found_once_it_does(tmp_path, events, monkeypatch):
    answers = ["ack"] * 1000
    _hello_answers(monkeypatch, answers)
    with FakeBox(tmp_path / "die") as fake:
        link = DieLink(str(fake.path), on_event=events, timeout_s=0.05, reconnect_s=0.05).start()
        try:
            wait_until(lambda: link.problem is not None and "identify" in link.problem)
            assert link.problem == (
                f"The die at {fake.path} does not identify itself "
                "(it answered hello with ack, ack, ack); trying again."
            )
            assert not link.online
            answers.clear()  # the box is flashed with the right firmware
            assert link.wait_online(5)
        finally:
            link.close()
