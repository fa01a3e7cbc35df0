"""What each game needs at a table (companion.tables.base), one module per game.

`find_table(game_id)` gives the game's table module; like the engines' registry it imports a game
only when asked. A table module offers `new_table(game)`, `options` (the start screen's choices),
the game's screens and its `companion <game> ...` commands.
"""

from __future__ import annotations

import importlib
from types import ModuleType

BUILT_IN = {
    "milano1848": "companion.tables.milano1848",
    "italia": "companion.tables.italia",
    "novara1849": "companion.tables.novara1849",
    "italy4345": "companion.tables.italy4345",
}
_extra: dict[str, ModuleType] = {}


def register(game_id: str, module: ModuleType) -> None:
    """A table module beside the built-in ones (a test's throwaway game, a plug-in)."""
    _extra[game_id] = module


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def table_ids() -> list[str]:
    return list(BUILT_IN) + sorted(set(_extra) - set(BUILT_IN))


def find_table(game_id: str) -> ModuleType:
    if game_id in _extra:
        return _extra[game_id]
    if game_id not in BUILT_IN:
        raise KeyError(f"no table module for {game_id!r}")
    return importlib.import_module(BUILT_IN[game_id])
