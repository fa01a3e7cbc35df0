"""The MicroPython-compatible cases, under CPython; plus what only CPython can check."""

from __future__ import annotations

import os

import pytest

from firmware_bridge import protocol

from . import mpy_cases


@pytest.mark.parametrize("case", [c for _, c in mpy_cases.cases()], ids=[n for n, _ in mpy_cases.cases()])
def test_case(case):
    case()


def test_100000_fuzzed_streams_decode_their_good_frames():
    """Each stream: no exception, a bounded buffer, and a good frame lost only to a phantom (a frame
    cut before its last CRC byte, followed by a SYNC that happens to complete it: 1 in 256)."""
    found, planted = mpy_cases.check_fuzz(100_000, seed=2026)
    assert planted > 100_000 and found / planted > 0.999


def test_pure_crc_matches_the_c_one():
    for size in range(0, 200, 7):
        data = os.urandom(size)
        assert protocol.crc16_pure(data) == protocol.crc16(data)
