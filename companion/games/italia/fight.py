"""A whole land battle or raid as a pure function over the battle value: the rolls before the first
round (§13.3 elephant fear, §14.1 Foederati), the rounds, retreats, submission, the raid's end and
the aftermath (winner, stacking, rebuilding, loot, major battle)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from companion.games.vocabulary import IllegalActionError, Sentence

from .battle import LEADER, Battle, Counts, other, stacking_limit, unit_type
from .dice import Dice
from .rounds import Aim, Count, RoundReport, check_aims, default_aims, roll_round
from .tally import add_units, movable, take


@dataclass(frozen=True)
class Roll:
    """One die rolled before the first round, for one unit, and whether it took the unit away."""

    kind: str  # "fear" (§13.3) or "switch" (§14.1)
    side: str
    unit: str
    value: int
    needed: int

    @property
    def taken(self) -> bool:
        return self.value >= self.needed


def romans_facing_elephants(battle: Battle) -> str | None:
    """The Romans' side when elephants stand against them (reading A33: the Roman nation only)."""
    for which in ("attacker", "defender"):
        if battle.side(which).nation == "romans" and battle.side(other(which)).has("elephant"):
            return which
    return None


def fear_needed(battle: Battle, elephant_battles: int) -> tuple[str, int] | None:
    """The Romans' side and the natural that deserts, when this battle rolls for elephant fear:
    8-10 the first time, 10 the second and third, never after (§13.3)."""
    which, fear = romans_facing_elephants(battle), battle.numbers.elephant_fear
    if which is None or elephant_battles >= len(fear):
        return None
    return which, fear[elephant_battles]


def switch_needed(battle: Battle) -> tuple[str, int] | None:
    """The side whose Roman Foederati roll to switch (§14.1), and the natural that switches."""
    for which in ("attacker", "defender"):
        side, enemy = battle.side(which), battle.side(other(which))
        if side.has("foederati") and enemy.nation in ("foederati", "ostrogoths"):
            n = battle.numbers
            return (
                which,
                n.foederati_switch_ostrogoths if enemy.nation == "ostrogoths" else n.foederati_switch,
            )
    return None


@dataclass(frozen=True)
class EarlyRoll:
    """One kind of roll before the first round: "fear" (§13.3) or "switch" (§14.1), the side that
    rolls, its dice and the natural that takes a unit away."""

    kind: str
    side: str
    dice: int
    needed: int


def early_rolls(battle: Battle, elephant_battles: int) -> list[EarlyRoll]:
    """The rolls before the first round, in the order their dice are taken: elephant fear (every
    Roman unit but consular legions), then Foederati switching (each Roman Foederati)."""
    if battle.round != 1:
        return []
    found = []
    fear = fear_needed(battle, elephant_battles)
    if fear:
        dice = sum(n for k, n in battle.side(fear[0]).units.items() if unit_type(k) != "consular")
        found.append(EarlyRoll("fear", fear[0], dice, fear[1]))
    switch = switch_needed(battle)
    if switch:
        dice = sum(n for k, n in battle.side(switch[0]).units.items() if unit_type(k) == "foederati")
        found.append(EarlyRoll("switch", switch[0], dice, switch[1]))
    return [roll for roll in found if roll.dice]


def pre_round_dice(battle: Battle, elephant_battles: int) -> int:
    """How many dice roll before the first round (elephant fear, Foederati switching, §13.3, §14.1)."""
    return sum(roll.dice for roll in early_rolls(battle, elephant_battles))


def before_first_round(battle: Battle, dice: Dice, elephant_battles: int) -> tuple[Battle, tuple[Roll, ...]]:
    """Elephant fear, then Foederati switching; one die per unit in key order."""
    rolls: list[Roll] = []
    fear = fear_needed(battle, elephant_battles)
    if fear:
        which, needed = fear
        keys = [k for k in sorted(battle.side(which).units) if unit_type(k) != "consular"]
        battle, made = _roll_away(battle, which, keys, "fear", needed, dice)
        rolls += made
    switch = switch_needed(battle)
    if switch:
        which, needed = switch
        keys = [k for k in sorted(battle.side(which).units) if unit_type(k) == "foederati"]
        battle, made = _roll_away(battle, which, keys, "switch", needed, dice)
        rolls += made
    return battle, tuple(rolls)


def _roll_away(
    battle: Battle, which: str, keys: list[str], kind: str, needed: int, dice: Dice
) -> tuple[Battle, list[Roll]]:
    rolls: list[Roll] = []
    side, enemy = battle.side(which), battle.side(other(which))
    for key in keys:
        made = [Roll(kind, which, key, v, needed) for v in dice.roll(side.units[key])]
        gone = sum(r.taken for r in made)
        side = take(side, key, gone)
        fate = "deserted" if kind == "fear" else "switched"
        side = replace(side, tally=side.tally.add(fate, key, gone))
        if kind == "switch":  # replaced by an enemy infantry unit (reading A57: if one is left)
            units = add_units(enemy.units, "infantry", gone)
            enemy = replace(enemy, units=units, tally=enemy.tally.add("joined", "infantry", gone))
        rolls += made
    battle = battle.with_side(which, side).with_side(other(which), enemy)
    return battle, rolls


def opening_refusal(battle: Battle) -> Sentence | None:
    """Why a battle cannot start as entered, or None: both sides need units, a raid an intact city
    (§10.7), and a battle starts at round 1."""
    if not battle.attacker.count() or not (battle.defender.count() or battle.defender.leaders):
        return Sentence("A battle needs attacking units and defenders in the zone.")
    if battle.mode == "raid" and battle.city != "intact":
        return Sentence("A raid is only against an intact city (§10.7).")
    return None


def over(battle: Battle) -> bool:
    """Both sides no longer face each other: one has no unit left, or the battle ended itself."""
    return bool(battle.ended) or battle.attacker.count() == 0 or battle.defender.count() == 0


def retreat(battle: Battle, which: str, counts: Counts, leaders: int | None = None) -> Battle:
    """Some or all of a side's units leave (§10.5); a hit cavalry cannot (§14.2). Leaders go with
    the last units unless told otherwise."""
    side = battle.side(which)
    for key, n in counts.items():
        if n < 0 or n > movable(side, key):
            raise IllegalActionError(
                Sentence(
                    "{nation}: {n} {key} cannot retreat (a hit cavalry cannot).",
                    nation=side.nation,
                    n=n,
                    key=key,
                )
            )
    for key, n in counts.items():
        side = take(side, key, n, damaged_first=unit_type(key) != "cavalry")
        side = replace(side, tally=side.tally.add("retreated", key, n))
    going = side.leaders if leaders is None and side.count() == 0 else leaders or 0
    side = replace(side, leaders=side.leaders - going, tally=side.tally.add("retreated", LEADER, going))
    return battle.with_side(which, side)


def submit(battle: Battle, *, must: bool = False) -> Battle:
    """The defender submits (§12.5.1): before any die when it must, otherwise from round 2 on while
    both sides stand (reading A24); the master's units all leave the zone (§12.5.2)."""
    if not must and (battle.round < 2 or over(battle)):
        raise IllegalActionError(
            Sentence(
                "Submission refused: a nation that may submit does so after a full round, "
                "while both sides still have units."
            )
        )
    if must and battle.round != 1:
        raise IllegalActionError(Sentence("A nation that must submit does so before the first round."))
    attacker = battle.attacker
    battle = retreat(battle, "attacker", {k: n for k, n in attacker.units.items()}, attacker.leaders)
    return replace(battle, ended="submitted")


def end_raid(battle: Battle, report: RoundReport, stuck: Counts, rebuild: str | None) -> Battle:
    """After the raid's one round (§10.7): a hit ruins the city; the attacker must retreat, and
    units that cannot (the table's `stuck`, and every hit cavalry, §14.2) are eliminated; the
    defender may remove one unit to rebuild at once."""
    attacker = battle.attacker
    for key in attacker.units:
        stuck = add_units(
            stuck, key, max(0, attacker.units[key] - movable(attacker, key) - stuck.get(key, 0))
        )
    for key, n in stuck.items():
        attacker = take(attacker, key, n, damaged_first=True)
        attacker = replace(attacker, tally=attacker.tally.add("lost", key, n))
    battle = retreat(battle.with_side("attacker", attacker), "attacker", dict(attacker.units))
    battle = retreat(battle, "attacker", {}, battle.attacker.leaders)
    if not report.city_hits:
        return replace(battle, ended="raid failed")
    battle = replace(battle, city="ruin", ended="raided")
    return rebuild_city(battle, "defender", rebuild) if rebuild else battle


def rebuild_city(battle: Battle, which: str, key: str) -> Battle:
    """§10.6.1: a nation holding a ruin removes one of its units (not a leader) to rebuild it."""
    side = battle.side(which)
    if battle.city != "ruin" or side.units.get(key, 0) < 1:
        raise IllegalActionError(
            Sentence("Rebuilding needs a ruin and one {nation} {key} to remove.", nation=side.nation, key=key)
        )
    side = take(side, key, 1, damaged_first=True)
    side = replace(side, tally=side.tally.add("spent", key, 1))
    return replace(battle.with_side(which, side), city="intact")


@dataclass(frozen=True)
class Aftermath:
    """How the battle ended and what the table does next."""

    winner: str | None  # "attacker", "defender" or None (both gone)
    how: str  # cleared | held | both destroyed | submitted | raided | raid failed
    surplus: int  # units over the stacking limit the winner removes now (§8.3)
    restored: Counts  # two-hit units flipped back (§10.2)
    loot: bool  # the attacker took an intact city: loot it if it was another player's (§10.6)
    major: bool  # a major battle won (§13.2, §13.4)


def aftermath(battle: Battle) -> Aftermath:
    """The end of a battle: winner, stacking surplus (none after a major invasion's first combat or
    in a campaign, §12.2, §8.4), restored two-hit units, loot, major battle."""
    a, d = battle.attacker.count(), battle.defender.count()
    if battle.ended in ("submitted", "raided", "raid failed"):
        winner, how = "defender", battle.ended
    elif a and not d:
        winner, how = "attacker", "cleared"
    elif d and not a:
        winner, how = "defender", "held"
    else:
        winner, how = None, "both destroyed"
    surplus = 0
    if winner and battle.phase not in ("major-invasion-1", "campaign"):
        side = battle.side(winner)
        surplus = max(0, side.count() - stacking_limit(battle, side.nation))
    restored = dict(battle.side(winner).damaged) if winner else {}
    loot = winner == "attacker" and battle.city == "intact"
    return Aftermath(winner, how, surplus, restored, loot, battle.major and winner is not None)


@dataclass(frozen=True)
class Step:
    """A round's decisions: aims per side (None: the default), the elephant's victims' choice, then
    the retreats after the round and the defender's submission at the start of the next."""

    aims: dict[str, Sequence[Aim] | None] = field(default_factory=dict)
    forced: dict[str, tuple[Counts, Counts]] = field(default_factory=dict)
    retreats: dict[str, Counts] = field(default_factory=dict)
    submits: bool = False
    raid_stuck: Counts = field(default_factory=dict)
    raid_rebuild: str | None = None
    typed: tuple[Count, ...] | None = None  # the table's hits per group instead of dice (spec 6)
    first: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the elephant's victims, in order


@dataclass(frozen=True)
class Fought:
    """A battle resolved: where it started, the rolls, every round, where it ended."""

    start: Battle
    rolls: tuple[Roll, ...]
    rounds: tuple[RoundReport, ...]
    end: Battle
    aftermath: Aftermath
    elephant_battles: int  # the Romans' count after this battle (§13.3)
    drawn: tuple[int, ...]


def fight(
    battle: Battle, steps: Sequence[Step], dice: Dice, *, elephant_battles: int = 0, must_submit: bool = False
) -> Fought:
    """Resolve a battle with these decisions; when the steps run out the sides fight on with the
    default aims and no retreat until one side is gone (a raid stops after its one round)."""
    start = battle
    if must_submit:
        end = submit(battle, must=True)
        return Fought(start, (), (), end, aftermath(end), elephant_battles, ())
    counted = elephant_battles + (romans_facing_elephants(battle) is not None)
    battle, rolls = before_first_round(battle, dice, elephant_battles)
    rounds: list[RoundReport] = []
    while not over(battle):
        step = steps[len(rounds)] if len(rounds) < len(steps) else Step()
        battle, report = play_step(battle, step, dice)
        rounds.append(report)
    return Fought(start, rolls, tuple(rounds), battle, aftermath(battle), counted, tuple(dice.drawn))


def play_step(battle: Battle, step: Step, dice: Dice) -> tuple[Battle, RoundReport]:
    """One round with its decisions: roll, then (a raid) its end, or the retreats and submission."""
    aims = {w: step.aims.get(w) or default_aims(battle, w) for w in ("attacker", "defender")}
    for which, chosen in aims.items():  # before any die is rolled: a wrong aim costs no dice
        check_aims(battle, which, chosen)
    needed = sum(n for w in aims for _, _, n in aims[w]) if step.typed is None else 0
    battle, report = roll_round(
        battle, aims, dice.roll(needed), step.forced, typed=step.typed, first=step.first
    )
    if battle.mode == "raid":
        return end_raid(battle, report, step.raid_stuck, step.raid_rebuild), report
    for which in ("attacker", "defender"):
        if not over(battle) and step.retreats.get(which):
            battle = retreat(battle, which, step.retreats[which])
    if step.submits and not over(battle):
        battle = submit(battle)
    return battle, report
