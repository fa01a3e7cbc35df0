"""A nation card's data, filled by the owner from their own card (the text prints none of the 30
cards). Validated: unknown tables or keys and wrong types are refused, naming the field."""

from __future__ import annotations

import tomllib
from typing import Any

from companion.games.vocabulary import DataError

# table -> key -> the type its value must have
SCHEMA: dict[str, dict[str, type]] = {
    "nation": {"id": str, "starting_gold": int, "units": list, "leaves_after": int, "replaces": str},
    "tokens": {},  # unit type -> int
    "income": {"mode": str, "controls_any": list},
    "submission": {"to": list, "must_at_most": int, "may_at_most": int},
    "loot": {"reward": str, "vp": int},
    "eliminations": {"any": int, "by": dict, "against_attackers": bool},
    "limits": {},  # unit type -> {turn, max}
    "borderlands": {"as_standard": list},
}
LISTS = ("scoring", "reinforcement", "leader", "campaign", "major_invasion", "revolt")


def parse_nation(text: str, where: str, *, template: bool = False) -> dict[str, Any]:
    """A nation file's data; the template may leave `nation.id` empty, a nation file may not."""
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # bad TOML, a number past 4,300 digits, deep nesting
        raise DataError(where, f"is not TOML ({exc})") from None
    for table, value in data.items():
        if table in LISTS:
            if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
                raise DataError(f"{where}: {table}", "must be a list of tables ([[...]])")
            continue
        if table not in SCHEMA or not isinstance(value, dict):
            raise DataError(f"{where}: {table}", "is not a table a nation card has")
        _check_table(table, value, where)
    for number, row in enumerate(data.get("leader", []), start=1):
        _check_expires(row.get("expires", "next-turn-phase-2"), f"{where}: leader {number}.expires")
    for number, row in enumerate(data.get("revolt", []), start=1):
        _check_revolt(row, f"{where}: revolt {number}")
    head = data.get("nation", {})
    nation_id = head.get("id", "")
    if not template and not nation_id:
        raise DataError(f"{where}: nation.id", "names the nation this card is for")
    _check_transformation(head, where)
    return data


def _check_table(table: str, value: dict[str, Any], where: str) -> None:
    keys = SCHEMA[table]
    for key, item in value.items():
        wanted = keys.get(key, int if table == "tokens" else dict if table == "limits" else None)
        if wanted is None:
            raise DataError(f"{where}: {table}.{key}", "is not a field of this table")
        if not isinstance(item, wanted) or (wanted is int and isinstance(item, bool)):
            raise DataError(f"{where}: {table}.{key}", f"must be a {wanted.__name__}")


def _check_expires(value: object, where: str) -> None:
    """A leader's lifetime (reading A39): "next-turn-phase-2" (§7.2), "never", or the turn he leaves."""
    if value in ("next-turn-phase-2", "never"):
        return
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10:
        raise DataError(where, 'must be "next-turn-phase-2", "never" or a turn from 1 to 10')


HANNIBAL = "hannibal-adjacent"  # a revolt during Hannibal's campaign, when he is near (§13.2)


def _check_revolt(row: dict[str, Any], where: str) -> None:
    """A card's revolt (§12.6): the master it is against, and when: a game turn, or Hannibal's window."""
    for key in row:
        if key not in ("against", "when"):
            raise DataError(f"{where}.{key}", "is not a field of a revolt (against, when)")
    if not isinstance(row.get("against"), str) or not row["against"]:
        raise DataError(f"{where}.against", "names the master the nation revolts against")
    when = row.get("when")
    if when != HANNIBAL and (not isinstance(when, int) or isinstance(when, bool) or not 1 <= when <= 10):
        raise DataError(f"{where}.when", f'must be a turn from 1 to 10 or "{HANNIBAL}"')


def _check_transformation(head: dict[str, Any], where: str) -> None:
    """§12.4, G14: the turn after which the nation's pieces leave the board, the nation it replaces."""
    leaves = head.get("leaves_after", 0)
    if not 0 <= leaves <= 10:
        raise DataError(
            f"{where}: nation.leaves_after", "must be a game turn from 1 to 10 (0: the scenario's)"
        )
    if head.get("replaces") and head.get("replaces") == head.get("id"):
        raise DataError(f"{where}: nation.replaces", "names another nation: a nation cannot replace itself")
