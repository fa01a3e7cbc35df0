"""What the LED die box shows for the Road to Novara's rolls (spec 6, "What the 8x8 box shows"), on the
generic faces only (pips, numbers, the question mark, the cross):

- a combat or a bombardment (D1, D4): a 600 ms tumble onto the natural pips; a modified roll that
  differs (and is 0-99) then alternates pips and the modified number every second until the result
  is confirmed (read on the printed table, or the losses applied), when the die rests on the pips;
- a charge (D2, D3): each die in turn, a 250 ms tumble and its pips for 600 ms, a hitting die then
  the cross for 300 ms; the attacker's hits held 1.5 s (both rolls are one decision), then the
  defender's dice and his hits, which stay;
- attrition (D5): the die's pips, then the cross when it costs a step;
- the question mark whenever the table waits for a roll: after a decision that leaves one due (the
  attrition die), and while a combat, a charge or a bombardment is being put together;
- optionally (spec 6's ambient face, a start-screen choice off by default), the number of chits left
  in the cup after a decision that leaves the table between activations."""

from __future__ import annotations

from typing import Any

from companion.games.novara1849 import actions as a
from companion.games.novara1849.attrition import attrition_loss
from companion.games.novara1849.fights import roll_modifier
from companion.games.novara1849.game import Game
from companion.games.novara1849.state import State
from companion.games.novara1849.turns import retreat_due
from companion.games.novara1849.units import fighter

TUMBLE_MS = 600  # D1, D4, D5
CHARGE_TUMBLE_MS, CHARGE_PIPS_MS, CROSS_MS = 250, 600, 300  # D2, D3: each die in turn
HITS_HELD_MS = 1500  # the attacker's hits, before the defender's dice
SWAP_MS = 1000  # natural and modified roll in turn


def box_script(before: State, action: a.Action, game: Game, ambient: bool = False) -> list[Any]:
    """The faces (hardware.faces) and timed steps (hardware.die_script) a decision sends to the box;
    `ambient` (a start-screen choice, off by default): between activations, the chits left in the cup."""
    from hardware.faces import QUESTION, number

    record = game.records[-1]
    values = [int(v) for v in record.drawn if isinstance(v, int)]
    script: list[Any] = []
    if isinstance(action, (a.Fight, a.Bombard)) and values:
        script = _modified_roll(values[0], values[0] + roll_modifier(before, action, game.context))
    elif isinstance(action, a.Charge) and values:
        script = _charge(before, action, values, game)
    elif isinstance(action, a.RollAttrition) and values:
        script = _attrition(before, values[0])
    elif _confirms(before, action, game.state):
        script = _rest_on_natural(game)
    if roll_due(game.state):
        script.append(QUESTION)
    elif ambient and not script and between_activations(game.state):
        script = [number(min(len(game.state.cup), 99))]
    return script


def between_activations(state: State) -> bool:
    """The cup open, no chit being decided, no activation under way, no losses to take."""
    return state.phase == "draw" and state.active is None and state.pending is None


def roll_due(state: State) -> bool:
    """Whether the next decision is a die the table waits for (an attrition die)."""
    active = state.active
    return retreat_due(state) or bool(active and active.attrition_due and state.pending is None)


def _modified_roll(natural: int, modified: int) -> list[Any]:
    from hardware.die_script import Alternate, Beat
    from hardware.faces import number, pips

    landed = Beat(pips(natural), tumble_ms=TUMBLE_MS)
    if modified == natural or not 0 <= modified <= 99:
        return [landed]  # a negative modified value: the screen says it, the box keeps the pips
    return [landed, Alternate(pips(natural), number(modified), SWAP_MS)]


def _charge(before: State, action: a.Charge, values: list[int], game: Game) -> list[Any]:
    from companion.games.novara1849.charge import charge_dice
    from hardware.die_script import Beat
    from hardware.faces import number

    chargers = tuple(fighter(before.counters[u], before.units[u]) for u in action.chargers)
    defenders = tuple(fighter(before.counters[u], before.units[u]) for u in action.defenders)
    dice = charge_dice(chargers, defenders, action.terrain, action.hexside, game.context.readings)
    attack, defence = values[: dice.attack_dice], values[dice.attack_dice :]
    hits, back = dice.hits(tuple(attack), tuple(defence))
    script = _each_die(attack, dice.attack_hit_on) + [Beat(number(min(hits, 99)), HITS_HELD_MS)]
    return script + _each_die(defence, dice.defence_hit_on) + [number(min(back, 99))]


def _each_die(values: list[int], hit_on: int) -> list[Any]:
    from hardware.die_script import Beat
    from hardware.faces import CROSS, pips

    script: list[Any] = []
    for value in values:
        script.append(Beat(pips(value), CHARGE_PIPS_MS, CHARGE_TUMBLE_MS))
        if value >= hit_on:
            script.append(Beat(CROSS, CROSS_MS))
    return script


def _attrition(before: State, value: int) -> list[Any]:
    from hardware.die_script import Beat
    from hardware.faces import CROSS, pips

    general = retreat_due(before)  # a general retreat's die: 1 to 3 costs a step
    landed = Beat(pips(value), TUMBLE_MS, TUMBLE_MS)
    return [landed, CROSS] if attrition_loss(value, general) else [landed]


def _confirms(before: State, action: a.Action, after: State) -> bool:
    """A combat's or a bombardment's result read on the printed table, or its losses applied."""
    pending = before.pending
    return (
        pending is not None
        and pending.kind in ("combat", "bombard")
        and isinstance(action, (a.EnterResult, a.ApplyLosses))
    )


def _rest_on_natural(game: Game) -> list[Any]:
    from hardware.faces import pips

    for record in reversed(game.records):
        if isinstance(record.action, (a.Fight, a.Bombard)) and record.drawn:
            return [pips(int(record.drawn[0]))]  # type: ignore[call-overload]
    return []


def waiting() -> tuple[Any, ...]:
    """The box while a combat, a charge or a bombardment is put together: the table waits for a die."""
    from hardware.faces import QUESTION

    return (QUESTION,)


def idle() -> tuple[Any, ...]:
    """The box once the builder is left without a roll."""
    from hardware.faces import BLANK

    return (BLANK,)
