"""LED die figures: round trips over the pty fake (ping, and a face sent as 8 row bytes), decoder
speed, wire time, reconnect time.

Run: .venv/bin/python benchmarks/die.py   (or `make bench`)
Goals (docs/benchmarks.md): round-trip median <= 5 ms, decoder >= 50,000 frames/s on CPython,
back online within 2 s of the box coming back.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from firmware_bridge import protocol  # noqa: E402
from firmware_bridge.fakebox import FakeBox  # noqa: E402
from firmware_bridge.link import DieLink, Reply  # noqa: E402

# Two faces the box alternates between (invented for the benchmark), so every show redraws.
FACES = ((0x00, 0x66, 0x66, 0x18, 0x18, 0x66, 0x66, 0x00), (0xC3, 0xE7, 0x7E, 0x3C, 0x3C, 0x7E, 0xE7, 0xC3))


def round_trips_ms(command: Callable[[int], Future[Reply]], count: int = 2000) -> list[float]:
    """Milliseconds from giving command(i) to its answer, sorted."""
    samples = []
    for i in range(count):
        start = time.perf_counter()
        command(i).result(1)
        samples.append((time.perf_counter() - start) * 1000)
    return sorted(samples)


def report(what: str, samples: list[float]) -> None:
    print(
        f"round trip ({what}) over the pty fake: median {statistics.median(samples):.2f} ms, "
        f"p99 {samples[int(len(samples) * 0.99)]:.2f} ms  [goal: median <= 5 ms]"
    )


def reconnect_s(box: FakeBox, link: DieLink, times: int = 10) -> list[float]:
    samples = []
    for _ in range(times):
        box.unplug()
        while link.online:
            time.sleep(0.001)
        time.sleep(0.3)  # the box stays away a moment
        box.plug()
        start = time.perf_counter()
        if not link.wait_online(10):
            raise RuntimeError("the link did not come back")
        samples.append(time.perf_counter() - start)
    return samples


def decoder_frames_per_s(frames: int = 200_000, chunk: int = 4096) -> float:
    stream = b"".join(
        protocol.encode("status", i & 0xFF, {"seq": i & 0xFF, "uptime_ms": i, "dropped": 0})
        for i in range(frames)
    )
    decoder = protocol.Decoder()
    start = time.perf_counter()
    decoded = 0
    for offset in range(0, len(stream), chunk):
        decoded += len(decoder.feed(stream[offset : offset + chunk]))
    elapsed = time.perf_counter() - start
    assert decoded == frames
    return frames / elapsed


def main() -> None:
    with tempfile.TemporaryDirectory() as folder, FakeBox(Path(folder) / "die") as box:
        link = DieLink(str(box.path), ping_s=3600).start()
        if not link.wait_online(5):
            raise RuntimeError("the fake box did not answer")
        report("ping -> status", round_trips_ms(lambda i: link.ping()))
        report("show, a face as 8 row bytes -> ack", round_trips_ms(lambda i: link.show(FACES[i % 2])))
        back = reconnect_s(box, link)
        print(
            f"back online after the box returns: median {statistics.median(back):.2f} s, "
            f"worst {max(back):.2f} s  [goal <= 2 s]"
        )
        link.close()
    print(
        f"decoder, CPython: {decoder_frames_per_s():,.0f} frames/s (status frames, 4 KiB reads)  "
        "[goal >= 50,000]"
    )
    print(f"wire time at {protocol.BAUD} baud (10 bits a byte; USB CDC is faster):")
    for entry in protocol.MESSAGES:
        size = protocol.frame_size(entry[1])
        print(f"  {entry[1]:<10} {size:>2} bytes  {size * 10 / protocol.BAUD * 1000:.2f} ms")


if __name__ == "__main__":
    main()
