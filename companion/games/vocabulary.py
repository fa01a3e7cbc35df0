"""The words every rules engine speaks: translatable sentences and the errors a player can read.

Standard library only, like the engines that import it. A `Sentence` keeps its English template
and values, so a screen says it in the table's language (`companion.i18n.translate`); the engines
themselves stay English.
"""

from __future__ import annotations


class Sentence(str):
    """A sentence for a player that keeps its English template and its values."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, **values: object) -> Sentence:
        made = super().__new__(cls, template.format(**values))
        made.template, made.values = template, values
        return made


def plural(count: int, one: str, many: str, **values: object) -> Sentence:
    """The singular or the plural template (the catalog keeps both)."""
    return Sentence(one if count == 1 else many, count=count, **values)


class IllegalActionError(ValueError):
    """An action the rules do not allow in this state; the message says why."""


class CardNeeded(IllegalActionError):
    """Table decks: the action draws a card the engine cannot see; say which card it was."""

    def __init__(self, deck: str) -> None:
        super().__init__(f"Say which {deck} card was drawn: with table decks the companion cannot see it.")
        self.deck = deck


class ValueNeeded(IllegalActionError):
    """The rules need a number printed on the owner's copy (a card, the board) that the data files do
    not hold: the table asks `question`, then tells the engine the answer under `key` (it is kept
    for the rest of the game) and plays the action again."""

    def __init__(self, key: str, question: Sentence) -> None:
        super().__init__(question)
        self.key = key
        self.question = question


class DataError(ValueError):
    """A data file (map, decks, rules, state file, record) is malformed; names the field."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem
