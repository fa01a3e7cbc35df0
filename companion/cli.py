"""The `companion` command: argument parsing only, then hand-off to companion.commands."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from companion import __version__, app_command, appliance_command, cards_command, commands, dice_command
from companion.tables import find_table, table_ids


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="Table Companion for physical board games."
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="start the companion: the touchscreen app in desk mode")
    run.add_argument(
        "--game", choices=table_ids(), help="the game to set up on the start screen (default: the first)"
    )
    game_options(run, players=4, seed=None)
    run.add_argument(
        "--desk", action="store_true", default=True, help="simulate every device on screen (the default)"
    )
    run.add_argument("--headless", action="store_true", help="draw off screen (tests, CI)")
    run.add_argument("--autoplay", action="store_true", help="a simple bot plays through the app's buttons")
    run.add_argument("--rounds", type=int, default=5, help="with --autoplay: stop after this many rounds")
    run.add_argument(
        "--size",
        help="window size, WIDTHxHEIGHT (800x480, 1024x600, 1280x720) or full "
        "(default: the config's screen.size)",
    )
    run.add_argument("--resume", action="store_true", help="with --autoplay: go on with the game in progress")
    run.add_argument(
        "--trace-journal", action="store_true", help=argparse.SUPPRESS
    )  # the crash test's witness
    run.add_argument("--ticket-dir", metavar="DIR", help="keep every printed ticket as a PNG here")
    run.add_argument(
        "--terminal", action="store_true", help="the text demo instead: a bot plays, turns are printed"
    )
    run.add_argument(
        "--record", metavar="FILE", help="with --terminal: also write the game record (JSON Lines)"
    )
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

    cards = sub.add_parser("cards", help="card stickers and the card scanner").add_subparsers(
        dest="action", required=True
    )
    identify = cards.add_parser("identify", help="print the cards seen in images, one JSON object per image")
    identify.add_argument("images", nargs="+", metavar="IMAGE")
    identify.add_argument("--game", help="read only this game's cards (others' markers are unknown)")
    identify.set_defaults(handler=cards_command.identify)
    sheet = cards.add_parser(
        "sheet", help="sticker sheets (A4 PDF or PNG), or stickers on the thermal printer"
    )
    sheet.add_argument("--game", default=table_ids()[0], help="the game whose cards get stickers")
    sheet.add_argument("--out", metavar="FILE.pdf|FILE.png")
    sheet.add_argument("--size-mm", type=float, default=20.0, help="marker size (default 20 mm)")
    sheet.add_argument(
        "--printer", metavar="SPEC", help="usb:VID:PID, serial:DEV, network:HOST, file:DEV or dummy"
    )
    sheet.set_defaults(handler=cards_command.sheet)

    _appliance_commands(sub)
    for game in table_ids():  # each game's own commands: `companion <game> ...`
        find_table(game).add_commands(sub)
    return parser


def _appliance_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    games = sub.add_parser("games", help="the saved games in the journal").add_subparsers(
        dest="action", required=True
    )
    games.add_parser("list", help="every saved game, the latest first").set_defaults(
        handler=appliance_command.list_games
    )
    show = games.add_parser("show", help="where a saved game stands")
    show.add_argument("id", type=int)
    show.add_argument("--state", action="store_true", help="print its state file instead")
    show.set_defaults(handler=appliance_command.show_game)
    export = games.add_parser("export", help="a saved game as its JSON Lines record")
    export.add_argument("id", type=int)
    export.add_argument("--out", metavar="FILE", help="write it here (default: stdout)")
    export.set_defaults(handler=appliance_command.export_game)
    imported = games.add_parser(
        "import", help="a JSON Lines record as a new saved game (checked by replaying it)"
    )
    imported.add_argument("record", metavar="RECORD.jsonl")
    imported.set_defaults(handler=appliance_command.import_game)
    delete = games.add_parser("delete", help="delete a saved game")
    delete.add_argument("id", type=int)
    delete.set_defaults(handler=appliance_command.delete_game)

    doctor = sub.add_parser("doctor", help="check every configured device and say how to fix what fails")
    doctor.add_argument(
        "--buttons",
        type=float,
        nargs="?",
        const=10.0,
        default=0.0,
        metavar="SECONDS",
        help="also ask for each table button in turn (default 10 s each)",
    )
    doctor.add_argument(
        "--headless", action="store_true", help="skip the display check (a machine without a screen)"
    )
    doctor.set_defaults(handler=appliance_command.doctor)

    config = sub.add_parser("config", help="the config file").add_subparsers(dest="action", required=True)
    config.add_parser("check", help="check the config file; one line names any mistake").set_defaults(
        handler=appliance_command.check_config
    )
    config.add_parser("show", help="the config in force, defaults filled in").set_defaults(
        handler=appliance_command.show_config
    )


def game_options(parser: argparse.ArgumentParser, players: int, seed: int | None) -> None:
    parser.add_argument("--players", type=int, default=players, choices=range(1, 6), metavar="1-5")
    parser.add_argument("--mode", default="basic", choices=("basic", "advanced"))
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--wave", type=int, metavar="N", help="soldiers per wave in 2.D (difficulty)")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except ModuleNotFoundError as exc:  # an extra the command needs is not installed
        print(
            f"companion: this needs the Python package {exc.name!r}, which is not installed; "
            "pip install 'table-companion[devices,app]' installs every device's",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        return 130  # Ctrl-C: stop quietly, as a shell command should
    except BrokenPipeError:  # `companion run | head`: the reader left; so do we, without a flush error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
