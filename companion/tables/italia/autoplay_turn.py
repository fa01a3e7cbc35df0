"""Where autoplay taps toward the turn clerk's decisions beyond income, the shop and a land battle:
the next phase, a major invasion, masters and subjects, loot, a card's value asked at the table, a
campaign, turn 10's legion switching and a naval battle."""

from __future__ import annotations

from typing import Any

from companion.games.italia import actions as a
from companion.games.italia.game import State
from companion.tables.italia.desk import Desk
from companion.tables.italia.turn_panel import yes_no


def count(*steps: tuple[str, int, int]) -> tuple[str, ...] | None:
    """The stepper to tap: more or less, toward the first count that differs."""
    for key, have, want in steps:
        if have != want:
            return ("more" if have < want else "less", key)
    return None


def turn_marker(desk: Desk, page: str, state: State, action: Any) -> tuple[str, ...] | None:
    """The next button toward a turn decision, or None when the action is not one of these."""
    if isinstance(action, a.NextPhase):
        return ("next-phase",)
    if isinstance(action, a.MajorInvasion):
        return ("major",)
    if isinstance(action, a.Subjugate | a.Revolt):
        return _subjects(desk, page, action)
    if isinstance(action, a.Tell):
        return _tell(desk, page, state, action)
    if isinstance(action, a.Loot):
        return ("loot", action.take)
    if isinstance(action, a.ScoreCard):
        return ("score-card", action.nation)
    if isinstance(action, a.StartCampaign):
        return _start(desk, page, action.leader, action.zone)
    if isinstance(action, a.CampaignMove | a.BlockZone):
        return _campaign_zone(desk, page, action)
    if isinstance(action, a.EndCampaign):
        return ("end-campaign",)
    if isinstance(action, a.SwitchLegions):
        return _switch(desk, page, action)
    return _sea(desk, page, action)


def _subjects(desk: Desk, page: str, action: a.Subjugate | a.Revolt) -> tuple[str, ...]:
    if page != "subjects":
        return ("subjects",)
    if isinstance(action, a.Revolt):
        return ("revolt", action.subject)
    turn = desk.turn
    if turn.subject != action.subject:
        return ("subject",)
    if turn.master != action.master:
        return ("master",)
    return count(("subject-zones", turn.zones, action.zones)) or ("subjugate",)


def _tell(desk: Desk, page: str, state: State, action: a.Tell) -> tuple[str, ...] | None:
    """On the question's page: the answer, then Answer; elsewhere the button that asks it."""
    if page == "ask":
        if yes_no(action.key):
            return ("tell-yes",) if action.value else ("tell-no",)
        return count(("answer", desk.turn.answer, action.value)) or ("tell",)
    subject, _, rest = action.key.partition(".")
    if rest.startswith("revolt"):
        return _subjects(desk, page, a.Revolt(subject))
    if rest == "leaves":  # asked by the end of the game turn's last nation
        return ("scores-done",) if page == "score" else ("end-nation",)
    if rest.startswith("submission"):
        master = desk.nation(state) or ""
        return _subjects(desk, page, a.Subjugate(subject, master, desk.turn.zones))
    if rest.startswith("loot"):
        return ("loot", "")
    if rest.startswith("score"):
        return ("score-card", subject)
    leader = "Sulla" if subject == "optimates" else "Marius" if subject == "populares" else "Leader"
    return _start(desk, page, leader, "rome")


def _start(desk: Desk, page: str, leader: str, zone: str) -> tuple[str, ...]:
    if page != "leader":
        return ("campaign",)
    if desk.turn.leader != leader:
        return ("leader",)
    return ("zone", zone) if desk.turn.zone != zone else ("start-campaign",)


def _campaign_zone(desk: Desk, page: str, action: a.CampaignMove | a.BlockZone) -> tuple[str, ...]:
    use = "move" if isinstance(action, a.CampaignMove) else "block"
    if page != "czones":
        return ("campaign-move",) if use == "move" else ("block",)
    return ("zone", action.zone) if desk.turn.zone != action.zone else ("go-" + use,)


def _switch(desk: Desk, page: str, action: a.SwitchLegions) -> tuple[str, ...]:
    if page != "switch":
        return ("switch",)
    turn = desk.turn
    for name, on in (("sulla", turn.sulla), ("marius", turn.marius), ("consular", turn.consular)):
        wanted = action.consular if name == "consular" else name.capitalize() in action.leaders
        if on != wanted:
            return (name,)
    return count(("legions", turn.legions, action.legions)) or ("switch-go",)


def _sea(desk: Desk, page: str, action: Any) -> tuple[str, ...] | None:
    if isinstance(action, a.RollSeaRound):
        return ("sea-roll",)
    if isinstance(action, a.SeaRetreat):
        return ("sea-retreat", action.side)
    if not isinstance(action, a.OpenSeaBattle):
        return None
    if page != "sea-setup":
        return ("sea-battle",)
    setup, sea = desk.sea_setup, action.sea
    if setup.defender != sea.defender.nation:
        return ("sea-defender",)
    steps = []
    for which in ("attacker", "defender"):
        navy = sea.side(which)
        steps.append((f"{which[0]}:fleet", setup.fleets[which], len(navy.fleets)))
        steps.append((f"{which[0]}:cargo", setup.cargo[which], sum(f.embarked for f in navy.fleets)))
        steps.append((f"{which[0]}:leaders", setup.leaders[which], sum(f.leaders for f in navy.fleets)))
    return count(*steps) or ("sea-fight",)
