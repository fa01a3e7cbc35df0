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
from companion.games.italia.preview import preview
from companion.tables.italia.aiming import Aiming
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
    """The first zone another nation holds: 3 units attack its 2 infantry and an elephant (legions
    for the Romans; the elephant makes the attacker name its victims, reading A4)."""
    books = edition("italia")
    zone = next((books.board.zones[z] for z, n in sorted(state.control.items()) if n != nation), None)
    if zone is None:
        return None
    kind = "legion" if nation == "romans" else "infantry"
    battle = Battle(
        Side(nation, {kind: 3}),
        Side(state.control[zone.id], {"infantry": 2, "elephant": 1}),
        zone=zone.name,
        terrain=zone.terrain,
        city=state.cities.get(zone.id, "none"),
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
        return _count(("zones", desk.zones, action.zones), ("cities", desk.cities, action.cities)) or (
            "collect",
        )
    if isinstance(action, a.Buy):
        steps = [(u, desk.basket.get(u, 0), n) for u, n in action.units.items()]
        return _count(*steps) or ("buy",)
    if isinstance(action, a.RollRound):
        return _roll_marker(desk, page, state, action)
    if isinstance(action, a.CloseBattle):
        return ("close",)
    if isinstance(action, a.Retreat):
        if page == "battle":
            return ("retreat", action.side)
        return _count(*[(f"r:{k}", desk.retreat.get(k, 0), n) for k, n in action.units.items()]) or (
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
    return _count(*typed) or ("typed",)


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
