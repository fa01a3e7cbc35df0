"""The turn clerk's arithmetic: who plays this turn and why others are skipped (§5.0-5.2, §13.4),
income with its halves (§6.1), tribute and its rounding (§6.4, §12.5.2), the 10-gold cap and the
forced purchase (§6.1, §6.4, reading A9), the shop's costs and limits (§6.2, §6.3)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from companion.games.vocabulary import IllegalActionError, Sentence, plural

from .numbers import Numbers
from .scenario import Nation, Scenario

TURN10 = ("optimates", "populares", "romans")  # §13.4: the order of the campaigns


@dataclass(frozen=True)
class Slot:
    """One nation of the turn-order table this game turn: plays or not, and why not."""

    nation: str
    plays: bool
    why: Sentence | None = None


def turn_order(
    scenario: Scenario,
    turn: int,
    without_pieces: Collection[str] = (),
    departed: Mapping[str, int] | None = None,
) -> list[Slot]:
    """Every nation in table order with whether it plays this turn (§5.0: a nation with no pieces
    in play and none arriving is skipped; its turn range comes from §5.1/§5.2); `departed`: the
    nations whose pieces left the board, with the turn after which they did (§12.4, A53)."""
    if scenario.id == "I" and turn == scenario.turns:
        return [Slot(n, True) for n in TURN10] + [
            Slot(n.id, False, Sentence("{nation}: neutral on turn 10 (§13.4).", nation=n.name))
            for n in scenario.nations
            if n.id not in TURN10
        ]
    return [_slot(n, turn, without_pieces, departed or {}) for n in scenario.nations]


def _slot(nation: Nation, turn: int, without_pieces: Collection[str], departed: Mapping[str, int]) -> Slot:
    if turn < nation.first:
        return Slot(
            nation.id,
            False,
            Sentence("{nation}: enter on turn {first}.", nation=nation.name, first=nation.first),
        )
    if nation.id in departed:
        said = Sentence(
            "{nation}: left the board after turn {last}.", nation=nation.name, last=departed[nation.id]
        )
        return Slot(nation.id, False, said)
    if turn > nation.last and nation.id in without_pieces:
        return Slot(
            nation.id,
            False,
            Sentence("{nation}: left after turn {last}.", nation=nation.name, last=nation.last),
        )
    if turn > nation.last:
        said = Sentence(
            "{nation}: left after turn {last}; their pieces stay and defend (A53).",
            nation=nation.name,
            last=nation.last,
        )
        return Slot(nation.id, False, said)
    if nation.id in without_pieces:
        return Slot(nation.id, False, Sentence("{nation}: no pieces in play.", nation=nation.name))
    return Slot(nation.id, True)


@dataclass(frozen=True)
class Income:
    """A nation's income phase: what it earns, its national half, the tribute, what it keeps."""

    zones: int
    cities: int
    earned: int  # zones + intact cities (§6.1)
    national: int  # after "no income" or a half, rounded up (reading A13)
    tribute: int  # to the master: half, rounded down (§6.4, reading A14: after the national half)
    kept: int

    def sentence(self) -> Sentence:
        return Sentence(
            "{zones} zones + {cities} cities = {earned}; kept {kept}, tribute {tribute}.",
            zones=self.zones,
            cities=self.cities,
            earned=self.earned,
            kept=self.kept,
            tribute=self.tribute,
        )


def income(
    nation: Nation,
    zones: int,
    cities: int,
    *,
    subject: bool = False,
    controls: Collection[str] = (),
    half: bool | None = None,
) -> Income:
    """Income from the counts: 1 per controlled land zone, 1 per controlled intact city (§6.1).
    `half` answers the card's question for a "normal income, or half" nation (G15)."""
    if zones < 0 or cities < 0 or cities > zones:
        raise IllegalActionError(Sentence("Cities are counted in controlled zones: at most one per zone."))
    earned = zones + cities
    if nation.income == "normal-or-half" and half is None:
        raise IllegalActionError(
            Sentence("Does the {nation} card halve the income this turn? Say yes or no.", nation=nation.name)
        )
    halved = (
        nation.income == "half"
        or bool(half)
        or (nation.income == "half-without" and nation.income_zone not in controls)
    )
    national = 0 if nation.income == "none" else (earned + 1) // 2 if halved else earned
    tribute = national // 2 if subject else 0
    return Income(zones, cities, earned, national, tribute, national - tribute)


@dataclass(frozen=True)
class Purse:
    """The wealth track after a purchase: what is kept (at most the cap) and what is lost."""

    spendable: int
    spent: int
    kept: int
    lost: int


def after_purchase(numbers: Numbers, track: int, earned: int, spent: int) -> Purse:
    """Own phase 1: spend from track + income; what is left is kept up to 10, the rest lost (A9)."""
    spendable = track + earned
    if spent > spendable:
        raise IllegalActionError(
            Sentence(
                "Purchase refused: it costs {spent} gold and {spendable} are there.",
                spent=spent,
                spendable=spendable,
            )
        )
    left = spendable - spent
    return Purse(spendable, spent, min(left, numbers.gold_cap), max(0, left - numbers.gold_cap))


def forced_purchase(numbers: Numbers, gold: int) -> int:
    """Gold a master over the cap must spend on units at once (§6.4): 0 when at or under 10."""
    return max(0, gold - numbers.gold_cap)


def price(numbers: Numbers, nation: str, unit: str) -> int:
    """§6.2, with the Western Romans' Foederati and legions (Italia II)."""
    if nation == "western-romans" and unit in numbers.western_roman_costs:
        return numbers.western_roman_costs[unit]
    if unit not in numbers.costs:
        raise IllegalActionError(
            Sentence("{unit} cannot be bought (leaders arrive from the cards).", unit=unit)
        )
    return numbers.costs[unit]


def bill(
    numbers: Numbers, nation: str, units: Mapping[str, int], cities: Mapping[str, int] | None = None
) -> int:
    """The cost of a purchase: units by type, cities by the terrain of their zone (§6.2)."""
    cost = sum(price(numbers, nation, unit) * n for unit, n in units.items())
    return cost + sum(numbers.city_costs[terrain] * n for terrain, n in (cities or {}).items())


# §2.2.1: the units the rulebook gives to named nations only (cavalry: "used in Italia II", by whom the
# cards say; infantry: every nation but the Romans and the Western Romans)
FIELDED_BY: dict[tuple[str, str], frozenset[str]] = {
    ("I", "legion"): frozenset({"romans", "populares", "optimates"}),
    ("II", "legion"): frozenset({"western-romans"}),
    ("I", "consular"): frozenset({"romans", "populares"}),
    ("I", "elephant"): frozenset({"carthaginians", "epirotes"}),
    ("II", "foederati"): frozenset({"western-romans"}),
}
NO_INFANTRY = frozenset({"romans", "western-romans"})


def fields(scenario: str, nation: str, unit: str) -> bool:
    """Whether this nation has units of this type (§2.2.1); types the text gives no owner for, yes."""
    if unit == "infantry":
        return nation not in NO_INFANTRY
    owners = FIELDED_BY.get((scenario, unit))
    if owners is None:
        return not any(u == unit for _s, u in FIELDED_BY)  # a type of the other scenario only: no
    return nation in owners


def unit_refusal(scenario: str, nation: str, units: Mapping[str, int]) -> Sentence | None:
    """A purchase of a type the nation does not have (§2.2.1), said in one sentence."""
    wrong = sorted(u for u, n in units.items() if n and not fields(scenario, nation, u))
    if not wrong:
        return None
    # the unit as "key" with a count: the table names it as its screen does ("legions", "legioni")
    return Sentence(
        "Purchase refused: the {nation} have no {key} (§2.2.1).", nation=nation, key=wrong[0], n=2
    )


def consular_refusal(
    nation: str, buying: int, in_play: int, cities: int, scenario: str = "I"
) -> Sentence | None:
    """§6.3: the Romans' consular legions are at most half their controlled cities, rounded
    down, counted at purchase (reading A15); the Populares have no limit."""
    if nation != "romans" or scenario != "I" or not buying:
        return None
    allowed = cities // 2
    if in_play + buying <= allowed:
        return None
    return plural(
        allowed,
        "Purchase refused: the Romans control {cities} cities, so at most {count} consular legion; "
        "they have {in_play}.",
        "Purchase refused: the Romans control {cities} cities, so at most {count} consular legions; "
        "they have {in_play}.",
        cities=cities,
        in_play=in_play,
    )


def reinforcement_room(limit: int, have: int, arriving: int) -> int:
    """§7.2: a reinforcement brings only enough units to reach the nation's maximum."""
    return max(0, min(arriving, limit - have))


def submission(zones: int, must_at_most: int | None, may_at_most: int | None) -> str | None:
    """§12.5.1, from the card's thresholds and the zones the defender controls when the attack is
    declared (reading A48): "must" (no combat), "may" (after a full round), or None."""
    if must_at_most is not None and zones <= must_at_most:
        return "must"
    if may_at_most is not None and zones <= may_at_most:
        return "may"
    return None
