"""What `companion novara1849 ...` does. Every user mistake ends as one line on stderr (exit 2); a
combat whose cell the players' table leaves empty ends with exit 3, naming the table and the cell."""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

from companion.assets import assets_dir
from companion.commands import MAX_STATE_BYTES, UserError, read_text, user_errors
from companion.games.novara1849 import RULES, Edition, Game, Readings, scenario
from companion.games.novara1849.charge import charge_dice
from companion.games.novara1849.combat import Combat, DefendingHex, Fighter, Preview, preview
from companion.games.novara1849.context import Context
from companion.games.novara1849.errors import DataError, IllegalActionError, Sentence, TableMissing
from companion.games.novara1849.placement import reveal_placement
from companion.games.novara1849.plugin import FILES
from companion.games.novara1849.results import lookup
from companion.games.novara1849.state import State
from companion.games.novara1849.victory import score

TABLE_MISSING = 3
MAX_TABLE_BYTES = 1 << 20
UNIT = re.compile(r"(\d{1,2})((?:oos|art|\+\d)*)")


def user_tables_dir() -> Path:
    """The companion's own folder for the players' tables, beside its config file."""
    from companion.paths import config_path

    return config_path().parent / "novara1849"


def tables_dir(chosen: str | None) -> Path:
    if chosen:
        return Path(chosen)
    mine = user_tables_dir()
    return mine if mine.is_dir() else assets_dir() / "novara1849"


def load_tables(chosen: str | None) -> Edition:
    """The players' tables from a folder (a file it lacks comes from the shipped templates);
    UserError names the file, the field and the fault."""
    folder = tables_dir(chosen)
    if chosen and not folder.is_dir():
        raise UserError(f"--tables: {chosen} is not a folder")

    def where(name: str) -> str:
        return str(folder / name if (folder / name).exists() else assets_dir() / "novara1849" / name)

    def read(name: str) -> str:
        return read_text(where(name), MAX_TABLE_BYTES)

    try:
        return RULES.load_edition(read, where)
    except DataError as exc:
        raise UserError(str(exc)) from None


def _print(data: dict[str, Any] | None, lines: list[str], as_json: bool) -> None:
    print(json.dumps(data, ensure_ascii=False) if as_json else "\n".join(lines))


@user_errors
def new_state(args: argparse.Namespace) -> int:
    edition = load_tables(args.tables)
    extra: dict[str, Any] = {"seed": args.seed}
    if args.sixth_division:
        extra["sixth_division"] = True
    if args.fog:
        extra["fog"] = args.fog
    try:
        game = Game(edition, scenario(args.scenario, **extra))
    except (DataError, TypeError) as exc:
        raise UserError(f"--scenario: {exc}") from None
    print(RULES.dumps(game.state))
    return 0


def units(text: str, option: str) -> tuple[Fighter, ...]:
    """`4,3oos,2+1,2art` -> the units' factors, out-of-supply marks, elite bonuses and kinds."""
    found = []
    for index, token in enumerate(t.strip() for t in text.split(",")):
        match = UNIT.fullmatch(token)
        if not match or not 0 < int(match.group(1)) <= 99:
            raise UserError(f"{option}: {token!r} is not a unit's factor like 4, 3oos, 2+1 or 2art")
        marks = match.group(2)
        bonus = re.search(r"\+(\d)", marks)
        kind = "artillery" if "art" in marks else "infantry"
        name = f"{option.strip('-')[0].upper()}{index + 1}"
        elite = int(bonus.group(1)) if bonus else 0
        found.append(Fighter(name, int(match.group(1)), kind, 2, elite, "oos" in marks))
    return tuple(found)


def _shifts(text: str | None, option: str, default: str) -> tuple[str, int]:
    if not text:
        return default, 0
    name, _, shifts = text.partition(":")
    if not name or not shifts.isdigit() or not 0 <= int(shifts) <= 3:
        raise UserError(
            f"{option}: give the name and its left shifts from your chart, 0 to 3: {name or 'woods'}:1"
        )
    return name, int(shifts)


def _ring(text: str | None, count: int) -> tuple[int, ...]:
    if not text:
        return ()
    try:
        places = tuple(int(p) for p in text.split(","))
    except ValueError:
        raise UserError("--ring: give positions 1 to 6 around the defender: 1,4") from None
    if not places or not all(1 <= p <= 6 for p in places) or len(places) > max(count, 6):
        raise UserError("--ring: give positions 1 to 6 around the defender, one per attacker or per hex: 1,4")
    return places


def _bonus(text: str | None) -> tuple[tuple[Sentence, int], ...]:
    if not text:
        return ()
    match = re.fullmatch(r"([+-]?\d)/([+-]?\d)", text)
    if not match:
        raise UserError("--bonus: give the attacker's and the defender's modifiers: +2/-1")
    pairs = (
        (Sentence("attacker's further modifier (players)"), int(match.group(1))),
        (Sentence("defender's further modifier (players)"), int(match.group(2))),
    )
    return tuple((why, n) for why, n in pairs if n)


def combat_of(args: argparse.Namespace) -> Combat:
    attackers = units(args.attack, "--attack")
    defenders = tuple(
        Fighter(f.id, f.cf, f.kind, f.steps, f.elite, f.oos, forced_march=args.forced_march)
        for f in units(args.defend, "--defend")
    )
    ring = _ring(args.ring, len(attackers))
    if len(ring) == len(attackers):
        attackers = tuple(Fighter(**{**vars_of(f), "hex": p}) for f, p in zip(attackers, ring))
    else:
        attackers = tuple(Fighter(**{**vars_of(f), "hex": ring[0] if ring else 1}) for f in attackers)
    terrain, shifts = _shifts(args.terrain, "--terrain", "clear")
    hexside, side_shifts = _shifts(args.hexside, "--hexside", "")
    encircled = {"yes": True, "no": False}.get(args.encircled or "")
    hexes = (DefendingHex(terrain, shifts, args.fortified),)
    rings = (ring,) if ring and len(ring) != len(attackers) else ()
    return Combat(attackers, defenders, hexes, rings, True, encircled, hexside, side_shifts)


def vars_of(fighter: Fighter) -> dict[str, Any]:
    return {name: getattr(fighter, name) for name in Fighter.__dataclass_fields__}


def shown(args: argparse.Namespace) -> tuple[Preview, Edition]:
    edition = load_tables(args.tables)
    context = Context(edition)
    combat = combat_of(args)
    seen = preview(combat, context.ladder, context.readings)
    if seen.refusals:
        raise UserError(f"combat refused: {seen.refusals[0]}")
    extra = _bonus(args.bonus)
    return dataclasses.replace(seen, die_modifiers=seen.die_modifiers + extra), edition


def preview_data(seen: Preview) -> dict[str, Any]:
    return {
        "attack": str(seen.attack),
        "defence": str(seen.defence),
        "ratio": str(seen.ratio),
        "base_column": seen.base_column,
        "shifts": [list(s) for s in seen.shifts],
        "final_column": seen.final_column,
        "clamped": bool(seen.clamp_note),
        "encircled": seen.encircled,
        "die_modifiers": [list(m) for m in seen.die_modifiers],
        "modifier": seen.modifier,
    }


@user_errors
def odds(args: argparse.Namespace) -> int:
    seen, _ = shown(args)
    lines = seen.explain() + [f"die modifier {seen.modifier:+d}"]
    _print(preview_data(seen), lines, args.json)
    return 0


@user_errors
def combat(args: argparse.Namespace) -> int:
    seen, edition = shown(args)
    if args.roll is not None and not 1 <= args.roll <= 6:
        raise UserError(f"--roll: {args.roll} is not a face of a six-sided die")
    natural = args.roll if args.roll is not None else random.SystemRandom().randint(1, 6)
    modified = natural + seen.modifier
    try:
        result, source = lookup(edition.crt, seen.final_column, modified)
    except TableMissing as missing:
        print(f"companion: table missing: {missing}", file=sys.stderr)
        return TABLE_MISSING
    data = {**preview_data(seen), "die": natural, "modified": modified, "result": result, "source": source}
    where = {"crt": "your Combat Result Table", "text": "the rulebook's Combat example"}[source]
    lines = seen.explain() + [f"die {natural}{seen.modifier:+d} = {modified}", f"result {result} ({where})"]
    _print(data, lines, args.json)
    return 0


def defenders_of(text: str) -> tuple[Fighter, ...]:
    """`inf,art:2,cav:2:shaken` -> the defending units as a charge counts them."""
    kinds = {"inf": "infantry", "art": "artillery", "cav": "cavalry"}
    found = []
    for index, token in enumerate(t.strip() for t in text.split(",")):
        parts = token.split(":")
        shaken = parts[-1] == "shaken"
        parts = parts[:-1] if shaken else parts
        if parts[0] not in kinds or len(parts) > 2 or (len(parts) == 2 and parts[1] not in ("1", "2")):
            raise UserError(f"--defend: {token!r} is not a defender like inf, art:2 or cav:2:shaken")
        steps = int(parts[1]) if len(parts) == 2 else 2
        found.append(Fighter(f"{parts[0]}{index + 1}", 2, kinds[parts[0]], steps, shaken=shaken))
    return tuple(found)


def _charge_roll(text: str | None, attack: int, defence: int) -> tuple[list[int], list[int]] | None:
    if not text:
        return None
    halves = text.split("/")
    try:
        rolled = [[int(v) for v in half.split(",") if v.strip()] for half in halves]
    except ValueError:
        rolled = []
    if len(rolled) != 2 or [len(r) for r in rolled] != [attack, defence]:
        raise UserError(f"--roll: give {attack} attacker's and {defence} defender's dice: 5,2,6/4,6")
    if not all(1 <= v <= 6 for half in rolled for v in half):
        raise UserError("--roll: every die shows 1 to 6")
    return rolled[0], rolled[1]


@user_errors
def charge(args: argparse.Namespace) -> int:
    if not 1 <= args.attack_steps <= 24:
        raise UserError("--attack-steps: the charging cavalry has 1 to 24 steps")
    chargers = (Fighter("cavalry", 2, "cavalry", args.attack_steps),)
    defenders = tuple(
        Fighter(f.id, f.cf, f.kind, f.steps, shaken=f.shaken, forced_march=args.forced_march)
        for f in defenders_of(args.defend)
    )
    try:
        dice = charge_dice(chargers, defenders, args.terrain, args.hexside, Context().readings)
    except IllegalActionError as exc:
        raise UserError(str(exc)) from None
    data: dict[str, Any] = {
        "attack_dice": dice.attack_dice,
        "attack_hit_on": dice.attack_hit_on,
        "defence_dice": dice.defence_dice,
        "defence_breakdown": [list(b) for b in dice.defence_breakdown],
    }
    lines = [
        f"attacker: {dice.attack_dice} dice, each {dice.attack_hit_on} or more hits",
        f"defender: {dice.defence_dice} dice ("
        + (", ".join(f"{u} {n}" for u, n in dice.defence_breakdown) or "no unit able to fire")
        + "), each 5 or more hits",
    ]
    rolled = _charge_roll(args.roll, dice.attack_dice, dice.defence_dice)
    if rolled:
        hits, back = dice.hits(tuple(rolled[0]), tuple(rolled[1]))
        data.update(attack_hits=hits, defence_hits=back)
        lines.append(f"hits: attacker {hits}, defender {back}")
    _print(data, lines, args.json)
    return 0


@user_errors
def tables_template(args: argparse.Namespace) -> int:
    folder = Path(args.dir)
    if folder.exists() and not folder.is_dir():
        raise UserError(f"{folder}: is not a folder")
    taken = [name for name in FILES if (folder / name).exists()]
    if taken:
        raise UserError(f"{folder / taken[0]}: already exists; nothing was written (move it away first)")
    texts = {name: read_text(str(assets_dir() / "novara1849" / name), MAX_TABLE_BYTES) for name in FILES}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in texts.items():
            (folder / name).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UserError(f"{folder}: cannot be written ({exc.strerror})") from None
    print(
        f"wrote {', '.join(FILES)} to {folder}: fill them from your copy, "
        "then run companion novara1849 tables check"
    )
    return 0


@user_errors
def tables_check(args: argparse.Namespace) -> int:
    edition = load_tables(args.dir)
    for line in completeness(edition):
        print(line)
    for warning in edition.warnings:
        print(f"warning: {warning}")
    return 0


def completeness(edition: Edition) -> list[str]:
    """What the players' tables hold, and what the companion will ask for at the table."""
    crt = edition.crt
    cells = [cell for row in crt.rows.values() for cell in row] if crt else []
    filled = sum(bool(c) for c in cells)
    lines = [
        f"Combat Result Table: {filled} of {len(cells)} cells filled"
        if crt and cells
        else "Combat Result Table: empty (the rulebook's three example cells answer; "
        "read the rest on your map)",
    ]
    art = edition.artillery
    art_cells = [cell for row in art.rows.values() for cell in row] if art else []
    lines.append(
        f"Artillery Table: {sum(bool(c) for c in art_cells)} of {len(art_cells)} cells filled"
        if art_cells
        else "Artillery Table: empty (the example's cell answers; read the rest on your map)"
    )
    known = [t for t in edition.turns.values() if t.night is not None and len(t.points) == 2]
    lines.append(f"Turn track: {len(known)} of 20 turns filled (the others are asked at the turn's start)")
    lines.append(
        f"Order of battle: {len(edition.formations)} formations, {len(edition.counters)} units with values, "
        f"Command Factors: {', '.join(sorted(edition.command_factors)) or 'none (asked on first use)'}"
    )
    boxes = edition.placement
    lines.append(
        f"Placement map: {len(boxes)} box{'es' if len(boxes) > 1 else ''} ({', '.join(boxes)}): "
        "a reveal checks their limits"
        if boxes
        else "Placement map: empty (a hypothetical deployment's reveal lists the counters, no limit checked)"
    )
    moved = Readings.from_dict(edition.readings).overridden()
    lines.append(
        "Readings: " + (", ".join(f"{k} = {v}" for k, v in moved.items()) or "the project's, none switched")
    )
    return lines


@user_errors
def placement(args: argparse.Namespace) -> int:
    """Variants > Hypothetical initial deployment: the counters of every box turned over at once."""
    edition = load_tables(args.tables)
    placed: dict[str, tuple[str, ...]] = {}
    for given in args.boxes:
        name, _, chits = given.partition("=")
        counters = tuple(c.strip() for c in chits.split(",") if c.strip())
        if given.count("=") != 1 or not name.strip() or name.strip() in placed:
            raise UserError(f"{given!r}: give each box once, as BOX=CHIT,CHIT")
        placed[name.strip()] = counters
    try:
        sides = {name: formation.side for name, formation in edition.formations.items()}
        lines = reveal_placement(edition.placement, placed, sides)
    except IllegalActionError as exc:
        raise UserError(str(exc)) from None
    print("\n".join(lines))
    return 0


@user_errors
def victory_points(args: argparse.Namespace) -> int:
    state = load_state(args.state)
    context = Context(
        readings=state.readings, scenario=state.scenario, sixth_division=state.sixth_division, fog=state.fog
    )
    rows: dict[str, dict[str, int]] = {}
    for side in ("austria", "sardinia"):
        points = score(state, side, context)
        rows[side] = {**vars(points), "total": points.total}
    data = {
        "turn": state.turn,
        "scenario": state.scenario,
        "points": rows,
        "eliminated_cp": state.ledger.eliminated_cp,
        "winner": state.winner,
        "how": state.how,
        "sixth_division": state.sixth_division,
        "sixth_entered": state.sixth,
        "fog": state.fog,
    }
    lines = [f"turn {state.turn}, {state.scenario}", variants_line(state)]
    for side, row in rows.items():
        parts = ", ".join(f"{key} {n}" for key, n in row.items() if key != "total" and n)
        lines.append(f"{side}: {row['total']} points" + (f" ({parts})" if parts else ""))
    cp = state.ledger.eliminated_cp
    lines.append(f"combat points eliminated: austria {cp['austria']}, sardinia {cp['sardinia']}")
    lines.append(f"game over: {state.winner} ({state.how})" if state.winner else "no sudden victory")
    _print(data, lines, args.json)
    return 0


def variants_line(state: State) -> str:
    """The variants the game is played with (Variants; Fog of War), as the state file keeps them."""
    found = []
    if state.sixth_division:
        found.append(f"6th Division ({f'entered on turn {state.sixth}' if state.sixth else 'not entered'})")
    if state.fog:
        found.append(f"fog of war: {state.fog}")
    return "variants: " + (", ".join(found) or "none")


def load_state(path: str) -> State:
    """The state file the user named; UserError names the file, the field and the fault."""
    try:
        return RULES.loads(read_text(path, MAX_STATE_BYTES), Edition())
    except DataError as exc:
        raise UserError(f"{path}: {exc}") from None
