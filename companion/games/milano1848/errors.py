"""The errors the engine raises: every one carries a sentence a player can read."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules do not allow in this state; the message says why."""


class CardNeeded(IllegalActionError):
    """Table decks: the action draws a card the engine cannot see; say which card it was."""

    def __init__(self, deck: str) -> None:
        super().__init__(f"Say which {deck} card was drawn: with table decks the companion cannot see it.")
        self.deck = deck


class DataError(ValueError):
    """A data file (map, decks, rules, state file, record) is malformed; names the field."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem
