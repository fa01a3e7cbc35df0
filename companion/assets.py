"""Finds and loads the data files in `assets/` (the engines get text, never paths)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from companion.games.milano1848.edition import Edition, parse_board, parse_decks, parse_rules
from companion.games.milano1848.errors import DataError


def assets_dir() -> Path:
    """`COMPANION_ASSETS` if set, else the `assets/` folder of this checkout."""
    override = os.environ.get("COMPANION_ASSETS")
    return Path(override) if override else Path(__file__).resolve().parent.parent / "assets"


def read_asset(relative: str) -> str:
    path = assets_dir() / relative
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(str(path), f"cannot be read ({exc.strerror})") from None


@lru_cache(maxsize=None)
def milano1848() -> Edition:
    """The Milano 1848 board, decks and rule numbers, validated."""
    folder = "milano1848"
    austria, italy = parse_decks(read_asset(f"{folder}/decks.toml"), f"{folder}/decks.toml")
    board = parse_board(read_asset(f"{folder}/map.toml"), f"{folder}/map.toml")
    rules = parse_rules(read_asset(f"{folder}/rules.toml"), f"{folder}/rules.toml")
    return Edition(board, rules, austria, italy)
