"""Autoplay: two scripted players (the companion itself never plays a side) and where they tap on
screen toward each decision. Their counters are typed in as a table would type its own; the values
below are the script's, invented for the demonstration and the tests, never the game's (the rulebook
prints no counter values).

One scripted campaign turn shows every screen: the counters typed in, the turn's facts, both secret
selections handed over, II Corps by surprise with a cavalry charge, I Corps bombarding and attacking
(a result read on the printed table), the 1st Division's forced march with its attrition die, then a
night turn with its supply check and recovery, Radetzky's Command Factor typed in on the selection screen
and his box holding I Corps. With the Hidden Forces Display each side hides a unit on the first turn,
moves dummies with a chit on the second and reveals; with the 6th Division variant (a scenario from turn
5) it enters at once and its chit goes in the cup."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.games.novara1849 import actions as a
from companion.games.novara1849.combat import ARTILLERY
from companion.games.novara1849.state import State
from companion.games.novara1849.turns import retreat_due
from companion.games.novara1849.variants import SIXTH_FROM
from companion.ui.autoplay import buttons_by_marker

# The script's counters (invented: see above): formation, type, factor, reduced factor, elite bonus.
SCRIPT_UNITS = (
    ("austria", "A-I", "infantry", 4, 2, 1),
    ("austria", "A-I", "artillery", 3, 1, 1),
    ("austria", "A-II", "cavalry", 2, 1, 0),
    ("austria", "A-II", "infantry", 4, 2, 0),
    ("sardinia", "S-1", "infantry", 4, 2, 0),
    ("sardinia", "S-1", "cavalry", 2, 1, 0),
    ("sardinia", "S-1", "artillery", 2, 1, 0),
    ("sardinia", "", "light-infantry", 3, 1, 1),
)
_done: dict[tuple[int, int, str, str], bool] = {}  # (seed, turn, chit, what): done this activation


def scripted_players(state: State, rng: random.Random) -> a.Action:
    """The next decision of the two scripted players."""
    if len(state.counters) < len(SCRIPT_UNITS):
        if not state.counters:
            _done.clear()
        side, formation, kind, cf, reduced, elite = SCRIPT_UNITS[len(state.counters)]
        return a.EnterUnit("", side, cf, formation, kind, reduced, elite)
    if state.pending is not None:
        return _losses(state)
    if retreat_due(state):
        return a.RollAttrition()
    optional = _optional_rules(state)
    if optional is not None:
        return optional
    return {
        "turn": _facts,
        "select": _select,
        "decide": _decide,
        "activation": _activation,
    }.get(state.phase, _draw)(state)


SCRIPT_HIDDEN = {"austria": ("A-II", "infantry"), "sardinia": ("S-1", "artillery")}  # a box each


def _optional_rules(state: State) -> a.Action | None:
    """The variant and the Fog of War when chosen: the 6th Division enters as soon as it may; on the
    first turn each side hides one unit in box A of its display; once a chit has moved dummies on a
    later turn (_decide), every box is revealed."""
    if (
        state.sixth_division
        and not state.sixth
        and state.turn >= SIXTH_FROM
        and state.phase in ("turn", "select")
    ):
        return a.Reinforce(sixth_division=True)
    if state.fog != "hidden":
        return None
    if state.turn == 1 and state.phase == "select":
        side = "austria" if "austria" not in state.selections else "sardinia"
        formation, kind = SCRIPT_HIDDEN[side]
        units = [u for u, c in state.counters.items() if (c.formation, c.kind) == (formation, kind)]
        if not state.hidden.get(side) and units:
            return a.Hide(side, "A", (units[0],))
    moved = any(not c.endswith("-independent") for c in state.passed)
    if state.turn > 1 and state.phase == "draw" and state.active is None and moved:
        for side, boxes in sorted(state.hidden.items()):
            if boxes:
                return a.Reveal(side, sorted(boxes)[0])
    return None


def _facts(state: State) -> a.Action:
    return a.TurnFacts(state.turn > 1, 2, 2)


SCRIPT_FACTOR = 2  # Radetzky's Command Factor as the script reads it off his chit (invented: see above)


def _select(state: State) -> a.Action:
    side = "austria" if "austria" not in state.selections else "sardinia"
    if state.turn == 1:
        return a.Select(side, ("A-I", "A-II") if side == "austria" else ("S-1",))
    if side == "austria" and state.turn == 2:  # the factor typed in mid-game, then Radetzky boxes I Corps
        if state.command_factors.get("radetzky") != SCRIPT_FACTOR:
            return a.SetCommandFactor("radetzky", SCRIPT_FACTOR)
        return a.Select(side, (), "radetzky", ("A-I",))
    return a.Select(side, ("A-I",) if side == "austria" else ("S-1", *(("S-6",) if state.sixth else ())))


def _draw(state: State) -> a.Action:
    if state.surprise:
        return a.Surprise()
    if state.cup:
        return a.Draw()
    if state.night and not state.night_done:
        return a.NightSupply(tuple(_units(state, "sardinia", ("infantry",))[:1]))
    for unit, counter in state.counters.items():
        holding = state.units[unit]
        group = counter.formation or f"{counter.side}-independent"
        if 0 < holding.steps < counter.steps and not (holding.oos or holding.shaken) and not holding.exited:
            if group not in state.recovered_tonight and state.night:
                return a.Recover(unit)
    return a.EndTurn()


def _decide(state: State) -> a.Action:
    chit = state.current
    if state.turn > 1:
        dummies = state.hidden.get(state.side_of(chit)) and not chit.endswith("-independent")
        return a.MoveDummies() if dummies else a.Pass()  # moving two dummies uses the chit up
    if chit == "S-1":
        return a.Activate(forced_march=True)
    if chit == "sardinia-independent":
        return a.Activate(independents=tuple(_units(state, "sardinia", ("light-infantry",))[:1]))
    return a.Pass() if chit.endswith("-independent") else a.Activate()


def _activation(state: State) -> a.Action:
    active = state.active
    assert active is not None
    if active.attrition_due:
        return a.RollAttrition()
    enemy = [u for u in _units(state, "sardinia" if active.side == "austria" else "austria")]
    key = (state.seed, state.turn, active.chit)
    cavalry = [u for u in _ours(state, ("cavalry",))]
    if active.chit == "A-II" and cavalry and enemy and not _done.get((*key, "charge")):
        _done[(*key, "charge")] = True
        return a.Charge((cavalry[0],), (enemy[0],))
    guns = [u for u in _ours(state, ARTILLERY) if u not in state.bombarded]
    if active.chit == "A-I" and guns and enemy and not state.night:
        return a.Bombard(((guns[0], False),), (enemy[0],))
    foot = [u for u in _ours(state, ("infantry",)) if not state.units[u].shaken]
    if active.chit == "A-I" and foot and enemy and not _done.get((*key, "combat")):
        _done[(*key, "combat")] = True
        return a.Fight(((foot[0], 1),), ((enemy[0], 0),), (("chart", 1, False),))
    return a.EndActivation()


def _losses(state: State) -> a.Action:
    pending = state.pending
    assert pending is not None
    if not pending.due:
        return a.EnterResult("SH" if pending.kind == "bombard" else "D1")
    side, owed = pending.due[0]
    allocation, left = [], owed
    for unit in dict(pending.units)[side]:
        steps = min(left, state.units[unit].steps)
        if steps:
            allocation.append((unit, steps))
            left -= steps
    return a.ApplyLosses(side, 0, tuple(allocation))


def _units(state: State, side: str, kinds: tuple[str, ...] = ()) -> list[str]:
    return [
        u
        for u, c in state.counters.items()
        if c.side == side
        and state.units[u].steps
        and not state.units[u].exited
        and (not kinds or c.kind in kinds)
    ]


def _ours(state: State, kinds: tuple[str, ...]) -> list[str]:
    active = state.active
    assert active is not None
    return [
        u
        for u in _units(state, active.side, kinds)
        if state.counters[u].formation in active.formations or u in active.independents
    ]


# where the players tap


def next_tap(app: Any, action: a.Action) -> tuple[int, int] | None:
    """The next tap toward this decision, given what the screen shows now."""
    view = app.game.view
    view.build(app.session)
    spots = {s.action: s.rect.center for s in view.moment.sheet.spots if s.enabled}
    by_marker = {**spots, **buttons_by_marker(app)}
    for marker in _markers(view.draft, app.session.state, action):
        if marker in by_marker:
            return by_marker[marker]  # type: ignore[no-any-return]
    return None


def _markers(draft: Any, state: State, action: a.Action) -> list[object]:
    """The taps still missing toward this decision, most urgent first (the first one on screen is tapped)."""
    if isinstance(action, a.EnterUnit):
        return _form_markers(draft, action)
    if isinstance(action, a.Hide):
        toggles: list[object] = [("hide-unit", u) for u in action.units if u not in draft.hiding]
        return _display_markers(draft, action.side, [*toggles, ("hide", action.side)])
    if isinstance(action, a.Reveal):
        return _display_markers(draft, action.side, [("reveal", action.box)])
    if draft.mode in ("units", "ledger", "display"):
        return [("back",)]
    if isinstance(action, a.TurnFacts):
        wanted = {"austria": action.austria, "sardinia": action.sardinia}
        found: list[object] = [] if draft.night == action.night else [("night", action.night)]
        for side, n in wanted.items():
            if draft.points[side] != n:
                found.append(("more", side) if draft.points[side] < n else ("less", side))
        return found + [("facts",)]
    if isinstance(action, a.Select):
        picks = {f: "cup" for f in action.formations} | {f: "box" for f in action.boxed}
        wrong = [
            ("pick", f)
            for f in sorted(set(picks) | set(draft.picks))
            if draft.picks.get(f, "") != picks.get(f, "")
        ]
        hand = [("hand", action.side)] if draft.handed != action.side else []
        return [*hand, *wrong, ("select", action.side)]
    if isinstance(action, a.SetCommandFactor):
        now = state.command_factors.get(action.commander, 0)
        hand = [("hand", "austria" if action.commander == "radetzky" else "sardinia")]
        return [*hand, ("factor", action.commander, now + (1 if now < action.factor else -1))]
    if isinstance(action, a.Activate):
        found = [] if draft.forced == action.forced_march else [("forced",)]
        found += [("ind", u) for u in action.independents if u not in draft.independents]
        return found + [("activate",)]
    simple: dict[type, list[object]] = {
        a.Draw: [("draw",), ("chit", state.cup[0] if state.cup else "")],
        a.Pass: [("pass",)],
        a.EndActivation: [("end-activation",)],
        a.EndTurn: [("end-turn",)],
        a.MoveDummies: [("dummies",)],
        a.Reinforce: [("sixth",)],
        a.RollAttrition: [("attrition",), ("roll",), ("die", 3)],
    }
    if type(action) in simple:
        return simple[type(action)]
    return _decision_markers(draft, state, action)


def _display_markers(draft: Any, side: str, then: list[object]) -> list[object]:
    """A hidden display's taps: open the displays, hand the screen to the side, then `then`."""
    if draft.mode != "display":
        return [("display",)]
    if draft.display != side:
        return [("back",)] if draft.display else [("hand-display", side)]
    return then


def _decision_markers(draft: Any, state: State, action: a.Action) -> list[object]:
    if isinstance(action, a.Surprise):
        return [("surprise", action.forced_march)]
    if isinstance(action, a.NightSupply):
        return [("oos", u) for u in action.out_of_supply if u not in draft.out] + [("supply",)]
    if isinstance(action, a.Recover):
        return [("recover", action.unit)]
    if isinstance(action, a.EnterResult):
        return [("result", action.code)]
    if isinstance(action, a.ApplyLosses):
        found: list[object] = (
            [] if draft.withdrawal == action.withdrawal else [("withdraw", action.withdrawal)]
        )
        found += [("step", u) for u, n in action.allocation if draft.allocation.get(u, 0) != n]
        return found + [("apply",)]
    if isinstance(action, a.Charge):
        found = [("charge",)] if draft.mode != "charge" else []
        found += [("charger", u) for u in action.chargers if u not in draft.chargers]
        found += [("target", u) for u in action.defenders if u not in draft.defenders]
        return found + [("roll",), ("die", 5)]
    if isinstance(action, a.Bombard):
        found = [("bombard",)] if draft.mode != "bombard" else []
        found += [("battery", u) for u, far in action.batteries if draft.batteries.get(u) is not far]
        found += [("target", u) for u in action.targets if u not in draft.defenders]
        return found + [("roll",), ("die", 4)]
    if isinstance(action, a.Fight):
        return _fight_markers(draft, action)
    return []


def _fight_markers(draft: Any, action: a.Fight) -> list[object]:
    found: list[object] = [("combat",)] if draft.mode != "combat" else []
    for unit, place in action.attackers:
        if draft.attackers.get(unit) != place:
            return found + ([("pick", unit)] if draft.ring == place else [("ring", place)])
    missing = [u for u, _ in action.defenders if u not in draft.defenders]
    if missing:
        return found + ([("pick", missing[0])] if draft.ring == 0 else [("ring", 0)])
    shifts = action.hexes[0][1]
    if draft.terrain != shifts:
        found.append(("terrain", 1 if draft.terrain < shifts else -1))
    return found + [("roll",), ("die", 4)]


def _form_markers(draft: Any, action: a.EnterUnit) -> list[object]:
    found: list[object] = [("units",)] if draft.mode != "units" else []
    form = draft.form
    wanted = (
        ("side", action.side),
        ("formation", action.formation),
        ("kind", action.type),
        ("cf", action.cf),
        ("cf_reduced", action.cf_reduced),
        ("elite", action.elite),
    )
    found += [("form", name, value) for name, value in wanted if getattr(form, name) != value]
    for name in ("reduced", "oos", "shaken"):
        if getattr(form, name) != getattr(action, name):
            found.append(("form", name, getattr(action, name)))
    return found + [("enter-unit",)]


def typed_in(state: State, action: a.Action) -> a.Action:
    """A scripted counter with the name the screen gives it (for a decision played without the screen)."""
    if not isinstance(action, a.EnterUnit):
        return action
    from companion.tables.novara1849.draft import UnitForm

    form = UnitForm(action.side, action.formation, action.type, action.cf, action.cf_reduced, action.elite)
    return replace(action, id=form.name(state))


def demo(args: Any) -> int:
    """The scripted players' first turn, without a screen: each decision and what it did."""
    from companion.assets import edition
    from companion.games.novara1849 import Game, scenario
    from companion.i18n import translate

    game = Game(edition("novara1849"), scenario("campaign", seed=args.seed or 1))
    rng = random.Random(args.seed)
    while game.state.turn <= 1 and game.state.phase != "over":
        for event in game.play(typed_in(game.state, scripted_players(game.state, rng))):
            print(translate(event))
    return 0
