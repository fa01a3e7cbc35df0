"""`companion novara1849 ...` (spec 10.4): a new state file, the odds and a combat without a screen, a
charge's dice, the players' tables (template and check), and the points of a state file."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import partial


class _Commands:
    """companion.tables.novara1849.cli_commands, imported when a command runs (`companion run` builds the
    parser too, and its start need not load the rules engine)."""

    def __getattr__(self, name: str) -> Callable[[argparse.Namespace], int]:
        return partial(_run, name)


def _run(name: str, args: argparse.Namespace) -> int:
    from companion.tables.novara1849 import cli_commands

    return int(getattr(cli_commands, name)(args))


run = _Commands()

SCENARIO_NAMES = ("campaign", "sforzesca", "mortara", "novara", "ramorino")
TABLES_HELP = (
    "the folder holding your tables.toml, track.toml, oob.toml and rules.toml (default: the companion's own "
    "folder for them if it exists, else the shipped templates; a file the folder lacks comes from them)"
)


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    game = sub.add_parser("novara1849", help="Radetzky's March: The Road to Novara").add_subparsers(
        dest="action", required=True
    )
    new = game.add_parser("new", help="print a new game's state file")
    new.add_argument("--scenario", default="campaign", choices=SCENARIO_NAMES)
    new.add_argument("--seed", type=int, default=0, help="the seed of the cup and the dice")
    new.add_argument(
        "--sixth-division", action="store_true", help="the 6th Division variant (+1 Sardinian point)"
    )
    new.add_argument("--fog", choices=("dummies", "hidden"), help="one Fog of War option, if both agree")
    new.add_argument("--tables", metavar="DIR", help=TABLES_HELP)
    new.set_defaults(handler=run.new_state)

    for name, helped in (
        ("odds", "the sums, the exact ratio, the columns, every shift and die modifier (no table needed)"),
        ("combat", "the odds and the result on your Combat Result Table (exit 3 when its cell is empty)"),
    ):
        command = game.add_parser(name, help=helped)
        _combat_arguments(command)
        if name == "combat":
            command.add_argument("--roll", type=int, help="the die thrown (default: the companion throws)")
        command.set_defaults(handler=run.odds if name == "odds" else run.combat)

    charge = game.add_parser("charge", help="a cavalry charge's dice on each side, and its hits")
    charge.add_argument("--attack-steps", type=int, required=True, help="the charging cavalry's steps")
    charge.add_argument(
        "--defend", required=True, help="the defenders: inf,art:2,cav:2:shaken (kind[:steps][:shaken])"
    )
    charge.add_argument("--forced-march", action="store_true", help="the defenders force-marched this turn")
    charge.add_argument("--terrain", default="clear", help="the defenders' hex (charges: clear only)")
    charge.add_argument("--hexside", default="", help="a hexside crossed (no charge across a river...)")
    charge.add_argument("--roll", help="the dice thrown, attacker/defender: 5,2,6/4,6,5")
    charge.add_argument("--json", action="store_true")
    charge.set_defaults(handler=run.charge)

    tables = game.add_parser("tables", help="your printed tables as files").add_subparsers(
        dest="what", required=True
    )
    template = tables.add_parser("template", help="write the four templates to fill (never overwrites)")
    template.add_argument("dir", metavar="DIR")
    template.set_defaults(handler=run.tables_template)
    check = tables.add_parser("check", help="validate your tables and say what is missing")
    check.add_argument("dir", metavar="DIR", nargs="?", help=TABLES_HELP)
    check.set_defaults(handler=run.tables_check)

    place = game.add_parser(
        "placement", help="the hypothetical deployment's reveal, each box checked against your [placement]"
    )
    place.add_argument("boxes", nargs="+", metavar="BOX=CHIT,CHIT", help="a box and the counters in it")
    place.add_argument("--tables", metavar="DIR", help=TABLES_HELP)
    place.set_defaults(handler=run.placement)

    vp = game.add_parser("vp", help="a state file's victory points, row by row, and any sudden victory")
    vp.add_argument("state", metavar="STATE.json")
    vp.add_argument("--json", action="store_true")
    vp.set_defaults(handler=run.victory_points)


def _combat_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--attack",
        required=True,
        help="attacking units' factors: 4,3oos,2+1,2art (oos: out of supply; "
        "+N: elite bonus; art: artillery)",
    )
    command.add_argument("--defend", required=True, help="defending units' factors, as --attack")
    command.add_argument("--ring", help="the attackers' positions around the defender, 1-6: 1,4")
    command.add_argument("--terrain", help="the defending hex and its left shifts from your chart: woods:1")
    command.add_argument("--hexside", help="a hexside every attacker crosses, with its left shifts: river:1")
    command.add_argument("--fortified", action="store_true", help="the defending hex is fortified")
    command.add_argument(
        "--encircled", choices=("yes", "no"), help="the players' own answer (overrides --ring)"
    )
    command.add_argument("--bonus", help="further die modifiers, attacker/defender: +2/-1")
    command.add_argument("--forced-march", action="store_true", help="the defenders force-marched this turn")
    command.add_argument("--tables", metavar="DIR", help=TABLES_HELP)
    command.add_argument("--json", action="store_true")
