"""Card scanning figures: the project's detector, OpenCV's ArucoDetector with default parameters
and AprilTag 3 (pupil-apriltags, decimate 2), in the same run on the same frames; and how many
frames the confirmation vote needs from a card entering the view to *placed*.

Run: .venv/bin/python benchmarks/cards.py   (or `make bench`)
Goals (docs/benchmarks.md): recall >= 0.99 with zero false reads; median time <= half of the
OpenCV default's.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.cards_command import card_registry
from hardware.cards import CardDetector, Confirmer, default_detector, markers_of  # noqa: E402
from hardware.scene import CONDITIONS, PlacedCard, Scene, random_scene, render  # noqa: E402

FRAMES = 150  # 30 of each condition
SEED = 2026
FPS = 30


def dataset(known: list[int], unknown: list[int]) -> list[tuple[Scene, np.ndarray]]:
    scenes = [random_scene(SEED + i, known, unknown) for i in range(FRAMES)]
    return [(scene, render(scene)) for scene in scenes]


def evaluate(frames: list[tuple[Scene, np.ndarray]], detect: Callable[[np.ndarray], set[int]]) -> str:
    found = present = false = 0
    times = []
    for scene, frame in frames:
        truth = {c.marker for c in scene.cards if c.marker is not None}
        start = time.perf_counter()
        seen = detect(frame)
        times.append((time.perf_counter() - start) * 1000)
        present += len(truth)
        found += len(truth & seen)
        false += len(seen - truth)
    times.sort()
    return (
        f"recall {found / present:.3f} ({found}/{present}), false reads {false}, "
        f"median {statistics.median(times):.1f} ms, p90 {times[int(len(times) * 0.9)]:.1f} ms"
    )


def marker_ids(detector: CardDetector, frame: np.ndarray) -> set[int]:
    """Every marker the project's detector reports: cards and unknown markers alike."""
    reading = detector.read(frame)
    return {m.marker for m, _ in reading.cards} | {m.marker for m in reading.unknown}


def frames_to_placed(detector: CardDetector, marker: int, seed: int, condition: str) -> int:
    """A card slides in from the left edge (60 px a frame, blurred by the motion) and stops."""
    confirmer = Confirmer()
    target, speed, x = 420.0, 60.0, -120.0
    for frame_number in range(1, 60):
        x = min(target, x + speed)
        moving = x < target
        scene = Scene(
            (1280, 720),
            [PlacedCard(marker, (x, 360), 5, 180)],
            "motion" if moving else condition,
            seed * 100 + frame_number,
        )
        if any(
            event == ("placed", detector.registry.card(marker))
            for event in confirmer.update(detector.read(render(scene)))
        ):
            return frame_number
    raise RuntimeError("the card was never placed")


def main() -> None:
    import pupil_apriltags

    registry = card_registry()
    known, unknown = sorted(registry.by_marker), [m for m in range(400, 587)]
    frames = dataset(known, unknown)
    counts = {c: sum(1 for s, _ in frames if s.condition == c) for c in CONDITIONS}
    print(
        f"{len(frames)} synthetic 1280x720 frames (seed {SEED}): {counts}; 0-3 cards each, "
        f"{sum(len(s.cards) for s, _ in frames)} cards, some with unknown markers or none"
    )
    ours = CardDetector(registry)
    print("project detector:      ", evaluate(frames, lambda f: marker_ids(ours, f)))
    default = default_detector()
    print("OpenCV default:        ", evaluate(frames, lambda f: {m.marker for m in markers_of(default, f)}))
    apriltag = pupil_apriltags.Detector(families="tag36h11", quad_decimate=2.0, nthreads=1)
    print("AprilTag 3, decimate 2:", evaluate(frames, lambda f: {int(r.tag_id) for r in apriltag.detect(f)}))
    needed = [
        frames_to_placed(ours, known[i % len(known)], i, CONDITIONS[i % len(CONDITIONS)]) for i in range(20)
    ]
    print(
        f"confirmation vote (3 of 4): a card entering the view is placed after median "
        f"{statistics.median(needed):.0f} frames (worst {max(needed)}), "
        f"{statistics.median(needed) * 1000 / FPS:.0f} ms at {FPS} fps"
    )
    print(f"OpenCV {cv2.__version__}")


if __name__ == "__main__":
    main()
