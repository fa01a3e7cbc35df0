"""The numbers the rulebook prints (combat points, costs, stacking limits, thresholds).

`TEXT` holds them as the rulebook gives them, each with its section; `assets/italia/rules.toml`
repeats them so an erratum changes data, not code (`parse_numbers` validates that file).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.vocabulary import DataError

UNIT_TYPES = ("infantry", "foederati", "legion", "consular", "cavalry", "elephant", "fleet")
TERRAINS = ("standard", "mountain", "swamp", "borderland")


@dataclass(frozen=True)
class Numbers:
    """Every number of the rules the engine uses; the defaults are the rulebook's."""

    # §10.2: a unit hits when the modified die is at least this
    combat_points: dict[str, int] = field(
        default_factory=lambda: {
            "infantry": 7,
            "foederati": 7,
            "legion": 6,
            "consular": 5,
            "cavalry": 5,
            "elephant": 5,
            "fleet": 9,
        }
    )
    two_hit_types: tuple[str, ...] = ("consular", "cavalry")  # §10.2, §14.2
    raid_points: int = 7  # §10.2 raid row: the attacker hits with 7-10 for all units
    terrain_penalty: int = 1  # §10.3: mountains and swamps, every attacker die
    city_penalty: int = 2  # §10.6: intact city, every attacker die
    leader_bonus: int = 2  # §10.2: per leader, every die of its nation
    supremacy_bonus: int = 1  # §10.9
    sea_invasion_bonus: int = 2  # §10.8.2: defender dice, first round only
    elephant_trigger: int = 9  # §10.2: natural 9 or 10 forces a retreat
    # §13.3: the Romans' first battle against elephants deserts on 8-10, the 2nd and 3rd on 10
    elephant_fear: tuple[int, ...] = (8, 10, 10)
    foederati_switch: int = 6  # §14.1: 6-10, or 9-10 when only Ostrogoths are there
    foederati_switch_ostrogoths: int = 9
    # §8.0, §8.1, §8.3, §8.6: stacking limits and their bonuses
    stacking: dict[str, int] = field(
        default_factory=lambda: {"standard": 3, "swamp": 3, "mountain": 2, "borderland": 2}
    )
    costs: dict[str, int] = field(
        default_factory=lambda: {
            "infantry": 4,
            "legion": 4,
            "fleet": 4,
            "consular": 6,
            "cavalry": 6,
            "elephant": 6,
        }
    )  # §6.2
    city_costs: dict[str, int] = field(
        default_factory=lambda: {"standard": 6, "swamp": 8, "mountain": 8}
    )  # §6.2
    western_roman_costs: dict[str, int] = field(
        default_factory=lambda: {"foederati": 3, "legion": 6}
    )  # §6.2 exception, Italia II
    gold_cap: int = 10  # §6.1
    loot_gold: int = 4  # §10.6, §10.7


TEXT = Numbers()


def parse_numbers(text: str, where: str) -> Numbers:
    """`rules.toml`: every key optional (the rulebook's value stands), every value checked."""
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # bad TOML, a number past 4,300 digits, deep nesting
        raise DataError(where, f"is not TOML ({exc})") from None
    known = {name for name in Numbers.__dataclass_fields__}
    changes: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known:
            raise DataError(f"{where}: {key}", "is not a number the rules use")
        changes[key] = _checked(value, getattr(TEXT, key), f"{where}: {key}")
    return replace(TEXT, **changes)


def _checked(value: object, like: object, where: str) -> object:
    if isinstance(like, dict):
        if not isinstance(value, dict):
            raise DataError(where, "must be a table of whole numbers")
        return {str(k): _whole(v, f"{where}.{k}") for k, v in value.items()}
    if isinstance(like, tuple):
        if not isinstance(value, list):
            raise DataError(where, "must be a list")
        return tuple(value if like and isinstance(like[0], str) else (_whole(v, where) for v in value))
    return _whole(value, where)


def _whole(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
        raise DataError(where, f"must be a whole number from 0 to 100, not {value!r}")
    return value
