"""The decisions of a nation's turn besides income, buying and battles: its phases with their
reminders, leaders coming and going, major invasions and campaigns, and the table's answers to the
engine's questions (a value on the owner's card)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.games.vocabulary import IllegalActionError, Sentence

from . import campaign as campaigns
from . import phases
from .actions import (
    Action,
    BlockZone,
    CampaignGold,
    CampaignMove,
    EndCampaign,
    LeaderArrives,
    LeaderDies,
    MajorInvasion,
    NextPhase,
    StartCampaign,
    Tell,
)
from .phases import Leader

if TYPE_CHECKING:
    from .game import Game, State


def play_turn_action(game: Game, state: State, action: Action, nation: str) -> tuple[State, list[Sentence]]:
    """One of actions.TURN_ACTIONS for the active nation."""
    if isinstance(action, Tell):
        if not 0 <= action.value <= 999 or not action.key:
            raise IllegalActionError(Sentence("An answer is a number from 0 to 999."))
        return replace(state, told={**state.told, action.key: action.value}), []
    if isinstance(action, LeaderArrives | LeaderDies):
        return _leader(state, action)
    if isinstance(action, NextPhase):
        return next_phase(game, state, nation)
    if isinstance(action, MajorInvasion):
        if state.phase > 3:
            raise IllegalActionError(Sentence("A major invasion is declared before movement (§12.2)."))
        return replace(state, major=True), [
            Sentence("Major invasion: two movements and two combats (§12.2).")
        ]
    return _campaign(game, state, action, nation)


def _leader(state: State, action: LeaderArrives | LeaderDies) -> tuple[State, list[Sentence]]:
    if isinstance(action, LeaderArrives):
        if any(leader.name == action.name for leader in state.leaders):
            raise IllegalActionError(Sentence("{leader} is already in play.", leader=action.name))
        return replace(state, leaders=(*state.leaders, Leader(action.name, action.nation, state.turn))), []
    kept = tuple(leader for leader in state.leaders if leader.name != action.name)
    campaign = state.campaign
    if campaign is not None and campaign.leader == action.name:
        said = [Sentence("The campaign ends: {leader} is dead (§12.3.1).", leader=action.name)]
        return replace(state, leaders=kept, campaign=None), said
    return replace(state, leaders=kept), []


def next_phase(game: Game, state: State, nation: str) -> tuple[State, list[Sentence]]:
    """Phase 1 -> 2 -> 3 -> 4 (-> 5 -> 6 in a major invasion), with the reminders of the new phase."""
    last = 6 if state.major else 4
    if state.phase >= last:
        raise IllegalActionError(
            Sentence("That was the nation's last phase: end its turn, or start a campaign (§12.3).")
        )
    phase, edition = state.phase + 1, game.edition
    if phase == 2:
        gone = phases.expiring(state.leaders, nation, state.turn)
        leaders = tuple(x for x in state.leaders if x not in gone)
        names = {x.name for x in leaders}
        leaders += tuple(
            Leader(name, nation, state.turn, phases.lifetime(edition, nation, name))
            for name, _ in phases.arriving(edition, nation, state.turn)
            if name not in names
        )
        major = state.major or phases.major_by_card(edition, nation, state.turn)
        bought = state.ledger.bought.get(nation, {})
        said = phases.placement(edition, nation, state.turn, gone, bought)
        ledger = replace(state.ledger, removed=tuple(x.name for x in gone))
        return replace(state, phase=2, leaders=leaders, major=major, ledger=ledger), said
    if phase in (3, 5):
        return replace(state, phase=phase), phases.movement(edition, nation, state.turn, second=phase == 5)
    return replace(state, phase=phase), phases.combat(state.major, second=phase == 6)


def _campaign(game: Game, state: State, action: Action, nation: str) -> tuple[State, list[Sentence]]:
    gold = state.gold.get(nation, 0)
    if isinstance(action, StartCampaign):
        if state.campaign is not None:
            raise IllegalActionError(Sentence("A campaign is already under way."))
        if state.phase == 2 or (state.phase == 1 and state.collected):
            raise IllegalActionError(
                Sentence("A campaign comes after the movement and combat, or instead of them (§12.3).")
            )
        ten = game.scenario.id == "I" and state.turn == game.scenario.turns
        granted = action.gold
        if ten and nation in state.granted:
            granted = 0  # turn 10: the card's purse came with the nation's first campaign (A30)
        elif granted is None:
            granted = campaigns.campaign_gold(game.edition, state.told, nation, state.turn, action.leader)
        started = campaigns.Campaign(nation, action.leader, action.zone)
        leaders = state.leaders
        if not any(x.name == action.leader for x in leaders):
            leaders += (Leader(action.leader, nation, state.turn),)
        purse = gold + granted
        said = Sentence(
            "{leader}'s campaign: {gold} gold, so up to {gold} moves (§12.3.1).",
            leader=action.leader,
            gold=purse,
        )
        given = tuple(sorted({*state.granted, nation})) if ten else state.granted
        after = _with(state, nation, purse, started, phase=7, leaders=leaders, campaigned=True, granted=given)
        return after, [said]
    campaign = state.campaign
    if campaign is None:
        raise IllegalActionError(Sentence("No campaign is under way."))
    if isinstance(action, CampaignMove):
        moved = campaigns.move(campaign, gold, action.zone)
        said = Sentence("Campaign move {n}: {gold} gold left.", n=moved.moves, gold=gold - 1)
        if game.scenario.id == "I" and state.turn == game.scenario.turns:
            return _with(state, nation, gold - 1, moved), [said, campaigns.turn_ten_reactions()]
        return _with(state, nation, gold - 1, moved), [said, campaigns.reactions(game.edition, action.zone)]
    if isinstance(action, BlockZone):
        blocked = campaigns.block(campaign, gold, action.zone)
        said = Sentence(
            "{zone} blocked: remove one of your units there; the blocked nation may score it (§12.3.4).",
            zone=phases.zone_name(game.edition, action.zone),
        )
        return _with(state, nation, gold - 1, blocked), [said]
    if isinstance(action, CampaignGold):
        if not 0 < action.gold <= 99:
            raise IllegalActionError(Sentence("Loot or raid gold is 1 to 99."))
        return _with(state, nation, gold + action.gold, campaign), []
    assert isinstance(action, EndCampaign)
    return replace(state, campaign=None), [Sentence("The campaign ends; gold not spent stays (§12.3.1).")]


def _with(state: State, nation: str, gold: int, campaign: campaigns.Campaign, **more: object) -> State:
    return replace(state, gold={**state.gold, nation: gold}, campaign=campaign, **more)  # type: ignore[arg-type]
