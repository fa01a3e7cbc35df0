"""Road to Novara's tickets (spec 7): the combat report, the turn's activation order, the night report,
the charge, the bombardment and the end-of-game chronicle, each within 100 mm of 58 mm paper.

Every ticket reads the game's own history (the state before each decision and its record), so what it
says is what the engine decided. None prints a secret: the turn ticket waits for the turn's end, when
every chit has left the cup. `tickets_after(game)` says which tickets the decision just played completes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.games.novara1849 import actions as a
from companion.games.novara1849.bombard import Battery, bombard
from companion.games.novara1849.charge import charge_dice
from companion.games.novara1849.combat import ENCIRCLEMENT, Preview, defenders_choice
from companion.games.novara1849.cup import cup_view
from companion.games.novara1849.errors import TableMissing
from companion.games.novara1849.fights import fight_preview
from companion.games.novara1849.game import Game, Record
from companion.games.novara1849.ledger import allocate
from companion.games.novara1849.results import lookup
from companion.games.novara1849.state import HIGHER_COMMANDERS, State
from companion.games.novara1849.units import fighter
from companion.games.novara1849.victory import score
from hardware.document import Block, Columns, Cut, Document, Rule, Text, length_dots

WIDTH_PX = 384  # 58 mm paper: 32 characters of Font A
TICKET_DOTS = 792  # 99 mm: every ticket fits in 100 mm of paper
LETTER = {"austria": "A", "sardinia": "S"}


@dataclass(frozen=True)
class Step:
    """One decision as a ticket reads it: the state it was played on, its record, the state after."""

    before: State
    record: Record
    after: State

    @property
    def action(self) -> a.Action:
        return self.record.action


def steps(game: Game) -> list[Step]:
    """Every decision of the game, oldest first."""
    records = game.records
    states = [game.history.before(i) for i in range(len(records))] + [game.state]
    return [Step(states[i], record, states[i + 1]) for i, record in enumerate(records)]


def last_of(found: Sequence[Step], kind: type[a.Action]) -> int:
    """Where the last decision of `kind` stands; ValueError when there is none."""
    starts = [i for i, step in enumerate(found) if isinstance(step.action, kind)]
    if not starts:
        raise ValueError(f"no {kind.kind} has been played yet")
    return starts[-1]


def episode(found: Sequence[Step], kind: type[a.Action]) -> list[Step]:
    """The last decision of `kind` and those that finish it (a result read, losses allocated)."""
    return _finishing(found, last_of(found, kind))


def last_episode(game: Game, kind: type[a.Action], what: str) -> tuple[list[Step], str]:
    """The last decision of `kind` with those that finish it, and the ticket's title naming its chit."""
    found = episode(steps(game), kind)
    active = found[0].before.active
    return found, f"{what} - {chit_name(game, active.chit) if active else ''}"


def _finishing(found: Sequence[Step], start: int) -> list[Step]:
    end = start + 1
    while end < len(found) and found[end].before.pending is not None:
        end += 1
    return list(found[start:end])


def fit(*variants: Callable[[], list[Block]]) -> list[Block]:
    """The first layout that fits in 100 mm with its cut (the last is short by construction)."""
    for make in variants[:-1]:
        blocks = make()
        if length_dots([*blocks, Cut()], WIDTH_PX) <= TICKET_DOTS:
            return blocks
    return variants[-1]()


def heading(state: State, title: str) -> list[Block]:
    time = "night" if state.night else "day"
    return [Text(f"RADETZKY'S MARCH  Turn {state.turn} {time}", bold=True), Text(title), Rule()]


def footer(game: Game, state: State) -> list[Block]:
    """The ledger and the points now, and any reading moved away from the default (spec 3.1)."""
    lost = state.ledger.lost
    return [
        Rule(),
        Columns("Steps lost", f"A {lost['austria']}   S {lost['sardinia']}"),
        *points_now(game, state),
    ]


def points_now(game: Game, state: State) -> list[Block]:
    points = {side: score(state, side, game.context).total for side in LETTER}
    blocks: list[Block] = [Columns("VP now", f"A {points['austria']}  S {points['sardinia']}")]
    moved = game.context.readings.overridden()
    if moved:
        blocks.append(Text("rules override: " + ", ".join(sorted(moved)), font="b"))
    return blocks


def unit_name(state: State, unit: str) -> str:
    counter = state.counters.get(unit)
    return counter.label if counter and counter.label else unit


def chit_name(game: Game, chit: str) -> str:
    """A chit as the table knows it: the formation's printed label, Independent, a Higher Commander."""
    if chit.endswith("-independent"):
        return "Independent"
    if chit in HIGHER_COMMANDERS:
        return chit.title()
    formation = game.edition.formations.get(chit)
    return formation.label if formation and formation.label else chit


def effects(before: State, after: State, units: Sequence[str]) -> list[str]:
    """What happened to each unit: reduced, eliminated, SHAKEN."""
    lines = []
    for unit in units:
        was, now = before.units[unit], after.units[unit]
        change = []
        if now.steps < was.steps:
            change.append("eliminated" if not now.steps else "reduced")
        if now.shaken and not was.shaken and now.steps:
            change.append("SHAKEN")
        if change:
            lines.append(f"{unit_name(after, unit)} {', '.join(change)}")
    return lines


def steps_lost(before: State, after: State) -> int:
    return sum(after.ledger.lost.values()) - sum(before.ledger.lost.values())


# --- T1 combat -----------------------------------------------------------------------------------


def combat_ticket(game: Game) -> Document:
    """T1: the last combat: who attacked from where, the ratio, shifts, die, result and losses."""
    found = steps(game)
    start = last_of(found, a.Fight)
    combat = _finishing(found, start)
    first, last = combat[0], combat[-1]
    fight = first.action
    assert isinstance(fight, a.Fight)
    shown = fight_preview(first.before, fight, game.context)
    number = sum(
        isinstance(s.action, a.Fight) and s.before.turn == first.before.turn for s in found[: start + 1]
    )
    active = first.before.active
    title = f"Combat {number} - {chit_name(game, active.chit) if active else ''}"
    parts = _combat_parts(game, combat, fight, shown)
    blocks = fit(
        *(
            lambda level=level: [*heading(first.before, title), *parts(level), *footer(game, last.after)]
            for level in (0, 1, 2)
        )
    )
    return Document(title, (*blocks, Cut()))


def _combat_parts(
    game: Game, combat: list[Step], fight: a.Fight, shown: Preview
) -> Callable[[int], list[Block]]:
    """The combat's lines at a level of detail: 0 a row per unit, 1 the units in a sentence, 2 counts."""

    def parts(level: int) -> list[Block]:
        before = combat[0].before
        lines = _forces(before, fight, shown, level)
        lines += [Rule(), *_odds(shown)]
        lines += _roll_and_result(game, combat, shown)
        lines += _combat_losses(game, combat, level)
        return lines

    return parts


def _forces(before: State, fight: a.Fight, shown: Preview, level: int) -> list[Block]:
    ring = ",".join(str(p) for p in sorted({p for _, p in fight.attackers}))
    terrain = "/".join(t for t, _, _ in fight.hexes)
    fortified = "fortified" if any(f for _, _, f in fight.hexes) else "not fortified"
    used = {why.rsplit(": ", 1)[-1]: n for why, n in shown.die_modifiers if "elite" in why}
    attack = [(u, v, note) for u, v, note in shown.attack_parts]
    defence = [(u, v, note) for u, v, note in shown.defence_parts]
    if level == 2:
        return [
            Text(f"ATTACK (ring {ring}): {len(attack)} units, CF {_number(shown.attack)}"),
            Text(f"DEFENCE ({terrain}): {len(defence)} units, CF {_number(shown.defence)}"),
        ]
    if level == 1:
        return [
            Text(f"ATTACK (ring {ring}): " + _inline(before, attack, used)),
            Text(f"DEFENCE ({terrain}, {fortified}): " + _inline(before, defence, used)),
        ]
    return [
        Columns(f"ATTACK (ring {ring})", "CF bonus", bold=True),
        *(_unit_row(before, u, v, note, used) for u, v, note in attack),
        Text(f"DEFENCE ({terrain}, {fortified})", bold=True),
        *(_unit_row(before, u, v, note, used) for u, v, note in defence),
    ]


def _number(value: object) -> str:
    text = f"{float(value):g}"  # type: ignore[arg-type]
    return text


def _unit_row(before: State, unit: str, value: object, note: str, used: dict[str, int]) -> Text:
    bonus = f"{used[unit]:+d}" if unit in used else "-"
    cf = _number(value) + ("h" if note else "")
    return Text(f" {unit_name(before, unit)[:21]:<21}{cf:>4}{bonus:>6}")


def _inline(before: State, parts: Sequence[tuple[str, object, str]], used: dict[str, int]) -> str:
    return ", ".join(
        f"{unit_name(before, u)} {_number(v)}{'h' if note else ''}" + (f"{used[u]:+d}" if u in used else "")
        for u, v, note in parts
    )


def _odds(shown: Preview) -> list[Block]:
    lines: list[Block] = [
        Columns(
            f"{_number(shown.attack)} : {_number(shown.defence)} = {float(shown.ratio):.2f}",
            f"-> {shown.base_column}",
        )
    ]
    for why, n in shown.shifts:
        chosen = defenders_choice(why)
        inner = str(getattr(why, "values", {}).get("why", why)) if chosen else why
        reason = "encircled" if why == ENCIRCLEMENT else inner
        lines.append(Columns(reason[:24], f"{n:+d}"))
        if chosen:
            lines.append(Text(" (defender's choice)"))
    note = " (clamped)" if shown.clamp_note else ""
    lines.append(Columns("COLUMN", shown.final_column + note, bold=True))
    return lines


def _roll_and_result(game: Game, combat: list[Step], shown: Preview) -> list[Block]:
    dice = combat[0].record.drawn
    natural = int(dice[0]) if dice else 0  # type: ignore[call-overload]
    modified = natural + shown.modifier
    lines: list[Block] = [
        Text(f" {why.split(': ')[0]} {n:+d}") for why, n in shown.die_modifiers if "elite" not in why
    ]
    lines.append(Columns(f"die {natural}, modifiers {shown.modifier:+d}", f"= {modified}"))
    result, note = _combat_result(game, combat, shown.final_column, modified)
    lines.append(Columns("RESULT", f"{result}{note}", bold=True))
    return lines


def _combat_result(game: Game, combat: list[Step], column: str, modified: int) -> tuple[str, str]:
    entered = [s.action.code for s in combat if isinstance(s.action, a.EnterResult)]
    codes = game.edition.crt.codes if game.edition.crt else {}
    if entered:
        note = " (applied by the players)" if entered[0] in codes else " (read from map)"
        return entered[0], note
    try:
        result, source = lookup(game.edition.crt, column, modified)
    except TableMissing:
        return "?", " (to read on the map)"
    return result, " (applied by the players)" if result in codes else ""


def _combat_losses(game: Game, combat: list[Step], level: int) -> list[Block]:
    lines: list[Block] = []
    before, after = combat[0].before, combat[-1].after
    for step in combat:
        action = step.action
        if not isinstance(action, a.ApplyLosses) or step.before.pending is None:
            continue
        units = dict(step.before.pending.units)[action.side]
        owed = dict(step.before.pending.due)[action.side]
        if action.withdrawal:
            who = unit_name(before, units[0]) if len(units) == 1 else f"{action.side.title()} units"
            lines.append(Text(f"{who} withdrew {action.withdrawal} hexes:"))
            lines.append(Text(f" -{action.withdrawal} absorbed, {owed - action.withdrawal} taken"))
        changed = effects(before, after, units)
        lines += [Text(f" {line}") for line in changed] if level < 2 else [Text(f" {len(changed)} units hit")]
    lines += [Text(sentence) for sentence in _advance(game, combat)]
    return lines


def _advance(game: Game, combat: list[Step]) -> list[str]:
    """The advance allowance the engine announced with the defender's losses (R-32)."""
    for step in combat:
        if isinstance(step.action, a.ApplyLosses) and step.before.pending is not None:
            _, events = allocate(step.before, step.action, game.context)
            found = [e for e in events if "advance" in e]
            if found:
                hexes = found[0].values["n"]
                return [f"Attacker may advance {hexes} hex{'es' if hexes != 1 else ''}"]
    return []


# --- T4 charge -----------------------------------------------------------------------------------


def charge_ticket(game: Game) -> Document:
    """T4: the last charge: the charging steps and their dice, the defence's dice with the reason,
    what each side's hits did, and whether the hex was cleared."""
    charge, title = last_episode(game, a.Charge, "Charge")
    first, action = charge[0], charge[0].action
    assert isinstance(action, a.Charge)
    before, after = first.before, charge[-1].after
    blocks = fit(
        lambda: [
            *heading(before, title),
            *_charge_dice(game, first, action),
            *_charge_end(before, after, action),
            *footer(game, after),
        ],
        lambda: [*heading(before, title), *_charge_summary(first, action), *footer(game, after)],
    )
    return Document(title, (*blocks, Cut()))


def _charge_dice(game: Game, first: Step, action: a.Charge) -> list[Block]:
    before = first.before
    chargers = tuple(fighter(before.counters[u], before.units[u]) for u in action.chargers)
    defenders = tuple(fighter(before.counters[u], before.units[u]) for u in action.defenders)
    dice = charge_dice(chargers, defenders, action.terrain, action.hexside, game.context.readings)
    values = [int(v) for v in first.record.drawn]  # type: ignore[call-overload]
    attack, defence = values[: dice.attack_dice], values[dice.attack_dice :]
    hits, back = dice.hits(tuple(attack), tuple(defence))
    who = " + ".join(f"{unit_name(before, f.id)} ({f.steps})" for f in chargers)
    lines: list[Block] = [
        Text(f"{who}: {dice.attack_dice} dice: {_dice(attack)} -> {_hits(hits)}"),
    ]
    if dice.attack_hit_on < 5:
        lines.append(Text(" hits on 4-6: the defenders force-marched", font="b"))
    lines.append(
        Text(f"{_defence_reason(before, dice.defence_breakdown)}: {_dice(defence)} -> {_hits(back)}")
    )
    return lines


def _dice(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values) or "none"


def _hits(n: int) -> str:
    return f"{n} hit" if n == 1 else f"{n} hits"


def _defence_reason(before: State, breakdown: tuple[tuple[str, int], ...]) -> str:
    """ "1 inf unit: 1 die": one die per infantry unit, one per cavalry or artillery step."""
    infantry = sum(1 for unit, _ in breakdown if before.counters[unit].kind in ("infantry", "light-infantry"))
    other = sum(
        n for unit, n in breakdown if before.counters[unit].kind not in ("infantry", "light-infantry")
    )
    parts = [f"{infantry} inf unit{'s' if infantry != 1 else ''}"] if infantry else []
    parts += [f"{other} cav/art step{'s' if other != 1 else ''}"] if other else []
    dice = sum(n for _, n in breakdown)
    return f"{' + '.join(parts) or 'no defender able'}: {dice} {'die' if dice == 1 else 'dice'}"


def _charge_end(before: State, after: State, action: a.Charge) -> list[Block]:
    changes = effects(before, after, (*action.defenders, *action.chargers))
    cleared = all(not after.units[u].steps for u in action.defenders)
    lines: list[Block] = [Text("; ".join(changes) or "no step lost")]
    lines.append(Text("hex cleared: yes, cavalry may enter" if cleared else "hex cleared: no"))
    return lines


def _charge_summary(first: Step, action: a.Charge) -> list[Block]:
    lost = steps_lost(first.before, first.after) if first.after.pending is None else 0
    return [
        Text(f"{len(action.chargers)} cavalry charge {len(action.defenders)} units"),
        Text(f"dice {_dice([int(v) for v in first.record.drawn])}"),  # type: ignore[call-overload]
        Text(f"steps lost {lost}"),
    ]


# --- T5 bombardment ------------------------------------------------------------------------------


def bombardment_ticket(game: Game) -> Document:
    """T5: the last bombardment: the batteries and their combined factor, the target, the range
    modifier, the die, the column, the result (or read from the map) and its effect."""
    fire, title = last_episode(game, a.Bombard, "Bombardment")
    action = fire[0].action
    assert isinstance(action, a.Bombard)
    before, after = fire[0].before, fire[-1].after
    blocks = fit(
        *(
            lambda level=level: [
                *heading(before, title),
                *_battery_lines(game, fire, action, level),
                *footer(game, after),
            ]
            for level in (0, 1, 2)
        )
    )
    return Document(title, (*blocks, Cut()))


def _battery_lines(game: Game, fire: list[Step], action: a.Bombard, level: int) -> list[Block]:
    """The bombardment at a level of detail: 0 a line per battery, 1 the batteries in a sentence,
    2 counts only (always short)."""
    before, after = fire[0].before, fire[-1].after
    batteries = tuple(
        Battery(fighter(before.counters[u], before.units[u]), far) for u, far in action.batteries
    )
    natural = int(fire[0].record.drawn[0])  # type: ignore[call-overload]
    entered = [s.action.code for s in fire if isinstance(s.action, a.EnterResult)]
    try:
        done = bombard(
            batteries, natural, game.edition.artillery, game.context.readings, entered=(entered or [""])[0]
        )
    except TableMissing:  # still waiting for the result read on the map
        done = bombard(batteries, natural, None, game.context.readings, entered="-")
        done = dataclasses.replace(done, result="?", source="table")
    names = [
        f"{unit_name(before, b.fighter.id)} {b.fighter.cf}{' (2 hexes)' if b.range_two else ''}"
        for b in batteries
    ]
    targets = ", ".join(unit_name(before, u) for u in action.targets)
    said = [names, [", ".join(names)], [f"{len(names)} batteries"]][level]
    lines: list[Block] = [Text(text) for text in said]
    lines.append(Columns("combined factor", str(done.combined), bold=True))
    lines.append(Text(f"target: {targets if level < 2 else f'{len(action.targets)} units'}"))
    lines += [Columns(why, f"{n:+d}") for why, n in done.modifiers]
    lines.append(Columns(f"die {natural}", f"-> {done.modified}"))
    column = done.column or f"holding {done.combined}"
    lines.append(Columns("column", column))
    note = " (read from map)" if done.source == "table" else ""
    lines.append(Columns("RESULT", f"{done.result}{note}", bold=True))
    hit = effects(before, after, action.targets)
    lines.append(Text(("; ".join(hit) if level < 2 else f"{len(hit)} units hit") if hit else "no effect"))
    return lines


# --- T3 night ------------------------------------------------------------------------------------


def night_ticket(game: Game) -> Document:
    """T3: the last night: who went out of supply, Shaken, lost a step; markers off; recoveries;
    what comes next turn."""
    found = steps(game)
    start = last_of(found, a.NightSupply)
    night = [found[start]]
    night += [s for s in found[start + 1 :] if isinstance(s.action, (a.Recover, a.EnterUnit))]
    night = [s for s in night if s.before.turn == found[start].before.turn]
    before, after = night[0].before, night[-1].after
    title = "Night: supply and recovery"
    blocks = fit(
        lambda: [
            *heading(before, title),
            *_night_lines(game, night, False),
            *_next(game, found, start),
            *footer(game, after),
        ],
        lambda: [*heading(before, title), *_night_lines(game, night, True), *footer(game, after)],
    )
    return Document(title, (*blocks, Cut()))


def _night_lines(game: Game, night: list[Step], short: bool) -> list[Block]:
    check = night[0]
    changes: dict[str, list[str]] = {"OOS": [], "OOS->SHAKEN": [], "step lost (OOS)": [], "eliminated": []}
    unshaken = 0
    for unit, was in check.before.units.items():
        now = check.after.units[unit]
        if now.oos and not was.oos:
            changes["OOS"].append(unit_name(check.after, unit))
        if was.oos and now.shaken and not was.shaken:
            changes["OOS->SHAKEN"].append(unit_name(check.after, unit))
        if now.steps < was.steps:
            changes["eliminated" if not now.steps else "step lost (OOS)"].append(unit_name(check.after, unit))
        unshaken += was.shaken and not now.shaken and bool(now.steps)
    lines: list[Block] = [
        Text(f"{what}: " + (str(len(names)) if short else ", ".join(names)))
        for what, names in changes.items()
        if names
    ]
    lines.append(Text(f"Shaken markers removed: {unshaken}"))
    recovered = [s.action.unit for s in night if isinstance(s.action, a.Recover)]
    if recovered:
        lines.append(
            Text(
                "Recovered: " + (str(len(recovered)) if short else _recoveries(game, check.after, recovered))
            )
        )
    else:
        lines.append(Text("Recovered: none"))
    return lines


def _recoveries(game: Game, state: State, units: list[str]) -> str:
    """ "2nd Div: 12 Casale full; independent: 4 Bers full"."""
    parts = []
    for unit in units:
        formation = state.counters[unit].formation
        group = chit_name(game, formation) if formation else "independent"
        parts.append(f"{group}: {unit_name(state, unit)} full")
    return "; ".join(parts)


def _next(game: Game, found: Sequence[Step], start: int) -> list[Block]:
    """What the next turn brings, once the turn has ended (else nothing: it is not known yet)."""
    ended = [s for s in found[start:] if isinstance(s.action, a.EndTurn)]
    if not ended or ended[0].after.phase == "over":
        return []
    state = ended[0].after
    time = "NIGHT" if state.night else "day" if state.phase != "turn" else "(track: ask)"
    lines: list[Block] = [Rule(), Text(f"Next: turn {state.turn} {time}")]
    for name, free in cup_view(state).commanders_available.items():
        lines.append(Text(f" {name.title()}: {'available' if free else f'not on turn {state.turn}'}"))
    turn = game.edition.turns.get(state.turn)
    arriving = turn.reinforcements if turn else ()
    names = ", ".join(unit_name(state, u) for r in arriving for u in r.units)
    lines.append(Text(f" Reinforcements: {names or 'none listed'}"))
    return lines


# --- T2 the turn's activation order ---------------------------------------------------------------


class TurnNotOver(ValueError):
    """The turn ticket waits for the end of the turn: before it, it would tell what is still in the cup."""


def activation_ticket(game: Game, turn: int | None = None) -> Document:
    """T2: a finished turn's activations in the order drawn, its losses, the points, and what comes
    next. `turn` defaults to the last turn that ended; TurnNotOver for a turn still under way."""
    found = steps(game)
    ended = [
        i
        for i, s in enumerate(found)
        if isinstance(s.action, a.EndTurn) and (turn is None or s.before.turn == turn)
    ]
    if not ended and not (game.state.phase == "over" and turn in (None, game.state.turn)):
        raise TurnNotOver(f"turn {turn or game.state.turn} is not over: its ticket would tell the cup")
    end = ended[-1] if ended else len(found) - 1
    number = found[end].before.turn
    begin = next(i for i, s in enumerate(found) if s.before.turn == number)
    played = found[begin : end + 1]
    before = played[0].before
    title = f"Activation points  A {_points(played, 'austria')}   S {_points(played, 'sardinia')}"
    blocks = fit(
        lambda: [*heading(before, title), *_order(game, played, 0), *_turn_end(game, found, begin, end)],
        lambda: [*heading(before, title), *_order(game, played, 1), *_turn_end(game, found, begin, end)],
        lambda: [*heading(before, title), *_order(game, played, 2), *_turn_end(game, found, begin, end)],
    )
    return Document(f"Turn {number}", (*blocks, Cut()))


def _points(played: Sequence[Step], side: str) -> str:
    for step in played:
        if step.after.points:
            return str(step.after.points.get(side, "?"))
    return "?"


@dataclass
class Entry:
    """One activation of the turn as the ticket tells it."""

    side: str
    name: str
    flag: str = ""
    details: list[str] = dataclasses.field(default_factory=list)
    counts: dict[str, int] = dataclasses.field(default_factory=dict)

    def detail_line(self) -> str:
        done = [f"{n} {what}{'s' if n > 1 else ''}" for what, n in self.counts.items() if n]
        return ", ".join([*self.details, *done])


COUNTED = {a.Fight: "combat", a.Charge: "charge", a.Bombard: "bombardment"}


def entries(game: Game, played: Sequence[Step]) -> list[Entry]:
    """The turn's activations in the order they were taken (each drawn chit, the surprise, a general
    retreat), with what each did."""
    found: list[Entry] = []
    for step in played:
        action = step.action
        if isinstance(action, a.Select) and action.general_retreat:
            names = ", ".join(chit_name(game, f) for f in action.general_retreat)
            found.append(Entry(action.side, "General retreat", "RETREAT", [names]))
        elif isinstance(action, (a.Activate, a.Pass, a.Surprise)):
            found.append(_entry(game, step))
        elif type(action) in COUNTED and found:
            what = COUNTED[type(action)]
            found[-1].counts[what] = found[-1].counts.get(what, 0) + 1
        elif isinstance(action, a.RollAttrition) and found:
            found[-1].details.append(_attrition(step, played))
    return found


def _entry(game: Game, step: Step) -> Entry:
    action, before = step.action, step.before
    if isinstance(action, a.Surprise):
        entry = Entry("austria", chit_name(game, before.surprise) + " (surprise)")
    else:
        chit = before.current
        entry = Entry(before.side_of(chit), chit_name(game, chit))
        if chit in HIGHER_COMMANDERS and isinstance(action, a.Activate):
            boxed = before.selections[entry.side].boxed
            entry.name += ": " + " + ".join(chit_name(game, f) for f in boxed)
    if isinstance(action, a.Pass):
        entry.flag = "PASS"
    elif getattr(action, "forced_march", False):
        entry.flag = "FORCED M."
    named = getattr(action, "independents", ())
    if named:
        entry.details.append(
            ("" if entry.name == "Independent" else "with ") + ", ".join(unit_name(before, u) for u in named)
        )
    return entry


def _attrition(step: Step, played: Sequence[Step]) -> str:
    die = step.record.drawn[0] if step.record.drawn else "?"
    pending = step.after.pending
    if pending is None:
        return f"attrition {die}: no loss"
    later = [s for s in played if s.before is step.after and isinstance(s.action, a.ApplyLosses)]
    if not later:
        return f"attrition {die}: a step to take"
    hit = effects(later[0].before, later[0].after, dict(pending.units)[pending.due[0][0]])
    return f"attrition {die}: " + (", ".join(hit) or "-1")


def _order(game: Game, played: Sequence[Step], level: int) -> list[Block]:
    found = entries(game, played)
    if not found:
        return [Text("No activation this turn")]
    if level == 2:
        cells = [f"{k:>2}{LETTER[e.side]} {e.name[:11]:<11} {e.flag[:4]}" for k, e in enumerate(found, 1)]
        pairs = [cells[i : i + 2] for i in range(0, len(cells), 2)]
        return [Text(" ".join(f"{c:<20}" for c in pair).rstrip(), font="b") for pair in pairs]
    lines: list[Block] = []
    for k, entry in enumerate(found, 1):
        head = f"{k} {LETTER[entry.side]}  {entry.name}"
        if level == 1:
            lines.append(Text(f"{head} {entry.flag}".strip()[:32]))
            continue
        lines.append(Columns(head, entry.flag) if entry.flag else Text(head))
        if entry.detail_line():
            lines.append(Text("     " + entry.detail_line()))
    return lines


def _turn_end(game: Game, found: Sequence[Step], begin: int, end: int) -> list[Block]:
    before, after = found[begin].before, found[end].after
    lost = {s: after.ledger.lost[s] - before.ledger.lost[s] for s in LETTER}
    cp = after.ledger.eliminated_cp
    return [
        Rule(),
        Columns("Losses", f"A {lost['austria']} steps  S {lost['sardinia']} steps"),
        Columns("Eliminated CP", f"A {cp['austria']}   S {cp['sardinia']}"),
        *points_now(game, after),
        *_next(game, found, begin),
    ]


# --- T6 chronicle --------------------------------------------------------------------------------


def chronicle_ticket(game: Game) -> Document:
    """T6: the scenario, the turns played and how the game ended; the points row by row; the
    eliminated combat points; the three bloodiest combats; the formations activated most and least."""
    found, state = steps(game), game.state
    title = "Chronicle"
    head: list[Block] = [
        Text("RADETZKY'S MARCH", bold=True, size=2, align="center"),
        Text(f"Chronicle: {game.options.scenario}", align="center"),
        Rule(),
        Text(
            f"{(state.winner or 'nobody').upper()} WINS" if state.winner != "draw" else "A DRAW",
            bold=True,
            tall=True,
            align="center",
        ),
        Text(state.how or "the game goes on", align="center"),
        Text(f"turns {game.options.first_turn}-{state.turn} played"),
        Rule(),
    ]
    blocks = fit(
        lambda: [*head, *_points_rows(game, state), *_bloodiest(game, found), *_activity(game, found)],
        lambda: [*head, *_points_rows(game, state), *_bloodiest(game, found)[:2]],
    )
    return Document(title, (*blocks, Cut()))


def _points_rows(game: Game, state: State) -> list[Block]:
    scores = {side: score(state, side, game.context) for side in LETTER}
    rows = (
        ("enemy steps lost", "steps"),
        ("cities worth 3", "cities_3"),
        ("cities worth 6", "cities_6"),
        ("steps exited", "exits"),
        ("locations", "locations"),
    )
    lines: list[Block] = [Columns("VICTORY POINTS", "A    S", bold=True)]
    for label, key in rows:
        a_pts, s_pts = (getattr(scores[side], key) for side in LETTER)
        if a_pts or s_pts:
            lines.append(Columns(label, f"{a_pts:>3}  {s_pts:>3}"))
    total = {side: scores[side].total for side in LETTER}
    lines.append(Columns("total", f"{total['austria']:>3}  {total['sardinia']:>3}", bold=True))
    for side, letter in LETTER.items():
        held = sorted(city for city, holder in state.cities.items() if holder == side)
        if held:
            lines.append(Text(f"{letter} holds {', '.join(held)}", font="b"))
    cp = state.ledger.eliminated_cp
    lines.append(Columns("Eliminated CP", f"A {cp['austria']}   S {cp['sardinia']}"))
    return lines


def _bloodiest(game: Game, found: Sequence[Step]) -> list[Block]:
    fights = []
    for i, step in enumerate(found):
        if isinstance(step.action, a.Fight):
            combat = _finishing(found, i)
            active = step.before.active
            who = chit_name(game, active.chit) if active else "?"
            fights.append((steps_lost(step.before, combat[-1].after), step.before.turn, who))
    fights.sort(key=lambda f: -f[0])
    lines: list[Block] = [Rule(), Text("Bloodiest combats", bold=True)]
    lines += [Columns(f"turn {turn} {who}"[:24], f"{n} steps") for n, turn, who in fights[:3]]
    return lines if fights else [Rule(), Text("No combat")]


def _activity(game: Game, found: Sequence[Step]) -> list[Block]:
    counts: dict[str, int] = {}
    for step in found:
        if isinstance(step.action, a.Activate) and step.before.current in step.before.formations:
            counts[step.before.current] = counts.get(step.before.current, 0) + 1
    if not counts:
        return []
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    most, least = ranked[0], ranked[-1]
    return [
        Rule(),
        Columns(f"most active: {chit_name(game, most[0])}"[:26], f"{most[1]}x"),
        Columns(f"least active: {chit_name(game, least[0])}"[:26], f"{least[1]}x"),
    ]


# --- T7 hidden forces reveal -----------------------------------------------------------------------


def reveal_ticket(game: Game) -> Document:
    """T7: a revealed box's units, for its owner to place (text: Hidden Forces Display)."""
    found = steps(game)
    step = found[last_of(found, a.Reveal)]
    action = step.action
    assert isinstance(action, a.Reveal)
    units = step.before.hidden[action.side][action.box]
    title = f"Hidden forces: box {action.box}"
    blocks = fit(
        lambda: [
            *heading(step.before, title),
            Text(f"{action.side.title()} box {action.box}:", bold=True),
            *(Text(f" {unit_name(step.before, u)}") for u in units),
            Rule(),
            Text(
                "Place at least 4 units a hex, from the dummy's hex first; the rest beside, two hexes "
                "from the enemy if they can."
            ),
            Text("Forced-march rules this turn: no attack, no bombardment, no hex next to the enemy."),
        ],
        lambda: [
            *heading(step.before, title),
            Text(f"Box {action.box}: " + ", ".join(unit_name(step.before, u) for u in units)),
            Text("At least 4 a hex from the dummy's; forced-march rules this turn."),
        ],
    )
    return Document(title, (*blocks, Cut()))


# --- which tickets a decision completes ---------------------------------------------------------


def tickets_after(game: Game) -> list[Document]:
    """The tickets the decision just played completes: a combat, charge or bombardment once its losses
    are applied; a hidden box's reveal (for its owner); the night and the turn at the end of the turn;
    the chronicle when the game ends."""
    if not game.records:
        return []
    found = steps(game)
    last = found[-1]
    made: list[Document] = []
    if last.after.pending is None and (last.before.pending is not None or type(last.action) in COUNTED):
        opened = _opened_by(found)
        maker = {a.Fight: combat_ticket, a.Charge: charge_ticket, a.Bombard: bombardment_ticket}
        if opened is not None:
            made.append(maker[opened](game))
    if isinstance(last.action, a.Reveal):
        made.append(reveal_ticket(game))
    if isinstance(last.action, a.EndTurn):
        if last.before.night:
            made.append(night_ticket(game))
        made.append(activation_ticket(game))
    if last.after.phase == "over" and last.before.phase != "over":
        made.append(chronicle_ticket(game))
    return made


def _opened_by(found: Sequence[Step]) -> type[a.Action] | None:
    """The kind of the decision whose losses the last decision finished (None: attrition)."""
    for step in reversed(found):
        if type(step.action) in COUNTED:
            return type(step.action)
        if isinstance(step.action, a.RollAttrition):
            return None
    return None
