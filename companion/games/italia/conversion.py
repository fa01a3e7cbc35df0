"""The Patrimonium's conversion (§14.3, reading A23): twice a game, never twice in one battle, before
any round, one unit of another player (not cavalry, not a leader) fights for the Patrimonium."""

from __future__ import annotations

from dataclasses import replace

from companion.games.vocabulary import IllegalActionError, Sentence

from .battle import Battle, other, unit_type
from .tally import add_units, take

PATRIMONIUM = "patrimonium"
PER_GAME = 2


def convert(battle: Battle, key: str, used: int) -> Battle:
    """One enemy unit of `key` goes over to the Patrimonium's side for the rest of the battle; if it
    survives, the table replaces it with a Patrimonium unit of its type, or removes it."""
    which = next((w for w in ("attacker", "defender") if battle.side(w).nation == PATRIMONIUM), None)
    if which is None:
        raise IllegalActionError(Sentence("Only the Patrimonium converts, in a battle it fights."))
    if used >= PER_GAME or battle.converted:
        raise IllegalActionError(
            Sentence("Conversion refused: twice a game, never twice in one battle (§14.3).")
        )
    victim = battle.side(other(which))
    if unit_type(key) == "cavalry" or victim.units.get(key, 0) < 1:
        raise IllegalActionError(
            Sentence(
                "Conversion refused: choose a {nation} unit in the battle, not cavalry.", nation=victim.nation
            )
        )
    victim = take(victim, key, 1)
    victim = replace(victim, tally=victim.tally.add("switched", key, 1))
    patrimonium = battle.side(which)
    patrimonium = replace(
        patrimonium, units=add_units(patrimonium.units, key, 1), tally=patrimonium.tally.add("joined", key, 1)
    )
    return replace(battle.with_side(which, patrimonium).with_side(other(which), victim), converted=key)
