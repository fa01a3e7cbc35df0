"""Milano's map on the screen: every pawn stands on its own zone's ring, off the paths between
zones (and so off their Barrier marks), clear of the other pawns there."""

from __future__ import annotations

import math
import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402

from companion.assets import edition  # noqa: E402
from companion.tables.milano1848.board import BoardView  # noqa: E402
from companion.tables.milano1848.layout import zone_layout  # noqa: E402


def _off_segment(point, a, b) -> float:
    """The distance from a point to the segment a-b."""
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


@pytest.mark.parametrize("height", [480, 720])
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_every_pawn_stands_on_its_zone_off_the_paths_and_clear_of_the_others(height, count):
    board, view = edition("milano1848").board, BoardView(pygame.Rect(0, 0, height, height), zone_layout())
    pawn = view.marker
    for zone, centre in view.centres.items():
        spots = view.pawn_spots(zone, count, board.neighbours[zone])
        for number, spot in enumerate(spots):
            assert math.dist(spot, centre) <= view.radius + pawn / 2, (zone, spot)  # on its own ring
            for other, there in view.centres.items():
                assert other == zone or math.dist(spot, there) > view.radius + pawn, (zone, other)
            for a in view.centres:
                for b in board.neighbours[a]:
                    path = (view.centres[a], view.centres[b])
                    assert _off_segment(spot, *path) >= pawn * 0.9 or zone in (a, b) and count > 3, (
                        zone,
                        a,
                        b,
                    )
            assert all(math.dist(spot, o) >= 1.6 * pawn for o in spots[number + 1 :]), (zone, spots)
