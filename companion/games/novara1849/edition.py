"""The players' tables, turn track and order of battle (assets/novara1849/*.toml or their own copies),
validated: the text's facts are checked, an empty string "" means "not filled", and a filled cell that
contradicts one of the rulebook's worked examples is kept but warned about (DataError names file+key)."""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .bombard import RESULTS, ArtilleryTable
from .bombard import TEXT_CELL as TEXT_ARTILLERY_CELL
from .errors import DataError, IllegalActionError
from .ladder import TEXT_LADDER, parse_ratio
from .placement import PlacementBox
from .readings import Readings
from .results import TEXT_CELLS, Crt, is_result
from .state import HIGHER_COMMANDERS
from .units import SIDES, Counter

LAST_TURN = 20  # "the game starts on turn 1 and ends on turn 20"
EXAMPLE_TURN_2 = {"sardinia": 1, "austria": 4}  # the Activation examples' points on turn 2


@dataclass(frozen=True)
class Formation:
    id: str
    side: str
    label: str = ""
    commander: str = ""


@dataclass(frozen=True)
class Reinforcement:
    """Units the Turn Record Track brings on a turn, and where they enter."""

    side: str
    units: tuple[str, ...]
    entry: str = ""


@dataclass(frozen=True)
class Turn:
    number: int
    night: bool | None = None  # None: not filled; the players say it at the turn's start
    points: dict[str, int] = field(default_factory=dict)  # side -> activation points, when filled
    reinforcements: tuple[Reinforcement, ...] = ()


@dataclass(frozen=True)
class Edition:
    crt: Crt | None = None
    artillery: ArtilleryTable | None = None
    turns: dict[int, Turn] = field(default_factory=dict)
    formations: dict[str, Formation] = field(default_factory=dict)
    command_factors: dict[str, int] = field(default_factory=dict)
    counters: dict[str, Counter] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    hashes: dict[str, str] = field(default_factory=dict)
    readings: dict[str, Any] = field(default_factory=dict)  # rules.toml's switches (errata, house readings)
    placement: dict[str, PlacementBox] = field(default_factory=dict)  # the Variable Placement Map's boxes


def _toml(text: str, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # bad TOML, a number past 4,300 digits, deep nesting
        raise DataError(where, f"is not TOML ({exc})") from None


def _checked(data: dict[str, Any], kind: str, where: str) -> dict[str, Any]:
    """A file of ours: its format and version say which."""
    if data.get("format") != f"companion/novara1849-{kind}" or data.get("version") != 1:
        raise DataError(f"{where}: format", f'must be "companion/novara1849-{kind}", version 1')
    return _known(data, KEYS[kind], f"{where}: ", "")


KEYS = {
    "tables": ("format", "version", "crt", "artillery", "placement"),
    "placement": ("box",),
    "placement.box": ("name", "side", "min", "max", "note"),
    "crt": ("columns", "first_row_and_below", "last_row_and_above", "row", "codes"),
    "crt.row": ("roll", "results"),
    "artillery": ("column", "row", "modifier"),
    "artillery.column": ("label", "min", "max"),
    "track": ("format", "version", "turn"),
    "turn": ("number", "night", "ap", "reinforcements"),
    "reinforcement": ("side", "units", "entry"),
    "rules": ("format", "version", "readings"),
    "oob": ("format", "version", "formation", "commander", "unit"),
    "formation": ("id", "side", "label", "commander", "radius", "colour"),
    "commander": ("id", "side", "radius", "command_factor"),
    "unit": ("id", "side", "formation", "label", "type", "size", "cf", "cf_reduced", "mf", "elite"),
    # mf is kept for the players (the companion has no movement engine)
}


def _known(data: dict[str, Any], keys: tuple[str, ...], where: str, prefix: str) -> dict[str, Any]:
    """Refuse a key the format does not have, naming the one it most likely meant."""
    for key in data:
        if key not in keys:
            near = difflib.get_close_matches(key, keys, 1)
            hint = f"; did you mean {near[0]}?" if near else ""
            raise DataError(f"{where}{prefix}{key}", f"unknown key{hint}")
    return data


def _filled_int(value: object, where: str, low: int, high: int) -> int | None:
    if value == "":
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DataError(where, f'must be a whole number from {low} to {high}, or "" when not filled')
    return value


def parse_crt(data: object, where: str) -> tuple[Crt | None, list[str]]:
    """The [crt] table: columns 1:3 ... 4:1 with 1:1, 2:1 and 3:1 among them, rows by modified roll."""
    if not isinstance(data, dict):
        raise DataError(f"{where}: crt", "must be a table")
    _known(data, KEYS["crt"], f"{where}: ", "crt.")
    columns = data.get("columns", [])
    if not isinstance(columns, list) or not all(isinstance(c, str) for c in columns):
        raise DataError(f"{where}: crt.columns", "must be a list of column labels")
    if "" in columns:
        return None, [
            f"{where}: crt.columns is not filled: the odds use the text's ladder {', '.join(TEXT_LADDER)}"
        ]
    ratios = [_ratio(c, f"{where}: crt.columns") for c in columns]
    if columns[:1] != ["1:3"] or columns[-1:] != ["4:1"] or not {"1:1", "2:1", "3:1"} <= set(columns):
        raise DataError(
            f"{where}: crt.columns", "the text's table runs from 1:3 to 4:1 through 1:1, 2:1 and 3:1"
        )
    if ratios != sorted(set(ratios)):
        raise DataError(f"{where}: crt.columns", "must rise strictly from left to right")
    codes = data.get("codes", {})
    if not isinstance(codes, dict) or not all(isinstance(v, str) for v in codes.values()):
        raise DataError(f"{where}: crt.codes", "must map each extra code to its meaning")
    rows = _crt_rows(data.get("row", []), len(columns), codes, where)
    crt = Crt(
        tuple(columns),
        rows,
        data.get("first_row_and_below") is True,
        data.get("last_row_and_above") is True,
        codes,
    )
    return crt, _crt_warnings(crt, where)


def _ratio(label: str, where: str) -> Fraction:
    try:
        return parse_ratio(label)
    except DataError as exc:
        raise DataError(where, exc.problem) from None


def _crt_rows(data: object, width: int, codes: dict[str, str], where: str) -> dict[int, tuple[str, ...]]:
    if not isinstance(data, list):
        raise DataError(f"{where}: crt.row", "must be a list of [[crt.row]] tables")
    rows: dict[int, tuple[str, ...]] = {}
    for index, row in enumerate(data):
        key = f"{where}: crt.row[{index}]"
        if not isinstance(row, dict) or not isinstance(row.get("roll"), int):
            raise DataError(key, "needs a roll (the modified die value) and its results")
        _known(row, KEYS["crt.row"], key, ".")
        results = row.get("results")
        if not isinstance(results, list) or len(results) != width:
            raise DataError(f"{key}.results", f"must hold {width} results, one per column")
        for cell in results:
            if not isinstance(cell, str) or (cell and not is_result(cell, codes)):
                raise DataError(
                    f"{key}.results", f'{cell!r} is not a result (A1, D2, A1D1, -, a code, or "")'
                )
        rows[row["roll"]] = tuple(results)
    if rows and sorted(rows) != list(range(min(rows), max(rows) + 1)):
        raise DataError(f"{where}: crt.row", "the rolls must be consecutive")
    if rows and not {2, 6, 7} <= set(rows):
        raise DataError(f"{where}: crt.row", "the text's examples read rows 2, 6 and 7: they must be there")
    return rows


def _crt_warnings(crt: Crt, where: str) -> list[str]:
    warnings = []
    for (column, roll), text in TEXT_CELLS.items():
        cell = crt.rows.get(roll, ())[crt.columns.index(column)] if roll in crt.rows else ""
        if cell and cell != text:
            warnings.append(
                f"{where}: your CRT says {column} row {roll} = {cell}; the rulebook's Combat example "
                f"reads {text}: check your edition"
            )
    return warnings


def parse_artillery(data: object, where: str) -> tuple[ArtilleryTable | None, list[str]]:
    """The [artillery] table: combined-factor columns and rows of SH, 1, 1SH or -."""
    if not isinstance(data, dict):
        raise DataError(f"{where}: artillery", "must be a table")
    _known(data, KEYS["artillery"], f"{where}: ", "artillery.")
    columns = _artillery_columns(data.get("column", []), where)
    if not columns:
        return None, [f"{where}: the artillery table is not filled: bombardments ask for the printed result"]
    table = ArtilleryTable(columns, _artillery_rows(data.get("row", []), len(columns), where))
    try:
        _, cell = table.lookup(*TEXT_ARTILLERY_CELL)
    except IllegalActionError:
        return table, []  # the example's cell is not filled: nothing to compare
    if cell == "1":
        return table, []
    return table, [
        f"{where}: your artillery table gives {cell} for factor 5, roll 5; the rulebook's Bombardments "
        "example reads 1: check your edition"
    ]


def _artillery_columns(data: object, where: str) -> tuple[tuple[str, int, int], ...]:
    """The filled columns, whose combined-factor ranges must run on from 1 without gaps or overlaps."""
    if not isinstance(data, list):
        raise DataError(f"{where}: artillery.column", "must be a list of [[artillery.column]] tables")
    columns: list[tuple[str, int, int]] = []
    for index, column in enumerate(data):
        key = f"{where}: artillery.column[{index}]"
        if not isinstance(column, dict):
            raise DataError(key, "must be a table with label, min and max")
        _known(column, KEYS["artillery.column"], key, ".")
        low, high = (_filled_int(column.get(k, ""), f"{key}.{k}", 0, 99) for k in ("min", "max"))
        if low and high:
            if low != (columns[-1][2] + 1 if columns else 1) or high < low:
                raise DataError(f"{key}.min", "the columns' ranges run on from 1, without gaps or overlaps")
            columns.append((str(column.get("label", "")), low, high))
    return tuple(columns)


def _artillery_rows(data: object, width: int, where: str) -> dict[int, tuple[str, ...]]:
    if not isinstance(data, list):
        raise DataError(f"{where}: artillery.row", "must be a list of [[artillery.row]] tables")
    rows: dict[int, tuple[str, ...]] = {}
    for index, row in enumerate(data):
        key = f"{where}: artillery.row[{index}]"
        results = row.get("results") if isinstance(row, dict) else None
        if not isinstance(results, list) or len(results) != width or not isinstance(row.get("roll"), int):
            raise DataError(key, f"needs a roll and {width} results")
        _known(row, KEYS["crt.row"], key, ".")
        if any(cell not in ("", *RESULTS) for cell in results):
            raise DataError(f"{key}.results", 'each result is SH, 1, 1SH, - or ""')
        rows[row["roll"]] = tuple(results)
    return rows


def parse_track(text: str, where: str) -> tuple[dict[int, Turn], list[str]]:
    """track.toml: turns 1-20, night and activation points when filled."""
    data = _checked(_toml(text, where), "track", where)
    turns: dict[int, Turn] = {}
    for index, turn in enumerate(data.get("turn", [])):
        key = f"{where}: turn[{index}]"
        if not isinstance(turn, dict) or turn.get("number") != index + 1:
            raise DataError(f"{key}.number", f"must be {index + 1}: the turns run from 1 with no gaps")
        _known(turn, KEYS["turn"], key, ".")
        night = turn.get("night", "")
        if night not in ("", True, False):
            raise DataError(f"{key}.night", 'must be true, false or ""')
        ap = turn.get("ap", {})
        points = {side: _filled_int(ap.get(side, ""), f"{key}.ap.{side}", 0, 9) for side in SIDES}
        filled = {side: n for side, n in points.items() if n is not None}
        arriving = _reinforcements(turn.get("reinforcements", []), f"{key}.reinforcements")
        turns[index + 1] = Turn(index + 1, None if night == "" else bool(night), filled, arriving)
    if turns and len(turns) != LAST_TURN:
        raise DataError(f"{where}: turn", f"the campaign has {LAST_TURN} turns, not {len(turns)}")
    warnings = []
    given = turns[2].points if 2 in turns else {}
    for side, example in EXAMPLE_TURN_2.items():
        if side in given and given[side] != example:
            warnings.append(
                f"{where}: turn 2 gives {side} {given[side]} activation points; the rulebook's "
                f"Activation example says {example}"
            )
    return turns, warnings


def _reinforcements(data: object, where: str) -> tuple[Reinforcement, ...]:
    if not isinstance(data, list):
        raise DataError(where, "must be a list of { side, units, entry }")
    found = []
    for index, item in enumerate(data):
        key = f"{where}[{index}]"
        if not isinstance(item, dict):
            raise DataError(key, "must be a table { side, units, entry }")
        _known(item, KEYS["reinforcement"], key, ".")
        units, entry = item.get("units", []), item.get("entry", "")
        if item.get("side") not in SIDES:
            raise DataError(f"{key}.side", "must be austria or sardinia")
        if not isinstance(units, list) or not units or not all(isinstance(u, str) and u for u in units):
            raise DataError(f"{key}.units", "must name the units (their ids in oob.toml)")
        if not isinstance(entry, str):
            raise DataError(f"{key}.entry", "must be the entry hex as printed")
        found.append(Reinforcement(item["side"], tuple(units), entry))
    return tuple(found)


def parse_rules(text: str, where: str) -> dict[str, Any]:
    """rules.toml: the readings' switches a table plays differently (errata, house readings)."""
    data = _checked(_toml(text, where), "rules", where)
    switches = data.get("readings", {})
    try:
        Readings.from_dict(switches)
    except DataError as exc:
        raise DataError(f"{where}: {exc.field}", exc.problem) from None
    return dict(switches)


def parse_oob(text: str, where: str) -> tuple[dict[str, Formation], dict[str, int], dict[str, Counter]]:
    """oob.toml: formations, the Higher Commanders' Command Factors, every unit whose values are filled."""
    data = _checked(_toml(text, where), "oob", where)
    formations: dict[str, Formation] = {}
    for index, item in enumerate(data.get("formation", [])):
        key = f"{where}: formation[{index}]"
        if not isinstance(item, dict) or item.get("side") not in SIDES or not item.get("id"):
            raise DataError(key, "needs an id and a side (austria or sardinia)")
        _known(item, KEYS["formation"], key, ".")
        formations[item["id"]] = Formation(
            item["id"], item["side"], str(item.get("label", "")), str(item.get("commander", ""))
        )
    factors: dict[str, int] = {}
    for index, item in enumerate(data.get("commander", [])):
        key = f"{where}: commander[{index}]"
        if not isinstance(item, dict) or item.get("id") not in HIGHER_COMMANDERS:
            raise DataError(f"{key}.id", f"must be one of {', '.join(HIGHER_COMMANDERS)}")
        _known(item, KEYS["commander"], key, ".")
        factor = _filled_int(item.get("command_factor", ""), f"{key}.command_factor", 1, 9)
        if factor is not None:
            factors[item["id"]] = factor
    counters: dict[str, Counter] = {}
    for index, item in enumerate(data.get("unit", [])):
        if not isinstance(item, dict):
            raise DataError(f"{where}: unit[{index}]", "must be a table")
        _known(item, KEYS["unit"], f"{where}: unit[{index}]", ".")
        if item.get("cf", "") != "":
            fields = {("kind" if k == "type" else k): v for k, v in item.items() if k in _COUNTER_KEYS}
            counter = Counter.from_dict(fields, f"{where}: unit[{index}]")
            counters[counter.id] = counter
    return formations, factors, counters


_COUNTER_KEYS = ("id", "side", "cf", "formation", "type", "cf_reduced", "elite", "label")


def load(read: Callable[[str], str], where: Callable[[str], str]) -> Edition:
    """The four files, validated; a missing table leaves its part empty (the players read it on the map)."""
    tables = _checked(_toml(read("tables.toml"), where("tables.toml")), "tables", where("tables.toml"))
    crt, crt_warnings = parse_crt(tables.get("crt", {}), where("tables.toml"))
    artillery, art_warnings = parse_artillery(tables.get("artillery", {}), where("tables.toml"))
    turns, track_warnings = parse_track(read("track.toml"), where("track.toml"))
    formations, factors, counters = parse_oob(read("oob.toml"), where("oob.toml"))
    readings = parse_rules(read("rules.toml"), where("rules.toml"))
    _check_arrivals(turns, read("oob.toml"), where("track.toml"))
    return Edition(
        crt,
        artillery,
        turns,
        formations,
        factors,
        counters,
        tuple(crt_warnings + art_warnings + track_warnings),
        readings=readings,
        placement=parse_placement(tables.get("placement", {}), where("tables.toml")),
    )


MAX_COUNTERS = 20  # more command counters than either army has: a box's limit beyond it is a typo


def parse_placement(data: object, where: str) -> dict[str, PlacementBox]:
    """[placement]: the Variable Placement Map's boxes (Variants > Hypothetical initial deployment), each
    with the least and the most command counters it takes ("min 1 max 4") and its printed note; empty
    until the owner fills it from the map (spec 3, G11)."""
    if not isinstance(data, dict):
        raise DataError(f"{where}: placement", "must be a table")
    _known(data, KEYS["placement"], f"{where}: ", "placement.")
    listed = data.get("box", [])
    if not isinstance(listed, list):
        raise DataError(f"{where}: placement.box", "must be a list of [[placement.box]] tables")
    boxes: dict[str, PlacementBox] = {}
    for index, item in enumerate(listed):
        box = _placement_box(item, f"{where}: placement.box[{index}]")
        if box.name in boxes:
            raise DataError(f"{where}: placement.box[{index}].name", f"{box.name!r} is named twice")
        boxes[box.name] = box
    return boxes


def _placement_box(item: object, key: str) -> PlacementBox:
    if not isinstance(item, dict):
        raise DataError(key, "must be a table")
    _known(item, KEYS["placement.box"], key, ".")
    name, side, note = (item.get(k, "") for k in ("name", "side", "note"))
    if not isinstance(name, str) or not 0 < len(name) <= 40:
        raise DataError(f"{key}.name", "must be the box's name as printed (1 to 40 characters)")
    if side not in ("", *SIDES):
        raise DataError(f"{key}.side", 'must be "austria", "sardinia" or "" (either)')
    if not isinstance(note, str) or len(note) > 120:
        raise DataError(f"{key}.note", "must be the note printed beside the box (at most 120 characters)")
    least = _filled_int(item.get("min", ""), f"{key}.min", 0, MAX_COUNTERS)
    most = _filled_int(item.get("max", ""), f"{key}.max", 0, MAX_COUNTERS)
    if least is None or most is None:
        raise DataError(f"{key}.min", "a box needs both its min and its max, as printed")
    if most < least or most == 0:
        raise DataError(f"{key}.max", f"must be at least min ({least}) and above 0")
    return PlacementBox(name, least, most, note, side)


def _check_arrivals(turns: dict[int, Turn], oob: str, where: str) -> None:
    """Every unit the track brings is a unit of oob.toml (filled or not)."""
    known = {u.get("id") for u in tomllib.loads(oob).get("unit", []) if isinstance(u, dict)}
    for number, turn in turns.items():
        for index, arriving in enumerate(turn.reinforcements):
            for unit in arriving.units:
                if unit not in known:
                    raise DataError(
                        f"{where}: turn[{number - 1}].reinforcements[{index}].units",
                        f"{unit!r} is not a unit of oob.toml",
                    )
