"""Finds and loads the data files in `assets/` (the engines get text, never paths)."""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import files
from companion.games import find_game
from companion.games.vocabulary import DataError

if TYPE_CHECKING:
    from hardware.faces import Face


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


@cache
def edition(game_id: str) -> Any:
    """A game's data files (`assets/<game>/`), validated by its engine; errors name the file's full path."""
    rules = find_game(game_id)
    return rules.load_edition(
        lambda name: read_asset(f"{rules.id}/{name}"), lambda name: str(assets_dir() / rules.id / name)
    )


@cache
def die_faces(game_id: str) -> dict[str, Face]:
    """A game's own die faces (`assets/<game_id>/die-faces.toml`), validated: name -> face.
    DataError names the file and the face at fault."""
    from hardware.faces import FaceError, parse_faces  # hardware loads only when the die is wanted

    if not re.fullmatch(r"[a-z0-9_-]+", game_id):
        raise ValueError(f"{game_id!r} is not a game id")
    relative = f"{game_id}/die-faces.toml"
    try:
        return parse_faces(read_asset(relative), str(assets_dir() / relative))
    except FaceError as exc:
        raise DataError(exc.field, exc.problem) from None
