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
from companion.games.italia.control import ConfirmMap
from companion.games.italia.fight import over
from companion.games.italia.game import State, active, queue
from companion.tables.italia.desk import Desk, awarded, held, land_zones, scoring_turn_ends
from companion.ui.autoplay import buttons_by_marker


def bot(state: State, rng: random.Random) -> Any:
    """The next decision; the battle's first (every later one follows from the state)."""
    books = edition("italia")
    scenario = books.scenario(state.scenario)
    if state.battle is not None:
        return _in_battle(state.battle)
    nation = active(scenario, state) or ""
    if not state.collected:
        zones, cities = held(state, nation)
        return a.CollectIncome(zones + 2, cities + 1, half=False)
    gold = state.gold.get(nation, 0)
    if gold >= 4 and not state.ledger.battles and not state.confirmed:
        return a.Buy(nation, {"infantry": gold // 4})
    last = state.at == len(queue(scenario, state)) - 1
    if last and not state.ledger.battles and not state.confirmed:
        target = _target(state, nation)
        if target is not None:
            return target
    if not state.confirmed:
        free = next((z.id for z in land_zones(books) if z.id not in state.control), None)
        return ConfirmMap(((free, nation, "none"),) if free else ())
    if scoring_turn_ends(scenario, state):
        unscored = [n for n in queue(scenario, state)[:2] if not awarded(state, n, "zones")]
        if unscored:
            return Score(unscored[0], "zones", 1)
    return a.EndNationTurn()


def _target(state: State, nation: str) -> a.OpenBattle | None:
    """The first zone another nation holds: 3 units attack its 2 (legions for the Romans)."""
    books = edition("italia")
    zone = next((books.board.zones[z] for z, n in sorted(state.control.items()) if n != nation), None)
    if zone is None:
        return None
    kind = "legion" if nation == "romans" else "infantry"
    battle = Battle(
        Side(nation, {kind: 3}),
        Side(state.control[zone.id], {"infantry": 2}),
        zone=zone.name,
        terrain=zone.terrain,
        city=state.cities.get(zone.id, "none"),
        numbers=books.numbers,
    )
    return a.OpenBattle(battle)


def _in_battle(battle: Battle) -> Any:
    if over(battle):
        return a.CloseBattle()
    attacker = battle.attacker
    if battle.round == 2 and not attacker.tally.retreated and attacker.count() >= 2:
        key = max(sorted(attacker.units), key=lambda k: attacker.units[k])
        return a.Retreat("attacker", {key: 1})
    return a.RollRound()


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
        return _count(("zones", desk.zones, action.zones), ("cities", desk.cities, action.cities)) or (
            "collect",
        )
    if isinstance(action, a.Buy):
        steps = [(u, desk.basket.get(u, 0), n) for u, n in action.units.items()]
        return _count(*steps) or ("buy",)
    if isinstance(action, (a.RollRound, a.CloseBattle)):
        return ("roll",) if isinstance(action, a.RollRound) else ("close",)
    if isinstance(action, a.Retreat):
        if page == "battle":
            return ("retreat", action.side)
        return _count(*[(f"r:{k}", desk.retreat.get(k, 0), n) for k, n in action.units.items()]) or (
            "retreat-go",
        )
    return _turn_marker(desk, page, state, action)


def _turn_marker(desk: Desk, page: str, state: State, action: Any) -> tuple[str, ...] | None:
    if page == "shop":
        return ("to-move",)
    if isinstance(action, a.OpenBattle):
        return _battle_marker(desk, page, action.battle)
    if isinstance(action, ConfirmMap):
        if page == "move":
            return ("to-map",)
        for zone, holder, _city in action.changes:
            if desk.holding(state, zone)[0] != holder:
                return ("zone", zone)
        return ("confirm-map",)
    if isinstance(action, Score):
        if desk.source != action.source:
            return ("source",)
        return _count((f"s:{action.nation}", desk.points.get(action.nation, 0), action.points)) or ("score",)
    if isinstance(action, a.EndNationTurn):
        return ("scores-done",) if page == "score" else ("end-nation",)
    return None


def _battle_marker(desk: Desk, page: str, battle: Battle) -> tuple[str, ...] | None:
    if page == "move":
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
    return _count(*steps) or ("fight",)


def _count(*steps: tuple[str, int, int]) -> tuple[str, ...] | None:
    """The stepper to tap: more or less, toward the first count that differs."""
    for key, have, want in steps:
        if have != want:
            return ("more" if have < want else "less", key)
    return None
