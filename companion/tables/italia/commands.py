"""Italia's `companion italia ...` commands. Every user mistake ends as one line on stderr naming the
file, the field and the fault (exit code 2), and nothing is written."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from companion.assets import edition
from companion.commands import MAX_STATE_BYTES, UserError, read_text, user_errors, write_receipt
from companion.games.italia import clerk, stateio
from companion.games.italia.battlefile import BattleFile, read_battle_file
from companion.games.italia.battlerun import Resolved, resolve, result
from companion.games.italia.edition import Edition
from companion.games.italia.game import Game, Options, State
from companion.games.records import load_json
from companion.games.vocabulary import DataError, IllegalActionError
from companion.tables.italia.datacheck import check_data


def _edition() -> Edition:
    data: Edition = edition("italia")
    return data


@user_errors
def new_game(args: argparse.Namespace) -> int:
    """A fresh game: saved in the journal (the app resumes it) unless --no-journal; its state file."""
    names = tuple(n.strip() for n in (args.names or "").split(",") if n.strip())
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    game = Game(_edition(), Options(args.scenario, seed, names))
    if not args.no_journal:
        from companion.appliance_command import open_store, store_errors

        store = open_store()
        with store_errors():
            game_id = store.create(game.header())
        print(f"companion: Italia {args.scenario} is game {game_id} in the journal", file=sys.stderr)
    print(stateio.dumps(game.state))
    return 0


def read_json_file(path: str) -> Any:
    try:
        return load_json(read_text(path, MAX_STATE_BYTES), path)
    except DataError as exc:
        raise UserError(str(exc)) from None


def load_battle(path: str) -> tuple[dict[str, Any], BattleFile]:
    data = read_json_file(path)
    try:
        return data, read_battle_file(data)
    except DataError as exc:
        raise UserError(f"{path}: {exc}") from None


def parse_dice(text: str) -> list[int]:
    try:
        values = [int(v) for v in text.replace(" ", "").split(",") if v]
    except ValueError:
        raise UserError(f"--dice: {text!r} is not a list of d10 values like 7,6,1,10,3") from None
    if not values or not all(0 <= v <= 10 for v in values):
        raise UserError("--dice: each value is a d10's face, 0-10 (0 counts as 10)")
    return values


@user_errors
def battle(args: argparse.Namespace) -> int:
    data, spec = load_battle(args.file)
    dice = parse_dice(args.dice) if args.dice else None
    if dice is not None and (spec.pre_combat is not None or any(r.values is not None for r in spec.rounds)):
        raise UserError(f"--dice: {args.file} gives dice values itself; --dice is for a file without them")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    try:
        resolved = resolve(_edition(), spec, seed, dice)
    except IllegalActionError as exc:
        where = "--dice" if dice is not None and "ran out" in str(exc) else args.file
        raise UserError(f"{where}: {exc}") from None
    if args.receipt:
        write_receipt(args.receipt, _battle_document(resolved))
    print(json.dumps(result(data, resolved)))
    return 0


def _battle_document(resolved: Resolved) -> Any:
    from companion.tickets.italia import battle_ticket

    return battle_ticket(resolved.before, resolved.game.state, resolved.said)


@user_errors
def odds(args: argparse.Namespace) -> int:
    from companion.games.italia.odds import COMMAND_PAIRS, TooLarge, battle_odds

    data, spec = load_battle(args.file)
    if spec.battle is None:
        raise UserError(f"{args.file}: kind: the odds are for land battles and raids")
    try:
        found = battle_odds(spec.battle, spec.elephant_battles, budget=COMMAND_PAIRS)
    except TooLarge as error:
        raise UserError(f"{args.file}: attacker.units, defender.units: {error}") from None
    policy = (
        "each side aims every die at the enemy's most numerous unit; nobody retreats or submits; "
        "an elephant's victims retreat their cheapest units"
    )
    print(
        json.dumps(
            {
                "odds": {k: round(v, 6) if v is not None else None for k, v in vars(found).items()},
                "policy": policy,
            }
        )
    )
    return 0


def load_state(path: str) -> State:
    try:
        return stateio.loads(read_text(path, MAX_STATE_BYTES))
    except DataError as exc:
        raise UserError(f"{path}: {exc}") from None


@user_errors
def income(args: argparse.Namespace) -> int:
    state = load_state(args.state) if args.state else None
    scenario_id = state.scenario if state else args.scenario or "I"
    scenario = _edition().scenario(scenario_id)
    try:
        nation = scenario.nation(args.nation)
    except DataError:
        known = ", ".join(n.id for n in scenario.nations)
        raise UserError(f"--nation: {args.nation!r} is not a nation of {scenario.title} ({known})") from None
    master = args.master if args.master is not None else (state.masters.get(nation.id) if state else None)
    if master:
        _nation_id(scenario, master, "--master")
    gold = args.gold if args.gold is not None else (state.gold.get(nation.id, 0) if state else 0)
    if not 0 <= gold <= 99:
        raise UserError("--gold: a wealth track holds 0 to 99 gold")
    if not 0 <= args.zones <= 99 or not 0 <= args.cities <= args.zones:
        raise UserError("--zones, --cities: 0 to 99 zones, and at most one intact city in each")
    half = None if args.half is None else args.half == "yes"
    controls = tuple(z.strip() for z in args.controls.split(",") if z.strip())
    try:
        made = clerk.income(
            nation, args.zones, args.cities, subject=bool(master), controls=controls, half=half
        )
    except IllegalActionError as exc:
        raise UserError(f"--half: {exc}") from None
    out = {
        **vars(made),
        "nation": nation.id,
        "master": master,
        "gold_before": gold,
        "spendable": gold + made.kept,
    }
    out["cap"] = _edition().numbers.gold_cap
    out["over_cap_if_nothing_bought"] = max(0, gold + made.kept - out["cap"])
    out["sentence"] = str(made.sentence())
    print(json.dumps(out))
    return 0


def _nation_id(scenario: Any, nation: str, flag: str) -> str:
    try:
        return str(scenario.nation(nation).id)
    except DataError:
        raise UserError(f"{flag}: {nation!r} is not a nation of {scenario.title}") from None


@user_errors
def order(args: argparse.Namespace) -> int:
    scenario = _edition().scenario(args.scenario)
    if not 1 <= args.turn <= scenario.turns:
        raise UserError(f"--turn: {scenario.title} has turns 1 to {scenario.turns}")
    out = [_nation_id(scenario, n.strip(), "--out") for n in args.out.split(",") if n.strip()]
    slots = clerk.turn_order(scenario, args.turn, out)
    print(
        json.dumps(
            {
                "scenario": scenario.id,
                "turn": args.turn,
                "plays": [s.nation for s in slots if s.plays],
                "skipped": {s.nation: str(s.why) for s in slots if not s.plays},
                "scoring_turn": args.turn in scenario.scoring_turns,
            }
        )
    )
    return 0


@user_errors
def score(args: argparse.Namespace) -> int:
    from companion.tickets.italia import player_totals

    state = load_state(args.state)
    scenario = _edition().scenario(state.scenario)
    awards = [a for a in state.scores if args.turn is None or a.turn == args.turn]
    lines = [vars(a) for a in awards]
    totals = {n.id: sum(a.points for a in state.scores if a.nation == n.id) for n in scenario.nations}
    players = [
        {"colour": c, "nations": names, "points": p} for c, names, p in player_totals(state.scores, scenario)
    ]
    if args.receipt:
        from companion.tickets.italia import score_ticket

        write_receipt(args.receipt, score_ticket(state))
    print(json.dumps({"lines": lines, "nations": {k: v for k, v in totals.items() if v}, "players": players}))
    return 0


@user_errors
def data_check(args: argparse.Namespace) -> int:
    report = check_data(Path(args.dir) if args.dir else None)
    if args.json:
        print(json.dumps(report))
    else:
        for line in report["lines"]:
            print(line)
    return 0
