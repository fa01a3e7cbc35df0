"""A nation's turn phase by phase (§4.0, §12.2, §12.3) and what the companion reminds the table of in
each: Rome's duty (§13.1), leaders whose time is up (§7.2), the placement checklist with the card's
reinforcements, movement and naval transport (§9), a major invasion's second movement and combat.

The companion never sees the board: these are sentences for the players, from the rules and from the
owner's nation files (none are shipped; without them the reminders say what the cards decide)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.vocabulary import Sentence

from .edition import Edition

NAMES = {
    1: "income and purchase",
    2: "placement",
    3: "movement",
    4: "combat",
    5: "second movement",
    6: "second combat",
    7: "campaign",
}


@dataclass(frozen=True)
class Leader:
    """A leader in play: whose, and the game turn he arrived (he leaves at phase 2 of his nation's
    next turn, §7.2 and reading A39, unless he dies first)."""

    name: str
    nation: str
    arrived: int
    until: int = 0  # the nation file's `expires`: 0 the next turn (§7.2), N leaves at turn N, 99 stays


def card(edition: Edition, nation: str) -> Mapping[str, Any]:
    """The owner's nation file, or nothing."""
    return edition.nations.get(nation, {})


def zone_name(edition: Edition, zone: str) -> str:
    found = edition.board.zones.get(zone)
    return found.name if found else zone


def rome_duty(scenario: str, turn: int, nation: str) -> list[Sentence]:
    """§13.1: at the start of each Roman turn of Italia I, before income."""
    if scenario != "I" or nation != "romans" or turn >= 10:
        return []
    return [
        Sentence(
            "Before income: units of other nations in Rome retreat (eliminated if they cannot), "
            "and Rome's city is rebuilt free (§13.1)."
        )
    ]


def expiring(leaders: tuple[Leader, ...], nation: str, turn: int) -> tuple[Leader, ...]:
    """The nation's leaders whose time is up: removed at the start of phase 2 (a leader arrived on an
    earlier turn, or the turn his card's `expires` names)."""
    return tuple(
        leader
        for leader in leaders
        if leader.nation == nation and (turn >= leader.until if leader.until else leader.arrived < turn)
    )


STAYS = 99  # `expires = "never"`: the leader stays until he dies
EXPIRES = {"next-turn-phase-2": 0, "never": STAYS}


def lifetime(edition: Edition, nation: str, name: str) -> int:
    """Leader.until from the nation file's [[leader]] `expires` (reading A39), 0 by default."""
    for row in card(edition, nation).get("leader", []):
        if row.get("name") == name and "expires" in row:
            value = row["expires"]
            return value if isinstance(value, int) else EXPIRES.get(str(value), 0)
    return 0


def arriving(edition: Edition, nation: str, turn: int) -> list[tuple[str, str]]:
    """(leader, zone id or "") the nation's card brings this turn: its [[leader]] and reinforcements."""
    found = []
    for row in card(edition, nation).get("leader", []):
        if row.get("turn") == turn and row.get("name"):
            found.append((str(row["name"]), str(row.get("zone", ""))))
    for row in reinforcements(edition, nation, turn):
        found += [(str(name), str(row.get("zone", ""))) for name in row.get("leaders", [])]
    return found


def reinforcements(edition: Edition, nation: str, turn: int) -> list[Mapping[str, Any]]:
    return [row for row in card(edition, nation).get("reinforcement", []) if row.get("turn") == turn]


def placement(
    edition: Edition, nation: str, turn: int, gone: tuple[Leader, ...], bought: Mapping[str, int]
) -> list[Sentence]:
    """Phase 2: first the leaders whose time is up, then the checklist."""
    said = [Sentence("Remove {leader} (§7.2).", leader=leader.name) for leader in gone]
    if bought:
        units = ", ".join(f"{n} {unit}" for unit, n in sorted(bought.items()))
        said.append(
            Sentence(
                "Place what was bought: {units}; one new unit per zone holding your units, fleets in "
                "seas next to your zones (§7.1).",
                units=units,
            )
        )
    for row in reinforcements(edition, nation, turn):
        units = ", ".join(f"{n} {unit}" for unit, n in sorted(row.get("units", {}).items()))
        extra = "".join(f" and {name}" for name in row.get("leaders", []))
        where = zone_name(edition, str(row.get("zone", "")))
        said.append(
            Sentence(
                "Reinforcements, free and without stacking limit: {units}{extra} in {zone} (§7.2).",
                units=units,
                extra=extra,
                zone=where,
            )
        )
    for name, zone in arriving(edition, nation, turn):
        if not any(name in row.get("leaders", []) for row in reinforcements(edition, nation, turn)):
            where = zone_name(edition, zone) if zone else "any zone the nation controls"
            said.append(Sentence("Place {leader} in {zone} (§7.2).", leader=name, zone=where))
    return said


def movement(edition: Edition, nation: str, turn: int, second: bool = False) -> list[Sentence]:
    """Phase 3 (and 5): the rules the players apply, and the borderlands the card's reinforcements
    must leave."""
    said = [
        Sentence(
            "Units stop on entering a mountain zone, unless they move with a leader or the nation holds "
            "an intact city there (§9.0, §9.1, §9.7); a leader adds one zone for the units that stay "
            "with him all the move."
        ),
        Sentence("Units stop on entering a zone with other nations' units, unless they invade it (§9.3)."),
        Sentence("Crossing a strait takes the whole movement phase (§9.4)."),
        Sentence(
            "A fleet moves 2 zones and carries 2 units and any leaders; units embark where they "
            "began the phase: no overland move before embarking (§9.5, §9.6)."
        ),
        Sentence("Borderlands must be empty at the end of the phase; stacking is checked now (§8.0, §9.2)."),
    ]
    for row in reinforcements(edition, nation, turn):
        zone = str(row.get("zone", ""))
        found = edition.board.zones.get(zone)
        if found is not None and found.terrain == "borderland":
            said.append(
                Sentence(
                    "Every unit placed in {zone} must leave it in this movement phase (§7.2).",
                    zone=found.name,
                )
            )
    if second:
        said.insert(0, Sentence("Second movement: every unit moves again with its full allowance (§12.2)."))
    return said


def combat(major: bool, second: bool) -> list[Sentence]:
    said = [
        Sentence(
            "Declare naval battles first, then fight each battle in the attacker's order (§10.0, §10.8)."
        )
    ]
    if major and not second:
        said.append(
            Sentence(
                "Major invasion: one more attacker than usual; no stacking check after this combat (§12.2)."
            )
        )
    return said


def battle_phase(phase: int, major: bool, campaign: bool) -> str:
    """The context a battle opened now has (battle.phase): it sets the attack cap and the stacking check.
    Phase 7 is a campaign's only while the campaign lasts: once it has ended, a battle is a normal one."""
    if phase == 7:
        return "campaign" if campaign else "normal"
    if major:
        return "major-invasion-2" if phase >= 5 else "major-invasion-1"
    return "normal"


def major_by_card(edition: Edition, nation: str, turn: int) -> bool:
    return any(row.get("turn") == turn for row in card(edition, nation).get("major_invasion", []))
