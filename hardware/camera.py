"""Frame sources: picamera2 on the Pi, OpenCV VideoCapture (webcam or video file), a folder of
images, and synthetic frames. Each returns greyscale frames, or None when it has none now."""

from __future__ import annotations

import os
import struct
from pathlib import Path
from typing import Any, Protocol

os.environ.setdefault(
    "OPENCV_LOG_LEVEL", "ERROR"
)  # a missing camera is told in one sentence, not in cv2's warnings
import cv2  # noqa: E402
import numpy as np  # noqa: E402

from hardware.scene import PlacedCard, Scene, render  # noqa: E402


class FrameSource(Protocol):
    def read(self) -> np.ndarray | None:
        """The next greyscale frame; None when the source has none (ended, or the camera is gone)."""
        ...

    def close(self) -> None: ...


class PicameraSource:
    """Raspberry Pi camera: a greyscale low-resolution stream, short fixed exposure, few buffers."""

    def __init__(
        self, size: tuple[int, int] = (1280, 720), exposure_us: int = 4000, gain: float = 4.0
    ) -> None:
        from picamera2 import Picamera2  # only on the Pi (Debian's python3-picamera2)

        self.size = size
        self._camera: Any = Picamera2()
        config = self._camera.create_video_configuration(
            main={"size": (size[0] * 2, size[1] * 2)},
            lores={"size": size, "format": "YUV420"},
            buffer_count=3,
            controls={"AeEnable": False, "ExposureTime": exposure_us, "AnalogueGain": gain, "FrameRate": 30},
        )
        self._camera.configure(config)
        self._camera.start()

    def read(self) -> np.ndarray | None:
        try:
            yuv = self._camera.capture_array("lores")
        except RuntimeError:
            return None
        return np.ascontiguousarray(yuv[: self.size[1], : self.size[0]])  # the Y plane is the grey image

    def close(self) -> None:
        self._camera.stop()
        self._camera.close()


class CaptureSource:
    """A USB webcam (device index) or a video file (path), through OpenCV."""

    def __init__(self, device: int | str) -> None:
        self._capture = cv2.VideoCapture(device)
        if not self._capture.isOpened():
            raise OSError(f"cannot open the camera or video {device!r}")

    def read(self) -> np.ndarray | None:
        ok, frame = self._capture.read()
        if not ok:
            return None
        return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame

    def close(self) -> None:
        self._capture.release()


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff")
MAX_IMAGE_PIXELS = 40_000_000  # an A4 page at 600 dpi is 35 million; a 32000x32000 PNG would take 2 GB


HEADER_BYTES = 1 << 20  # enough for any header's size, a JPEG's APP segments before its frame included


def read_image(path: Path) -> np.ndarray:
    """A greyscale image from a file; OSError with a sentence when it cannot be read.

    The size its header claims is checked before the rest is read or anything decoded: a few bytes
    claiming 100000x100000 pixels are refused in one sentence, never handed to the decoder.
    """
    try:
        with open(path, "rb") as file:
            _check_claimed_size(file.read(HEADER_BYTES))
        data = np.fromfile(str(path), dtype=np.uint8)
    except OSError as exc:
        raise OSError(f"cannot be read ({exc.strerror})") if exc.strerror else exc from None
    return _decode(data)


def decode_image(data: bytes) -> np.ndarray:
    """A greyscale image from a file's bytes; OSError with a sentence when they are not an image (the
    size the header claims is checked before anything is decoded)."""
    _check_claimed_size(data[:HEADER_BYTES])
    return _decode(np.frombuffer(data, dtype=np.uint8))


def _check_claimed_size(head: bytes) -> None:
    size = image_size(head)
    if size is None:
        raise OSError("is not an image OpenCV can read")
    if size[0] * size[1] > MAX_IMAGE_PIXELS:
        raise OSError(
            f"claims {size[0]}x{size[1]} pixels, more than the {MAX_IMAGE_PIXELS:,} an image may have"
        )


def _decode(data: np.ndarray) -> np.ndarray:
    try:
        image = cv2.imdecode(data, cv2.IMREAD_GRAYSCALE)
    except cv2.error:
        image = None
    if image is None:
        raise OSError("is not an image OpenCV can read")
    return image


def image_size(head: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG, JPEG, BMP or TIFF header; None when it is none of them."""
    if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR" and len(head) >= 24:
        return struct.unpack(">II", head[16:24])
    if head.startswith(b"BM") and len(head) >= 26:
        width, height = struct.unpack("<ii", head[18:26])
        return abs(width), abs(height)
    if head.startswith(b"\xff\xd8"):
        return _jpeg_size(head)
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return _tiff_size(head)
    return None


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    at = 2
    while at + 9 <= len(head) and head[at] == 0xFF:
        kind, length = head[at + 1], struct.unpack(">H", head[at + 2 : at + 4])[0]
        if 0xC0 <= kind <= 0xCF and kind not in (0xC4, 0xC8, 0xCC):  # a start-of-frame segment
            height, width = struct.unpack(">HH", head[at + 5 : at + 9])
            return width, height
        at += 2 + length
    return None


def _tiff_size(head: bytes) -> tuple[int, int] | None:
    order = "<" if head[:2] == b"II" else ">"
    at = struct.unpack(order + "I", head[4:8])[0]
    if at + 2 > len(head):
        return None
    found: dict[int, int] = {}
    for entry in range(struct.unpack(order + "H", head[at : at + 2])[0]):
        tag_at = at + 2 + 12 * entry
        if tag_at + 12 > len(head):
            break
        tag, kind = struct.unpack(order + "HH", head[tag_at : tag_at + 4])
        if tag in (256, 257):  # ImageWidth, ImageLength: SHORT or LONG
            form, width = ("H", 2) if kind == 3 else ("I", 4)
            found[tag] = struct.unpack(order + form, head[tag_at + 8 : tag_at + 8 + width])[0]
    return (found[256], found[257]) if len(found) == 2 else None


class FolderSource:
    """The images of a folder in name order, once; unreadable files are skipped."""

    def __init__(self, folder: Path) -> None:
        self._files = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)

    def read(self) -> np.ndarray | None:
        while self._files:
            try:
                return read_image(self._files.pop(0))
            except OSError:
                continue
        return None

    def close(self) -> None:
        self._files = []


class SyntheticSource:
    """Cards rendered onto a table: desk mode drags cards in and out with place/remove."""

    def __init__(self, size: tuple[int, int] = (1280, 720), condition: str = "clean") -> None:
        self.scene = Scene(size, [], condition, 0)

    def place(
        self, marker: int | None, center: tuple[float, float], angle: float = 0.0, width_px: float = 180
    ) -> None:
        self.remove_at(center)
        self.scene.cards.append(PlacedCard(marker, center, angle, width_px))

    def remove_at(self, center: tuple[float, float], radius: float = 60) -> None:
        self.scene.cards = [
            c
            for c in self.scene.cards
            if (c.center[0] - center[0]) ** 2 + (c.center[1] - center[1]) ** 2 > radius**2
        ]

    def read(self) -> np.ndarray | None:
        self.scene.seed += 1  # fresh sensor noise every frame, as a camera has
        return render(self.scene)

    def close(self) -> None:
        self.scene.cards = []
