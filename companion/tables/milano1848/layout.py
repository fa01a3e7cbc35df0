"""Where each zone sits on the schematic map (assets/milano1848/layout.toml): the screen's board
and the ticket's map."""

from __future__ import annotations

import tomllib
from functools import cache

from companion.assets import assets_dir, read_asset
from companion.games.milano1848.plugin import ZONES
from companion.games.vocabulary import DataError


@cache
def zone_layout() -> dict[int, tuple[float, float]]:
    """Zone -> (x, y) in 0..1."""
    source = str(assets_dir() / "milano1848" / "layout.toml")
    try:
        zones = tomllib.loads(read_asset("milano1848/layout.toml")).get("zones", {})
    except (ValueError, RecursionError) as exc:  # bad TOML, a number past 4,300 digits, deep nesting
        raise DataError(source, f"not valid TOML ({exc})") from None
    layout: dict[int, tuple[float, float]] = {}
    for key, point in zones.items():
        ok = key.isascii() and key.isdigit() and isinstance(point, list) and len(point) == 2
        if not ok or not all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in point):
            raise DataError(f"{source}: zones.{key}", "must be [x, y] with both in 0..1")
        layout[int(key)] = (float(point[0]), float(point[1]))
    if sorted(layout) != list(range(1, ZONES + 1)):
        raise DataError(f"{source}: zones", f"must place every zone 1-{ZONES} once")
    return layout
