"""What a device says to a person, kept translatable (defined once, in `firmware_bridge.text`).

The rules engine keeps its own small type (`companion.games.milano1848.errors.Sentence`): it may
import only the standard library, and hardware may know no game, so neither imports the other's.
"""

from firmware_bridge.text import Sentence

__all__ = ["Sentence"]
