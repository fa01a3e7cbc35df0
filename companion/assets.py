"""Finds and loads the data files in `assets/` (the engines get text, never paths)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.games import find_game
from companion.games.vocabulary import DataError


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
def edition(game_id: str) -> Any:
    """A game's data files (`assets/<game>/`), validated by its engine; errors name the file's full path."""
    rules = find_game(game_id)
    return rules.load_edition(lambda name: read_asset(f"{rules.id}/{name}"),
                              lambda name: str(assets_dir() / rules.id / name))
