"""`companion milano1848 ...`: a state file, the Austrian turn, the odds, the forecast, the simulation."""

from __future__ import annotations

import argparse

from companion.tables.milano1848 import commands, odds_command, play_command, simulate_command


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from companion.cli import game_options

    milano = sub.add_parser("milano1848", help="Radetzky: Milano 1848").add_subparsers(
        dest="action", required=True
    )
    new = milano.add_parser("new", help="print a freshly set-up state file")
    game_options(new, players=4, seed=0)
    new.set_defaults(handler=commands.new_state)

    played = milano.add_parser(
        "play",
        help="apply actions (JSON objects, docs/formats.md) to a state file; print the resulting state file",
    )
    played.add_argument("state", metavar="STATE.json")
    played.add_argument("actions", nargs="+", metavar="ACTION", help='e.g. \'{"type": "place", "zone": 4}\'')
    played.set_defaults(handler=play_command.play_actions)

    turn = milano.add_parser(
        "austrian-turn", help="resolve 2.A-2.D and Phase 3; print the resulting state file"
    )
    turn.add_argument("state", metavar="STATE.json")
    turn.add_argument(
        "--draw", type=int, metavar="N", help="the Zone card drawn in 2.D.3 (when zone_deck is null)"
    )
    turn.add_argument(
        "--receipt", metavar="FILE", help="also write the ticket as ESC/POS bytes for a 58 mm printer"
    )
    turn.set_defaults(handler=commands.austrian_turn)

    fight = milano.add_parser("odds", help="exact fight odds and the stop advice, as JSON")
    fight.add_argument("--fight", required=True, choices=("radetzky", "soldiers", "rifle"))
    fight.add_argument(
        "--hand", required=True, help="the fighting Patriots' icons: swords,swords,map,cannonball"
    )
    fight.add_argument("--deck", help="the Austria draw pile: swords=11,map=11,cannonball=11 (the default)")
    fight.add_argument(
        "--discard", help="its discard pile, shuffled in when the pile runs out (default empty)"
    )
    fight.add_argument("--soldiers", type=int, default=1, help="Soldiers in the zone (soldiers, rifle)")
    fight.add_argument(
        "--lens", type=int, default=0, help="Soldiers already in the Lens: advice to continue or stop"
    )
    fight.add_argument(
        "--reveal", type=int, choices=(2, 3), default=2, help="cards the Rifle reveals (rifle)"
    )
    fight.add_argument(
        "--revealed", metavar="ICONS", help="the Austria card(s) showing now: advice on the answer"
    )
    fight.set_defaults(handler=odds_command.fight_odds)

    threat = milano.add_parser(
        "forecast", help="what the coming Austrian turn will do, for a state file (JSON)"
    )
    threat.add_argument("state", metavar="STATE.json")
    threat.set_defaults(handler=commands.forecast_turn)

    simulate = milano.add_parser(
        "simulate", help="many games played by a simple heuristic policy, on every core"
    )
    simulate.add_argument("--games", type=int, default=1000)
    simulate.add_argument("--players", type=int, default=4, choices=range(1, 6), metavar="1-5")
    simulate.add_argument("--mode", default="basic", choices=("basic", "advanced"))
    simulate.add_argument("--wave", type=int, metavar="N", help="Soldiers per wave (default: the rules' own)")
    simulate.add_argument("--seed", type=int, default=1, help="the same seed plays the same games")
    simulate.add_argument("--workers", type=int, help="processes (default: every core)")
    simulate.add_argument("--json", action="store_true", help="print the figures as JSON")
    simulate.add_argument(
        "--engine",
        default="auto",
        choices=("auto", "compiled", "python"),
        help="compiled: the engine compiled by mypyc (built by make native); "
        "auto (the default): compiled when it is built from this source, else python",
    )
    simulate.set_defaults(handler=simulate_command.simulate)
