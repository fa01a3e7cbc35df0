"""Variants > Hypothetical initial deployment: the Variable Placement Map's boxes, each with the least and
the most command counters it takes ("min 1 max 4"); the reveal lists each box's formations and its note
(the box limits and notes are printed on the map: the players enter them, spec 3 G11)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import IllegalActionError, Sentence, army


@dataclass(frozen=True)
class PlacementBox:
    name: str
    least: int
    most: int
    note: str = ""  # the deployment note printed beside the box, e.g. "within five hexes from Vigevano"
    side: str = ""  # the army whose command counters it takes ("": either)


def reveal_placement(
    boxes: Mapping[str, PlacementBox],
    placed: Mapping[str, tuple[str, ...]],
    sides: Mapping[str, str] | None = None,
) -> list[Sentence]:
    """Both players' counters turned over: one line per box, or one sentence why a box is refused.
    Without the players' boxes (tables.toml's [placement] empty) the counters are listed as placed,
    no limit checked (spec 3, G11)."""
    if not boxes:
        return [
            Sentence("{box}: {counters}.", box=name, counters=", ".join(counters))
            for name, counters in placed.items()
            if counters
        ]
    for name in placed:
        if name not in boxes:
            raise IllegalActionError(Sentence("Reveal refused: there is no box {box}.", box=name))
    lines = []
    for name, box in boxes.items():
        counters = placed.get(name, ())
        _check_side(box, counters, sides or {})
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


def _check_side(box: PlacementBox, counters: tuple[str, ...], sides: Mapping[str, str]) -> None:
    """A box printed for one army takes only that army's command counters (those the oob names)."""
    for counter in counters:
        if box.side and sides.get(counter, box.side) != box.side:
            raise IllegalActionError(
                Sentence(
                    "Reveal refused: box {box} takes {side}'s command counters, not {counter}.",
                    box=box.name,
                    side=army(box.side),
                    counter=counter,
                )
            )
