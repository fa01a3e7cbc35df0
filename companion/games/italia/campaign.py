"""Campaigns (§12.3): the leader's purse on the wealth track, each move and block costing 1 gold, a
block never on the same zone twice running, loot and raid gold added, the nations that may react."""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.games.vocabulary import IllegalActionError, Sentence, ValueNeeded

from .edition import Board, Edition
from .phases import card, zone_name


@dataclass(frozen=True)
class Campaign:
    nation: str
    leader: str
    zone: str  # where the leader stands
    moves: int = 0
    last_block: str = ""  # the zone blocked during the previous move (§12.3.4)
    this_block: str = ""  # ... and during this one
    switches: int = 0  # turn 10: legion-switching rolls since the last move (§13.4)


def campaign_gold(edition: Edition, told: dict[str, int], nation: str, turn: int, leader: str) -> int:
    """The gold the nation's card grants this campaign (§12.3.1: the Romans on turn 8), from the
    nation file or the table's earlier answer; ValueNeeded asks for it."""
    for row in card(edition, nation).get("campaign", []):
        if row.get("turn") == turn and row.get("leader", leader) == leader:
            return int(row.get("gold", 0))
    key = f"{nation}.campaign.{turn}.gold"
    if key in told:
        return told[key]
    raise ValueNeeded(
        key,
        Sentence(
            "The {nation} card: gold granted for {leader}'s campaign on turn {turn}?",
            nation=nation,
            leader=leader,
            turn=turn,
        ),
    )


def hannibal_under_way(scenario: str, campaign: Campaign | None) -> bool:
    """Italia I's Carthaginian campaign led by Hannibal is under way (§13.2)."""
    return (
        scenario == "I"
        and campaign is not None
        and campaign.nation == "carthaginians"
        and campaign.leader.casefold() == "hannibal"
    )


def reaction_zones(board: Board, zone: str) -> set[str] | None:
    """§12.3.2: the leader's zone and its neighbours, when the map lists them all."""
    neighbours = board.neighbours(zone)
    return None if neighbours is None else {zone, *neighbours}


def reactions(edition: Edition, zone: str) -> Sentence:
    zones = reaction_zones(edition.board, zone)
    if zones is None:
        return Sentence(
            "Nations with units in {zone} or next to it may react, in turn order (§12.3.2, A42).",
            zone=zone_name(edition, zone),
        )
    names = ", ".join(sorted(zone_name(edition, z) for z in zones))
    return Sentence("Nations with units in {zones} may react, in turn order (§12.3.2, A42).", zones=names)


def turn_ten_reactions() -> Sentence:
    return Sentence(
        "Turn 10: the other nations are neutral and make no reactions; Roman legions with Sulla or "
        "Marius now roll to switch (§13.4)."
    )


def move(campaign: Campaign, gold: int, zone: str) -> Campaign:
    """A campaign move (§12.3, 5A) costs 1 gold."""
    if gold < 1:
        raise IllegalActionError(Sentence("No gold left for a campaign move: the campaign ends (§12.3.1)."))
    return replace(
        campaign,
        zone=zone,
        moves=campaign.moves + 1,
        last_block=campaign.this_block,
        this_block="",
        switches=0,
    )


def block(campaign: Campaign, gold: int, zone: str) -> Campaign:
    """§12.3.4: after the leader moved, 1 gold blocks an adjacent zone; not the same zone twice running."""
    if campaign.moves == 0 or campaign.this_block:
        raise IllegalActionError(Sentence("A block follows a campaign move, one a move (§12.3.4)."))
    if zone == campaign.last_block:
        raise IllegalActionError(
            Sentence("{zone} was blocked on the last move: not twice in a row (§12.3.4).", zone=zone)
        )
    if gold < 1:
        raise IllegalActionError(Sentence("A block costs 1 gold and none is left (§12.3.4)."))
    return replace(campaign, this_block=zone)
