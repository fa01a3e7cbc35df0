"""The d10 (§2.6: the "0" is worth ten): seeded, recorded, and fed back on replay."""

from __future__ import annotations

import random
from collections.abc import Iterable

from companion.games.vocabulary import IllegalActionError, Sentence


def natural(value: int) -> int:
    """A face as read off the die: 0 counts as 10 (§2.6)."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10:
        raise IllegalActionError(Sentence("A d10 shows 0 to 9 (0 counts as 10), not {value}.", value=value))
    return 10 if value == 0 else value


class Dice:
    """Given values first (the table's dice, or a record's), then a seeded die; keeps what it rolled."""

    def __init__(self, rng: random.Random | None = None, given: Iterable[int] = ()) -> None:
        self._rng = rng
        self._given = [natural(v) for v in given]
        self.drawn: list[int] = []

    def roll(self, count: int) -> tuple[int, ...]:
        rolled = tuple(self._one() for _ in range(count))
        self.drawn.extend(rolled)
        return rolled

    def _one(self) -> int:
        if self._given:
            return self._given.pop(0)
        if self._rng is None:
            raise IllegalActionError(Sentence("More dice are needed: enter every die of the round."))
        return self._rng.randint(1, 10)

    def leftover(self) -> int:
        return len(self._given)
