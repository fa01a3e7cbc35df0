"""Combat by force ratio, before the roll: the sums, the exact ratio, the base column, every column
shift and die modifier with its reason, and the final column clamped to the table. No results table
is needed for any of it (text: Combat > Procedure, Combat Modifiers; Supply; Forced March)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .errors import Sentence
from .ladder import Ladder, label
from .readings import Readings

ARTILLERY = ("artillery", "horse-artillery")
INFANTRY_CAVALRY = ("infantry", "light-infantry", "cavalry")
OPPOSITE = ((1, 4), (2, 5), (3, 6))


@dataclass(frozen=True)
class Fighter:
    """A unit in a combat as the players enter it: `cf` is the factor of the side showing."""

    id: str
    cf: int
    kind: str = "infantry"
    steps: int = 1  # steps left on the counter
    elite: int = 0  # the number in the white circle
    oos: bool = False
    shaken: bool = False
    forced_march: bool = False  # moved (attacker) or belongs to a formation that force-marched (defender)
    hex: int = 0  # an attacker's ring position 1-6 around the defender; a defender's defending hex
    bonus: bool = True  # the owner may untick the elite bonus


@dataclass(frozen=True)
class DefendingHex:
    terrain: str = "clear"
    left_shifts: int = 0  # from the players' terrain chart, or their answer
    fortified: bool = False


@dataclass(frozen=True)
class Combat:
    """One combat: who attacks from where, who defends in which hexes, and the players' answers."""

    attackers: tuple[Fighter, ...]
    defenders: tuple[Fighter, ...]
    hexes: tuple[DefendingHex, ...] = (DefendingHex(),)
    rings: tuple[tuple[int, ...], ...] = ()  # per defending hex; () = the attackers' positions (one hex)
    between_empty: bool = True  # the hexes between three attacking hexes hold no unit
    encircled: bool | None = None  # the players' own answer (a river bend), which the ring cannot see
    hexside: str = ""  # a hexside every attacker crosses
    hexside_shifts: int = 0
    across_major_river: bool = False


@dataclass(frozen=True)
class Preview:
    """What the players see before the roll; `refusals` is empty when the combat is legal."""

    attack: Fraction
    defence: Fraction
    attack_parts: tuple[tuple[str, Fraction, str], ...]
    defence_parts: tuple[tuple[str, Fraction, str], ...]
    ratio: Fraction
    base_column: str
    shifts: tuple[tuple[Sentence, int], ...]  # each reason a Sentence: translated on screen
    final_column: str
    final_position: int
    clamp_note: str
    encircled: bool
    encircled_source: str
    die_modifiers: tuple[tuple[Sentence, int], ...]
    refusals: tuple[Sentence, ...] = field(default=())

    @property
    def modifier(self) -> int:
        return sum(value for _, value in self.die_modifiers)

    def explain(self) -> list[str]:
        """The preview in plain lines, as the screen and the `odds` command print it."""
        lines = [f"attack {_num(self.attack)} ({_parts(self.attack_parts)})"]
        lines.append(f"defence {_num(self.defence)} ({_parts(self.defence_parts)})")
        lines.append(
            f"ratio {_num(self.attack)}:{_num(self.defence)} = {float(self.ratio):.2f}, "
            f"rounded down: column {self.base_column}"
        )
        lines += [f"{'right' if n > 0 else 'left'} shift {abs(n)}: {why}" for why, n in self.shifts]
        lines.append(f"final column {self.final_column}{self.clamp_note}")
        lines += [f"die {n:+d}: {why}" for why, n in self.die_modifiers]
        return lines + [str(refusal) for refusal in self.refusals]


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _parts(parts: tuple[tuple[str, Fraction, str], ...]) -> str:
    return ", ".join(f"{name} {_num(value)}{note}" for name, value, note in parts)


def factor(fighter: Fighter, readings: Readings) -> tuple[Fraction, str]:
    """A unit's combat factor in this combat, halved out of supply (R-4: exactly, by default)."""
    if not fighter.oos:
        return Fraction(fighter.cf), ""
    if readings.oos_halving == "per_unit_down":
        return Fraction(fighter.cf // 2), " (out of supply: halved, rounded down)"
    return Fraction(fighter.cf, 2), " (out of supply: halved)"


def preview(combat: Combat, ladder: Ladder, readings: Readings) -> Preview:
    """The whole calculation before the roll, every step with its reason."""
    attack_parts = tuple((f.id, *factor(f, readings)) for f in combat.attackers)
    defence_parts = tuple((f.id, *factor(f, readings)) for f in combat.defenders)
    attack = sum((value for _, value, _ in attack_parts), Fraction(0))
    defence = sum((value for _, value, _ in defence_parts), Fraction(0))
    refusals = refusals_of(combat, attack, defence)
    ratio = attack / defence if attack and defence else Fraction(1)
    base = ladder.position(ratio)
    encircled, source = encirclement(combat)
    shifts = column_shifts(combat, encircled)
    final, note = final_position(ladder, base, sum(n for _, n in shifts), readings)
    return Preview(
        attack,
        defence,
        attack_parts,
        defence_parts,
        ratio,
        label(ladder.ratio_at(base)),
        shifts,
        label(ladder.ratio_at(final)),
        final,
        note,
        encircled,
        source,
        die_modifiers(combat, readings),
        refusals,
    )


def final_position(ladder: Ladder, base: int, net: int, readings: Readings) -> tuple[int, str]:
    """R-3: shift along the extended ladder, then clamp (or clamp first, by the switch)."""
    start = ladder.clamp(base) if readings.clamp == "before_shifts" else base
    moved = start + net
    final = ladder.clamp(moved)
    if final == moved:
        return final, ""
    return final, f" ({label(ladder.ratio_at(moved))} is resolved on {label(ladder.ratio_at(final))})"


def refusals_of(combat: Combat, attack: Fraction, defence: Fraction) -> tuple[Sentence, ...]:
    found = [
        Sentence("{unit} is Shaken: Shaken units cannot attack.", unit=f.id)
        for f in combat.attackers
        if f.shaken
    ]
    found += [
        Sentence("{unit} force-marched this turn: it may not attack.", unit=f.id)
        for f in combat.attackers
        if f.forced_march
    ]
    found += [
        Sentence("{unit} needs a ring position from 1 to 6.", unit=f.id)
        for f in combat.attackers
        if not 1 <= f.hex <= 6 and not combat.rings
    ]
    if combat.across_major_river:
        found.append(Sentence("No combat across a major river: the units are adjacent, but may not fight."))
    if not combat.attackers or not attack:
        found.append(Sentence("The attack has no combat factor."))
    if not combat.defenders or not defence:
        found.append(Sentence("The defence has no combat factor: enter the defending units."))
    return tuple(found)


def rings(combat: Combat) -> tuple[frozenset[int], ...]:
    if combat.rings:
        return tuple(frozenset(ring) for ring in combat.rings)
    return (frozenset(f.hex for f in combat.attackers),)


def ring_encircles(positions: frozenset[int], between_empty: bool) -> bool:
    """R-6: attackers in opposite hexes, or in three hexes separated by empty hexes."""
    if any(a in positions and b in positions for a, b in OPPOSITE):
        return True
    return between_empty and positions in (frozenset({1, 3, 5}), frozenset({2, 4, 6}))


def encirclement(combat: Combat) -> tuple[bool, str]:
    """Encircled or not, and from where the companion knows it (`ring` or `players`)."""
    if any(h.fortified for h in combat.hexes):
        return False, "fortified"
    if combat.encircled is not None:
        return combat.encircled, "players"
    return all(ring_encircles(ring, combat.between_empty) for ring in rings(combat)), "ring"


def column_shifts(combat: Combat, encircled: bool) -> tuple[tuple[Sentence, int], ...]:
    """R-5: the single largest left shift the defender may choose; one right shift for encirclement.
    Each reason a Sentence (its template and values), so a screen says it in the table's language."""
    options = [
        (Sentence("terrain: {name}", name=h.terrain), h.left_shifts) for h in combat.hexes if h.left_shifts
    ]
    if combat.hexside_shifts:
        options.append(
            (Sentence("hexside every attacker crosses: {name}", name=combat.hexside), combat.hexside_shifts)
        )
    shifts: list[tuple[Sentence, int]] = []
    if options:
        why, best = max(options, key=lambda option: option[1])
        if len(options) > 1:
            why = Sentence("{why} (the defender's choice, not added up)", why=why)
        shifts.append((why, -best))
    if encircled:
        shifts.append((ENCIRCLEMENT, 1))
    return tuple(shifts)


ENCIRCLEMENT = Sentence("encirclement")
DEFENDERS_MARCHED = Sentence("the defenders force-marched this turn")


def elite_reason(side: str, group: str, unit: str) -> Sentence:
    """The reason of an elite bonus die modifier (each template whole, so the catalog holds it)."""
    if side == "attacker":
        if group == "artillery":
            return Sentence("attacker's elite artillery bonus: {unit}", unit=unit)
        return Sentence("attacker's elite infantry/cavalry bonus: {unit}", unit=unit)
    if group == "artillery":
        return Sentence("defender's elite artillery bonus: {unit}", unit=unit)
    return Sentence("defender's elite infantry/cavalry bonus: {unit}", unit=unit)


def defenders_choice(why: str) -> bool:
    """Whether a shift's reason is the defender's pick among several terrain or hexside shifts (R-5)."""
    return getattr(why, "template", "") == "{why} (the defender's choice, not added up)"


def die_modifiers(combat: Combat, readings: Readings) -> tuple[tuple[Sentence, int], ...]:
    """R-6b: per engaged hex, the best artillery and the best infantry/cavalry bonus of its non-Shaken
    units; added for the attacker, subtracted for the defender. Then the forced march +1 (R-8)."""
    found = _elite(combat.attackers, "attacker", 1) + _elite(combat.defenders, "defender", -1)
    marched = [f.forced_march for f in combat.defenders]
    if marched and (any(marched) if readings.forced_march_bonus_when == "any" else all(marched)):
        found.append((DEFENDERS_MARCHED, 1))
    return tuple(found)


def _elite(fighters: tuple[Fighter, ...], side: str, sign: int) -> list[tuple[Sentence, int]]:
    found: list[tuple[Sentence, int]] = []
    for place in sorted({f.hex for f in fighters}):
        for group, kinds in (("artillery", ARTILLERY), ("infantry/cavalry", INFANTRY_CAVALRY)):
            able = [f for f in fighters if f.hex == place and f.kind in kinds and f.elite and f.bonus]
            able = [f for f in able if not f.shaken]
            if able:
                best = max(able, key=lambda f: f.elite)
                found.append((elite_reason(side, group, best.id), sign * best.elite))
    return found
