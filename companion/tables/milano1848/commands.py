"""Milano 1848's own `companion milano1848 ...` commands. Every user mistake ends as one line on stderr."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from companion.assets import edition
from companion.commands import MAX_STATE_BYTES, UserError, read_text, user_errors
from companion.games.milano1848 import stateio
from companion.games.milano1848.actions import AustrianTurn, ChoosePatriot, EndTurn
from companion.games.milano1848.bots import greedy_bot
from companion.games.milano1848.errors import DataError, IllegalActionError
from companion.games.milano1848.events import Event
from companion.games.milano1848.game import Game
from companion.games.milano1848.records import dump_record
from companion.games.milano1848.reducer import play
from companion.games.milano1848.report import describe_austrian_turn
from companion.games.milano1848.setup import Options
from companion.games.milano1848.state import ACT, AUSTRIAN_TURN, CHOOSE_PATRIOT, OVER, State


def _options(args: argparse.Namespace) -> Options:
    options = Options(players=args.players, mode=args.mode, seed=args.seed, wave=args.wave)
    try:
        options.validate()
    except DataError as exc:
        raise UserError(f"--{exc.field.removeprefix('options.')} {exc.problem}") from None
    return options


@user_errors
def new_state(args: argparse.Namespace) -> int:
    game = Game(edition("milano1848"), _options(args))
    print(stateio.dumps(game.state))
    return 0


def load_state(path: str) -> State:
    """The state file the user named; UserError names the file, the field and the fault."""
    try:
        return stateio.loads(read_text(path, MAX_STATE_BYTES), edition("milano1848"))
    except DataError as exc:
        raise UserError(f"{path}: {exc}") from None


@user_errors
def austrian_turn(args: argparse.Namespace) -> int:
    state = load_state(args.state)
    after, events = resolve_austrian_turn(state, args.draw, args.state)
    if args.receipt:
        write_receipt(args.receipt, state, after, events)
    print(stateio.dumps(after))
    return 0


def write_receipt(path: str, before: State, after: State, events: list[Event]) -> None:
    """The Austrian-turn ticket as the ESC/POS bytes a 58 mm printer would get."""
    from companion.commands import write_receipt as write_bytes
    from companion.tables.milano1848.layout import zone_layout
    from companion.tickets.milano1848 import austrian_turn_ticket

    write_bytes(path, austrian_turn_ticket(before, after, events, zone_layout()))


def resolve_austrian_turn(state: State, draw: int | None, source: str) -> tuple[State, list[Event]]:
    """Run Phase 2 and 3 on a state whose Phase 1 the table has finished."""
    if state.step not in (ACT, CHOOSE_PATRIOT, AUSTRIAN_TURN):
        reason = "the game is over" if state.step == OVER else f"the game is waiting at step {state.step!r}"
        raise UserError(f"{source}: step: the Austrian turn cannot run now: {reason}")
    if not state.zone_deck_known and draw is None and state.zone_deck:
        raise UserError(f"{source}: zone_deck: is null, so name the Zone card drawn in 2.D.3 with --draw N")
    ready = finish_phase_1(state)
    try:
        after, events, _drawn = play(ready, AustrianTurn(), [("zone", draw)] if draw is not None else ())
    except IllegalActionError as exc:
        raise UserError(f"--draw: {exc}") from None
    return after, events


def finish_phase_1(state: State) -> State:
    """The table has finished Phase 1: each Patriot still to play ends its turn (in solitaire that
    refills the hand and clears the revealed cards, rule 2.b and 3.b)."""
    while state.step in (ACT, CHOOSE_PATRIOT):
        action = EndTurn() if state.step == ACT else ChoosePatriot(state.done.index(False))
        state = play(state, action)[0]
    return state


@user_errors
def forecast_turn(args: argparse.Namespace) -> int:
    """What the coming Austrian turn will do; the Zone deck's order is never used."""
    import json

    from companion.games.milano1848.forecast import forecast

    state = load_state(args.state)
    if state.step == OVER:
        raise UserError(f"{args.state}: step: the game is over; there is no Austrian turn to come")
    ahead = forecast(state)
    print(
        json.dumps(
            {
                "poured": ahead.poured,
                "falls": [vars(t) for t in ahead.falls],
                "winner": ahead.winner,
                "ended_by": ahead.ended_by,
                "radetzky": {z: round(p, 6) for z, p in sorted(ahead.radetzky.items())},
                "arrivals": {z: round(n, 6) for z, n in sorted(ahead.arrivals.items())},
                "summary": ahead.summary(),
            }
        )
    )
    return 0


@user_errors
def run_demo(args: argparse.Namespace) -> int:
    """Until the touchscreen app lands: a greedy bot plays a seeded game and each Austrian turn is shown."""
    game = Game(edition("milano1848"), _options(args))
    rng = random.Random(args.seed)
    names = ", ".join(p.name for p in game.state.patriots)
    print(f"Milano 1848, {args.mode} game, {args.players} player(s), seed {args.seed}: {names}")
    while game.state.step != OVER:
        action = greedy_bot(game.state, rng)
        round_before = game.state.round
        events = game.play(action)
        if isinstance(action, AustrianTurn):
            print(f"\nRound {round_before}: Austrian turn")
            print("\n".join("  " + line for line in describe_austrian_turn(events, game.state)))
    print(
        f"\n{game.state.winner.capitalize() if game.state.winner else 'Nobody'} wins after "
        f"{game.state.round} round(s)."
    )
    if args.record:
        try:
            Path(args.record).write_text(dump_record(game), encoding="utf-8")
        except OSError as exc:
            raise UserError(f"{args.record}: cannot be written ({exc.strerror})") from None
    return 0
