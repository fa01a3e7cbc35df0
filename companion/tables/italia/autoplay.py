"""Italia's autoplay: a bot that plays a nation's turn as a table would tell it (income from counts,
a purchase, a battle with a retreat for the last nation of each turn, the control map confirmed,
the score pad on a scoring turn), and where a player taps toward each of its decisions."""

from __future__ import annotations

import random
from typing import Any

from companion.assets import edition
from companion.games.italia import actions as a
from companion.games.italia.actions import Score
from companion.games.italia.battle import Battle, Side
from companion.games.italia.clerk import fields, price
from companion.games.italia.control import ConfirmMap
from companion.games.italia.fight import aftermath, over
from companion.games.italia.game import State, active, leaving_now, queue, turn_ten
from companion.games.italia.naval import Fleet, Navy, SeaBattle, sea_over
from companion.games.italia.preview import preview
from companion.games.vocabulary import ValueNeeded
from companion.tables.italia.aiming import Aiming
from companion.tables.italia.autoplay_turn import count, turn_marker
from companion.tables.italia.desk import Desk, awarded, held, land_zones, scoring_turn_ends
from companion.ui.autoplay import buttons_by_marker

SUBJECT, MASTER = "etruscans", "celts"  # turn 1: the Etruscans submit to the Celts, then revolt
SEA = ("carthaginians", "greeks")  # turn 2: a naval battle
CAMPAIGN = ("Leader", "rome", "etruria")  # turn 2: the last nation's campaign after its battle
# the table's answers to the card questions: a revolt may come, the pieces of a nation whose last turn
# it was leave the board
ANSWERS = {"submission.may": 0, "loot.vp": 0, "gold": 1, "revolt": 1, "leaves": 1}


def bot(state: State, rng: random.Random) -> Any:
    """The next decision; the battle's first (every later one follows from the state)."""
    books = edition("italia")
    scenario = books.scenario(state.scenario)
    if state.battle is not None:
        return _in_battle(state.battle)
    if state.sea is not None:
        return a.CloseBattle() if sea_over(state.sea) else a.RollSeaRound()
    if state.must_spend:
        master = sorted(state.must_spend)[0]
        unit, cost = _cheapest(state.scenario, master)
        return a.Buy(master, {unit: -(-(state.gold[master] - 10) // cost)})
    nation = active(scenario, state) or ""
    if turn_ten(scenario, state.turn):
        return _turn_ten(state, nation)
    if not state.collected:
        zones, cities = held(state, nation)
        return a.CollectIncome(zones + 2, cities + 1, half=False)
    return _phase(state, scenario, nation) or _end_of_turn(state, scenario, nation)


def _cheapest(scenario: str, nation: str) -> tuple[str, int]:
    """The nation's cheapest land unit (§2.2.1, §6.2): infantry, or the Romans' legions, the Western
    Romans' Foederati."""
    numbers = edition("italia").numbers
    owned = [u for u in ("foederati", "infantry", "legion") if fields(scenario, nation, u)]
    return min(((u, price(numbers, nation, u)) for u in owned), key=lambda pair: pair[1])


def _phase(state: State, scenario: Any, nation: str) -> Any:
    """The decisions of the nation's phases 1 to 6 (None: on to the map and the end of the turn)."""
    gold = state.gold.get(nation, 0)
    if state.phase == 1:
        bought = state.ledger.bought.get(nation)
        unit, cost = _cheapest(state.scenario, nation)
        return a.Buy(nation, {unit: gold // cost}) if gold >= cost and not bought else a.NextPhase()
    if state.phase == 2 and state.turn == 3 and state.at == 0 and not state.major:
        return a.MajorInvasion()
    if state.phase in (2, 3, 5) or (state.phase == 4 and state.major):
        return a.NextPhase()
    if state.confirmed:
        return None
    return _combat(state, scenario, nation)


def _combat(state: State, scenario: Any, nation: str) -> Any:
    last = state.at == len(queue(scenario, state)) - 1
    if state.turn == 1 and nation == MASTER and SUBJECT not in state.masters:
        return _told(state, f"{SUBJECT}.submission.may") or a.Subjugate(
            SUBJECT, MASTER, held(state, SUBJECT)[0]
        )
    if state.turn == 1 and nation == SUBJECT and nation in state.masters:
        return _told(state, f"{nation}.revolt.{MASTER}.1") or a.Revolt(nation)
    if state.turn == 2 and nation == SEA[0] and not state.ledger.battles:
        return a.OpenSeaBattle(_sea(SEA[0], SEA[1]))
    if last and not state.ledger.battles:
        target = _target(state, nation)
        if target is not None:
            return target
    closed = state.ledger.closed
    if closed is not None and not state.looted and aftermath(closed).loot:
        return _told(state, f"{closed.attacker.nation}.loot.vp") or a.Loot()
    if last and state.turn == 2:
        return _campaign(state, nation)
    return None


def _told(state: State, key: str) -> a.Tell | None:
    """The table answers a card's question once (the bot's answers: ANSWERS, by a part of the key)."""
    if key in state.told:
        return None
    return a.Tell(key, next((v for part, v in ANSWERS.items() if part in key), 2))  # a turn's score: 2


def _campaign(state: State, nation: str) -> Any:
    going = state.campaign
    if going is None:
        if state.campaigned:
            return None
        leader, start, _to = CAMPAIGN
        return _told(state, f"{nation}.campaign.{state.turn}.gold") or a.StartCampaign(leader, start)
    if going.moves == 0 and state.gold.get(nation, 0):
        return a.CampaignMove(CAMPAIGN[2])
    return a.EndCampaign()


def _turn_ten(state: State, nation: str) -> Any:
    """Turn 10 (§13.4): the Optimates campaign while they have gold (a legion-switching roll after the
    first move); the others pass."""
    going = state.campaign
    if going is not None:
        if going.moves == 0 and state.gold.get(nation, 0):
            return a.CampaignMove("etruria")
        if going.moves and not going.switches and state.turn == 10:
            return a.SwitchLegions(2, ("Sulla",))
        return a.EndCampaign()
    gold = state.gold.get(nation, 0) if nation in state.granted else 1
    if nation == "optimates" and not state.campaigned and gold:
        return _told(state, f"{nation}.campaign.10.gold") or a.StartCampaign("Sulla", "rome")
    if state.campaigned and not state.confirmed:
        return ConfirmMap(())
    return a.EndNationTurn()


def _end_of_turn(state: State, scenario: Any, nation: str) -> Any:
    books = edition("italia")
    if not state.confirmed:
        free = next((z for z in land_zones(books) if z.id not in state.control), None)
        city = "intact" if free is not None and free.city_allowed and state.turn == 1 else "none"
        return ConfirmMap(((free.id, nation, city),) if free else ())
    if scoring_turn_ends(scenario, state):
        unscored = [n for n in queue(scenario, state)[:2] if not awarded(state, n, "zones")]
        if unscored:
            return Score(unscored[0], "zones", 1)
        third = queue(scenario, state)[2]
        if not any(a.turn == state.turn and a.nation == third for a in state.scores):
            return _told(state, f"{third}.score.{state.turn}") or a.ScoreCard(third)
    try:
        leaving_now(books, scenario, state)
    except ValueNeeded as need:
        return _told(state, need.key)
    return a.EndNationTurn()


def _sea(attacker: str, defender: str) -> SeaBattle:
    """Two fleets, one carrying a unit, against one (§10.8)."""
    return SeaBattle(
        Navy(attacker, (Fleet("a1", 1), Fleet("a2", 0))),
        Navy(defender, (Fleet("d1", 0),)),
        numbers=edition("italia").numbers,
    )


def _target(state: State, nation: str) -> a.OpenBattle | None:
    """The first zone another nation holds: 3 units attack its 2 infantry (legions for the Romans)
    where an intact city is to be looted; elsewhere 5 attack 2 infantry and an elephant (which makes
    the attacker name its victims, reading A4)."""
    books = edition("italia")
    zone = next((books.board.zones[z] for z, n in sorted(state.control.items()) if n != nation), None)
    if zone is None:
        return None
    kind = "legion" if nation == "romans" else "infantry"
    city = state.cities.get(zone.id, "none")
    looted = city == "intact"
    battle = Battle(
        Side(nation, {kind: 3 if looted else 5}),
        Side(state.control[zone.id], {"infantry": 2} | ({} if looted else {"elephant": 1})),
        zone=zone.name,
        terrain=zone.terrain,
        city=city,
        numbers=books.numbers,
    )
    return a.OpenBattle(battle)


def _in_battle(battle: Battle) -> Any:
    """Every round: the attacker's dice at the elephant while there is one (not the default, the
    most numerous type), its own first unit type named to go when the elephant forces units out;
    round 2 after a retreat: the table's own dice typed as hits per group (one hit for the first)."""
    if over(battle):
        return a.CloseBattle()
    attacker = battle.attacker
    if battle.round == 2 and not attacker.tally.retreated and attacker.count() >= 2:
        key = max(sorted(attacker.units), key=lambda k: attacker.units[k])
        return a.Retreat("attacker", {key: 1})
    aiming = Aiming()
    if battle.defender.units.get("elephant"):
        for key in attacker.units:
            aiming.targets[("attacker", key)] = "elephant"
    aims = {"attacker": aiming.aims(battle, "attacker")}
    first: dict[str, tuple[str, ...]] = (
        {"attacker": (min(attacker.units),)} if "attacker" in aiming.faced_by_elephants(battle) else {}
    )
    if battle.round == 2:
        count = len(preview(battle, {**aims, "defender": aiming.aims(battle, "defender")}).groups)
        return a.RollRound(aims, hits=(1,) + (0,) * (count - 1), first=first)
    return a.RollRound(aims, first=first)


# where the taps go


def next_tap(app: Any, action: Any) -> tuple[int, int] | None:
    view = app.game.view
    desk: Desk = view.desk
    page = view.page(app.session)
    panel = buttons_by_marker(app)
    board = {spot.action: spot.rect.center for spot in view.spots if spot.enabled}
    marker = _marker(desk, page, app.session.state, action)
    if marker is None:
        return None
    return panel.get(marker) or board.get(marker)


def _marker(desk: Desk, page: str, state: State, action: Any) -> tuple[str, ...] | None:
    """The next button toward the action on this page (a stepper, a page, the decision's own)."""
    if isinstance(action, a.CollectIncome):
        return count(("zones", desk.zones, action.zones), ("cities", desk.cities, action.cities)) or (
            "collect",
        )
    if isinstance(action, a.Buy):
        steps = [(u, desk.basket.get(u, 0), n) for u, n in action.units.items()]
        return count(*steps) or ("buy",)
    if isinstance(action, a.RollRound):
        return _roll_marker(desk, page, state, action)
    if isinstance(action, a.CloseBattle):
        return ("close",)
    if isinstance(action, a.Retreat):
        if page == "battle":
            return ("retreat", action.side)
        return count(*[(f"r:{k}", desk.retreat.get(k, 0), n) for k, n in action.units.items()]) or (
            "retreat-go",
        )
    return _turn_marker(desk, page, state, action)


def _roll_marker(desk: Desk, page: str, state: State, action: a.RollRound) -> tuple[str, ...] | None:
    """To the aims and the victims first (the aim page), then the roll or the hits typed per group."""
    battle, aiming = state.battle, desk.aiming
    assert battle is not None
    aims_off = [
        (w, k) for w, aims in action.aims.items() for k, t, _n in aims if aiming.target(battle, w, k) != t
    ]
    victims_off = [w for w, keys in action.first.items() if aiming.victim(battle, w) != keys[0]]
    if aims_off or victims_off:
        if page != "aim":
            return ("aim",) if page == "battle" else ("cancel",)
        return ("aim", *aims_off[0]) if aims_off else ("victim", victims_off[0])
    if not action.hits:
        return ("roll",)
    if page in ("battle", "aim"):
        return ("pad",) if page == "battle" else ("cancel",)
    if not aiming.by_hits:
        return ("pad-mode",)
    typed = [(f"h:{at}", (aiming.hits + [0] * (at + 1))[at], n) for at, n in enumerate(action.hits)]
    return count(*typed) or ("typed",)


def _turn_marker(desk: Desk, page: str, state: State, action: Any) -> tuple[str, ...] | None:
    found = turn_marker(desk, page, state, action)
    if found is not None:
        return found
    if isinstance(action, a.OpenBattle):
        return _battle_marker(desk, page, action.battle)
    if isinstance(action, ConfirmMap):
        if page in ("combat", "ten"):
            return ("to-map",)
        for zone, holder, city in action.changes:
            now = desk.holding(state, zone)
            if now[0] != holder:
                return ("cities",) if desk.city_mode else ("zone", zone)
            if now[1] != city:  # a city's state: with the cities on, a tap cycles it
                return ("zone", zone) if desk.city_mode else ("cities",)
        return ("confirm-map",)
    if isinstance(action, Score):
        if desk.source != action.source:
            return ("source",)
        return count((f"s:{action.nation}", desk.points.get(action.nation, 0), action.points)) or ("score",)
    if isinstance(action, a.EndNationTurn):
        return {"score": ("scores-done",), "ten": ("pass",)}.get(page, ("end-nation",))
    return None


def _battle_marker(desk: Desk, page: str, battle: Battle) -> tuple[str, ...] | None:
    if page in ("combat", "campaign"):
        return ("battle",)
    setup = desk.setup
    zone = next((z.id for z in desk.edition.board.zones.values() if z.name == battle.zone), "")
    if setup.zone != zone:
        return ("zone", zone) if page == "zones" else ("pick-zone",)
    if setup.defender != battle.defender.nation:
        return ("defender",)
    steps = [
        (f"{which[0]}:{k}", setup.units[which].get(k, 0), n)
        for which in ("attacker", "defender")
        for k, n in battle.side(which).units.items()
    ]
    return count(*steps) or ("fight",)
