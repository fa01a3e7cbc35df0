"""What the LED die box shows for Italia's rolls (spec 6), on the generic faces only (numbers, the
blank, the cross); a d10's 10 is its "0" on a die, but a threshold is said as the screen says it (10+):

- a round the companion rolled (land or naval): each die tumbles 0.8 s and lands in turn, attacker's
  first, when the round has at most 6; then the attacker's hits, a blank, the defender's hits, each
  held 0.6 s, the last staying; a bigger round one tumble, landing on the attacker's hits;
- the rolls before a first round the companion rolled (elephant fear §13.3, then Foederati switching
  §14.1), turn 10's legion switching (§13.4) and a naval attack order's tie dice (§10.8.1): each die
  in turn as above, a die that deserts or switches followed by the cross for 0.5 s;
- a round of the table's own dice (values or hits typed): the two totals only, no tumble;
- while the table's own dice are waited for (its pad is open): each group's threshold in the order
  the dice are typed (the rolls before the first round, the attacker's groups, the defender's), each
  held 1 s with a 0.25 s blank after it (two groups that need the same read as two), a 1 s blank
  after the last of each of those three, and again from the first until the dice are played or the
  pad is left (the blank); a single threshold is held.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.italia.actions import SwitchLegions
from companion.games.italia.battle import Group
from companion.games.italia.fight import EarlyRoll
from companion.games.italia.ledger import RoundLog, Throw
from companion.games.italia.turn10 import switch_legions

SHOWN_ONE_BY_ONE = 6  # a round of up to this many dice shows each die on the box (spec 6)
TUMBLE_MS, HOLD_MS = 800, 600  # a die's tumble before it lands, and how long a landed face stays
CROSS_MS = 500  # a die that took its unit away (spec 6, D4-D7)
THRESHOLD_MS, NEXT_GROUP_MS, NEXT_SIDE_MS = 1000, 250, 1000  # the thresholds while the table rolls


def round_faces(log: RoundLog, rolled: bool = True, before: tuple[Throw, ...] = ()) -> list[Any]:
    """The die's script for a round: `before`, the rolls before the first round, each die in turn
    when the companion rolled them; then each die the companion rolled tumbles and lands in turn (a
    d10's 10 is its "0"), then the attacker's hits, a blank, the defender's hits, each held a
    moment, the last staying; a bigger round one tumble, landing on the attacker's hits; the table's
    own dice typed (values or hits per group) the totals only, no tumble."""
    from hardware.die_script import Beat
    from hardware.faces import BLANK, number

    values = [v for throw in log.throws for v in throw.values]
    each = rolled and len(values) <= SHOWN_ONE_BY_ONE
    early = each_die([(v, v >= t.needed) for t in before for v in t.values]) if rolled else []
    dice = [Beat(number(v % 10), HOLD_MS, TUMBLE_MS) for v in values] if each else []
    tumble = TUMBLE_MS if rolled and not each else 0
    totals = [Beat(number(hits(log, "attacker")), HOLD_MS, tumble), Beat(BLANK, HOLD_MS)]
    return [*early, *dice, *totals, number(hits(log, "defender"))]


def hits(log: RoundLog, which: str) -> int:
    return sum(t.hits for t in log.throws if t.side == which)


def each_die(dice: list[tuple[int, bool]]) -> list[Any]:
    """Each die (its value, and whether it took its unit away) tumbling and landing in turn, the
    cross after one that took its unit."""
    from hardware.die_script import Beat
    from hardware.faces import CROSS, number

    script: list[Any] = []
    for value, taken in dice:
        script.append(Beat(number(value % 10), HOLD_MS, TUMBLE_MS))
        if taken:
            script.append(Beat(CROSS, CROSS_MS))
    return script


def legion_switching(action: SwitchLegions, drawn: tuple[int, ...]) -> list[Any]:
    """Turn 10's dice as the engine rolled them (Sulla's first): a legion that joins, the cross."""
    from companion.games.italia.dice import Dice

    made = switch_legions(action.legions, action.leaders, action.consular, Dice(None, drawn))
    return each_die([(value, value >= needed) for _leader, value, needed in made.rolls])


def thresholds(early: Sequence[EarlyRoll], groups: Sequence[Group]) -> tuple[Any, ...]:
    """The box while the table's own dice are waited for: each threshold in the order the dice are
    typed, the rolls before the first round first (each its own run), then the attacker's groups,
    then the defender's."""
    from hardware.die_script import Beat, Loop
    from hardware.faces import BLANK, number

    runs = [[roll.needed] for roll in early]
    runs += [[g.needed for g in groups if g.side == which] for which in ("attacker", "defender")]
    runs = [run for run in runs if run]
    if sum(len(run) for run in runs) == 1:
        return (number(runs[0][0]),)
    beats: list[Beat] = []
    for run in runs:
        for at, needed in enumerate(run):
            gap = NEXT_SIDE_MS if at == len(run) - 1 else NEXT_GROUP_MS
            beats += [Beat(number(needed), THRESHOLD_MS), Beat(BLANK, gap)]
    return (Loop(tuple(beats)),)


def idle() -> tuple[Any, ...]:
    """The box once no roll is waited for (the pad left without a roll)."""
    from hardware.faces import BLANK

    return (BLANK,)
