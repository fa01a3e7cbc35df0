"""Synthetic camera frames: cards with fiducial stickers on a table, with the faults a real
camera has (blur, motion blur, dim light, glare, sensor noise). Used by tests, benchmarks and desk mode.

`envelope_scene` draws frames from the whole operating envelope (docs/hardware/cards.md): marker
squares 24-300 px, any rotation, perspective, every camera condition, and distractors.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

FAMILY = cv2.aruco.DICT_APRILTAG_36h11
CARD_W, CARD_H = 58, 88  # mm
STICKER_MM = 20
QUIET_MM = 3
STICKER_TOP_MM = QUIET_MM + 1  # the sticker's white border starts 1 mm below the card's top edge
SUPERSAMPLE = 2  # cards are drawn at twice the frame's resolution and averaged down, as a lens does
CONDITIONS = ("clean", "gaussian", "motion", "blur", "dim", "glare", "noise")
SIZE_BANDS = ((24, 40), (40, 70), (70, 130), (130, 300))  # the marker's black square, px a side
FRAME_SIZES = ((1280, 720), (640, 480), (1920, 1080))


@dataclass(frozen=True)
class Envelope:
    """The worst a frame gets in the operating envelope (each condition samples up to these)."""

    gaussian_kernel: int = 7  # px, odd
    motion_px: int = 9
    light: float = 0.25  # fraction of full light
    glare: float = 140.0  # grey levels added at the spot's centre
    noise_sigma: float = 14.0
    perspective: float = 0.08  # a corner moved by up to this fraction of the card's width


ENVELOPE = Envelope()


@dataclass
class PlacedCard:
    """A card on the table: its marker (None: no sticker), centre in pixels, angle, width in pixels."""

    marker: int | None
    center: tuple[float, float]
    angle: float = 0.0
    width_px: float = 200.0
    tilt: float = 0.0  # perspective: 0 flat, 0.1 a little tilted (the far edge shorter)
    skew: tuple[tuple[float, float], ...] = ()  # each corner's offset, in card widths (perspective)

    @property
    def marker_px(self) -> float:
        return self.width_px * STICKER_MM / CARD_W


@dataclass
class Camera:
    """What the camera does to a frame; zero everywhere is a clean frame with a little sensor noise."""

    gaussian_kernel: int = 0
    motion_px: int = 0
    motion_angle: float = 0.0
    light: float = 1.0
    glare: tuple[float, float, float, float] | None = None  # x, y, radius px, grey levels added
    noise_sigma: float = 2.0


@dataclass
class Scene:
    size: tuple[int, int] = (1280, 720)
    cards: list[PlacedCard] = field(default_factory=list)
    condition: str = "clean"
    seed: int = 0
    camera: Camera | None = None  # None: drawn from `condition` for this seed
    artwork: bool = False  # printed artwork (lines, blobs) on the table itself


_MARKERS: dict[tuple[int, int], np.ndarray] = {}


def marker_image(marker: int, pixels: int) -> np.ndarray:
    """The marker with its black border, `pixels` wide (cached)."""
    key = (marker, pixels)
    if key not in _MARKERS:
        dictionary = cv2.aruco.getPredefinedDictionary(FAMILY)
        _MARKERS[key] = np.asarray(cv2.aruco.generateImageMarker(dictionary, marker, pixels, borderBits=1))
    return _MARKERS[key]


def _smooth_marker(marker: int, pixels: int) -> np.ndarray:
    """The marker at any size with even cells: drawn at a multiple of its 8 cells, averaged down."""
    cells = 8 * max(1, math.ceil(pixels / 8))
    return cv2.resize(marker_image(marker, cells), (pixels, pixels), interpolation=cv2.INTER_AREA)


def _artwork(
    image: np.ndarray, rng: np.random.Generator, top: float, count: int = 6, scale: float = 1.0
) -> None:
    """Lines and blobs (`scale` times thicker and larger): what a detector must not take for a marker."""
    h, w = image.shape
    for _ in range(count):
        p1 = (int(rng.integers(0, w)), int(rng.integers(int(h * top), h)))
        p2 = (int(rng.integers(0, w)), int(rng.integers(int(h * top), h)))
        cv2.line(image, p1, p2, int(rng.integers(20, 160)), max(1, int(rng.integers(2, 10) * scale)))
        cv2.circle(image, p1, int(rng.integers(5, 30) * scale), int(rng.integers(20, 200)), -1)


def card_image(marker: int | None, rng: np.random.Generator, px_per_mm: float = 6.0) -> np.ndarray:
    """A card face: printed art (shapes that are not markers) and the sticker, if any."""
    w, h = int(CARD_W * px_per_mm), int(CARD_H * px_per_mm)
    card = np.full((h, w), 235, np.uint8)
    _artwork(card, rng, 0.45, scale=max(1.0, w / 348))
    cv2.rectangle(card, (0, 0), (w - 1, h - 1), 90, max(1, int(px_per_mm / 2)))
    if marker is not None:
        side, quiet = round(STICKER_MM * px_per_mm), round(QUIET_MM * px_per_mm)
        x0, y0 = (w - side) // 2, round(STICKER_TOP_MM * px_per_mm)
        card[y0 - quiet : y0 + side + quiet, x0 - quiet : x0 + side + quiet] = 255
        card[y0 : y0 + side, x0 : x0 + side] = _smooth_marker(marker, side)
    return card


def marker_offset(width_px: float) -> float:
    """How far above the card's centre its marker's centre lies, in pixels (card upright)."""
    return (CARD_H / 2 - STICKER_TOP_MM - STICKER_MM / 2) * width_px / CARD_W


def _table(size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    w, h = size
    coarse = rng.integers(70, 130, (h // 40 + 2, w // 40 + 2)).astype(np.uint8)
    table = cv2.resize(coarse, (w, h), interpolation=cv2.INTER_CUBIC)
    grain = rng.normal(0, 6, (h, w))
    return np.clip(table + grain, 0, 255).astype(np.uint8)


def card_corners(placed: PlacedCard) -> np.ndarray:
    """The card's four corners in the frame (top-left first, clockwise), perspective included."""
    w, h = placed.width_px, placed.width_px * CARD_H / CARD_W
    a, (cx, cy) = math.radians(placed.angle), placed.center
    corners = []
    for index, (x, y) in enumerate(((0, 0), (1, 0), (1, 1), (0, 1))):
        dx, dy = (x - 0.5) * w * (1 - placed.tilt * y), (y - 0.5) * h
        if placed.skew:
            dx, dy = dx + placed.skew[index][0] * w, dy + placed.skew[index][1] * w
        corners.append((cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)))
    return np.array(corners, dtype=np.float32)


def _place(frame: np.ndarray, placed: PlacedCard, rng: np.random.Generator) -> None:
    """Draws the card at twice the resolution into its bounding box and averages it down."""
    px_per_mm = max(2.0, SUPERSAMPLE * placed.width_px / CARD_W)
    card = card_image(placed.marker, rng, px_per_mm)
    corners = card_corners(placed)
    x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int), 0)
    x1, y1 = np.minimum(np.ceil(corners.max(axis=0)).astype(int), (frame.shape[1], frame.shape[0]))
    if x1 <= x0 or y1 <= y0:
        return
    h, w = card.shape
    source = np.array([(0, 0), (w, 0), (w, h), (0, h)], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(source, ((corners - (x0, y0)) * SUPERSAMPLE).astype(np.float32))
    big = ((x1 - x0) * SUPERSAMPLE, (y1 - y0) * SUPERSAMPLE)
    cover = cv2.warpPerspective(np.full_like(card, 255), matrix, big, flags=cv2.INTER_LINEAR)
    cover = cover.astype(np.float32)
    ink = cv2.warpPerspective(card, matrix, big, flags=cv2.INTER_LINEAR).astype(np.float32) * cover / 255
    alpha = cv2.resize(cover, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA) / 255
    face = cv2.resize(ink, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA)
    roi = frame[y0:y1, x0:x1]
    roi[:] = np.clip(roi * (1 - alpha) + face, 0, 255).astype(np.uint8)


def _motion_kernel(length: int, angle: float) -> np.ndarray:
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1
    rotation = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), angle, 1)
    turned = np.asarray(cv2.warpAffine(kernel, rotation, (length, length)), np.float32)
    return np.asarray(turned / turned.sum(), np.float32)


def _apply(frame: np.ndarray, camera: Camera, rng: np.random.Generator) -> np.ndarray:
    image: np.ndarray = frame.astype(np.float32)
    if camera.gaussian_kernel > 1:
        image = cv2.GaussianBlur(image, (camera.gaussian_kernel, camera.gaussian_kernel), 0)
    if camera.motion_px > 1:
        image = cv2.filter2D(image, -1, _motion_kernel(camera.motion_px, camera.motion_angle))
    if camera.glare is not None:
        gx, gy, radius, amount = camera.glare
        yy, xx = np.ogrid[0 : frame.shape[0], 0 : frame.shape[1]]
        image = image + amount * np.exp(-(((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * radius**2)))
    image = image * camera.light + rng.normal(0, camera.noise_sigma, image.shape)
    return np.clip(image, 0, 255).astype(np.uint8)


def sample_camera(
    condition: str,
    size: tuple[int, int],
    rng: np.random.Generator,
    spot: tuple[float, float] | None = None,
    spot_px: float = 100.0,
    envelope: Envelope = ENVELOPE,
) -> Camera:
    """A camera in `condition`, its strength drawn from the upper part of the envelope.

    `spot` is where a glare lands (a marker's centre: glare elsewhere tests nothing); `spot_px`
    scales the spot to the marker.
    """
    kernels = [k for k in range(3, envelope.gaussian_kernel + 1, 2)]
    camera = Camera()
    if condition in ("gaussian", "blur"):
        camera.gaussian_kernel = int(rng.choice(kernels))
    if condition in ("motion", "blur"):
        camera.motion_px = int(rng.integers(3, envelope.motion_px + 1))
        camera.motion_angle = float(rng.uniform(0, 180))
    if condition == "dim":
        camera.light = float(rng.uniform(envelope.light, 0.5))
    if condition == "glare":
        x, y = spot if spot is not None else (rng.uniform(0, size[0]), rng.uniform(0, size[1]))
        jitter = rng.uniform(-0.5, 0.5, 2) * spot_px
        camera.glare = (
            float(x + jitter[0]),
            float(y + jitter[1]),
            float(spot_px * rng.uniform(0.4, 1.5)),
            float(rng.uniform(envelope.glare / 2, envelope.glare)),
        )
    if condition == "noise":
        camera.noise_sigma = float(rng.uniform(envelope.noise_sigma / 2, envelope.noise_sigma))
    return camera


def render(scene: Scene) -> np.ndarray:
    """A greyscale frame of the scene, deterministic for its seed."""
    rng = np.random.default_rng(scene.seed)
    frame = _table(scene.size, rng)
    if scene.artwork:
        _artwork(frame, rng, 0.0, 10, scale=1.5)
    for placed in scene.cards:
        _place(frame, placed, rng)
    camera = scene.camera or sample_camera(scene.condition, scene.size, rng, _marker_spot(scene))
    return _apply(frame, camera, rng)


def _marker_spot(scene: Scene) -> tuple[float, float] | None:
    return next((marker_center(c) for c in scene.cards if c.marker is not None), None)


def marker_center(placed: PlacedCard) -> tuple[float, float]:
    """Where the card's marker lies in the frame."""
    a, offset = math.radians(placed.angle), marker_offset(placed.width_px)
    return (placed.center[0] + offset * math.sin(a), placed.center[1] - offset * math.cos(a))


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


def _reach(angle: float, strength: float) -> float:
    """How far the sticker reaches from its marker's centre, per pixel of marker side."""
    turn = abs(math.cos(math.radians(angle))) + abs(math.sin(math.radians(angle)))
    return (0.5 + QUIET_MM / STICKER_MM) * turn + 2 * strength * CARD_W / STICKER_MM


def _envelope_card(
    marker: int | None, band: tuple[int, int], size: tuple[int, int], rng: np.random.Generator
) -> tuple[PlacedCard, float]:
    """A card with its marker's square in `band`, turned any way, in perspective, its sticker in view
    (a marker too large for a small frame at this angle is shrunk until it fits)."""
    angle, strength = float(rng.uniform(0, 360)), float(rng.uniform(0, ENVELOPE.perspective))
    unit = _reach(angle, strength)
    drawn = float(math.exp(rng.uniform(math.log(band[0]), math.log(band[1]))))  # log-uniform in the band
    marker_px = min(drawn, (min(size) / 2 - 2) / unit)
    width, reach = marker_px * CARD_W / STICKER_MM, marker_px * unit + 1
    skew = tuple((strength * math.cos(d), strength * math.sin(d)) for d in rng.uniform(0, 2 * math.pi, 4))
    mx, my = rng.uniform(reach, size[0] - reach), rng.uniform(reach, size[1] - reach)
    a, offset = math.radians(angle), marker_offset(width)
    center = (float(mx - offset * math.sin(a)), float(my + offset * math.cos(a)))
    radius = math.hypot(width, width * CARD_H / CARD_W) / 2 * (1 + 2 * strength)
    return PlacedCard(marker, center, angle, width, skew=skew), radius


def envelope_scene(
    seed: int,
    condition: str,
    band: tuple[int, int],
    known: list[int],
    unknown: list[int],
    size: tuple[int, int] = (1280, 720),
) -> Scene:
    """A frame from the operating envelope: cards whose markers are in `band`, at least one with a
    registered marker; distractors (unknown markers, cards without a sticker, artwork on the table)."""
    rng = np.random.default_rng(seed)
    wanted = int(rng.integers(1, 1 + max(1, round(6 * 40 / band[1]) + 1)))
    cards: list[tuple[PlacedCard, float]] = []
    for index in range(20 * wanted):
        if len(cards) == wanted:
            break
        kind = rng.random()
        marker = (
            int(rng.choice(known))
            if index == 0 or kind < 0.7
            else int(rng.choice(unknown))
            if kind < 0.85
            else None
        )
        card, radius = _envelope_card(marker, band, size, rng)
        if all(math.dist(card.center, other.center) > radius + r for other, r in cards):
            cards.append((card, radius))
    placed = [card for card, _ in cards]
    with_marker = [card for card in placed if card.marker is not None]
    target = with_marker[int(rng.integers(0, len(with_marker)))]
    camera = sample_camera(condition, size, rng, marker_center(target), target.marker_px)
    return Scene(size, placed, condition, seed, camera, artwork=bool(rng.random() < 0.4))
