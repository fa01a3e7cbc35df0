"""A nation's line of the score pad worked out from its card (§11.0; readings A25-A28): the card's
[[scoring]] row for the turn (zone values, points per intact city, region awards) over the control
map. A card without that row is asked at the table (ValueNeeded): the points it gives this turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.vocabulary import Sentence, ValueNeeded

from .edition import Edition
from .phases import card
from .scoring import region_points, zone_points


def scoring_row(edition: Edition, nation: str, turn: int) -> Mapping[str, Any] | None:
    return next((r for r in card(edition, nation).get("scoring", []) if r.get("turn") == turn), None)


def card_lines(
    edition: Edition,
    told: Mapping[str, int],
    control: Mapping[str, str],
    cities: Mapping[str, str],
    masters: Mapping[str, str],
    nation: str,
    turn: int,
) -> list[tuple[str, int]]:
    """(source, points) for the nation this scoring turn: zones, cities, region (only those not 0);
    a card without this turn's row: the table's answer, as one "other" line."""
    row = scoring_row(edition, nation, turn)
    if row is None:
        key = f"{nation}.score.{turn}"
        if key in told:
            return [("other", told[key])]
        question = Sentence("The {nation} card: points scored on turn {turn}?", nation=nation, turn=turn)
        raise ValueNeeded(key, question)
    held = [z for z, n in control.items() if n == nation]
    intact = [z for z in held if cities.get(z) == "intact"]
    values = {str(z): int(v) for z, v in row.get("zones", {}).items()}
    found = [
        ("zones", zone_points(values, 0, held, intact)),
        ("cities", zone_points({}, int(row.get("per_city", 0)), held, intact)),
    ]
    subjects = {s for s, m in masters.items() if m == nation}
    ours = [z for z, n in control.items() if n == nation or n in subjects]
    others = [z for z, n in control.items() if n and z not in ours]
    for award in row.get("region", []):
        region = [z.id for z in edition.board.zones.values() if z.region == award.get("region")]
        points = region_points(
            int(award.get("points", 0)), region, ours, others, int(award.get("minus_per_foreign_zone", 0))
        )
        found.append(("region", points))
    return [(source, points) for source, points in found if points]
