"""Synthetic camera frames: cards with fiducial stickers on a table, with the faults a real
camera has (blur, motion blur, dim light, glare). Used by tests, benchmarks and desk mode."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

FAMILY = cv2.aruco.DICT_APRILTAG_36h11
CARD_W, CARD_H = 58, 88  # mm
STICKER_MM = 20
QUIET_MM = 3
CONDITIONS = ("clean", "blur", "motion", "dim", "glare")


@dataclass
class PlacedCard:
    """A card on the table: its marker (None: no sticker), centre in pixels, angle, width in pixels."""

    marker: int | None
    center: tuple[float, float]
    angle: float = 0.0
    width_px: float = 200.0
    tilt: float = 0.0  # perspective: 0 flat, 0.1 a little tilted


@dataclass
class Scene:
    size: tuple[int, int] = (1280, 720)
    cards: list[PlacedCard] = field(default_factory=list)
    condition: str = "clean"
    seed: int = 0


_MARKERS: dict[tuple[int, int], np.ndarray] = {}


def marker_image(marker: int, pixels: int) -> np.ndarray:
    """The marker with its black border, `pixels` wide (cached)."""
    key = (marker, pixels)
    if key not in _MARKERS:
        dictionary = cv2.aruco.getPredefinedDictionary(FAMILY)
        _MARKERS[key] = np.asarray(cv2.aruco.generateImageMarker(dictionary, marker, pixels, borderBits=1))
    return _MARKERS[key]


def card_image(marker: int | None, rng: np.random.Generator, px_per_mm: float = 6.0) -> np.ndarray:
    """A card face: printed art (shapes that are not markers) and the sticker, if any."""
    w, h = int(CARD_W * px_per_mm), int(CARD_H * px_per_mm)
    card = np.full((h, w), 235, np.uint8)
    for _ in range(6):  # artwork: lines and blobs, the things a detector must not mistake for a marker
        p1 = (int(rng.integers(0, w)), int(rng.integers(int(h * 0.45), h)))
        p2 = (int(rng.integers(0, w)), int(rng.integers(int(h * 0.45), h)))
        cv2.line(card, p1, p2, int(rng.integers(20, 160)), int(rng.integers(2, 10)))
        cv2.circle(card, p1, int(rng.integers(5, 30)), int(rng.integers(20, 200)), -1)
    cv2.rectangle(card, (0, 0), (w - 1, h - 1), 90, 3)
    if marker is not None:
        side = int(STICKER_MM * px_per_mm)
        quiet = int(QUIET_MM * px_per_mm)
        x0, y0 = (w - side) // 2, quiet + 4
        card[y0 - quiet : y0 + side + quiet, x0 - quiet : x0 + side + quiet] = 255
        card[y0 : y0 + side, x0 : x0 + side] = marker_image(marker, side)
    return card


def _table(size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    w, h = size
    coarse = rng.integers(70, 130, (h // 40 + 2, w // 40 + 2)).astype(np.uint8)
    table = cv2.resize(coarse, (w, h), interpolation=cv2.INTER_CUBIC)
    grain = rng.normal(0, 6, (h, w))
    return np.clip(table + grain, 0, 255).astype(np.uint8)


def _place(frame: np.ndarray, card: np.ndarray, placed: PlacedCard) -> None:
    h, w = card.shape
    scale = placed.width_px / w
    cx, cy = placed.center
    a = math.radians(placed.angle)
    corners = []
    for x, y in ((0, 0), (w, 0), (w, h), (0, h)):
        dx, dy = (x - w / 2) * scale, (y - h / 2) * scale
        shrink = 1 - placed.tilt * (y / h)  # the far edge looks shorter
        dx *= shrink
        corners.append((cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)))
    source = np.array([(0, 0), (w, 0), (w, h), (0, h)], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(source, np.array(corners, dtype=np.float32))
    size = (frame.shape[1], frame.shape[0])
    warped = cv2.warpPerspective(card, matrix, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.full_like(card, 255), matrix, size, flags=cv2.INTER_NEAREST)
    frame[mask > 0] = warped[mask > 0]


def _degrade(frame: np.ndarray, condition: str, rng: np.random.Generator) -> np.ndarray:
    if condition == "blur":
        frame = cv2.GaussianBlur(frame, (0, 0), float(rng.uniform(1.0, 1.8)))
    elif condition == "motion":
        length = int(rng.integers(5, 9))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1 / length
        rotation = cv2.getRotationMatrix2D(
            (length / 2 - 0.5, length / 2 - 0.5), float(rng.uniform(0, 180)), 1
        )
        frame = cv2.filter2D(frame, -1, cv2.warpAffine(kernel, rotation, (length, length)))
    elif condition == "dim":
        frame = frame.astype(np.float32) * rng.uniform(0.3, 0.45) + rng.normal(0, 3, frame.shape)
        frame = np.clip(frame, 0, 255).astype(np.uint8)
    elif condition == "glare":
        h, w = frame.shape
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        yy, xx = np.mgrid[0:h, 0:w]
        glow = np.exp(-(((xx - cx) / (w * 0.25)) ** 2 + ((yy - cy) / (h * 0.3)) ** 2)) * rng.uniform(60, 110)
        frame = np.clip(frame.astype(np.float32) * 0.8 + glow, 0, 255).astype(np.uint8)
    return frame


def render(scene: Scene) -> np.ndarray:
    """A greyscale frame of the scene, deterministic for its seed."""
    rng = np.random.default_rng(scene.seed)
    frame = _table(scene.size, rng)
    for placed in scene.cards:
        _place(frame, card_image(placed.marker, rng), placed)
    return _degrade(frame, scene.condition, rng)


def random_scene(
    seed: int, markers: list[int], unknown: list[int], size: tuple[int, int] = (1280, 720)
) -> Scene:
    """0-3 cards side by side (never overlapping: a hidden marker is no test of a detector), some
    with unknown markers or none, each turned and tilted a little; a camera condition by seed."""
    rng = np.random.default_rng(seed)
    cards: list[PlacedCard] = []
    slots = [0.2, 0.5, 0.8]  # 384 px apart: a 200 px card turned 30 degrees is at most 323 px wide
    rng.shuffle(slots)
    for index in range(int(rng.integers(0, 4))):
        kind = rng.random()
        marker = None if kind < 0.1 else int(rng.choice(unknown)) if kind < 0.2 else int(rng.choice(markers))
        cards.append(
            PlacedCard(
                marker,
                (slots[index] * size[0] + rng.uniform(-25, 25), size[1] / 2 + rng.uniform(-40, 40)),
                angle=float(rng.uniform(-30, 30)),
                width_px=float(rng.uniform(140, 200)),
                tilt=float(rng.uniform(0, 0.15)),
            )
        )
    return Scene(size, cards, CONDITIONS[seed % len(CONDITIONS)], seed)
