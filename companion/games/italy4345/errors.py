"""The errors the engine raises (the shared vocabulary of every engine) and the one of its own: a value
the rulebook does not print and the owner's files do not hold, asked for at the moment it is needed."""

from collections.abc import Sequence

from companion.games import vocabulary
from companion.games.vocabulary import CardNeeded, DataError, IllegalActionError, Sentence, plural

FILES = {"areas": "map.toml"}  # an answer's key's first part -> its file, when not the part's own .toml


class ValueNeeded(vocabulary.ValueNeeded):
    """A decision needs a value the text lacks (a city's production, a card's faction order, an offensive
    card's arrows): answer it with `Answer(key, value)`; the game remembers the answer."""

    def __init__(self, key: str, what: Sentence) -> None:
        question = Sentence(
            "{what}: not in your edition files ({file}); enter it now, the game will remember it.",
            what=what,
            file=FILES.get(key.split(".")[0], key.split(".")[0] + ".toml"),
        )
        super().__init__(key, question)
        self.what = what


def refuse(template: str, **values: object) -> IllegalActionError:
    """A one-sentence refusal, ready to raise (scripts/catalogs.py collects its template)."""
    return IllegalActionError(Sentence(template, **values))


def listed(parts: Sequence[object], empty: str = "", plus: bool = False) -> object:
    """Several words or sentences said as one list, "a, b, c" (or a sum, "a + b + c"): each part stays a
    sentence of its own, so the screen translates it (a plain ", ".join would leave English words in an
    Italian sentence)."""
    if not parts:
        return empty
    if len(parts) == 1:
        return parts[0]
    rest = listed(parts[1:], plus=plus)
    if plus:
        return Sentence("{first} + {rest}", first=parts[0], rest=rest)
    return Sentence("{first}, {rest}", first=parts[0], rest=rest)


__all__ = [
    "CardNeeded",
    "DataError",
    "IllegalActionError",
    "Sentence",
    "ValueNeeded",
    "listed",
    "plural",
    "refuse",
]
