"""The score pad's arithmetic (§11.0, §12.5.2; readings A25-A28) from the card values the owner
filled and the zones the control map says a nation holds. The cards' values are never shipped."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .ledger import Award
    from .scenario import Scenario


def zone_points(
    zone_values: Mapping[str, int], city_value: int, held: Collection[str], intact_cities: Collection[str]
) -> int:
    """Points for the zones held and the intact cities in them; a zone's and its city's add up, a
    ruin scores nothing (§11.0)."""
    return sum(zone_values.get(z, 0) for z in held) + city_value * sum(1 for z in held if z in intact_cities)


def region_points(
    award: int,
    region: Collection[str],
    ours: Collection[str],
    others: Collection[str],
    minus_per_zone: int = 0,
) -> int:
    """A region award (reading A27): zones held by the nation or its subjects count, empty ones do
    not break the region, each zone another (non-subject) nation holds breaks it, or costs
    `minus_per_zone` where the card says so, never below 0 (§11.0: "a nation can never lose points")."""
    if not any(z in ours for z in region):
        return 0
    foreign = sum(1 for z in region if z in others)
    if not minus_per_zone:
        return award if foreign == 0 else 0
    return max(0, award - minus_per_zone * foreign)


def subject_share(points: int) -> int:
    """A subjugated nation scores half, rounded up, per scoring event (§12.5.2, reading A26)."""
    return (points + 1) // 2


def player_totals(scenario: Scenario, awards: Iterable[Award]) -> dict[str, int]:
    """Each colour's total over the score pad: a player scores for every nation of its colour (§11.0)."""
    totals = {c: 0 for c in scenario.colours}
    for award in awards:
        totals[scenario.nation(award.nation).colour] += award.points
    return totals
