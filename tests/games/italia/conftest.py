"""The shipped scenario files (the rulebook's tables), parsed once."""

from __future__ import annotations

from functools import cache

from companion.assets import read_asset
from companion.games.italia.scenario import Scenario, parse_scenario


@cache
def scenario(number: int) -> Scenario:
    name = f"italia/scenario-{number}.toml"
    return parse_scenario(read_asset(name), name)
