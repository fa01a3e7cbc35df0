"""Combats, charges, bombardments and attrition inside an activation: each rolls its dice (seeded and
recorded, or the table's), then leaves the losses pending until their owners allocate them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .actions import Bombard, Charge, EnterResult, Fight
from .attrition import attrition_loss
from .bombard import Battery, bombard, bombard_modifiers
from .charge import charge_dice
from .combat import Combat, DefendingHex, Fighter, Preview, preview
from .context import Context
from .dice import checked_dice, roll
from .errors import IllegalActionError, Sentence, TableMissing
from .results import is_result, lookup, losses_in
from .state import Activation, Pending, State
from .turns import Events, retreat_due
from .units import fighter

Outcome = tuple[State, Events, list[object]]


def throw(state: State, count: int, given: Sequence[object], what: str) -> tuple[State, tuple[int, ...]]:
    """The game's next roll: the table's dice when given, else the seed's; either way the counter moves on,
    so undo and a throw again give the same values."""
    values = checked_dice(given, count, what) if given else roll(state.seed, state.rolls, count)
    return replace(state, rolls=state.rolls + 1), values


def _active(state: State, action: str) -> Activation:
    if state.phase != "activation" or state.active is None:
        raise IllegalActionError(Sentence("No activation is under way: draw and activate a chit first."))
    if state.pending is not None:
        raise IllegalActionError(Sentence("Apply the last result's losses first."))
    return state.active


def _own(state: State, active: Activation, unit: str, action: str) -> None:
    counter = state.counters.get(unit)
    if counter is None or not state.on_map(unit):
        raise IllegalActionError(Sentence("{unit} is not a unit on the map.", unit=unit))
    if counter.formation not in active.formations and unit not in active.independents:
        whose = counter.formation or "no formation"
        raise IllegalActionError(
            Sentence("{unit} belongs to {whose}, which is not active.", unit=unit, whose=whose)
        )


def _enemy(state: State, active: Activation, unit: str, action: str) -> None:
    counter = state.counters.get(unit)
    if counter is None or counter.side == active.side or not state.on_map(unit):
        raise IllegalActionError(Sentence("{unit} is not an enemy unit on the map.", unit=unit))


def combat_of(state: State, action: Fight) -> Combat:
    """The combat the players entered, with each unit as its counter and markers show it."""
    if not action.hexes:
        raise IllegalActionError(Sentence("Combat refused: name the defending hex's terrain."))
    if any(not 0 <= shifts <= 3 for _, shifts, _ in action.hexes) or not 0 <= action.hexside_shifts <= 3:
        raise IllegalActionError(Sentence("Combat refused: a terrain gives 0 to 3 left shifts."))
    if any(not 0 <= place < len(action.hexes) for _, place in action.defenders):
        raise IllegalActionError(
            Sentence("Combat refused: each defender stands in one of the defending hexes entered.")
        )
    attackers = tuple(_fighter(state, unit, place, action.unticked) for unit, place in action.attackers)
    defenders = tuple(_fighter(state, unit, place, action.unticked) for unit, place in action.defenders)
    hexes = tuple(DefendingHex(terrain, shifts, fortified) for terrain, shifts, fortified in action.hexes)
    encircled = {"yes": True, "no": False}.get(action.encircled)
    return Combat(
        attackers,
        defenders,
        hexes,
        (),
        action.between_empty,
        encircled,
        action.hexside,
        action.hexside_shifts,
        action.across_major_river,
    )


def _fighter(state: State, unit: str, place: int, unticked: tuple[str, ...]) -> Fighter:
    if unit not in state.counters:
        raise IllegalActionError(Sentence("Combat refused: {unit} is not a unit of this game.", unit=unit))
    return fighter(state.counters[unit], state.units[unit], place, unit not in unticked)


def fight_preview(state: State, action: Fight, context: Context) -> Preview:
    """The preview the screen shows before the roll (no table needed)."""
    return preview(combat_of(state, action), context.ladder, context.readings)


def roll_modifier(state: State, action: Fight | Bombard, context: Context) -> int:
    """The die modifier of a combat or a bombardment played on `state` (the die box shows the natural
    and the modified roll)."""
    if isinstance(action, Fight):
        return fight_preview(state, action, context).modifier
    batteries = tuple(Battery(fighter(state.counters[u], state.units[u]), far) for u, far in action.batteries)
    return _modifier(batteries, context)


def _sides(state: State, what: str, own: Sequence[str], enemy: Sequence[str], fired: str = "") -> Activation:
    """The activation under way, once every unit of `own` is in it and every unit of `enemy` is an enemy
    on the map; `fired` refuses artillery that has already bombarded this turn."""
    active = _active(state, what)
    for unit in own:
        _own(state, active, unit, what)
        if fired and unit in state.bombarded:
            raise IllegalActionError(Sentence(fired, unit=unit))
    for unit in enemy:
        _enemy(state, active, unit, what)
    return active


def fight(state: State, action: Fight, given: Sequence[object], context: Context) -> Outcome:
    own, enemy = [u for u, _ in action.attackers], [u for u, _ in action.defenders]
    active = _sides(state, "Combat", own, enemy, "{unit} bombarded this turn: it may not also fight.")
    shown = fight_preview(state, action, context)
    if shown.refusals:
        raise IllegalActionError(Sentence("Combat refused: {reason}", reason=shown.refusals[0]))
    state, dice = throw(state, 1, given, "A combat")
    events = [Sentence("{line}", line=line) for line in shown.explain()]
    units = (
        (active.side, tuple(u for u, _ in action.attackers)),
        (_other(active.side), tuple(u for u, _ in action.defenders)),
    )
    pending = Pending(
        "combat", (), units, "", shown.final_column, dice[0] + shown.modifier, defenders=len(action.defenders)
    )
    try:
        result, _ = lookup(context.edition.crt, shown.final_column, dice[0] + shown.modifier)
    except TableMissing as missing:
        return replace(state, pending=pending), [*events, missing.args[0]], list(dice)
    state, events = _with_result(state, pending, result, events)
    return state, events, list(dice)


def _with_result(state: State, pending: Pending, result: str, events: Events) -> tuple[State, Events]:
    """The result known: the losses each side owes, in order (attacker first)."""
    attacker, defender = losses_in(result)
    (a_side, _), (d_side, _) = pending.units
    due = tuple((side, n) for side, n in ((a_side, attacker), (d_side, defender)) if n)
    done = replace(pending, result=result, due=due)
    events = [
        *events,
        Sentence(
            "Column {column}, modified roll {roll}: {result}.",
            column=pending.column,
            roll=pending.modified,
            result=result,
        ),
    ]
    return replace(state, pending=done if due else None), events


def enter_result(state: State, action: EnterResult, context: Context) -> tuple[State, Events]:
    pending = state.pending
    if pending is None or pending.result:
        raise IllegalActionError(
            Sentence("Result refused: no roll is waiting for a result read on the printed table.")
        )
    if pending.kind == "bombard":
        return _bombard_result(state, pending, action.code)
    codes = context.edition.crt.codes if context.edition.crt else {}
    if not is_result(action.code, codes):
        raise IllegalActionError(
            Sentence("Result refused: {code} is not a combat result (A1, D2, A1D1 or -).", code=action.code)
        )
    state, events = _with_result(
        state, pending, action.code, [Sentence("Read from the table: {code}.", code=action.code)]
    )
    return state, events


def charge(state: State, action: Charge, given: Sequence[object], context: Context) -> Outcome:
    active = _sides(state, "Charge", action.chargers, action.defenders)
    chargers = tuple(fighter(state.counters[u], state.units[u]) for u in action.chargers)
    defenders = tuple(fighter(state.counters[u], state.units[u]) for u in action.defenders)
    dice = charge_dice(chargers, defenders, action.terrain, action.hexside, context.readings)
    count = dice.attack_dice + dice.defence_dice
    state, values = throw(state, count, given, "This charge")
    attack, defence = values[: dice.attack_dice], values[dice.attack_dice :]
    hits, back = dice.hits(attack, defence)
    units = ((_other(active.side), action.defenders), (active.side, action.chargers))
    due = tuple((side, n) for (side, _), n in zip(units, (hits, back)) if n)
    pending = Pending(
        "charge", due, units, f"{hits}/{back}", withdrawal_allowed=False, defenders=len(defenders)
    )
    events = [
        Sentence(
            "Charge: {a} dice {av}, {h} hits; defence {d} dice {dv}, {b} hits.",
            a=dice.attack_dice,
            av=list(attack),
            h=hits,
            d=dice.defence_dice,
            dv=list(defence),
            b=back,
        )
    ]
    return replace(state, pending=pending if due else None), events, list(values)


def bombardment(state: State, action: Bombard, given: Sequence[object], context: Context) -> Outcome:
    batteries_named = [u for u, _ in action.batteries]
    active = _sides(
        state, "Bombardment", batteries_named, action.targets, "{unit} has already fired this turn."
    )
    if not action.targets:
        raise IllegalActionError(Sentence("Bombardment refused: name the units in the target hex."))
    batteries = tuple(Battery(fighter(state.counters[u], state.units[u]), far) for u, far in action.batteries)
    bombard(batteries, 1, None, context.readings, action.blocked, state.night, entered="-")  # the checks only
    state, dice = throw(state, 1, given, "A bombardment")
    fired = state.bombarded + tuple(u for u, _ in action.batteries)
    units = ((_other(active.side), action.targets),)
    try:
        done = bombard(batteries, dice[0], context.edition.artillery, context.readings)
    except TableMissing as missing:
        pending = Pending(
            "bombard",
            (),
            units,
            "",
            modified=dice[0] + _modifier(batteries, context),
            withdrawal_allowed=False,
        )
        return replace(state, pending=pending, bombarded=fired), [missing.args[0]], list(dice)
    pending = Pending("bombard", (), units, "", done.column, done.modified, withdrawal_allowed=False)
    state, events = _bombard_result(replace(state, bombarded=fired), pending, done.result)
    return state, events, list(dice)


def _modifier(batteries: tuple[Battery, ...], context: Context) -> int:
    return sum(n for _, n in bombard_modifiers(batteries, context.readings))


def _bombard_result(state: State, pending: Pending, result: str) -> tuple[State, Events]:
    if result not in ("-", "SH", "1", "1SH"):
        raise IllegalActionError(
            Sentence("Result refused: {code} is not an artillery result (SH, 1, 1SH or -).", code=result)
        )
    ((side, targets),) = pending.units
    shake = targets if "SH" in result else ()
    due = ((side, 1),) if result.startswith("1") else ()
    units = dict(state.units)
    if not due:
        units.update({u: replace(units[u], shaken=True) for u in shake})
    done = replace(pending, result=result, due=due, shake=shake)
    events = [Sentence("Bombardment, modified roll {roll}: {result}.", roll=pending.modified, result=result)]
    return replace(state, units=units, pending=done if due else None), events


def roll_attrition(state: State, given: Sequence[object]) -> Outcome:
    """R-10: one die per formation that force-marched (or retreated, R-12): one step from one of its units."""
    if retreat_due(state):
        (side, formation), rest = state.retreats[0], state.retreats[1:]
        state, general = replace(state, retreats=rest), True
    else:
        active = state.active
        if state.phase != "activation" or active is None or not active.attrition_due or state.pending:
            raise IllegalActionError(
                Sentence("Attrition refused: no formation is waiting for its forced-march die.")
            )
        formation, side, general = active.attrition_due[0], active.side, False
        state = replace(state, active=replace(active, attrition_due=active.attrition_due[1:]))
    state, dice = throw(state, 1, given, "Attrition")
    if not attrition_loss(dice[0], general):
        return state, [Sentence("{formation}: {die}, no loss.", formation=formation, die=dice[0])], list(dice)
    members = tuple(u for u, c in state.counters.items() if c.formation == formation and state.on_map(u))
    pending = Pending(
        "attrition",
        ((side, 1),) if members else (),
        ((side, members),),
        str(dice[0]),
        withdrawal_allowed=False,
    )
    events = [
        Sentence(
            "{formation}: {die}, one step lost from a unit of the formation.",
            formation=formation,
            die=dice[0],
        )
    ]
    return replace(state, pending=pending if members else None), events, list(dice)


def _other(side: str) -> str:
    return "sardinia" if side == "austria" else "austria"
