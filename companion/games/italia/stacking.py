"""Stacking arithmetic the companion can do from counts the players give (§8.0-8.6, §9.3)."""

from __future__ import annotations

from .numbers import Numbers


def limit(numbers: Numbers, terrain: str, *, capital: bool = False) -> int:
    """§8.0, §8.1: 3 in a standard or swamp zone, 2 in a mountain or borderland; a capital one more."""
    return numbers.stacking[terrain] + capital


def surplus(numbers: Numbers, terrain: str, units: int, *, capital: bool = False) -> int:
    """Units to remove after movement or combat (leaders are not counted, §8.0)."""
    return max(0, units - limit(numbers, terrain, capital=capital))


def retreat_room(
    numbers: Numbers,
    terrain: str,
    own_there: int,
    *,
    capital: bool = False,
    enemy_there: bool = False,
    borderland_allowed: bool = False,
    attack_came_from: bool = False,
) -> int:
    """How many retreating units a neighbour takes (§8.6, §10.5): one over its limit, two in the
    nation's capital (reading A54); none into another nation's units, a borderland (unless the card
    allows it) or, for the defender, a zone the attack came from (reading A20)."""
    if enemy_there or attack_came_from or (terrain == "borderland" and not borderland_allowed):
        return 0
    return max(0, numbers.stacking[terrain] + (2 if capital else 1) - own_there)


def invasion_needs(defenders: int, *, city: bool) -> int:
    """§9.3: twice as many units as the defenders, or as many when they are in a city."""
    return defenders if city else 2 * defenders
