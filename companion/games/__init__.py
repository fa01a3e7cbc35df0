"""Rules engines, one package per game; each imports only the standard library.

The registry: `find_game("milano1848")` or `find_game("companion/milano1848-record")` gives the
game's `Rules` (companion.games.base), whichever a caller holds (an id from the command line, the
format from a record's header). A game's package is imported only when it is asked for.
"""

from __future__ import annotations

import importlib

from companion.games.base import Rules
from companion.games.vocabulary import DataError

# id -> the module whose RULES is the game's Rules object: the one line a new game adds here
BUILT_IN = {
    "milano1848": "companion.games.milano1848",
    "italia": "companion.games.italia",
    "novara1849": "companion.games.novara1849",
    "italy4345": "companion.games.italy4345",
}
_found: dict[str, Rules] = {}


def register(rules: Rules) -> None:
    """Add a game (a test's throwaway game, or a plug-in) beside the built-in ones."""
    _found[rules.id] = rules


def unregister(game_id: str) -> None:
    _found.pop(game_id, None)


def game_ids() -> list[str]:
    """Every game the companion knows, built in first."""
    return list(BUILT_IN) + sorted(set(_found) - set(BUILT_IN))


def find_game(name: str) -> Rules:
    """The game with this id or record format; DataError when none has it."""
    if name in game_ids():
        return _load(name)
    for game_id in game_ids():
        rules = _load(game_id)
        if name in (rules.id, rules.record_format):
            return rules
    raise DataError("game", f"{name!r} is not a game this companion knows ({', '.join(game_ids())})")


def _load(game_id: str) -> Rules:
    if game_id not in _found:
        module = importlib.import_module(BUILT_IN[game_id])
        _found[game_id] = module.RULES
    return _found[game_id]
