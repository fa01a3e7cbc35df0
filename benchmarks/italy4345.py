"""Italy '43-'45: the next-card offensive odds and a whole offensive over a full map, on one core.

Run: .venv/bin/python benchmarks/italy4345.py   (or `make bench`)
Goals (issue 18): the next-card odds <= 1 ms; an offensive over a full fixture map <= 10 ms.
The map, cities, cards and set-up are the test fixtures (tests/games/italy4345/fixtures/): INVENTED
values, for the timing only (the rulebook prints none). Each figure is the median of many runs on a
state that is the same for every run (each offensive is undone before the next).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games.italy4345 import (  # noqa: E402
    Assault,
    Battle,
    EndRound,
    Game,
    IllegalActionError,
    Income,
    MovePawn,
    Options,
    Pass,
    Redistribute,
    Reveal,
    Score,
    Stukas,
    deck,
)
from companion.games.italy4345.edition import Edition, load  # noqa: E402
from companion.games.italy4345.offensive import even_moves, garrison_moves  # noqa: E402

FIXTURES = ROOT / "tests" / "games" / "italy4345" / "fixtures"


def fixture_edition() -> Edition:
    def read(name: str) -> str:
        folder = ROOT / "assets" / "italy4345" if name == "rules.toml" else FIXTURES
        return (folder / name).read_text()

    return load(read, str, allow_fixture=True)


def median_ms(run: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        run()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def at_an_offensive(edition: Edition, power: int) -> Game:
    """A companion-deck game played with passes up to its first offensive card of this power."""
    for seed in range(1000):
        game = Game(edition, Options(deck_mode="companion", seed=seed))
        while game.state.step != "offensive":
            if game.state.step == "reveal":
                game.play(Reveal())
            elif game.state.step == "symbols":
                pending = game.state.pending[0]
                game.play(MovePawn(game.state.pawn) if pending == "pawn" else Stukas(_any_aa(game)))
            else:
                game.play(Pass())
        if game.state.offensive is not None and game.state.offensive.power == power:
            return game
    raise SystemExit(f"no fixture deck opens with a power-{power} offensive")


def _any_aa(game: Game) -> str:
    return next((a for a, x in game.state.areas.items() if x.aa), "")


def offensive(game: Game) -> int:
    """Every step of the offensive over the map, then its score and incomes; returns the decisions."""
    plays = 0
    while game.state.step == "offensive":
        off = game.state.offensive
        assert off is not None
        if off.step == "A":
            game.play(Assault(tuple(garrison_moves(game.state))))
        else:
            try:
                game.play(Battle())
            except IllegalActionError as exc:
                confirmed = "(A-24)" in str(
                    exc
                )  # the Axis with nowhere to go: the table confirms the reserve
                game.play(Battle(to="reserve") if confirmed else EndRound())
        plays += 1
    game.play(Redistribute(even_moves(game.state, game.edition), game.state.pawn))
    game.play(Score())
    game.play(Income())
    return plays + 3


def offensive_and_back(game: Game) -> None:
    for _ in range(offensive(game)):
        game.undo()


def main() -> None:
    seen = [deck.is_offensive(c) for c in deck.build(3)[:38]]
    odds = median_ms(lambda: deck.forecast(seen), 5000)
    edition = fixture_edition()
    assert edition.board is not None
    game = at_an_offensive(edition, 3)
    in_game = median_ms(game.forecast, 5000)
    plays = offensive(game)
    for _ in range(plays):
        game.undo()
    whole = median_ms(lambda: offensive_and_back(game), 200)
    areas = len(edition.board.types)
    print(f"next-card odds and forecast, card 39 of 45:                {odds:.4f} ms  (goal <= 1 ms)")
    print(f"the game's forecast from the cards it has seen:            {in_game:.4f} ms  (goal <= 1 ms)")
    print(f"offensive of power 3 over the fixture map ({areas} areas): {whole:.2f} ms  (goal <= 10 ms)")
    print(
        f"  ({plays} decisions: assault, battles, rounds, redistribution, score, incomes, with their undos)"
    )


if __name__ == "__main__":
    main()
