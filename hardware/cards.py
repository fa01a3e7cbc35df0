"""Frames -> fiducial markers -> card ids, and the vote that confirms a card is really there.

OpenCV's ArucoDetector on AprilTag 36h11 (OpenCV 5 has no detectMarkers function) in one
thresholding window instead of OpenCV's three, with no candidate smaller than the envelope's
smallest marker, then once more on the frame at half size with a wider window. Every candidate
square it could not decode bit by bit (a small marker under blur) is read a second way: its 6x6
cells' grey levels correlated with every marker of the family in its four turns, accepted only
when one marker clearly wins and the whole square (black border, white quiet zone) matches it too.
The operating envelope and the figures: docs/hardware/cards.md.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field

import cv2
import numpy as np

from hardware.registry import CardRegistry

FAMILY = cv2.aruco.DICT_APRILTAG_36h11
FAMILY_SIZE = 587
WORKING_SIDE = 1920  # larger images (a scanned sheet) are scaled down to a camera frame's size
SMALLEST_SIDE_PX = 14  # candidates smaller than this are dropped (the envelope starts at 24 px)
THRESHOLD_WINDOW = 9  # px: one adaptive-threshold window (OpenCV's default runs 3, 13 and 23)
# The second pass, on the frame at half size: an 11 px window there is OpenCV's largest (23 px) at
# full size, which alone parts a marker from a dark edge that motion blur has joined it to.
HALF_WINDOW = 11
HALF_SMALLEST_SIDE_PX = 16  # at half size: markers from 32 px
# The second reading's acceptance (chosen on the benchmark's tuning sets; docs/hardware/cards.md):
MIN_CELLS = 0.64  # correlation of the 6x6 data cells with the best marker
MIN_LEAD = 0.12  # ... and by how much it beats the best other marker
MIN_SQUARE = 0.72  # correlation of the whole square with its quiet zone (10x10 cells) with that marker


@dataclass(frozen=True)
class Marker:
    marker: int
    corners: tuple[tuple[float, float], ...]  # clockwise from the marker's top-left, in frame pixels

    @property
    def center(self) -> tuple[float, float]:
        xs, ys = zip(*self.corners)
        return (sum(xs) / 4, sum(ys) / 4)


@dataclass(frozen=True)
class Reading:
    """One frame's result: cards (marker, card id, corners), unknown markers, detection time."""

    cards: tuple[tuple[Marker, str], ...]
    unknown: tuple[Marker, ...]
    ms: float

    def to_dict(self) -> dict[str, object]:
        return {
            "cards": [
                {"marker": m.marker, "card": card, "corners": [list(c) for c in m.corners]}
                for m, card in self.cards
            ],
            "unknown_markers": [m.marker for m in self.unknown],
            "ms": round(self.ms, 2),
        }


def tuned_parameters(
    long_side: int = 1280, window: int = THRESHOLD_WINDOW, smallest: int = SMALLEST_SIDE_PX
) -> cv2.aruco.DetectorParameters:
    """One thresholding window; no candidate under `smallest` px a side in a frame `long_side` px long."""
    params = cv2.aruco.DetectorParameters()
    params.adaptiveThreshWinSizeMin = params.adaptiveThreshWinSizeMax = window
    params.minMarkerPerimeterRate = 4 * smallest / long_side
    params.perspectiveRemovePixelPerCell = 2  # bits read from 2x2 px a cell (default 4): as many read, faster
    return params


def default_detector() -> cv2.aruco.ArucoDetector:
    """OpenCV's ArucoDetector with default parameters (the benchmark's yardstick)."""
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(FAMILY), cv2.aruco.DetectorParameters())


def markers_of(
    detector: cv2.aruco.ArucoDetector, gray: np.ndarray, offset: tuple[int, int] = (0, 0), scale: float = 1.0
) -> list[Marker]:
    """Markers in `gray`; corners mapped back to the full frame (`gray` was cut at `offset`, scaled by
    `scale`)."""
    corners, ids, _ = detector.detectMarkers(gray)
    if not len(corners):  # no marker: OpenCV gives ids=None
        return []
    return [_marker(int(i), c, offset, scale) for c, i in zip(corners, ids.flatten())]


def _marker(marker: int, corners: np.ndarray, offset: tuple[int, int], scale: float) -> Marker:
    ox, oy = offset
    points = corners.reshape(4, 2)
    return Marker(marker, tuple((float(x) / scale + ox, float(y) / scale + oy) for x, y in points))


def _unit_rows(rows: np.ndarray) -> np.ndarray:
    rows = rows - rows.mean(axis=-1, keepdims=True)
    return np.asarray(rows / (np.linalg.norm(rows, axis=-1, keepdims=True) + 1e-6), np.float32)


class CellReader:
    """The second reading: a candidate square's cells correlated with every marker in its four turns."""

    CELL_PX = 4

    def __init__(self) -> None:
        dictionary = cv2.aruco.getPredefinedDictionary(FAMILY)
        upright = np.ones((FAMILY_SIZE, 10, 10), np.float32)  # quiet zone, black border, 6x6 data cells
        for marker in range(FAMILY_SIZE):
            image = cv2.aruco.generateImageMarker(dictionary, marker, 8, borderBits=1)
            upright[marker, 1:9, 1:9] = image / 127.5 - 1
        # row 4 * marker + turn: the marker turned `turn` quarters clockwise
        turned = [np.rot90(upright, -turn, axes=(1, 2)) for turn in range(4)]
        stack = np.stack(turned, axis=1).reshape(-1, 10, 10)
        self._squares = _unit_rows(stack.reshape(len(stack), -1))
        self._cells = _unit_rows(stack[:, 2:8, 2:8].reshape(len(stack), -1))
        self._target = np.array([(1, 1), (9, 1), (9, 9), (1, 9)], np.float32) * self.CELL_PX

    def read(self, gray: np.ndarray, quad: np.ndarray) -> tuple[int, np.ndarray] | None:
        """(marker, corners from its top-left) when one marker clearly matches, else None."""
        corners = quad.reshape(4, 2).astype(np.float32)
        n = 10 * self.CELL_PX
        matrix = cv2.getPerspectiveTransform(corners, self._target)
        patch = cv2.warpPerspective(gray, matrix, (n, n), flags=cv2.INTER_LINEAR).astype(np.float32)
        cells = cv2.resize(patch, (10, 10), interpolation=cv2.INTER_AREA)
        scores = self._cells @ _unit_rows(cells[2:8, 2:8].reshape(-1))
        best = int(np.argmax(scores))
        others = np.delete(scores.reshape(FAMILY_SIZE, 4), best // 4, axis=0)
        if scores[best] < MIN_CELLS or scores[best] - others.max() < MIN_LEAD:
            return None
        if float(self._squares[best] @ _unit_rows(cells.reshape(-1))) < MIN_SQUARE:
            return None
        return best // 4, np.roll(corners, -(best % 4), axis=0)


class CardDetector:
    """Reads the cards in a greyscale frame. `roi` (x, y, w, h) limits it to the scan area."""

    def __init__(
        self, registry: CardRegistry, roi: tuple[int, int, int, int] | None = None, half_pass: bool = True
    ) -> None:
        self.registry = registry
        self.roi = roi
        self.half_pass = half_pass  # False: a quarter less time, a blurred marker now and then fewer
        self._dictionary = cv2.aruco.getPredefinedDictionary(FAMILY)
        self._detectors: dict[tuple[int, int, int], cv2.aruco.ArucoDetector] = {}
        self._cells = CellReader()

    def read(self, frame: np.ndarray) -> Reading:
        """The cards and unknown markers in one frame."""
        start = time.perf_counter()
        gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        offset = (0, 0)
        if self.roi is not None:
            x, y, w, h = self.roi
            gray, offset = gray[y : y + h, x : x + w], (x, y)
        scale = min(1.0, WORKING_SIDE / max(gray.shape))
        if scale < 1.0:
            gray = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        cards, unknown = [], []
        for marker in self.markers(gray, offset, scale):
            card = self.registry.card(marker.marker)
            if card is None:
                unknown.append(marker)
            else:
                cards.append((marker, card))
        return Reading(tuple(cards), tuple(unknown), (time.perf_counter() - start) * 1000)

    def markers(self, gray: np.ndarray, offset: tuple[int, int] = (0, 0), scale: float = 1.0) -> list[Marker]:
        """Every marker in `gray`: those OpenCV decodes, then those the cell reading finds, first at
        full size, then (`half_pass`) at half size with a wider window."""
        found: dict[int, Marker] = {}
        self._pass(gray, gray, 1.0, found)
        if self.half_pass:
            half = cv2.resize(gray, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
            self._pass(gray, half, 0.5, found)
        return [_marker(m.marker, np.array(m.corners), offset, scale) for m in found.values()]

    def _pass(self, gray: np.ndarray, image: np.ndarray, size: float, found: dict[int, Marker]) -> None:
        """Adds the markers of `image` (`gray` resized by `size`) not found yet, in `gray`'s pixels."""
        long_side = max(image.shape)
        if size == 1.0:
            detector = self._detector(long_side, THRESHOLD_WINDOW, SMALLEST_SIDE_PX)
        else:
            detector = self._detector(long_side, HALF_WINDOW, HALF_SMALLEST_SIDE_PX)
        corners, ids, rejected = detector.detectMarkers(image)
        for quad, marker in zip(corners, [] if ids is None else ids.flatten()):
            found.setdefault(int(marker), _marker(int(marker), quad, (0, 0), size))
        for quad in rejected:
            read = self._cells.read(gray, quad / size)
            if read is not None and read[0] not in found:
                found[read[0]] = _marker(read[0], read[1], (0, 0), 1.0)

    def _detector(self, long_side: int, window: int, smallest: int) -> cv2.aruco.ArucoDetector:
        key = (long_side, window, smallest)
        if key not in self._detectors:
            parameters = tuned_parameters(long_side, window, smallest)
            self._detectors[key] = cv2.aruco.ArucoDetector(self._dictionary, parameters)
        return self._detectors[key]


@dataclass
class _Track:
    card: str
    center: tuple[float, float]
    seen: deque[bool]
    misses: int = 0
    placed: bool = False

    def votes(self) -> int:
        return sum(self.seen)


@dataclass
class Confirmer:
    """A card is *placed* once seen in k of the last n frames and *removed* after m missed frames.

    Two reads place a card on a free spot, so a card is confirmed by its third frame even when
    one of them is lost. A different card read where a placed one lies needs `swap_k` reads while
    the card there went unread for as many frames: a glare misread (a frame now and then) never
    swaps a card in the middle of a fight, while a real swap is confirmed in 3 frames.
    """

    k: int = 2
    n: int = 4
    m: int = 8
    swap_k: int = 3
    radius: float = 80.0  # pixels: closer than this, two readings are the same spot
    tracks: dict[str, _Track] = field(default_factory=dict)

    def update(self, reading: Reading) -> list[tuple[str, str]]:
        """This frame's events: ("placed", card) and ("removed", card), in the order they happen."""
        seen = {card: marker.center for marker, card in reading.cards}
        for card, track in self.tracks.items():
            # a placed card read far from where it lies is a misread of another card, not a vote
            hit = card in seen and (not track.placed or _distance(seen[card], track.center) < self.radius)
            track.seen.append(hit)
            track.misses = 0 if hit else track.misses + 1
            track.center = seen[card] if hit else track.center
        for card, center in seen.items():
            if card not in self.tracks:
                self.tracks[card] = _Track(card, center, deque([True], maxlen=self.n))
        events: list[tuple[str, str]] = []
        for track in list(self.tracks.values()):
            if track.placed and track.misses >= self.m:
                events.append(("removed", track.card))
                del self.tracks[track.card]
            elif not track.placed and track.misses >= self.n:
                del self.tracks[track.card]
        for track in sorted(self.tracks.values(), key=lambda t: -t.votes()):
            if track.card in self.tracks and not track.placed and track.votes() >= self.k:
                events += self._place(track)
        return events

    def _place(self, track: _Track) -> list[tuple[str, str]]:
        near = [
            t
            for t in self.tracks.values()
            if t is not track and _distance(t.center, track.center) < self.radius
        ]
        rivals = [t for t in near if t.placed]
        if any(other.votes() >= track.votes() for other in near):
            return []  # the card already there (or a likelier reading of the spot) holds it
        if rivals and (track.votes() < self.swap_k or any(r.misses < self.swap_k for r in rivals)):
            return []
        events = [("removed", rival.card) for rival in rivals]
        for rival in rivals:
            del self.tracks[rival.card]
        track.placed = True
        return events + [("placed", track.card)]

    @property
    def placed(self) -> list[str]:
        return sorted(card for card, track in self.tracks.items() if track.placed)


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)
