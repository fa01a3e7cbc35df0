"""The errors the engine raises (the shared vocabulary of every engine) and the one of its own: a value
the rulebook does not print and the owner's files do not hold, asked for at the moment it is needed."""

from companion.games.vocabulary import CardNeeded, DataError, IllegalActionError, Sentence, plural


class ValueNeeded(IllegalActionError):
    """A decision needs a value the text lacks (a city's production, a card's faction order, an offensive
    card's arrows): answer it with `Answer(key, value)`; the game remembers the answer."""

    def __init__(self, key: str, what: str) -> None:
        super().__init__(
            Sentence(
                "{what} is not in your edition files ({key}): enter it now; the game will remember it.",
                what=what,
                key=key,
            )
        )
        self.key = key
        self.what = what


def refuse(template: str, **values: object) -> IllegalActionError:
    """A one-sentence refusal, ready to raise."""
    return IllegalActionError(Sentence(template, **values))


__all__ = ["CardNeeded", "DataError", "IllegalActionError", "Sentence", "ValueNeeded", "plural", "refuse"]
