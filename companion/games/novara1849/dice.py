"""Seeded dice and cup draws: roll k of a game is `Random(f"{seed}/roll/{k}")`, so undoing a roll and
throwing again gives the same values, and a replay can check the record against the seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .errors import IllegalActionError, Sentence

SIDES = 6  # every threshold and example value in the text fits a six-sided die


def roll(seed: int, k: int, count: int) -> tuple[int, ...]:
    """The values of the game's k-th roll of `count` dice."""
    rng = random.Random(f"{seed}/roll/{k}")
    return tuple(rng.randint(1, SIDES) for _ in range(count))


def draw_index(seed: int, turn: int, j: int, remaining: int) -> int:
    """Which of the `remaining` chits the j-th draw of a turn takes (uniform, whoever pulls: R-9)."""
    return random.Random(f"{seed}/cup/{turn}/{j}").randrange(remaining)


def checked_dice(given: Sequence[object], count: int, what: str) -> tuple[int, ...]:
    """Dice the table threw and typed in: exactly `count` values from 1 to 6, or one sentence why not."""
    if len(given) != count:
        raise IllegalActionError(
            Sentence("{what} needs {count} dice, not {given}.", what=what, count=count, given=len(given))
        )
    for value in given:
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= SIDES:
            raise IllegalActionError(Sentence("{value} is not a face of a six-sided die.", value=value))
    return tuple(int(v) for v in given)  # type: ignore[call-overload]
