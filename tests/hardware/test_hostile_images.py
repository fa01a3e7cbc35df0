"""Hostile images (issue 14, C5): a header's claimed size is checked before anything is decoded."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import cv2
import pytest

from companion.cli import main
from hardware.camera import FolderSource, read_image
from hardware.scene import PlacedCard, Scene, render


def _png(width: int, height: int, rows: int = 0) -> bytes:
    """A PNG header claiming width x height (8-bit grey); `rows` real rows of zeros follow (all when
    rows == height), compressed as they would be in a real file."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    packer, row, data = zlib.compressobj(1), bytes(width + 1), []
    for start in range(0, rows, 1000):
        data.append(packer.compress(row * min(1000, rows - start)))
    data.append(packer.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(data)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def _table(path: Path) -> Path:
    cv2.imwrite(str(path), render(Scene((1280, 720), [PlacedCard(203, (400, 360))])))
    return path


def test_a_tiny_png_claiming_ten_billion_pixels_is_one_error_and_the_next_image_is_read(capsys, tmp_path):
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(_png(100_000, 100_000))
    assert len(bomb.read_bytes()) < 100
    good = _table(tmp_path / "table.png")
    code = main(["cards", "identify", str(bomb), str(good), str(bomb)])
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and err == "" and len(lines) == 3
    assert (
        lines[0]
        == lines[2]
        == {
            "image": str(bomb),
            "error": f"{bomb} claims 100000x100000 pixels, more than the 40,000,000 an image may have",
        }
    )
    assert [c["card"] for c in lines[1]["cards"]] == ["italy-04"]


def test_a_folder_camera_skips_a_bomb_and_keeps_reading(tmp_path):
    (tmp_path / "a.png").write_bytes(_png(100_000, 100_000))
    _table(tmp_path / "b.png")
    source = FolderSource(tmp_path)
    frame = source.read()
    assert frame is not None and frame.shape == (720, 1280) and source.read() is None


def test_a_real_32000_pixel_square_png_is_refused_without_decoding_it(tmp_path):
    big = tmp_path / "big.png"
    big.write_bytes(_png(32_000, 32_000, rows=32_000))
    # the child's own peak (VmHWM: its memory since exec; ru_maxrss would carry the test process's)
    script = (
        "import sys\nfrom pathlib import Path\nfrom hardware.camera import read_image\n"
        "try:\n    read_image(Path(sys.argv[1]))\nexcept OSError as exc:\n    print(exc)\n"
        "peak = next(line for line in open('/proc/self/status') if line.startswith('VmHWM:'))\n"
        "print(int(peak.split()[1]) // 1024)"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", script, str(big)], capture_output=True, text=True, check=True, cwd=root
    )
    message, peak_mb = result.stdout.splitlines()
    assert message == "claims 32000x32000 pixels, more than the 40,000,000 an image may have"
    assert int(peak_mb) < 400  # decoding it would take a gigabyte at least


@pytest.mark.parametrize("suffix", [".png", ".jpg", ".bmp", ".tif"])
def test_every_format_is_still_read(tmp_path, suffix):
    path = _table(tmp_path / f"table{suffix}")
    assert read_image(path).shape == (720, 1280)
