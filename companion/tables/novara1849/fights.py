"""The activation's screens: the walk-through (movement, forced-march attrition, bombardment, combat),
the combat ring with its preview, the charge, the bombardment, a result read on the printed table,
and the losses each side allocates."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from companion.games.novara1849 import actions as a
from companion.games.novara1849.bombard import Battery, bombard_modifiers, combined_factor
from companion.games.novara1849.charge import charge_dice
from companion.games.novara1849.combat import ARTILLERY
from companion.games.novara1849.errors import IllegalActionError
from companion.games.novara1849.state import State
from companion.games.novara1849.turns import retreat_due
from companion.games.novara1849.units import fighter
from companion.i18n import _, ngettext, translate
from companion.tables.base import Play, ShowDie
from companion.tables.novara1849.die_box import idle, waiting
from companion.tables.novara1849.draft import Draft
from companion.tables.novara1849.moments import (
    Moment,
    _flip,
    local,
    on_map,
    play,
    unit_label,
    unit_toggles,
)
from companion.tables.novara1849.sheet import Cell
from companion.tables.novara1849.texts import (
    chit_label,
    first_upper,
    parts_line,
    player_name,
    preview_lines,
    side_name,
)
from companion.ui import theme
from companion.ui.widgets import Button

RING = 72  # px between the defending hex's centre and each ring position's
COMBAT_CODES: tuple[str, ...] = ("-", "A1", "A2", "D1", "D2", "D3", "A1D1", "A1D2", "A2D1")
ARTILLERY_CODES: tuple[str, ...] = ("-", "SH", "1", "1SH")


def walk_through(moment: Moment, draft: Draft, state: State, edition: Any) -> None:
    """The activation's steps in the text's order, each with what the rules require next."""
    active, sheet = state.active, moment.sheet
    assert active is not None
    sheet.say(_("{chit} is active.").format(chit=chit_label(edition, active.chit)))
    if active.independents:
        sheet.say(_("With: {units}.").format(units=", ".join(active.independents)), theme.MUTED)
    steps = [
        (_("1. Movement: charges during it."), True),
        (_("2. Forced march: one attrition die per formation (1: a step lost)."), active.forced_march),
        (_("3. Bombardment (not at night)."), not state.night),
        (_("4. Combat."), True),
    ]
    for text, open_ in steps:
        sheet.say(text, theme.INK if open_ else theme.MUTED)
    if active.forced_march:
        sheet.say(_("Forced march: these units may not attack this turn."), theme.MUTED)
    if state.night:
        sheet.say(_("Night turn: no bombardment."), theme.MUTED)
    if active.attrition_due:
        moment.line(
            _("Next: roll the forced march's attrition for {f}.").format(f=active.attrition_due[0]),
            theme.ALERT,
        )
    moment.entry(_("Charge"), ("charge",), partial(_open_for_a_roll, draft, "charge"))
    if active.attrition_due:
        moment.entry(_("Roll attrition"), ("attrition",), local(partial(_open, draft, "attrition")))
    if not state.night:
        moment.entry(_("Bombard"), ("bombard",), partial(_open_for_a_roll, draft, "bombard"))
    moment.entry(_("Combat"), ("combat",), partial(_open_for_a_roll, draft, "combat"))
    shaken = [u for u in ours(state) if state.units[u].shaken and not state.units[u].oos]
    if shaken:
        sheet.say(_("Shaken and supplied: tap those that did not move; their marker comes off at the end."))
        cells = unit_toggles(state, shaken, "unshake", draft.unshaken)
        sheet.grid(cells, 2, 3)
    moment.entry(_("End activation"), ("end-activation",), play(a.EndActivation(tuple(draft.unshaken))))


def attrition(moment: Moment, draft: Draft, state: State, typed: bool) -> None:
    """One die for a formation that force-marched or retreated: a 1 (a retreat: 1 to 3) costs a step."""
    if retreat_due(state):
        side, formation = state.retreats[0]
        moment.sheet.say(_("General retreat of {f}: one die; 1, 2 or 3 costs a step.").format(f=formation))
    else:
        assert state.active is not None
        side, formation = state.active.side, state.active.attrition_due[0]
        moment.sheet.say(_("Forced march of {f}: one die; a 1 costs a step.").format(f=formation))
    roll_entries(moment, draft, a.RollAttrition(), 1, typed, side)
    if not retreat_due(state):
        cancel_entry(moment, draft)


def _open(draft: Draft, mode: str) -> None:
    draft.fight_reset()
    draft.mode = mode


def _open_for_a_roll(draft: Draft, mode: str) -> ShowDie:
    """A combat, a charge or a bombardment put together: the table waits for a die (the box's "?")."""
    _open(draft, mode)
    return ShowDie(waiting())


def ours(state: State, kinds: tuple[str, ...] = ()) -> list[str]:
    """The active formation's units and its independents on the map (of these kinds)."""
    active = state.active
    assert active is not None
    return [
        u
        for u, c in state.counters.items()
        if (c.formation in active.formations or u in active.independents)
        and on_map(state, u)
        and (not kinds or c.kind in kinds)
    ]


def theirs(state: State, draft: Draft) -> list[str]:
    """The enemy's units on the map, of the formation the roster shows."""
    active = state.active
    assert active is not None
    side = "sardinia" if active.side == "austria" else "austria"
    shown = draft.filters.get(side)
    return [
        u
        for u, c in state.counters.items()
        if c.side == side and on_map(state, u) and (shown is None or c.formation == shown)
    ]


def _filter_cell(state: State, draft: Draft) -> tuple[str, object, Callable[[], None], bool]:
    active = state.active
    assert active is not None
    side = "sardinia" if active.side == "austria" else "austria"
    groups: list[str | None] = [None, *sorted(f for f, s in state.formations.items() if s == side), ""]
    shown = draft.filters.get(side)
    nxt = groups[(groups.index(shown) + 1) % len(groups)] if shown in groups else None

    def tap() -> None:
        if nxt is None:
            draft.filters.pop(side, None)
        else:
            draft.filters[side] = nxt

    label = _("Showing: all") if shown is None else _("Showing: {f}").format(f=shown or _("Ind."))
    return label, ("filter",), tap, False


def roll_entries(
    moment: Moment, draft: Draft, action: a.Action, count: int, typed: bool, thrower: str
) -> None:
    """The roll: the LED die (or the screen's Roll), or the table's own dice typed one by one."""
    if not typed:
        moment.line(_("{player}: press the die button.").format(player=first_upper(player_name(thrower))))
        moment.entry(_("Roll"), ("roll",), play(action))
        return
    moment.line(
        ngettext(
            "Type the die thrown.",
            "Type the {count} dice thrown, the attacker's first ({n} so far).",
            count,
        ).format(count=count, n=len(draft.dice))
    )
    for value in range(1, 7):
        moment.entry(str(value), ("die", value), partial(_typed, draft, action, count, value))


def _typed(draft: Draft, action: a.Action, count: int, value: int) -> Play | None:
    draft.dice.append(value)
    if len(draft.dice) < count:
        return None
    dice, draft.dice = tuple(draft.dice), []
    return Play(action, dice)


def cancel_entry(moment: Moment, draft: Draft) -> None:
    moment.entry(_("Back"), ("cancel",), partial(_cancel, draft))


def _cancel(draft: Draft) -> ShowDie | None:
    """Back from a builder: no roll is waited for any more (the box's "?" goes), unless it was the
    attrition die's screen, which stays due."""
    left, draft.mode = draft.mode, ""
    return ShowDie(idle()) if left in ("combat", "charge", "bombard") else None


def new_unit_entry(moment: Moment, draft: Draft, side: str) -> None:
    def tap() -> None:
        draft.back, draft.mode = draft.mode, "units"
        draft.form.side = side

    moment.entry(_("New unit"), ("new-unit",), tap)


def combat(moment: Moment, draft: Draft, state: State, game: Any, typed: bool) -> None:
    """The ring: tap a position (or the defending hex), then the units standing there; the terrain's
    and the hexside's left shifts as read on the chart; the preview before any die."""
    sheet, active = moment.sheet, state.active
    assert active is not None
    k = sheet.target / 48  # the ring grows with the screen, as the type does
    ring, half = round(RING * k), round(30 * k)
    cells = _roster(state, draft)
    if cells:
        sheet.say(_("Combat: tap a hex of the ring, then its units."))
    else:  # nothing typed in for this hex yet: the roster beside the ring would be empty
        sheet.say(_("Combat: tap a hex of the ring; type in its units with New unit."))
    centre = (sheet.left + ring + half, sheet.y + ring + half)
    for position in range(7):
        x, y = _ring_point(centre, position, ring)
        count = (
            sum(1 for p in draft.attackers.values() if p == position) if position else len(draft.defenders)
        )
        label = (str(position) if position else _("Def.")) + (f" ({count})" if count else "")
        rect = pygame.Rect(x - half, y - half + 4, 2 * half, 2 * half - 8)
        cell_tap = local(partial(setattr, draft, "ring", position))
        colour = (
            theme.ITALY_GREEN
            if draft.ring == position
            else (theme.AUSTRIA if position == 0 else theme.BUTTON)
        )
        sheet.spots.append(Button(rect, label, cell_tap, action=("ring", position), colour=colour))
    right = centre[0] + ring + half + 12
    width = sheet.rect.right - 8 - right
    if not draft.ring:
        sheet.row([_filter_cell(state, draft)], height=40, left=right, width=width)
    sheet.grid(cells, 1, 6, left=right, width=width)
    sheet.y = max(sheet.y, centre[1] + ring + half + 4)
    _shift_row(sheet, _("Terrain"), "terrain", draft)
    _shift_row(sheet, _("Hexside"), "hexside", draft)
    sheet.row(
        [(_("Fortified"), ("fortified",), local(partial(_flip, draft, "fortified")), draft.fortified)],
        height=40,
        width=sheet.width // 2,
    )
    action = fight_of(draft)
    _preview(moment, game, action)
    roll_entries(moment, draft, action, 1, typed, active.side)
    new_unit_entry(moment, draft, active.side if draft.ring else _enemy(active.side))
    cancel_entry(moment, draft)


def _roster(state: State, draft: Draft) -> list[Cell]:
    """The units to tap beside the ring: the active side's for an attacking hex, the enemy's (of the
    formation the filter shows) for the defending one."""
    if not draft.ring:
        return unit_toggles(state, theirs(state, draft), "pick", draft.defenders)
    names = [u for u in ours(state) if u not in state.bombarded]  # a battery that fired may not fight
    return [
        (
            unit_label(state, u) + (f" @{draft.attackers[u]}" if u in draft.attackers else ""),
            ("pick", u),
            local(partial(_place, draft, u)),
            draft.attackers.get(u) == draft.ring,
        )
        for u in names
    ]


def _enemy(side: str) -> str:
    return "sardinia" if side == "austria" else "austria"


def _ring_point(centre: tuple[int, int], position: int, ring: int) -> tuple[int, int]:
    """Position 1 above the defender, then clockwise; 1-4, 2-5 and 3-6 are opposite."""
    if not position:
        return centre
    import math

    angle = math.radians(-90 + 60 * (position - 1))
    return round(centre[0] + ring * math.cos(angle)), round(centre[1] + ring * math.sin(angle))


def _place(draft: Draft, unit: str) -> None:
    if draft.attackers.get(unit) == draft.ring:
        del draft.attackers[unit]
    else:
        draft.attackers[unit] = draft.ring


def _shift_row(sheet: Any, label: str, name: str, draft: Draft) -> None:
    value = getattr(draft, name)
    sheet.row(
        [
            (label, None, None, False),
            ("-", (name, -1), local(partial(setattr, draft, name, max(0, value - 1))), False),
            (_("left {n}").format(n=value), None, None, False),
            ("+", (name, 1), local(partial(setattr, draft, name, min(3, value + 1))), False),
        ],
        height=40,
    )


def fight_of(draft: Draft) -> a.Fight:
    return a.Fight(
        tuple(draft.attackers.items()),
        tuple((u, 0) for u in draft.defenders),
        (("chart", draft.terrain, draft.fortified),),
        hexside="chart" if draft.hexside else "",
        hexside_shifts=draft.hexside,
    )


def _preview(moment: Moment, game: Any, action: a.Fight) -> None:
    try:
        shown = game.preview(action)
    except IllegalActionError as exc:
        moment.line(translate(exc.args[0]), theme.ALERT)
        return
    for refusal in shown.refusals:  # most wanted first: what does not fit waits
        moment.line(translate(refusal), theme.ALERT)
    for line in preview_lines(shown):
        moment.line(line)
    moment.line(_("Attack: {parts}").format(parts=parts_line(shown.attack_parts) or "-"), theme.MUTED)
    moment.line(_("Defence: {parts}").format(parts=parts_line(shown.defence_parts) or "-"), theme.MUTED)


def charge(moment: Moment, draft: Draft, state: State, context: Any, typed: bool) -> None:
    """The charging cavalry, the target hex's units, the terrain; the dice each side throws."""
    sheet, active = moment.sheet, state.active
    assert active is not None
    sheet.say(_("Charge: the charging cavalry, then the target hex's units."))
    beside_targets(
        sheet, state, draft, unit_toggles(state, ours(state, ("cavalry",)), "charger", draft.chargers)
    )
    sheet.row(
        [
            (_("Clear terrain"), ("clear",), local(partial(_flip, draft, "clear")), draft.clear),
            (
                _("Crosses a river, ford..."),
                ("crossing",),
                local(partial(_flip, draft, "crossing")),
                draft.crossing,
            ),
        ],
        height=40,
    )
    action = a.Charge(
        tuple(draft.chargers),
        tuple(draft.defenders),
        "clear" if draft.clear else "other",
        "river" if draft.crossing else "",
    )
    try:
        dice = charge_dice(
            tuple(fighter(state.counters[u], state.units[u]) for u in draft.chargers),
            tuple(fighter(state.counters[u], state.units[u]) for u in draft.defenders),
            action.terrain,
            action.hexside,
            context.readings,
        )
    except IllegalActionError as exc:  # nothing tapped yet is not a refusal: what to tap first
        said = translate(exc.args[0]) if draft.chargers else _("Tap the charging cavalry first.")
        moment.line(said, theme.ALERT if draft.chargers else theme.MUTED)
        count = 0
    else:
        count = dice.attack_dice + dice.defence_dice
        moment.line(
            _("Attack {a} dice, defence {d} dice; each 5 or 6 hits.").format(
                a=dice.attack_dice, d=dice.defence_dice
            )
        )
    roll_entries(moment, draft, action, max(1, count), typed, active.side)
    new_unit_entry(moment, draft, active.side)  # a cavalry or target not typed in yet
    cancel_entry(moment, draft)


def beside_targets(sheet: Any, state: State, draft: Draft, own: list[Any]) -> None:
    """The active side's units on the left half, the enemy's (a formation at a time) on the right."""
    half, top = sheet.width // 2 - 3, sheet.y
    sheet.grid(own, 1, 5, width=half)
    low, sheet.y = sheet.y, top
    sheet.row([_filter_cell(state, draft)], height=40, left=sheet.left + half + 6, width=half)
    targets = unit_toggles(state, theirs(state, draft), "target", draft.defenders)
    sheet.grid(targets, 1, 4, left=sheet.left + half + 6, width=half)
    sheet.y = max(low, sheet.y)


def bombardment(moment: Moment, draft: Draft, state: State, context: Any, typed: bool) -> None:
    """The firing batteries (tap again: two hexes away), the target hex's units, line of sight."""
    sheet, active = moment.sheet, state.active
    assert active is not None
    sheet.say(_("Bombardment: tap each battery (again: two hexes away), then the targets."))
    guns = [u for u in ours(state, ARTILLERY) if u not in state.bombarded]
    cells = [
        (
            unit_label(state, u) + (" " + _("(2 hexes)") if draft.batteries.get(u) else ""),
            ("battery", u),
            local(partial(_battery, draft, u)),
            u in draft.batteries,
        )
        for u in guns
    ]
    beside_targets(sheet, state, draft, cells)
    sheet.row(
        [
            (
                _("Woods or town in between"),
                ("blocked",),
                local(partial(_flip, draft, "blocked")),
                draft.blocked,
            )
        ],
        height=40,
    )
    batteries = tuple(draft.batteries.items())
    fired = tuple(Battery(fighter(state.counters[u], state.units[u]), far) for u, far in batteries)
    if fired:
        moment.line(_("Combined factor {cf}.").format(cf=combined_factor(fired, context.readings)))
        for why, n in bombard_modifiers(fired, context.readings):
            moment.line(
                _("Die {n:+d}: {why}").format(n=n, why=_("target two hexes away") if "two" in why else why)
            )
    action = a.Bombard(batteries, tuple(draft.defenders), draft.blocked)
    roll_entries(moment, draft, action, 1, typed, active.side)
    new_unit_entry(moment, draft, active.side)  # a battery or target not typed in yet
    cancel_entry(moment, draft)


def _battery(draft: Draft, unit: str) -> None:
    """Off, adjacent, two hexes away, off."""
    if unit not in draft.batteries:
        draft.batteries[unit] = False
    elif not draft.batteries[unit]:
        draft.batteries[unit] = True
    else:
        del draft.batteries[unit]


def read_result(moment: Moment, state: State, natural: object) -> None:
    """An empty cell of the players' table: they read their printed one and tap the result."""
    pending, sheet = state.pending, moment.sheet
    assert pending is not None
    moment.line(_("Die {die}, modified roll {roll}.").format(die=natural, roll=pending.modified))
    if pending.kind == "bombard":
        sheet.say(
            _(
                "Your artillery table has no value here: read your printed one at modified roll {roll} "
                "and tap the result."
            ).format(roll=pending.modified)
        )
        codes = ARTILLERY_CODES
    else:
        sheet.say(
            _(
                "Your results table has no value here: read your printed one at column {column}, "
                "modified roll {roll}, and tap the result."
            ).format(column=pending.column, roll=pending.modified)
        )
        codes = COMBAT_CODES
    moment.line(_("The result is recorded as read from your table."), theme.MUTED)
    sheet.grid([(code, ("result", code), play(a.EnterResult(code)), False) for code in codes], 3, 3)


def losses(moment: Moment, draft: Draft, state: State) -> None:
    """The side that owes steps: a withdrawal of 0-2 hexes where allowed, the units that take the rest."""
    pending, sheet = state.pending, moment.sheet
    assert pending is not None and pending.due
    side, owed = pending.due[0]
    if pending.kind == "combat" and pending.result:
        sheet.say(_("Result: {result}.").format(result=pending.result))
    elif pending.kind == "charge":
        hits, back = pending.result.split("/")
        sheet.say(_("Charge hits: {h} on the target, {b} on the cavalry.").format(h=hits, b=back))
    elif pending.kind == "attrition":
        sheet.say(_("Attrition die: {die}.").format(die=pending.result))
    sheet.say(
        ngettext(
            "{side}: {n} step to lose: tap the unit that takes it.",
            "{side}: {n} steps to lose: tap the units that take them.",
            owed,
        ).format(side=side_name(side), n=owed)
    )
    if state.fog == "dummies":
        moment.line(_("Dummy markers cannot absorb losses: only real units take steps."), theme.MUTED)
    if pending.withdrawal_allowed:
        sheet.row(
            [
                (
                    _("Withdraw {n}").format(n=n),
                    ("withdraw", n),
                    local(partial(setattr, draft, "withdrawal", n)),
                    draft.withdrawal == n,
                )
                for n in range(3)
            ],
            height=40,
        )
    units = [u for u in dict(pending.units)[side] if on_map(state, u)]
    cells = [
        (
            f"{unit_label(state, u)}: {draft.allocation.get(u, 0)}",
            ("step", u),
            local(partial(_step, draft, state, u)),
            bool(draft.allocation.get(u)),
        )
        for u in units
    ]
    sheet.grid(cells, 2, 4)
    if pending.withdrawal_allowed:
        sheet.row(
            [
                (
                    _("Retreat impossible"),
                    ("impossible",),
                    local(partial(_flip, draft, "impossible")),
                    draft.impossible,
                )
            ],
            height=40,
        )
    allocation = tuple((u, n) for u, n in draft.allocation.items() if n)
    action = a.ApplyLosses(
        side, draft.withdrawal if pending.withdrawal_allowed else 0, allocation, draft.impossible
    )
    moment.entry(_("Apply"), ("apply",), play(action))


def _step(draft: Draft, state: State, unit: str) -> None:
    draft.allocation[unit] = (draft.allocation.get(unit, 0) + 1) % (state.units[unit].steps + 1)
