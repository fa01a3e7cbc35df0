"""The battle value: both sides, the zone, and what each group of dice needs (§8.3, §10.0-10.9).

A unit key is a unit type ("legion"), or a type that came by sea or across a strait this turn
("legion:sea", §10.8.2): the defender aims at those to get the first round's +2. Leaders are a
count per side; they never roll and are never a target (reading A35).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.games.vocabulary import Sentence

from .numbers import TEXT, Numbers

Counts = dict[str, int]
SEA = ":sea"
FATES = ("lost", "retreated", "deserted", "switched", "spent")
LEADER = "leader"


def unit_type(key: str) -> str:
    """The type of a unit key: "legion:sea" -> "legion"."""
    return key.split(":", 1)[0]


@dataclass(frozen=True)
class Tally:
    """Where one side's units went, per unit key ("leader" for leaders)."""

    lost: Counts = field(default_factory=dict)
    retreated: Counts = field(default_factory=dict)
    deserted: Counts = field(default_factory=dict)
    switched: Counts = field(default_factory=dict)
    spent: Counts = field(default_factory=dict)  # removed to rebuild a city (§10.6.1, §10.7)
    joined: Counts = field(default_factory=dict)  # came over from the enemy (§14.1)

    def add(self, fate: str, key: str, n: int) -> Tally:
        if n <= 0:
            return self
        counts = dict(getattr(self, fate))
        counts[key] = counts.get(key, 0) + n
        return replace(self, **{fate: counts})

    def total(self, fate: str) -> int:
        return sum(getattr(self, fate).values())


@dataclass(frozen=True)
class Side:
    """One nation's units in the battle. `damaged` counts the flipped two-hit units of a key."""

    nation: str
    units: Counts = field(default_factory=dict)
    damaged: Counts = field(default_factory=dict)
    leaders: int = 0
    fleets: int = 0  # its fleets in the seas next to the zone (§10.9), for supremacy
    tally: Tally = field(default_factory=Tally)

    def count(self) -> int:
        """Non-leader units (what rolls, what stacking counts)."""
        return sum(self.units.values())

    def alive(self) -> bool:
        return self.count() > 0 or self.leaders > 0

    def has(self, kind: str) -> bool:
        return any(unit_type(k) == kind and n > 0 for k, n in self.units.items())


@dataclass(frozen=True)
class Battle:
    """A land battle (or a raid) at one moment: `round` is the next round to roll."""

    attacker: Side
    defender: Side
    zone: str = ""
    terrain: str = "standard"  # standard | mountain | swamp | borderland
    city: str = "none"  # none | intact | ruin
    capital_of: str | None = None  # the nation whose capital the zone is
    mode: str = "normal"  # normal | raid
    phase: str = "normal"  # normal | major-invasion-1 | major-invasion-2 | campaign
    invaded: bool = False  # §9.3: the attacker invaded the zone (no attack cap, reading A18)
    round: int = 1
    major: bool = False  # at least 3 units a side when the first dice were rolled (reading A34)
    ended: str = ""  # "submitted", "raided", "raid failed" when the battle ended by itself
    converted: str = ""  # the unit key the Patrimonium converted in this battle (§14.3)
    numbers: Numbers = TEXT

    def side(self, which: str) -> Side:
        return self.attacker if which == "attacker" else self.defender

    def with_side(self, which: str, side: Side) -> Battle:
        return replace(self, attacker=side) if which == "attacker" else replace(self, defender=side)


def other(which: str) -> str:
    return "defender" if which == "attacker" else "attacker"


@dataclass(frozen=True)
class Term:
    """One modifier of a group's dice and why: ("mountain", -1)."""

    reason: str
    value: int


@dataclass(frozen=True)
class Group:
    """Dice of one side's unit key aimed at one target key, and the natural number they need."""

    side: str
    unit: str
    target: str
    dice: int
    points: int
    terms: tuple[Term, ...]

    @property
    def needed(self) -> int:
        """The natural die that hits: a 1 always misses, a 10 always hits (§10.2)."""
        return min(10, max(2, self.points - sum(t.value for t in self.terms)))

    def sentence(self) -> Sentence:
        """ "Legion hits on 7+: 6, mountain -1, city -2, leader +2"."""
        parts = "".join(f", {t.reason} {t.value:+d}" for t in self.terms)
        return Sentence(
            "{unit} hits on {needed}+: {points}{parts}",
            unit=unit_type(self.unit).capitalize(),
            needed=self.needed,
            points=self.points,
            parts=parts,
        )


def supremacy(battle: Battle, which: str) -> bool:
    """§10.9: at least one fleet next to the zone and at least twice the enemy's."""
    mine, theirs = battle.side(which).fleets, battle.side(other(which)).fleets
    return mine >= 1 and mine >= 2 * theirs


def terms(battle: Battle, which: str, target: str) -> tuple[Term, ...]:
    """Every modifier of one side's dice at a target, in the order the screen says them."""
    n = battle.numbers
    if battle.mode == "raid":  # §10.7: no bonus or modifier for either side
        return ()
    found: list[Term] = []
    if which == "attacker" and battle.terrain in ("mountain", "swamp"):
        found.append(Term(battle.terrain, -n.terrain_penalty))
    if which == "attacker" and battle.city == "intact":
        found.append(Term("city", -n.city_penalty))
    leaders = battle.side(which).leaders
    if leaders:
        found.append(Term("leader" if leaders == 1 else f"{leaders} leaders", n.leader_bonus * leaders))
    if supremacy(battle, which):
        found.append(Term("naval supremacy", n.supremacy_bonus))
    if which == "defender" and battle.round == 1 and target.endswith(SEA):
        found.append(Term("landing", n.sea_invasion_bonus))
    return tuple(found)


def points(battle: Battle, which: str, unit: str) -> int:
    if battle.mode == "raid" and which == "attacker":
        return battle.numbers.raid_points
    return battle.numbers.combat_points[unit_type(unit)]


def group(battle: Battle, which: str, unit: str, target: str, dice: int) -> Group:
    return Group(which, unit, target, dice, points(battle, which, unit), terms(battle, which, target))


def attack_cap(battle: Battle) -> int | None:
    """§8.3: the zone's limit +1, +1 with a leader, +1 in a major invasion; None when lifted
    (an invaded zone, reading A18; a campaign leader's zone, §8.4). A capital adds nothing."""
    if battle.invaded or battle.phase == "campaign":
        return None
    cap = battle.numbers.stacking[battle.terrain] + 1
    cap += battle.attacker.leaders > 0
    cap += battle.phase.startswith("major-invasion")
    return cap


def cap_sentence(battle: Battle) -> Sentence | None:
    """Why the attack cap is what it is, or None when there is none."""
    cap = attack_cap(battle)
    if cap is None:
        return None
    extra = (", +1 leader" if battle.attacker.leaders else "") + (
        ", +1 major invasion" if battle.phase.startswith("major-invasion") else ""
    )
    return Sentence(
        "At most {cap} attackers: {zone} holds {limit}, +1 attack{extra} (§8.3).",
        cap=cap,
        zone=battle.zone or "the zone",
        limit=battle.numbers.stacking[battle.terrain],
        extra=extra,
    )


def stacking_limit(battle: Battle, nation: str) -> int:
    """§8.0, §8.1: the zone's limit for this nation, one more in its capital."""
    return battle.numbers.stacking[battle.terrain] + (battle.capital_of == nation)
