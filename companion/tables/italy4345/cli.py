"""`companion italy4345 ...`: the owner's data files, the deck, a battle, scores, incomes, the offensive."""

from __future__ import annotations

import argparse

from companion.tables.italy4345 import commands


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    game = sub.add_parser("italy4345", help="Italy '43-'45: La Resa Dei Conti").add_subparsers(
        dest="action", required=True
    )
    _data(game)
    _deck(game)
    fight = game.add_parser("battle", help="one offensive battle from counts (6.2.1 B, C)")
    fight.add_argument("--terrain", required=True, choices=("city", "countryside", "mountain"))
    for name in ("aa", "aut-troops", "cln", "aut-brigades", "ger", "rsi"):
        fight.add_argument(f"--{name}", type=int, default=0, metavar="N")
    fight.add_argument("--aut-losses", default="troop", choices=("troop", "brigade"), help="reading A-25")
    fight.set_defaults(handler=commands.battle)
    for name, handler, text in (
        ("score", commands.score, "each faction's score, every term shown (6.2.2)"),
        ("income", commands.income, "each faction's income, every term shown (6.2.3)"),
    ):
        parser = game.add_parser(name, help=text)
        parser.add_argument("state", metavar="STATE.json")
        parser.set_defaults(handler=handler)
    offensive = game.add_parser("offensive", help="run the offensive of a state file over the owner's map")
    offensive.add_argument("state", metavar="STATE.json")
    offensive.add_argument("--receipt", metavar="FILE", help="also write the ticket as ESC/POS bytes")
    offensive.set_defaults(handler=commands.offensive)


def _data(game: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    data = game.add_parser("data", help="the owner's edition files").add_subparsers(
        dest="data", required=True
    )
    init = data.add_parser("init", help="copy the templates to the owner's data folder")
    init.add_argument("--force", action="store_true", help="overwrite files already there")
    init.set_defaults(handler=commands.data_init)
    check = data.add_parser(
        "check", help="what the owner's files give, what is missing and what it turns off"
    )
    check.set_defaults(handler=commands.data_check)


def _deck(game: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    deck = game.add_parser("deck", help="the event deck (3, 9.3)").add_subparsers(dest="deck", required=True)
    build = deck.add_parser("build", help="a companion-deck order (never shown at the table)")
    build.add_argument("--seed", type=int, required=True)
    build.add_argument("--long", action="store_true", help="the longer deck of 9.3")
    build.add_argument("--json", action="store_true", help="print the order as JSON")
    build.set_defaults(handler=commands.deck_build)
    check = deck.add_parser(
        "check", help="check an order (card ids, top first); name the first wrong position"
    )
    check.add_argument("order", metavar="ORDER.json")
    check.add_argument("--long", action="store_true")
    check.set_defaults(handler=commands.deck_check)
    odds = deck.add_parser("odds", help="the chance that the next card is an offensive card")
    odds.add_argument("--revealed", type=int, required=True, metavar="N", help="cards revealed so far")
    odds.add_argument(
        "--offensive-at", type=int, action="append", default=[], metavar="P",
        help="a position where a shuffled pile's offensive card came out (repeat for each)",
    )  # fmt: skip
    odds.add_argument("--long", action="store_true")
    odds.set_defaults(handler=commands.deck_odds)
