"""The `companion italy4345 ...` commands. Every mistake ends as one line on stderr naming the file, the
field and the fault (exit 2), never a traceback."""

from __future__ import annotations

import argparse
import json
import os
import shutil
from pathlib import Path

from companion.assets import assets_dir
from companion.commands import MAX_STATE_BYTES, UserError, read_text, user_errors
from companion.games.italy4345 import RULES, Battle, EndRound, Forces, Redistribute, State, deck, fight
from companion.games.italy4345.edition import OPTIONAL, Edition, load
from companion.games.italy4345.errors import DataError, IllegalActionError, ValueNeeded
from companion.games.italy4345.game import Game
from companion.games.italy4345.model import NAMES, Options
from companion.games.italy4345.offensive import even_moves, garrison_moves, next_battle
from companion.games.italy4345.scoring import incomes, scores
from companion.games.records import load_json
from companion.paths import state_dir

MAX_DECK_BYTES = 64 << 10


def data_dir() -> Path:
    """The owner's edition files: `COMPANION_ITALY4345_DATA`, else `<state dir>/italy4345`."""
    override = os.environ.get("COMPANION_ITALY4345_DATA")
    return Path(override) if override else state_dir() / "italy4345"


def owner_edition() -> Edition:
    """rules.toml from the repository; each other file the owner's copy, else the shipped template."""
    shipped, owner = assets_dir() / "italy4345", data_dir()

    def path(name: str) -> Path:
        return owner / name if name != "rules.toml" and (owner / name).is_file() else shipped / name

    def read(name: str) -> str:
        return read_text(str(path(name)), MAX_STATE_BYTES)

    try:
        return load(read, lambda name: str(path(name)))
    except DataError as exc:
        raise UserError(str(exc)) from None


@user_errors
def data_init(args: argparse.Namespace) -> int:
    target = data_dir()
    try:
        target.mkdir(parents=True, exist_ok=True)
        for name in OPTIONAL:
            if args.force or not (target / name).exists():
                shutil.copyfile(assets_dir() / "italy4345" / name, target / name)
    except OSError as exc:
        raise UserError(f"{target}: cannot be written ({exc.strerror})") from None
    print(f'Templates in {target}: fill the "?" from your own copy of the game.')
    return 0


@user_errors
def data_check(args: argparse.Namespace) -> int:
    edition = owner_edition()
    for line in edition.missing or ("Every edition file is filled: level L2.",):
        print(line)
    return 0


@user_errors
def deck_build(args: argparse.Namespace) -> int:
    order = deck.build(args.seed, args.long)
    print(json.dumps(order) if args.json else "\n".join(order))
    return 0


@user_errors
def deck_check(args: argparse.Namespace) -> int:
    try:
        order = load_json(read_text(args.order, MAX_DECK_BYTES), args.order)
    except DataError as exc:
        raise UserError(str(exc)) from None
    if not isinstance(order, list) or not all(isinstance(c, str) for c in order):
        raise UserError(f"{args.order}: must be a list of card ids, top first")
    fault = deck.check(order, args.long)
    if fault is None:
        print(f"The deck is built as the text says ({len(order)} cards).")
        return 0
    print(f"Position {fault[0]}: {fault[1]}")
    return 1


@user_errors
def deck_odds(args: argparse.Namespace) -> int:
    size = deck.deck_size(args.long)
    if not 0 <= args.revealed <= size:
        raise UserError(f"--revealed: must be 0 to {size}")
    kinds = [False] * args.revealed
    for pile in deck.piles(args.long):
        if not pile.shuffled and pile.bottom <= args.revealed:
            kinds[pile.bottom - 1] = True
    for position in args.offensive_at:
        if not 1 <= position <= args.revealed or not deck.pile_of(position, args.long)[1].shuffled:
            raise UserError(f"--offensive-at {position}: must be a revealed position in a shuffled pile")
        kinds[position - 1] = True
    chance = deck.odds(kinds, args.long)
    print(f"{deck.forecast(kinds, args.long)} ({chance.numerator}/{chance.denominator})")
    return 0


@user_errors
def battle(args: argparse.Namespace) -> int:
    forces = Forces(args.aa, args.aut_troops, args.cln, args.aut_brigades, args.ger, args.rsi, args.terrain)
    try:
        result = fight(forces, args.aut_losses)
    except IllegalActionError as exc:
        raise UserError(str(exc)) from None
    loser = "Anglo-American side" if result.loser == "allied" else "Axis"
    print(f"Anglo-American side {result.allied_value}, Axis {result.axis_value}: the {loser} loses"
          + (" (a tie)" if result.tie else ""))  # fmt: skip
    print(f"Anglo-American side removes: {', '.join(result.allied_losses) or 'nothing'}")
    print(f"Axis removes: {', '.join(result.axis_losses) or 'nothing'}")
    return 0


def load_state(path: str, edition: Edition) -> State:
    try:
        return RULES.loads(read_text(path, MAX_STATE_BYTES), edition)
    except DataError as exc:
        raise UserError(f"{path}: {exc}") from None


def _asked(path: str, exc: ValueNeeded) -> UserError:
    return UserError(f"{path}: {exc.key}: not given ({exc.what}); fill it in your edition files")


@user_errors
def score(args: argparse.Namespace) -> int:
    edition = owner_edition()
    state = load_state(args.state, edition)
    k = max(1, state.offensive_number())
    try:
        found = scores(state, edition, k)
    except ValueNeeded as exc:
        raise _asked(args.state, exc) from None
    for faction, result in found.items():
        terms = " + ".join(f"{v} {t}" for t, v in result.terms)
        print(f"{NAMES[faction]} {result.total} = {terms}")
    return 0


@user_errors
def income(args: argparse.Namespace) -> int:
    edition = owner_edition()
    state = load_state(args.state, edition)
    try:
        amounts = incomes(state, edition)
    except ValueNeeded as exc:
        raise _asked(args.state, exc) from None
    for faction, amount in amounts.items():
        print(f"{NAMES[faction]} +{amount}" + (f" (Germany -{amount})" if faction == "rsi" else ""))
    return 0


@user_errors
def offensive(args: argparse.Namespace) -> int:
    """The offensive of a state file waiting at it, run over the owner's map to the score step."""
    edition = owner_edition()
    state = load_state(args.state, edition)
    if edition.board is None:
        raise UserError(
            "map.toml: not filled: the offensive can run on its own only over your map (level L2)"
        )
    if state.step != "offensive" or state.offensive is None:
        raise UserError(f"{args.state}: step: is {state.step!r}; the offensive runs from step 'offensive'")
    game = Game(edition, state.options)
    game.state = state
    try:
        run_offensive(game)
    except ValueNeeded as exc:
        raise _asked(args.state, exc) from None
    except IllegalActionError as exc:
        raise UserError(f"{args.state}: {exc}") from None
    if args.receipt:
        write_receipt(args.receipt, game)
    print(RULES.dumps(game.state))
    return 0


def run_offensive(game: Game) -> None:
    """Assault, battles and rounds as the map deals them; the proposed garrison and redistribution."""
    from companion.games.italy4345 import Assault

    while game.state.step == "offensive" and game.state.offensive is not None:
        if game.state.offensive.step == "A":
            game.play(Assault(tuple(garrison_moves(game.state))))
            continue
        area = next_battle(game.state, game.edition)
        if not area:
            game.play(EndRound())
            continue
        try:
            game.play(Battle(area))
        except IllegalActionError:  # nowhere to withdraw, and the run has nobody to ask
            game.play(Battle(area, "reserve"))
    game.play(Redistribute(even_moves(game.state, game.edition), game.state.pawn))


def write_receipt(path: str, game: Game) -> None:
    """The ticket of the offensive `game` played, as the ESC/POS bytes a 58 mm printer would get."""
    from companion.games.italy4345.report import offensive_report
    from companion.tickets.italy4345 import offensive_ticket
    from hardware.printer import escpos_bytes

    report = offensive_report(game.edition, game.steps(0))
    try:
        data = escpos_bytes(offensive_ticket(report, game.state, game.edition.rules.offensives))
    except ImportError:
        raise UserError("--receipt needs the printer extra: pip install 'table-companion[printer]'") from None
    try:
        Path(path).write_bytes(data)
    except OSError as exc:
        raise UserError(f"--receipt: {path} cannot be written ({exc.strerror})") from None


__all__ = ["Options"]
