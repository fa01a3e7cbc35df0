"""A random player for property tests: it tries actions of every kind, with random areas and counts, over
the fixture edition (INVENTED values); refusals are part of the test (the state must not change)."""

from __future__ import annotations

import random

from companion.games.italy4345 import (
    Assault,
    Battle,
    Civic,
    Done,
    EndRound,
    Event,
    Game,
    IllegalActionError,
    Income,
    MovePawn,
    Op,
    Pass,
    Redistribute,
    Reveal,
    Score,
    Step,
    Stukas,
)
from companion.games.italy4345.actions import Action
from companion.games.italy4345.offensive import even_moves, garrison_moves
from companion.games.italy4345.ops import CIVIC, OPERATIONS, SPECIALS


def choices(game: Game, rng: random.Random) -> list[Action]:
    """Candidate decisions for this moment, most adventurous first, a safe one last."""
    state, step = game.state, game.state.step
    if step == "reveal":
        return [Reveal()]
    if step == "symbols":
        return _symbols(game, rng)
    if step == "choose":
        faction = game.active() or "ger"
        return [_op(game, faction, rng) for _ in range(6)] + [Event(), Pass()]
    if step == "offensive" and state.offensive is not None:
        return (
            [Assault(tuple(garrison_moves(state)))]
            if state.offensive.step == "A"
            else [Battle(), Battle(to="reserve"), EndRound()]
        )
    if step == "redistribute":
        liberated = [a for a, x in state.areas.items() if x.liberated]
        return [Redistribute(even_moves(state, game.edition), rng.choice(liberated))]
    if step == "civic":
        names = [n for n, (f, _) in CIVIC.items() if f == state.civic[0]]
        return [Civic(rng.choice(names), (Step(_area(game, rng)),)) for _ in range(3)] + [Done()]
    return [Score()] if step == "score" else [Income()]


def _symbols(game: Game, rng: random.Random) -> list[Action]:
    state = game.state
    if state.pending[0] == "pawn":
        board = game.edition.board
        near = board.neighbours[state.pawn] if board else ()
        return [MovePawn(a) for a in near if state.area(a).liberated] + [MovePawn(state.pawn)]
    return [Stukas(a) for a, x in state.areas.items() if x.aa][:1] + [Stukas()]


def _area(game: Game, rng: random.Random) -> str:
    return rng.choice(sorted(game.state.areas))


def _step(game: Game, rng: random.Random) -> Step:
    area = _area(game, rng)
    board = game.edition.board
    to = rng.choice(board.neighbours[area]) if board and board.neighbours[area] else area
    pick = tuple(
        rng.choice(["cln", "aut", "res", "base", "swap", "neutral"]) for _ in range(rng.randint(0, 2))
    )
    return Step(area, rng.randint(0, 2), to, pick)


def _op(game: Game, faction: str, rng: random.Random) -> Op:
    op = rng.choice([n for n, (f, _) in OPERATIONS.items() if f == faction])
    steps = tuple(_step(game, rng) for _ in range(rng.randint(1, 2)))
    pairs = [n for n, (f, _, ops, _) in SPECIALS.items() if f == faction and op in ops]
    if pairs and rng.random() < 0.5:
        return Op(
            op, steps, rng.choice(pairs), (_step(game, rng),), rng.randint(-1, 2), rng.choice(["ger", "rsi"])
        )
    return Op(op, steps)


def play_on(game: Game, rng: random.Random, decisions: int, check: object = None) -> None:
    """Up to `decisions` decisions (fewer if the game ends), each refused one leaving the state untouched."""
    for _ in range(decisions):
        if game.state.winner is not None:
            return
        for action in choices(game, rng):
            before = game.state
            try:
                game.play(action)
            except IllegalActionError:
                assert game.state is before
                continue
            if callable(check):
                check(game, before, action)
            break
        else:
            raise AssertionError(f"no candidate was legal at {game.state.step}")
