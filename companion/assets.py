"""Finds and loads the data files in `assets/` (the engines get text, never paths)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from companion import files
from companion.games.milano1848.edition import Edition, parse_board, parse_decks, parse_rules
from companion.games.milano1848.errors import DataError


MILANO_ZONES = 16
MAX_ASSET_BYTES = 1 << 20  # the data files are a few KiB each


def assets_dir() -> Path:
    """`COMPANION_ASSETS` if set, else the `assets/` folder of this checkout."""
    override = os.environ.get("COMPANION_ASSETS")
    return Path(override) if override else Path(__file__).resolve().parent.parent / "assets"


def read_asset(relative: str) -> str:
    path = assets_dir() / relative
    try:
        return files.read_text(path, MAX_ASSET_BYTES)
    except files.FileRefused as exc:
        raise DataError(str(path), exc.problem) from None


@lru_cache(maxsize=None)
def milano1848() -> Edition:
    """The Milano 1848 board, decks and rule numbers, validated; errors name the file's full path."""
    folder = assets_dir() / "milano1848"
    austria, italy = parse_decks(read_asset("milano1848/decks.toml"), str(folder / "decks.toml"))
    board = parse_board(read_asset("milano1848/map.toml"), str(folder / "map.toml"))
    if board.zones != MILANO_ZONES:
        raise DataError(f"{folder / 'map.toml'}: zones", f"Milano 1848 has {MILANO_ZONES} zones, not {board.zones}")
    rules = parse_rules(read_asset("milano1848/rules.toml"), str(folder / "rules.toml"))
    return Edition(board, rules, austria, italy)


@lru_cache(maxsize=None)
def milano1848_layout() -> dict[int, tuple[float, float]]:
    """Zone -> (x, y) in 0..1 for schematic maps (assets/milano1848/layout.toml)."""
    import tomllib

    source = str(assets_dir() / "milano1848" / "layout.toml")
    try:
        zones = tomllib.loads(read_asset("milano1848/layout.toml")).get("zones", {})
    except tomllib.TOMLDecodeError as exc:
        raise DataError(source, f"not valid TOML ({exc})") from None
    layout: dict[int, tuple[float, float]] = {}
    for key, point in zones.items():
        ok = key.isascii() and key.isdigit() and isinstance(point, list) and len(point) == 2
        if not ok or not all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in point):
            raise DataError(f"{source}: zones.{key}", "must be [x, y] with both in 0..1")
        layout[int(key)] = (float(point[0]), float(point[1]))
    if sorted(layout) != list(range(1, MILANO_ZONES + 1)):
        raise DataError(f"{source}: zones", f"must place every zone 1-{MILANO_ZONES} once")
    return layout
