"""The `companion` command: argument parsing only, then hand-off to companion.commands."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from companion import __version__, app_command, appliance_command, cards_command, commands, dice_command
from companion import odds_command, play_command, simulate_command


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Table Companion for physical board games.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="start the companion: the touchscreen app in desk mode")
    _game_options(run, players=4, seed=1)
    run.add_argument("--desk", action="store_true", default=True, help="simulate every device on screen (the default)")
    run.add_argument("--headless", action="store_true", help="draw off screen (tests, CI)")
    run.add_argument("--autoplay", action="store_true", help="a simple bot plays through the app's buttons")
    run.add_argument("--rounds", type=int, default=5, help="with --autoplay: stop after this many rounds")
    run.add_argument("--size", help="window size, WIDTHxHEIGHT (800x480, 1024x600, 1280x720) or full "
                     "(default: the config's screen.size)")
    run.add_argument("--resume", action="store_true", help="with --autoplay: go on with the game in progress")
    run.add_argument("--trace-journal", action="store_true", help=argparse.SUPPRESS)  # the crash test's witness
    run.add_argument("--ticket-dir", metavar="DIR", help="keep every printed ticket as a PNG here")
    run.add_argument("--terminal", action="store_true", help="the text demo instead: a bot plays, turns are printed")
    run.add_argument("--record", metavar="FILE", help="with --terminal: also write the game record (JSON Lines)")
    run.set_defaults(handler=app_command.run)

    replay = sub.add_parser("replay", help="replay a game record and print the final state file")
    replay.add_argument("record", metavar="RECORD.jsonl")
    replay.set_defaults(handler=commands.replay_record)

    dice = sub.add_parser("dice", help="dice for any game").add_subparsers(dest="action", required=True)
    roll = dice.add_parser("roll", help="roll dice, e.g. 2d6 or d10 (a d10's 0 counts as 10)")
    roll.add_argument("dice", metavar="DICE", help="NdS: 2d6, d10, 3d6")
    roll.add_argument("--seed", type=int, help="repeat a roll exactly (default: a fresh seed, printed)")
    roll.add_argument("--show", action="store_true", help="also show the roll on the die box")
    roll.add_argument("--on-button", action="store_true", help="wait for the die box's button, then roll")
    roll.add_argument("--port", help="the die's serial port (default: find it by USB id)")
    roll.add_argument("--json", action="store_true", help="print the roll as JSON")
    roll.set_defaults(handler=dice_command.roll_dice)

    cards = sub.add_parser("cards", help="card stickers and the card scanner").add_subparsers(dest="action", required=True)
    identify = cards.add_parser("identify", help="print the cards seen in images, one JSON object per image")
    identify.add_argument("images", nargs="+", metavar="IMAGE")
    identify.set_defaults(handler=cards_command.identify)
    sheet = cards.add_parser("sheet", help="sticker sheets (A4 PDF or PNG), or stickers on the thermal printer")
    sheet.add_argument("--game", default="milano1848")
    sheet.add_argument("--out", metavar="FILE.pdf|FILE.png")
    sheet.add_argument("--size-mm", type=float, default=20.0, help="marker size (default 20 mm)")
    sheet.add_argument("--printer", metavar="SPEC", help="usb:VID:PID, serial:DEV, network:HOST, file:DEV or dummy")
    sheet.set_defaults(handler=cards_command.sheet)

    _appliance_commands(sub)
    milano = sub.add_parser("milano1848", help="Radetzky: Milano 1848").add_subparsers(dest="action", required=True)
    new = milano.add_parser("new", help="print a freshly set-up state file")
    _game_options(new, players=4, seed=0)
    new.set_defaults(handler=commands.new_state)

    played = milano.add_parser("play", help="apply actions (JSON objects, docs/formats.md) to a state file; "
                               "print the resulting state file")
    played.add_argument("state", metavar="STATE.json")
    played.add_argument("actions", nargs="+", metavar="ACTION", help='e.g. \'{"type": "place", "zone": 4}\'')
    played.set_defaults(handler=play_command.play_actions)

    turn = milano.add_parser("austrian-turn", help="resolve 2.A-2.D and Phase 3; print the resulting state file")
    turn.add_argument("state", metavar="STATE.json")
    turn.add_argument("--draw", type=int, metavar="N", help="the Zone card drawn in 2.D.3 (when zone_deck is null)")
    turn.add_argument("--receipt", metavar="FILE", help="also write the ticket as ESC/POS bytes for a 58 mm printer")
    turn.set_defaults(handler=commands.austrian_turn)

    fight = milano.add_parser("odds", help="exact fight odds and the stop advice, as JSON")
    fight.add_argument("--fight", required=True, choices=("radetzky", "soldiers", "rifle"))
    fight.add_argument("--hand", required=True, help="the fighting Patriots' icons: swords,swords,map,cannonball")
    fight.add_argument("--deck", help="the Austria draw pile: swords=11,map=11,cannonball=11 (the default)")
    fight.add_argument("--discard", help="its discard pile, shuffled in when the pile runs out (default empty)")
    fight.add_argument("--soldiers", type=int, default=1, help="Soldiers in the zone (soldiers, rifle)")
    fight.add_argument("--lens", type=int, default=0, help="Soldiers already in the Lens: advice to continue or stop")
    fight.add_argument("--reveal", type=int, choices=(2, 3), default=2, help="cards the Rifle reveals (rifle)")
    fight.add_argument("--revealed", metavar="ICONS", help="the Austria card(s) showing now: advice on the answer")
    fight.set_defaults(handler=odds_command.fight_odds)

    threat = milano.add_parser("forecast", help="what the coming Austrian turn will do, for a state file (JSON)")
    threat.add_argument("state", metavar="STATE.json")
    threat.set_defaults(handler=commands.forecast_turn)

    simulate = milano.add_parser("simulate", help="many games played by a simple heuristic policy, on every core")
    simulate.add_argument("--games", type=int, default=1000)
    simulate.add_argument("--players", type=int, default=4, choices=range(1, 6), metavar="1-5")
    simulate.add_argument("--mode", default="basic", choices=("basic", "advanced"))
    simulate.add_argument("--wave", type=int, metavar="N", help="Soldiers per wave (default: the rules' own)")
    simulate.add_argument("--seed", type=int, default=1, help="the same seed plays the same games")
    simulate.add_argument("--workers", type=int, help="processes (default: every core)")
    simulate.add_argument("--json", action="store_true", help="print the figures as JSON")
    simulate.add_argument("--engine", default="auto", choices=("auto", "compiled", "python"),
                          help="compiled: the engine compiled by mypyc (built by make native); "
                               "auto (the default): compiled when it is built from this source, else python")
    simulate.set_defaults(handler=simulate_command.simulate)
    return parser


def _appliance_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    games = sub.add_parser("games", help="the saved games in the journal").add_subparsers(dest="action", required=True)
    games.add_parser("list", help="every saved game, the latest first").set_defaults(handler=appliance_command.list_games)
    show = games.add_parser("show", help="where a saved game stands")
    show.add_argument("id", type=int)
    show.add_argument("--state", action="store_true", help="print its state file instead")
    show.set_defaults(handler=appliance_command.show_game)
    export = games.add_parser("export", help="a saved game as its JSON Lines record")
    export.add_argument("id", type=int)
    export.add_argument("--out", metavar="FILE", help="write it here (default: stdout)")
    export.set_defaults(handler=appliance_command.export_game)
    imported = games.add_parser("import", help="a JSON Lines record as a new saved game (checked by replaying it)")
    imported.add_argument("record", metavar="RECORD.jsonl")
    imported.set_defaults(handler=appliance_command.import_game)
    delete = games.add_parser("delete", help="delete a saved game")
    delete.add_argument("id", type=int)
    delete.set_defaults(handler=appliance_command.delete_game)

    doctor = sub.add_parser("doctor", help="check every configured device and say how to fix what fails")
    doctor.add_argument("--buttons", type=float, nargs="?", const=10.0, default=0.0, metavar="SECONDS",
                        help="also ask for each table button in turn (default 10 s each)")
    doctor.add_argument("--headless", action="store_true", help="skip the display check (a machine without a screen)")
    doctor.set_defaults(handler=appliance_command.doctor)

    config = sub.add_parser("config", help="the config file").add_subparsers(dest="action", required=True)
    config.add_parser("check", help="check the config file; one line names any mistake").set_defaults(
        handler=appliance_command.check_config)
    config.add_parser("show", help="the config in force, defaults filled in").set_defaults(
        handler=appliance_command.show_config)


def _game_options(parser: argparse.ArgumentParser, players: int, seed: int) -> None:
    parser.add_argument("--players", type=int, default=players, choices=range(1, 6), metavar="1-5")
    parser.add_argument("--mode", default="basic", choices=("basic", "advanced"))
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--wave", type=int, metavar="N", help="soldiers per wave in 2.D (difficulty)")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except ModuleNotFoundError as exc:  # an extra the command needs is not installed
        print(f"companion: this needs the Python package {exc.name!r}, which is not installed; "
              "pip install 'table-companion[devices,app]' installs every device's", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130  # Ctrl-C: stop quietly, as a shell command should
    except BrokenPipeError:  # `companion run | head`: the reader left; so do we, without a flush error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
