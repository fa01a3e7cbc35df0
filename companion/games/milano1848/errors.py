"""The errors the engine raises (the shared vocabulary of every engine): each carries a sentence a
player can read."""

from companion.games.vocabulary import CardNeeded, DataError, IllegalActionError, Sentence, plural

__all__ = ["CardNeeded", "DataError", "IllegalActionError", "Sentence", "plural"]
