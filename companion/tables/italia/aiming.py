"""What the battle's sides choose before a roll, kept on the screen until it is played: each unit
key's target (the default: the enemy's most numerous key, §10.4), the units each side sends out first
when elephants force some out (the default: the cheapest), and the hits typed per group with the
table's own dice (spec 6). A key no longer in the battle falls back to the default."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.italia import actions as a
from companion.games.italia.battle import Battle, Group, other
from companion.games.italia.preview import preview
from companion.games.italia.rounds import CITY, Aim, default_aims, tramples

SIDES = ("attacker", "defender")


@dataclass
class Aiming:
    targets: dict[tuple[str, str], str] = field(default_factory=dict)  # (side, unit key) -> target key
    first: dict[str, str] = field(default_factory=dict)  # side -> the key it sends out first
    hits: list[int] = field(default_factory=list)  # typed per group, in the round's group order
    nines: list[int] = field(default_factory=list)
    by_hits: bool = False  # the pad takes hits per group, not each die
    _round: int = 0

    def follow(self, battle: Battle) -> None:
        """A new round: the typed hits start afresh (the aims and victims stay while they fit); a new
        battle (back at round 1): every choice does."""
        if battle.round != self._round:
            if battle.round == 1:
                self.targets, self.first, self.by_hits = {}, {}, False
            self._round, self.hits, self.nines = battle.round, [], []

    def target(self, battle: Battle, which: str, key: str) -> str:
        enemy = battle.side(other(which)).units
        chosen = self.targets.get((which, key))
        if chosen in enemy and enemy.get(chosen):
            return chosen
        return next((t for k, t, _n in default_aims(battle, which) if k == key), CITY)

    def aims(self, battle: Battle, which: str) -> tuple[Aim, ...]:
        """Every unit's die at its key's target: the default unless the side chose another."""
        found = default_aims(battle, which)
        if battle.mode == "raid" and which == "attacker":
            return found
        return tuple((key, self.target(battle, which, key), n) for key, _t, n in found)

    def next_target(self, battle: Battle, which: str, key: str) -> None:
        enemy = sorted(k for k, n in battle.side(other(which)).units.items() if n)
        if not enemy:
            return
        now = self.target(battle, which, key)
        self.targets[(which, key)] = enemy[(enemy.index(now) + 1) % len(enemy)] if now in enemy else enemy[0]

    def victim(self, battle: Battle, which: str) -> str:
        """The key this side sends out first when elephants force units out ("" for the cheapest)."""
        chosen = self.first.get(which, "")
        return chosen if battle.side(which).units.get(chosen) else ""

    def next_victim(self, battle: Battle, which: str) -> None:
        keys = ["", *sorted(k for k, n in battle.side(which).units.items() if n)]
        now = self.victim(battle, which)
        self.first[which] = keys[(keys.index(now) + 1) % len(keys)]

    def chosen_aims(self, battle: Battle) -> dict[str, tuple[Aim, ...]]:
        """The aims to send: only a side that chose other than the default (a record stays short)."""
        found = {}
        for which in SIDES:
            aims = self.aims(battle, which)
            if aims != default_aims(battle, which):
                found[which] = aims
        return found

    def roll(self, battle: Battle) -> a.RollRound:
        """The round as chosen, rolled by the companion's die."""
        return a.RollRound(self.chosen_aims(battle), first=self._first(battle))

    def typed(self, battle: Battle, values: tuple[int, ...]) -> a.RollRound:
        """The round as chosen with the table's own dice: each value, or the hits per group."""
        if not self.by_hits:
            return a.RollRound(self.chosen_aims(battle), values, first=self._first(battle))
        count = len(self.groups(battle))
        hits = tuple((self.hits + [0] * count)[:count])
        nines = tuple((self.nines + [0] * count)[:count])
        return a.RollRound(
            self.chosen_aims(battle), hits=hits, nines=nines if any(nines) else (), first=self._first(battle)
        )

    def _first(self, battle: Battle) -> dict[str, tuple[str, ...]]:
        faced = self.faced_by_elephants(battle)
        return {w: (self.victim(battle, w),) for w in faced if self.victim(battle, w)}

    def groups(self, battle: Battle) -> tuple[Group, ...]:
        aims = {w: self.aims(battle, w) for w in SIDES}
        return preview(battle, aims).groups

    def bump(self, which: str, at: int, top: int, by: int) -> None:
        """A group's typed hits (`which` "hits") or its elephant 9s and 10s ("nines"), within its dice."""
        counts = self.hits if which == "hits" else self.nines
        counts.extend([0] * (at + 1 - len(counts)))
        counts[at] = max(0, min(top, counts[at] + by))

    def faced_by_elephants(self, battle: Battle) -> list[str]:
        """The sides an elephant's die aims at this round (they may have to send units out)."""
        return sorted({other(g.side) for g in self.groups(battle) if tramples(g)})
