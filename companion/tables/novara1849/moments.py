"""The turn's screens: the turn track's facts, the secret selections handed over, the cup, a chit
drawn, the night, the ledger and victory, a new unit typed in. Each fills the sheet (the left
square) and says the panel's sentences and buttons."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from companion.games.novara1849 import actions as a
from companion.games.novara1849.night import CHECKED
from companion.games.novara1849.state import HIGHER_COMMANDERS, SIXTH, State
from companion.games.novara1849.variants import SIXTH_FROM
from companion.games.novara1849.victory import CITIES_3, CITIES_6, CP_DIFFERENCE, SCENARIO_VICTORY
from companion.i18n import _, ngettext, translate
from companion.tables.base import Entry, Play, Undo
from companion.tables.novara1849.draft import KINDS, Draft, cycle
from companion.tables.novara1849.sheet import Cell, Sheet
from companion.tables.novara1849.texts import (
    chit_label,
    first_upper,
    kind_names,
    player_name,
    side_adjective,
    side_name,
)
from companion.ui import theme

UNDO = ("undo",)
PICKS = ("", "cup", "box", "retreat")


@dataclass
class Moment:
    sheet: Sheet
    lines: list[tuple[str, tuple[int, int, int]]] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)

    def line(self, text: str, colour: tuple[int, int, int] = theme.INK) -> None:
        self.lines.append((text, colour))

    def entry(self, label: str, marker: object, tap: Callable[[], Any]) -> None:
        self.entries.append((label, marker, tap))


def local(change: Callable[[], object]) -> Callable[[], None]:
    """A tap that only changes what the screen shows (nothing is played)."""

    def tap() -> None:
        change()

    return tap


def play(action: a.Action, *cards: object) -> Callable[[], Play]:
    return partial(Play, action, tuple(cards))


def on_map(state: State, unit: str) -> bool:
    """A unit the rosters offer: on the map, not still to arrive, and never one in a hidden display."""
    return state.on_map(unit)


def unit_label(state: State, unit: str) -> str:
    """A unit as the table reads its counter now: name, factor showing, markers."""
    counter, holding = state.counters[unit], state.units[unit]
    reduced = holding.steps < counter.steps
    marks = (" r" if reduced else "") + (" SH" if holding.shaken else "") + (" OOS" if holding.oos else "")
    return f"{unit}{marks}"


def formations_of(state: State, side: str) -> list[str]:
    return sorted(f for f, s in state.formations.items() if s == side)


def selectable(state: State, side: str) -> list[str]:
    """The formations a side may put in the cup: the 6th Division only once it has entered."""
    return [f for f in formations_of(state, side) if f != SIXTH or state.sixth]


def turn_facts(moment: Moment, draft: Draft, state: State, fixed: tuple[int, ...]) -> None:
    sheet = moment.sheet
    sheet.say(_("Turn {turn}: what does the turn track show?").format(turn=state.turn))
    sheet.row(
        [
            (_("Day"), ("night", False), local(partial(setattr, draft, "night", False)), not draft.night),
            (_("Night"), ("night", True), local(partial(setattr, draft, "night", True)), draft.night),
        ]
    )
    for side in ("austria", "sardinia"):
        if fixed:
            draft.points[side] = fixed[0 if side == "austria" else 1]
        value: Cell = (str(draft.points[side]), None, None, False)
        less: Cell = ("-", ("less", side), local(partial(_points, draft, side, -1)), False)
        more: Cell = ("+", ("more", side), local(partial(_points, draft, side, 1)), False)
        sheet.row(
            [value] if fixed else [less, value, more],
            label=side_name(side),
            label_width=sheet.width // 3,
        )
    sheet.say(_("Activation points for each side; a night turn has no bombardment."), theme.MUTED)
    moment.line(_("Your track.toml does not say it: read the turn track on the map."))
    facts = a.TurnFacts(draft.night, draft.points["austria"], draft.points["sardinia"])
    moment.entry(_("Confirm"), ("facts",), play(facts))
    sixth_division(moment, state)


def _points(draft: Draft, side: str, change: int) -> None:
    draft.points[side] = max(0, min(9, draft.points[side] + change))


def sixth_division(moment: Moment, state: State) -> None:
    """The 6th Division variant: from turn 5 the Sardinian player may bring it on (public: it comes on
    the map); its chit may go in the cup and Sardinia has 1 more activation point a turn from then."""
    if not state.sixth_division or state.sixth or state.turn < SIXTH_FROM:
        return
    moment.sheet.say(
        _("The 6th Division may enter from Vercelli or Casale: 1 more Sardinian activation point a turn."),
        theme.MUTED,
    )
    moment.entry(_("6th Division enters"), ("sixth",), play(a.Reinforce(sixth_division=True)))


def dummies_reminder() -> str:
    """Fog of War, dummy markers (spec 2.17.1): the companion never sees the map, so it reminds."""
    return _(
        "Fog of war: place your dummy markers on your units now (4 units a hex at most, dummies "
        "counted); they move only with their stack and never absorb losses."
    )


def selection(moment: Moment, draft: Draft, state: State, edition: Any, commanders: bool = True) -> None:
    """Phase A: hand the screen over; the side's choice hidden until its player taps; never shown again."""
    side = next(s for s in ("austria", "sardinia") if s not in state.selections)
    other = "sardinia" if side == "austria" else "austria"
    sheet = moment.sheet
    if draft.handed != side:
        draft.picks = {}
        sheet.say(_("Secret selection, turn {turn}.").format(turn=state.turn))
        sheet.say(
            _("Pass the screen to the {side} player; the {other} player looks away.").format(
                side=side_adjective(side), other=side_adjective(other)
            )
        )
        if state.selections:
            sheet.say(_("The other selection is in; nobody will see it again."), theme.MUTED)
        elif state.fog == "dummies":
            sheet.say(dummies_reminder(), theme.MUTED)
        sixth_division(moment, state)
        moment.entry(
            _("I am {player}").format(player=player_name(side)),
            ("hand", side),
            local(partial(setattr, draft, "handed", side)),
        )
        return
    commander = next(c for c, s in HIGHER_COMMANDERS.items() if s == side)
    points = state.points.get(side, 0)
    spent = sum(1 for v in draft.picks.values() if v in ("cup", "box"))
    sheet.say(
        _(
            "{side}: {spent} of {points} activation points. Tap each formation: cup, {name}'s box, retreat."
        ).format(side=side_name(side), spent=spent, points=points, name=commander.title())
    )
    names = {"": _("not chosen"), "cup": _("cup"), "box": _("box"), "retreat": _("retreat")}
    formations = selectable(state, side)
    if len(formations) <= 5:  # a row each: the chit's name, then its place
        for formation in formations:
            pick = draft.picks.get(formation, "")
            sheet.row(
                [
                    (chit_label(edition, formation), None, None, False),
                    (names[pick], ("pick", formation), local(partial(_pick, draft, formation)), bool(pick)),
                ]
            )
    else:  # many formations: two columns of buttons saying both
        cells: list[Cell] = [
            (
                f"{formation}: {names[draft.picks.get(formation, '')]}",
                ("pick", formation),
                local(partial(_pick, draft, formation)),
                bool(draft.picks.get(formation)),
            )
            for formation in formations
        ]
        sheet.grid(cells, 2, 6)
    if commanders:
        command_factor_row(sheet, state, commander)
    moment.line(
        _("Done hides the selection: nobody sees it again, the cup shows only its count."), theme.MUTED
    )
    chosen = {v: tuple(f for f, p in draft.picks.items() if p == v) for v in ("cup", "box", "retreat")}
    action = a.Select(
        side, chosen["cup"], commander if chosen["box"] else "", chosen["box"], chosen["retreat"]
    )
    moment.entry(_("Done"), ("select", side), play(action))
    moment.entry(_("Back"), ("unhand",), local(partial(setattr, draft, "handed", "")))


def command_factor_row(sheet: Any, state: State, commander: str) -> None:
    """The Higher Commander's Command Factor as the game knows it; - and + set or correct it (each a
    decision, recorded and undone like any)."""
    factor = state.command_factors.get(commander, 0)
    less: Cell = (
        "-",
        ("factor", commander, factor - 1),
        play(a.SetCommandFactor(commander, factor - 1)) if factor > 1 else None,  # None: shown, not a button
        False,
    )
    more: Cell = (
        "+",
        ("factor", commander, factor + 1),
        play(a.SetCommandFactor(commander, factor + 1)) if factor < 9 else None,
        False,
    )
    value: Cell = (str(factor) if factor else "?", None, None, False)
    label = _("{name}'s Command Factor").format(name=commander.title())
    sheet.say(label)
    sheet.row([less, value, more], width=sheet.width // 2)


def _pick(draft: Draft, formation: str) -> None:
    draft.picks[formation] = cycle(PICKS, draft.picks.get(formation, ""))


def cup(moment: Moment, draft: Draft, state: State, game: Any, table_cup: bool) -> None:
    """Phase B: public counts only; draw, or name the chit the table pulled."""
    view, sheet = game.cup(), moment.sheet
    sheet.say(
        _("The cup, turn {turn}{night}.").format(turn=state.turn, night=_(" (night)") if state.night else "")
    )
    for side in ("austria", "sardinia"):
        n = view.left[side]
        sheet.say(
            ngettext("{side}: {n} chit left.", "{side}: {n} chits left.", n).format(side=side_name(side), n=n)
        )
    if view.drawn:
        drawn = ", ".join(
            chit_label(game.edition, c) + (" " + _("(passed)") if c in view.passed else "")
            for c in view.drawn
        )
        sheet.say(_("Drawn: {chits}.").format(chits=drawn), theme.MUTED)
    for name, free in view.commanders_available.items():
        if not free:
            sheet.say(_("{name} may not be chosen next turn.").format(name=name.title()), theme.MUTED)
    moment.line(_("Next: draw a chit; its owner activates it or passes."))
    if state.surprise:
        sheet.say(
            _("Austrian surprise: {f} activates when you like this turn, without its chit.").format(
                f=chit_label(game.edition, state.surprise)
            )
        )
        moment.entry(_("Surprise: {f}").format(f=state.surprise), ("surprise", False), play(a.Surprise()))
        moment.entry(_("Surprise, forced march"), ("surprise", True), play(a.Surprise(True)))
    reinforcements(moment, draft, state, game)
    sixth_division(moment, state)
    if table_cup:
        moment.entry(_("Name the chit pulled"), ("draw",), local(partial(setattr, draft, "mode", "chits")))
    else:
        moment.entry(_("Draw a chit"), ("draw",), play(a.Draw()))


def reinforcements(moment: Moment, draft: Draft, state: State, game: Any) -> None:
    """The units the turn track brings by this turn, still off the map: tap those placed."""
    due = [
        unit
        for number, turn in game.edition.turns.items()
        if number <= state.turn
        for arriving in turn.reinforcements
        for unit in arriving.units
        if unit in state.waiting
    ]
    if not due:
        return
    moment.sheet.say(_("Reinforcements due: tap those placed on the map."))
    moment.sheet.grid(
        [(u, ("arrive", u), local(partial(_toggle, draft.out, u)), u in draft.out) for u in due], 2, 3
    )
    placed = tuple(u for u in draft.out if u in due)
    moment.entry(_("Reinforcements placed"), ("reinforce",), play(a.Reinforce(placed)))


def chits(moment: Moment, draft: Draft, state: State, edition: Any) -> None:
    """The table's own cup: tap the chit pulled (every chit is offered: the cup's contents stay secret)."""
    sheet = moment.sheet
    sheet.say(_("Which chit did the table pull from its cup?"))
    every = [*sorted(state.formations), *HIGHER_COMMANDERS, "austria-independent", "sardinia-independent"]
    cells = [
        (chit_label(edition, c), ("chit", c), play(a.Draw(), c), False) for c in every if c not in state.drawn
    ]
    hidden = sheet.grid(cells, 3, 6)
    if hidden:
        sheet.say(_("{n} more chits: draw one of those shown first.").format(n=hidden), theme.MUTED)
    moment.entry(_("Back"), ("back",), local(partial(setattr, draft, "mode", "")))


def decide(moment: Moment, draft: Draft, state: State, edition: Any) -> None:
    """A chit drawn: its owner activates it (forced march? independents?) or passes."""
    chit, sheet = state.current, moment.sheet
    side = state.side_of(chit)
    sheet.say(_("Drawn:"))
    sheet.say(chit_label(edition, chit), big=True)
    sheet.say(_("{player}: activate it, or pass.").format(player=first_upper(player_name(side))))
    independent = chit.endswith("-independent")
    if not independent:
        sheet.row([(_("Forced march"), ("forced",), local(partial(_flip, draft, "forced")), draft.forced)])
    free = [
        u
        for u, c in state.counters.items()
        if c.side == side and not c.formation and on_map(state, u) and u not in state.activated_units
    ]
    if free:
        sheet.say(_("Independent units with it (1 to 3 with the Independent chit):"), theme.MUTED)
        cells = unit_toggles(state, free, "ind", draft.independents)
        sheet.grid(cells, 2, 4)
    forced = draft.forced and not independent
    moment.entry(_("Activate"), ("activate",), play(a.Activate(forced, tuple(draft.independents))))
    moment.entry(_("Pass"), ("pass",), play(a.Pass()))
    if state.hidden.get(side) and not independent:  # instead of activating; the chit is used up
        moment.entry(_("Move two dummies"), ("dummies",), play(a.MoveDummies()))


def unit_toggles(state: State, units: list[str], name: str, chosen: list[str]) -> list[Cell]:
    """A button for each unit that puts it in `chosen` or takes it out (green while in)."""
    return [(unit_label(state, u), (name, u), local(partial(_toggle, chosen, u)), u in chosen) for u in units]


def _flip(draft: Any, name: str) -> None:
    setattr(draft, name, not getattr(draft, name))


def _toggle(items: list[str], item: str) -> None:
    if item in items:
        items.remove(item)
    else:
        items.append(item)


def night(moment: Moment, draft: Draft, state: State) -> None:
    """Night step 2: infantry and artillery default to in supply; tap the ones out of supply."""
    sheet = moment.sheet
    sheet.say(_("Night, supply: tap the infantry and artillery out of supply."))
    checked = [u for u, c in state.counters.items() if c.kind in CHECKED and on_map(state, u)]
    cells = unit_toggles(state, checked, "oos", draft.out)
    hidden = sheet.grid(cells, 2, 6)
    if hidden:
        sheet.say(_("{n} more units: enter them as they come.").format(n=hidden), theme.MUTED)
    sheet.say(
        _(
            "Out of supply: OOS marker, then Shaken, then a step lost. Shaken markers come off "
            "units in supply."
        ),
        theme.MUTED,
    )
    moment.entry(_("Supply checked"), ("supply",), play(a.NightSupply(tuple(draft.out))))


def recovery(moment: Moment, state: State) -> None:
    """Night step 4: one reduced unit per formation and one independent per side, in supply, not
    Shaken, not next to the enemy (the players say so by tapping it)."""
    sheet = moment.sheet
    sheet.say(_("Night, recovery: tap a reduced unit that is not next to the enemy."))
    able = [
        u
        for u, c in state.counters.items()
        if on_map(state, u)
        and state.units[u].steps < c.steps
        and not state.units[u].oos
        and not state.units[u].shaken
        and (c.formation or f"{c.side}-independent") not in state.recovered_tonight
    ]
    sheet.grid([(unit_label(state, u), ("recover", u), play(a.Recover(u)), False) for u in able], 2, 6)
    sheet.say(
        _("Reinforcements: place those the turn track shows for turn {turn}.").format(turn=state.turn + 1),
        theme.MUTED,
    )


def ledger(moment: Moment, draft: Draft, state: State, game: Any) -> None:
    """The loss ledger, the points by the text's table, the sudden deaths, the cities held."""
    sheet, book = moment.sheet, state.ledger
    if state.winner:
        sheet.say(
            _("Winner: {side} ({how}).").format(side=side_name(state.winner), how=translate(state.how)),
            theme.ALERT,
        )
    for side in ("austria", "sardinia"):
        score = game.score(side)
        sheet.say(
            _("{side}: {total} VP (steps {steps}, cities {cities}, exits {exits}, places {places}).").format(
                side=side_name(side),
                total=score.total,
                steps=score.steps,
                cities=score.cities_3 + score.cities_6,
                exits=score.exits,
                places=score.locations,
            )
        )
    cp = book.eliminated_cp
    sheet.say(
        _("Combat points eliminated: Austria {a}, Sardinia {s} (a difference of {n} wins).").format(
            a=cp["austria"], s=cp["sardinia"], n=CP_DIFFERENCE
        ),
        theme.MUTED,
    )
    places = [*CITIES_3, *CITIES_6]
    sudden, locations = SCENARIO_VICTORY.get(game.context.scenario, ((), None))
    places += [p for p in (*(locations or ()), *sudden) if p not in places]
    if state.winner:
        held = [f"{p} ({_holder(state, p)})" for p in places if p in state.cities]
        sheet.say(_("Cities held: {cities}.").format(cities=", ".join(held) or "-"), theme.MUTED)
        return
    moment.line(_("Tap a city when a side takes it (tap again: the other side)."))
    cells = [(f"{p}: {_holder(state, p)}", ("city", p), _occupy(state, p, draft), False) for p in places]
    sheet.grid(cells, 2, 5)
    supplied = _("Entered supplied: yes") if draft.supplied else _("Entered supplied: no")
    moment.entry(supplied, ("supplied",), local(partial(_flip, draft, "supplied")))
    for side in ("austria", "sardinia"):  # a concession ends the game: asked twice
        if draft.conceding == side:
            label = _("Tap again: {side} concede").format(side=side_name(side))
            moment.entry(label, ("concede", side), play(a.Concede(side)))
        else:
            label = _("{side} concede").format(side=side_name(side))
            moment.entry(label, ("concede", side), local(partial(setattr, draft, "conceding", side)))


def _holder(state: State, place: str) -> str:
    return {"austria": "A", "sardinia": "S"}.get(state.cities.get(place, ""), "-")


def _occupy(state: State, place: str, draft: Draft) -> Callable[[], Play]:
    nxt = "sardinia" if state.cities.get(place) == "austria" else "austria"
    return play(a.OccupyCity(place, nxt, draft.supplied))


def unit_form(moment: Moment, draft: Draft, state: State) -> None:
    """A counter typed in: side, formation, type, factors, elite bonus, markers (one tap each)."""
    form, sheet = draft.form, moment.sheet
    sheet.say(_("New unit: {name}").format(name=form.name(state)))
    moment.line(
        _("Type in a counter as printed: formation, type, combat factor, reduced factor, elite bonus.")
    )
    moment.line(_("{n} units known.").format(n=len(state.counters)), theme.MUTED)
    sheet.row(
        [
            (side_name(s), ("form", "side", s), local(partial(_side, form, s)), form.side == s)
            for s in ("austria", "sardinia")
        ],
        height=40,
    )
    groups = [*formations_of(state, form.side), ""]
    sheet.row(
        [
            (
                f or _("Ind."),
                ("form", "formation", f),
                local(partial(setattr, form, "formation", f)),
                form.formation == f,
            )
            for f in groups
        ],
        height=40,
    )
    sheet.row(
        [
            (label, ("form", "kind", k), local(partial(setattr, form, "kind", k)), form.kind == k)
            for k, label in kind_names().items()
            if k in KINDS
        ],
        height=40,
    )
    for name, label, values in (
        ("cf", _("CF"), range(1, 10)),
        ("cf_reduced", _("Red."), range(0, 9)),
        ("elite", _("Elite"), range(0, 4)),
    ):
        cells = [
            (str(v), ("form", name, v), local(partial(setattr, form, name, v)), getattr(form, name) == v)
            for v in values
        ]
        sheet.row(cells, height=40, label=label)
    sheet.row(
        [
            (
                _("Reduced"),
                ("form", "reduced", not form.reduced),
                local(partial(_flip, form, "reduced")),
                form.reduced,
            ),
            (_("OOS"), ("form", "oos", not form.oos), local(partial(_flip, form, "oos")), form.oos),
            (
                _("Shaken"),
                ("form", "shaken", not form.shaken),
                local(partial(_flip, form, "shaken")),
                form.shaken,
            ),
        ],
        height=40,
    )
    action = a.EnterUnit(
        form.name(state),
        form.side,
        form.cf,
        form.formation,
        form.kind,
        form.cf_reduced if form.cf > 1 else 0,
        form.elite,
        form.reduced,
        form.oos,
        form.shaken,
    )
    moment.entry(_("Enter unit"), ("enter-unit",), play(action))
    moment.entry(_("Back"), ("back",), local(partial(setattr, draft, "mode", draft.back)))


def _side(form: Any, side: str) -> None:
    if form.side != side:
        form.side, form.formation = side, ""


def undo_entry(moment: Moment, state: State, records: int) -> None:
    if records:
        moment.entry(_("Undo"), UNDO, Undo)
