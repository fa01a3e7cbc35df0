"""Card scanning: registry, detection on rendered frames, the confirmation vote, the scanner."""

from __future__ import annotations

import random

import numpy as np
import pytest

from companion.assets import edition
from companion.cards_command import card_registry
from hardware.cards import CardDetector, Confirmer, Marker, Reading, default_detector, markers_of
from hardware.registry import RegistryError, parse_registry
from hardware.scanner import Scanner, wait_for
from hardware.scene import (
    CARD_W,
    CONDITIONS,
    FRAME_SIZES,
    SIZE_BANDS,
    STICKER_MM,
    PlacedCard,
    Scene,
    envelope_scene,
    render,
)
from hardware.sim.camera import SimCamera

REGISTRY = card_registry()


def test_the_registry_matches_the_games_card_ids_and_the_issues_ranges():
    assert {card for _, card in REGISTRY.markers("milano1848")} == set(edition("milano1848").card_ids())
    assert (REGISTRY.card(0), REGISTRY.card(15), REGISTRY.card(100), REGISTRY.card(132)) == (
        "zone-01",
        "zone-16",
        "austria-01",
        "austria-33",
    )
    assert (REGISTRY.card(203), REGISTRY.card(259), REGISTRY.card(300)) == (
        "italy-04",
        "italy-60",
        "first-player",
    )
    assert REGISTRY.card(16) is None and REGISTRY.card(260) is None


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "[[g]]\nfirst_marker = 0\ncount = 2\nprefix = 'a-'\n[[g]]\nfirst_marker = 1\ncard = 'b'\n",
            "marker 1 is already a-02",
        ),
        ("[[g]]\nfirst_marker = 580\nprefix = 'a-'\ncount = 10\n", "outside 0-586"),
        ("[[g]]\nfirst_marker = 3\n", "needs either card, or prefix and count"),
    ],
)
def test_a_broken_registry_names_the_block(text, message):
    with pytest.raises(RegistryError, match=message):
        parse_registry(text)


def _frame(*cards: PlacedCard, condition: str = "clean") -> np.ndarray:
    return render(Scene((1280, 720), list(cards), condition, seed=5))


def test_cards_unknown_markers_and_bare_cards_are_told_apart():
    frame = _frame(
        PlacedCard(203, (300, 360), 20), PlacedCard(350, (640, 360), -10), PlacedCard(None, (960, 360))
    )
    reading = CardDetector(REGISTRY).read(frame)
    assert [(m.marker, card) for m, card in reading.cards] == [(203, "italy-04")]
    assert [m.marker for m in reading.unknown] == [350]
    marker = reading.cards[0][0]
    assert (
        abs(marker.center[0] - 300) < 40 and marker.center[1] < 360
    )  # the sticker is on the card's top half


@pytest.mark.parametrize("condition", ["blur", "motion", "dim", "glare"])
def test_a_card_is_read_through_camera_trouble(condition):
    reading = CardDetector(REGISTRY).read(_frame(PlacedCard(105, (640, 360), 15, 170), condition=condition))
    assert [card for _, card in reading.cards] == ["austria-06"]


def test_the_scan_area_limits_the_search():
    frame = _frame(PlacedCard(1, (300, 360)), PlacedCard(2, (960, 360)))
    reading = CardDetector(REGISTRY, roi=(640, 0, 640, 720)).read(frame)
    assert [card for _, card in reading.cards] == ["zone-03"]
    assert reading.cards[0][0].center[0] > 640  # corners are in frame coordinates


def _reading(*cards: tuple[str, float]) -> Reading:
    return Reading(
        tuple(
            (Marker(0, ((x - 10, 340.0), (x + 10, 340.0), (x + 10, 360.0), (x - 10, 360.0))), card)
            for card, x in cards
        ),
        (),
        1.0,
    )


@pytest.mark.parametrize("pattern", ["11", "101", "011"])
def test_a_card_is_placed_by_its_third_frame_even_when_one_frame_is_lost(pattern):
    vote = Confirmer()
    seen, empty = _reading(("zone-01", 300)), _reading()
    events = [vote.update(seen if bit == "1" else empty) for bit in pattern]
    assert events == [[]] * (len(pattern) - 1) + [[("placed", "zone-01")]]


def test_one_stray_read_places_nothing_and_a_card_is_removed_after_eight_misses():
    vote = Confirmer()
    seen, empty = _reading(("zone-01", 300)), _reading()
    assert vote.update(seen) == [] and [vote.update(empty) for _ in range(4)] == [[]] * 4
    assert vote.update(seen) == [] and vote.update(seen) == [("placed", "zone-01")]
    assert [vote.update(empty) for _ in range(7)] == [[]] * 7  # a few dropped frames change nothing
    assert vote.update(empty) == [("removed", "zone-01")]


def test_a_misread_on_the_same_spot_must_out_vote_the_card_there():
    vote = Confirmer()
    for _ in range(3):
        vote.update(_reading(("italy-01", 300)))
    assert vote.placed == ["italy-01"]
    for _ in range(2):  # two glare frames read another id in the same place
        assert vote.update(_reading(("italy-07", 305))) == []
    assert vote.placed == ["italy-01"]
    events = [e for _ in range(1) for e in vote.update(_reading(("italy-07", 305)))]
    assert events == [("removed", "italy-01"), ("placed", "italy-07")]  # a real swap: its third frame


def _table_run(frames: int, seed: int) -> tuple[list[str], list[int]]:
    """Three spots whose cards change every 60-300 frames (removed, put down, swapped directly);
    each card is lost in 10% of frames and misread in 2% (glare) as one of three look-alike cards.
    Returns what went wrong (events that contradict the table) and how many frames each card took."""
    rng = random.Random(seed)
    cards = sorted((c.game, c.card) for c in REGISTRY.by_marker.values())
    look_alike = {card: rng.sample([c for _, c in cards if c != card], 3) for _, card in cards}
    table: list[str | None] = [None, None, None]
    since = [0, 0, 0]
    left: dict[str | None, int] = {}
    vote, wrong, delays = Confirmer(), [], []
    change = [rng.randint(60, 300) for _ in table]
    for frame in range(frames):
        for spot in range(3):
            if frame == change[spot]:
                left[table[spot]] = frame  # a card taken away is not put down again at once
                table[spot] = (
                    None
                    if table[spot] and rng.random() < 0.3
                    else rng.choice([c for _, c in cards if c not in table and left.get(c, -99) < frame - 20])
                )
                since[spot], change[spot] = frame, frame + rng.randint(60, 300)
        read = []
        for spot, card in enumerate(table):
            roll = rng.random()
            if card is not None and roll >= 0.10:
                read.append((rng.choice(look_alike[card]) if roll < 0.12 else card, 200.0 + 400 * spot))
        for event, card in vote.update(_reading(*read)):
            if (event == "placed") != (card in table):
                wrong.append(f"frame {frame}: {event} {card}, the table holds {table}")
            elif event == "placed":
                delays.append(frame - since[table.index(card)] + 1)
    return wrong, delays


def test_ten_thousand_frames_of_glare_misreads_never_swap_a_card():
    wrong, delays = _table_run(10_000, seed=15)
    assert wrong == []
    assert len(delays) > 80 and sorted(delays)[len(delays) // 2] <= 3  # every change confirmed, in 3 frames


def test_the_simulated_camera_places_and_removes_cards_through_the_detector():
    camera = SimCamera(REGISTRY, fps=200)
    try:
        camera.show("italy-04", 0)
        camera.show("austria-02", 2)
        camera.show_unknown(550, 1)
        assert wait_for(lambda: camera.placed() == ["austria-02", "italy-04"], 10)
        camera.take(0)
        assert wait_for(lambda: camera.placed() == ["austria-02"], 10)
        events = camera.events()
        assert ("placed", "italy-04") in events and events[-1] == ("removed", "italy-04")
    finally:
        camera.close()


class Flaky:
    """A camera that delivers 3 frames and then vanishes (unplugged)."""

    def __init__(self) -> None:
        self.left = 3

    def read(self):
        self.left -= 1
        return _frame(PlacedCard(0, (640, 360))) if self.left >= 0 else None

    def close(self) -> None:
        pass


def test_a_camera_that_vanishes_is_reported_and_reopened():
    opened = []

    def open_camera():
        opened.append(1)
        if len(opened) > 1:
            raise OSError("no /dev/video0")
        return Flaky()

    scanner = Scanner(open_camera, CardDetector(REGISTRY))
    try:
        assert wait_for(lambda: scanner.status.startswith("No camera (no /dev/video0)"), 5)
        assert scanner.status.endswith("tap the cards instead.") and scanner.placed() == ["zone-01"]
    finally:
        scanner.close()


KNOWN = sorted(REGISTRY.by_marker)
UNKNOWN = [m for m in range(301, 587) if m not in REGISTRY.by_marker]  # no game's (36h11 has 587)
# Markers of 24-40 px under the envelope's heaviest blurs are beyond every detector measured
# (docs/benchmarks.md): there the reader must read all that OpenCV's own reader does, and more.
BEYOND = {("blur", 0), ("motion", 0)}


@pytest.mark.parametrize("condition", CONDITIONS)
@pytest.mark.parametrize("band", range(len(SIZE_BANDS)))
def test_every_condition_with_every_marker_size_is_read_with_no_false_read(condition, band):
    detector, default = CardDetector(REGISTRY), default_detector()
    found = present = 0
    for k in range(3):  # seeds of their own: neither the benchmark's tuning nor its measuring set
        seed = 9_000_000 + 100 * band + 10 * CONDITIONS.index(condition) + k
        scene = envelope_scene(seed, condition, SIZE_BANDS[band], KNOWN, UNKNOWN, FRAME_SIZES[k])
        frame = render(scene)
        truth = {c.marker for c in scene.cards if c.marker is not None}
        ours = {m.marker for m in detector.markers(frame)}
        assert ours <= truth  # no marker read as another, no unknown marker read as a card
        assert {m.marker for m in markers_of(default, frame)} <= ours
        found, present = found + len(ours), present + len(truth)
    assert found == present or (condition, band) in BEYOND


@pytest.mark.parametrize("angle", range(0, 360, 30))
def test_a_24_px_marker_is_read_at_any_angle_in_every_frame_size(angle):
    detector = CardDetector(REGISTRY)
    for size in FRAME_SIZES:
        card = PlacedCard(203, (size[0] / 2, size[1] / 2), angle, width_px=24 * CARD_W / STICKER_MM)
        reading = detector.read(render(Scene(size, [card], "clean", seed=angle)))
        assert [c for _, c in reading.cards] == ["italy-04"]
