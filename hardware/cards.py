"""Frames -> fiducial markers -> card ids, and the vote that confirms a card is really there.

OpenCV's ArucoDetector on AprilTag 36h11 (OpenCV 5 has no detectMarkers function), tuned for
a card under a camera: the Aruco3 fast path (detect on a downscaled image, refine at full size),
two thresholding windows instead of three, and an optional region of interest (the scan area).
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field

import cv2
import numpy as np

from hardware.registry import CardRegistry

FAMILY = cv2.aruco.DICT_APRILTAG_36h11
WORKING_SIDE = 1600  # larger images (a scanned sheet) are scaled down to the camera-sized regime tuned for


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


def tuned_parameters() -> cv2.aruco.DetectorParameters:
    params = cv2.aruco.DetectorParameters()
    # Found by a sweep over 200 synthetic frames (benchmarks/cards.py measures the result):
    params.useAruco3Detection = True  # find markers on a downscaled copy, refine at full size
    params.minSideLengthCanonicalImg = 20
    params.minMarkerLengthRatioOriginalImg = 0.015  # the smallest sticker: 1.5% of the frame's long side
    params.adaptiveThreshWinSizeMin = 5  # two thresholding windows (5 and 15 px) instead of three
    params.adaptiveThreshWinSizeMax = 15
    params.adaptiveThreshWinSizeStep = 10
    return params


def default_detector() -> cv2.aruco.ArucoDetector:
    """OpenCV's ArucoDetector with default parameters (the benchmark's yardstick)."""
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(FAMILY), cv2.aruco.DetectorParameters())


def markers_of(
    detector: cv2.aruco.ArucoDetector, gray: np.ndarray, offset: tuple[int, int] = (0, 0), scale: float = 1.0
) -> list[Marker]:
    """Markers in `gray`; corners mapped back to the full frame (`gray` was cut at `offset`, scaled
    by `scale`)."""
    corners, ids, _ = detector.detectMarkers(gray)
    if not len(corners):  # no marker: OpenCV gives ids=None
        return []
    ox, oy = offset
    return [
        Marker(int(i), tuple((float(x) / scale + ox, float(y) / scale + oy) for x, y in c.reshape(4, 2)))
        for c, i in zip(corners, ids.flatten())
    ]


class CardDetector:
    """Reads the cards in a greyscale frame. `roi` (x, y, w, h) limits it to the scan area."""

    def __init__(self, registry: CardRegistry, roi: tuple[int, int, int, int] | None = None) -> None:
        self.registry = registry
        self.roi = roi
        self._detector = cv2.aruco.ArucoDetector(
            cv2.aruco.getPredefinedDictionary(FAMILY), tuned_parameters()
        )

    def read(self, frame: np.ndarray) -> Reading:
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
        for marker in markers_of(self._detector, gray, offset, scale):
            card = self.registry.card(marker.marker)
            if card is None:
                unknown.append(marker)
            else:
                cards.append((marker, card))
        return Reading(tuple(cards), tuple(unknown), (time.perf_counter() - start) * 1000)


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

    A different card seen where a placed one lies must out-vote it before it replaces it: a
    misread on a glare spot then never swaps a card in the middle of a fight.
    """

    k: int = 3
    n: int = 4
    m: int = 5
    radius: float = 80.0  # pixels: closer than this, two readings are the same spot
    tracks: dict[str, _Track] = field(default_factory=dict)

    def update(self, reading: Reading) -> list[tuple[str, str]]:
        """This frame's events: ("placed", card) and ("removed", card), in the order they happen."""
        seen = {card: marker.center for marker, card in reading.cards}
        for card, track in self.tracks.items():
            track.seen.append(card in seen)
            track.misses = 0 if card in seen else track.misses + 1
            track.center = seen.get(card, track.center)
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
        for track in list(self.tracks.values()):
            if not track.placed and track.votes() >= self.k:
                events += self._place(track)
        return events

    def _place(self, track: _Track) -> list[tuple[str, str]]:
        rivals = [
            t for t in self.tracks.values() if t.placed and _distance(t.center, track.center) < self.radius
        ]
        if any(rival.votes() >= track.votes() for rival in rivals):
            return []  # the card already there holds its spot until it is out-voted
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
