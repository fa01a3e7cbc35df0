"""What the battle screen shows before a roll: the attack cap and its reason, the rolls before the
first round, and every group of dice with what it needs and why ("Legion hits on 7+: 6, mountain -1,
city -2, leader +2"). A table module turns taps into a Battle and aims, and shows this."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games.vocabulary import Sentence

from .battle import Battle, Group, attack_cap, cap_sentence, supremacy
from .fight import fear_needed, switch_needed
from .rounds import Aim, default_aims, groups


@dataclass(frozen=True)
class Preview:
    cap: int | None
    over_cap: bool  # more attackers than the cap: the table confirms (an invasion lifts it, A18)
    groups: tuple[Group, ...]
    lines: tuple[Sentence, ...]


def preview(
    battle: Battle, aims: Mapping[str, Sequence[Aim]] | None = None, elephant_battles: int = 0
) -> Preview:
    """The next round as the screen says it; `aims` default to the resolver's."""
    chosen = {w: (aims or {}).get(w) or default_aims(battle, w) for w in ("attacker", "defender")}
    rolled = groups(battle, chosen)
    cap = attack_cap(battle)
    lines: list[Sentence] = []
    said_cap = cap_sentence(battle)
    if said_cap and battle.round == 1:
        lines.append(said_cap)
    for which in ("attacker", "defender"):
        if supremacy(battle, which) and battle.mode != "raid":
            lines.append(Sentence("{nation}: naval supremacy, +1 (§10.9).", nation=battle.side(which).nation))
    fear = fear_needed(battle, elephant_battles) if battle.round == 1 else None
    if fear:
        lines.append(
            Sentence(
                "Elephant fear: each Roman unit but consular legions deserts on {n}+ (§13.3).", n=fear[1]
            )
        )
    switch = switch_needed(battle) if battle.round == 1 else None
    if switch:
        lines.append(Sentence("Roman Foederati switch sides on {n}+ (§14.1).", n=switch[1]))
    lines += [Sentence("{count} x {line}", count=g.dice, line=g.sentence()) for g in rolled]
    over = cap is not None and battle.round == 1 and battle.attacker.count() > cap
    return Preview(cap, over, rolled, tuple(lines))
