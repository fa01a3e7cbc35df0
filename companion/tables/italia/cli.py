"""`companion italia ...`: a new game, a battle file resolved or its odds, income, turn order, the
score pad, and what the owner's data lacks (argument parsing only; the work is in commands.py)."""

from __future__ import annotations

import argparse

from companion.tables.italia import commands


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    italia = sub.add_parser("italia", help="Italia I and II").add_subparsers(dest="action", required=True)

    new = italia.add_parser("new", help="start a game in the journal and print its state file")
    new.add_argument("--scenario", choices=("I", "II"), default="I")
    new.add_argument("--seed", type=int, help="the dice's seed (default: a fresh one)")
    new.add_argument("--names", help="the players' names, comma-separated")
    new.add_argument("--no-journal", action="store_true", help="print the state file only")
    new.set_defaults(handler=commands.new_game)

    battle = italia.add_parser("battle", help="resolve a battle file (spec 1.7); print the result as JSON")
    battle.add_argument("file", metavar="BATTLE.json")
    dice = battle.add_mutually_exclusive_group()
    dice.add_argument("--dice", help="the table's d10s in order, e.g. 7,6,1,10,3 (0 counts as 10)")
    dice.add_argument("--seed", type=int, help="roll with this seed (default: a fresh one, printed)")
    battle.add_argument("--receipt", metavar="FILE", help="also write the battle ticket as ESC/POS bytes")
    battle.set_defaults(handler=commands.battle)

    odds = italia.add_parser("odds", help="exact odds of a battle file before the roll, as JSON")
    odds.add_argument("file", metavar="BATTLE.json")
    odds.set_defaults(handler=commands.odds)

    income = italia.add_parser("income", help="a nation's income phase: income, tribute, the cap")
    income.add_argument("state", metavar="STATE.json", nargs="?", help="gold and masters from a state file")
    income.add_argument("--scenario", choices=("I", "II"), help="without a state file (default I)")
    income.add_argument("--nation", required=True)
    income.add_argument("--zones", type=int, required=True, help="land zones it controls")
    income.add_argument("--cities", type=int, default=0, help="intact cities in them")
    income.add_argument("--gold", type=int, help="gold on its track now (default: the state file's, or 0)")
    income.add_argument("--master", help="the nation it is subject to (default: the state file's)")
    income.add_argument("--controls", default="", help="zones its income rule names, e.g. ravenna")
    income.add_argument("--half", choices=("yes", "no"), help="the card's answer: half income this turn?")
    income.set_defaults(handler=commands.income)

    order = italia.add_parser("order", help="who plays this game turn, in order, and why others do not")
    order.add_argument("--scenario", choices=("I", "II"), default="I")
    order.add_argument("--turn", type=int, required=True)
    order.add_argument("--out", default="", help="nations with no pieces in play, e.g. epirotes,illyrians")
    order.set_defaults(handler=commands.order)

    score = italia.add_parser("score", help="the score pad of a state file: each turn's lines and totals")
    score.add_argument("state", metavar="STATE.json")
    score.add_argument("--turn", type=int, help="only this game turn's lines (totals stay the game's)")
    score.add_argument("--receipt", metavar="FILE", help="also write the score ticket as ESC/POS bytes")
    score.set_defaults(handler=commands.score)

    data = italia.add_parser("data", help="the owner's data files").add_subparsers(dest="what", required=True)
    check = data.add_parser("check", help="what the map and nation files lack, and what it affects")
    check.add_argument("dir", metavar="DIR", nargs="?", help="a folder like assets/italia (default: it)")
    check.add_argument("--json", action="store_true")
    check.set_defaults(handler=commands.data_check)
