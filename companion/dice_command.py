"""`companion dice roll`: roll here, and on the die box when asked."""

from __future__ import annotations

import argparse
import json
import queue
import random
import sys
import time
from typing import TYPE_CHECKING

from companion.commands import UserError, user_errors
from companion.dice import Dice, DiceError, DiceRoller, Roll, die_face

if TYPE_CHECKING:
    from hardware.die import SerialDie

CONNECT_S = 3.0
TUMBLE_MS = 600
SHOWN_S = 3.0  # more than the link's retries take (0.1 + 0.2 + 0.4 s) before it calls the box offline


@user_errors
def roll_dice(args: argparse.Namespace) -> int:
    try:
        dice = Dice.parse(args.dice)
    except DiceError as exc:
        raise UserError(str(exc)) from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    roller = DiceRoller(seed)
    die = _open_die(args.port) if args.show or args.on_button else None
    try:
        roll = _wait_for_button(roller, dice, die) if args.on_button else roller.roll(dice)
        print(json.dumps({**roll.to_dict(), "seed": seed}) if args.json else f"{roll}   (seed {seed})")
        if die is not None and die.online:
            _show(die, roll)
            problem = die.wait_shown(SHOWN_S)
            if problem:
                print(f"companion: die: {problem} The roll is shown here only.", file=sys.stderr)
    finally:
        if die is not None:
            die.close()
    return 0


def _open_die(port: str | None) -> SerialDie:
    from hardware.die import SerialDie  # the die's modules load only when a command wants the box

    die = SerialDie(port)
    if not die.wait_online(CONNECT_S):
        print(f"companion: die: {die.status} The roll is shown here only.", file=sys.stderr)
    return die


def _wait_for_button(roller: DiceRoller, dice: Dice, die: SerialDie | None) -> Roll:
    if die is None or not die.online:
        raise UserError("--on-button needs the die box, and it is not connected")
    presses: queue.Queue[str] = queue.Queue()
    die.on_button(presses.put)
    roller.request(dice)
    print(f"Press the die's button to roll {dice} (Ctrl-C to give up).", file=sys.stderr)
    warned = False
    while True:
        try:
            kind = presses.get(timeout=0.5)
        except queue.Empty:
            if warned != (not die.online):  # say it once when the box goes, and once when it is back
                warned = not die.online
                print(f"companion: die: {die.status}", file=sys.stderr)
            continue
        roll = roller.press() if kind == "press" else None
        if roll is not None:
            return roll


def _show(die: SerialDie, roll: Roll) -> None:
    """Each die in turn tumbles and lands; the last one stays on the box."""
    for index, value in enumerate(roll.values):
        die.roll(die_face(roll.dice, value), TUMBLE_MS)
        if index < len(roll.values) - 1:
            time.sleep(TUMBLE_MS / 1000 + 0.4)
