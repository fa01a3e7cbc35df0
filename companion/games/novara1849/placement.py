"""Variants > Hypothetical initial deployment: the Variable Placement Map's boxes, each with the least and
the most command counters it takes ("min 1 max 4"); the reveal lists each box's formations and its note
(the box limits and notes are printed on the map: the players enter them, spec 3 G11)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import IllegalActionError, Sentence


@dataclass(frozen=True)
class PlacementBox:
    name: str
    least: int
    most: int
    note: str = ""  # the deployment note printed beside the box, e.g. "within five hexes from Vigevano"


def reveal_placement(
    boxes: Mapping[str, PlacementBox], placed: Mapping[str, tuple[str, ...]]
) -> list[Sentence]:
    """Both players' counters turned over: one line per box, or one sentence why a box is refused."""
    for name in placed:
        if name not in boxes:
            raise IllegalActionError(Sentence("Reveal refused: there is no box {box}.", box=name))
    lines = []
    for name, box in boxes.items():
        counters = placed.get(name, ())
        if not box.least <= len(counters) <= box.most:
            raise IllegalActionError(
                Sentence(
                    "Reveal refused: box {box} needs at least {least} and at most {most} command counters, "
                    "not {n}.",
                    box=name,
                    least=box.least,
                    most=box.most,
                    n=len(counters),
                )
            )
        if counters:
            lines.append(
                Sentence("{box}: {counters}, {note}.", box=name, counters=", ".join(counters), note=box.note)
            )
    return lines
