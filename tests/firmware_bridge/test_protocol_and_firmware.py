"""The MicroPython-compatible cases, under CPython; plus what only CPython can check."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import protocol

from . import mpy_cases


@pytest.mark.parametrize("case", [c for _, c in mpy_cases.cases()], ids=[n for n, _ in mpy_cases.cases()])
def test_case(case):
    case()


@pytest.mark.slow
def test_100000_fuzzed_streams_decode_their_good_frames():
    """Each stream: no exception, a bounded buffer, and a good frame lost only to a phantom (a frame
    cut before its last CRC byte, followed by a SYNC that happens to complete it: 1 in 256)."""
    found, planted = mpy_cases.check_fuzz(100_000, seed=2026)
    assert planted > 100_000 and found / planted > 0.999


def test_pure_crc_matches_the_c_one():
    for size in range(0, 200, 7):
        data = os.urandom(size)
        assert protocol.crc16_pure(data) == protocol.crc16(data)


@settings(max_examples=300, deadline=None)
@given(chunks=st.lists(st.binary(max_size=80), max_size=12))
def test_any_bytes_in_any_chunks_never_break_the_decoder(chunks):
    decoder = protocol.Decoder()
    for chunk in chunks:
        for seq, _msg_id, payload in decoder.feed(chunk):
            assert 0 <= seq <= 255 and len(payload) <= protocol.MAX_PAYLOAD
        assert len(decoder.buffer) < protocol.OVERHEAD + protocol.MAX_PAYLOAD
