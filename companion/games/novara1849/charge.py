"""Cavalry charges (text: Cavalry Charges; readings R-7, R-33, R-40): dice per charging step, the
defender's dice per infantry unit and per cavalry or artillery step, hits on 5 or 6."""

from __future__ import annotations

from dataclasses import dataclass

from .combat import ARTILLERY, Fighter
from .errors import IllegalActionError, Sentence
from .readings import Readings

HIT_ON = 5  # "a roll of 5 or 6 eliminates one step" (both sides)
CHARGE_FORBIDDEN = ("bridge", "ford", "river", "major-river", "stream", "ridge")


@dataclass(frozen=True)
class ChargeDice:
    """How many dice each side throws, with the defence count's breakdown, and what hits."""

    attack_dice: int
    defence_dice: int
    defence_breakdown: tuple[tuple[str, int], ...]
    attack_hit_on: int

    @property
    def defence_hit_on(self) -> int:
        """The defender's dice hit on 5 or 6, whatever the attacker's modifier (R-7)."""
        return HIT_ON

    def hits(self, attack: tuple[int, ...], defence: tuple[int, ...]) -> tuple[int, int]:
        """Hits scored by the charger and by the defender on these dice."""
        return sum(v >= self.attack_hit_on for v in attack), sum(v >= HIT_ON for v in defence)


def charge_dice(
    chargers: tuple[Fighter, ...],
    defenders: tuple[Fighter, ...],
    terrain: str,
    hexside: str,
    readings: Readings,
) -> ChargeDice:
    """The dice counts of a charge, or one sentence why the charge is refused."""
    refuse_charge(chargers, terrain, hexside)
    breakdown = tuple(_defence_dice(f) for f in defenders if not f.shaken and f.kind != "pontoon")
    marched = readings.forced_march_charge_bonus and any(f.forced_march for f in defenders)
    return ChargeDice(
        sum(f.steps for f in chargers),
        sum(n for _, n in breakdown),
        breakdown,
        HIT_ON - 1 if marched else HIT_ON,
    )


def _defence_dice(fighter: Fighter) -> tuple[str, int]:
    """ "one die for each infantry unit and one die for each step strength of cavalry or artillery"."""
    if fighter.kind in ("cavalry", *ARTILLERY):
        return fighter.id, fighter.steps
    return fighter.id, 1


def refuse_charge(chargers: tuple[Fighter, ...], terrain: str, hexside: str) -> None:
    if not chargers:
        raise IllegalActionError(Sentence("Charge refused: name the charging cavalry."))
    for fighter in chargers:
        if fighter.kind != "cavalry":
            raise IllegalActionError(Sentence("Charge refused: {unit} is not cavalry.", unit=fighter.id))
        if fighter.shaken:
            raise IllegalActionError(
                Sentence("Charge refused: {unit} is Shaken and cannot attack.", unit=fighter.id)
            )
        if fighter.forced_march:
            raise IllegalActionError(
                Sentence("Charge refused: {unit} force-marched this turn.", unit=fighter.id)
            )
    if terrain != "clear":
        raise IllegalActionError(Sentence("Charge refused: cavalry charges only units in clear terrain."))
    if hexside in CHARGE_FORBIDDEN:
        raise IllegalActionError(Sentence("Charge refused: no charge across a {side}.", side=hexside))
