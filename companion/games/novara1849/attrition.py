"""Forced-march and general-retreat attrition (text: Forced March, General Retreat; R-10): one die per
formation, one step lost from a unit of the formation on the text's faces."""

from __future__ import annotations

FORCED_MARCH_LOSS = (1,)  # "with a result of 1 a step strength is removed"
GENERAL_RETREAT_LOSS = (1, 2, 3)  # "on a roll of 1, 2 or 3, one step strength is removed"


def attrition_loss(die: int, general_retreat: bool = False) -> bool:
    """Whether this die costs the formation one step (one step in total: R-10)."""
    return die in (GENERAL_RETREAT_LOSS if general_retreat else FORCED_MARCH_LOSS)
