"""Milano 1848 engine figures: Austrian turn latency, random games per second, record replay.

Run: .venv/bin/python benchmarks/engine.py   (or `make bench`)
Goals (docs/benchmarks.md): Austrian turn <= 200 us median, >= 500 random games/s on one core,
replay of a 300-action record <= 20 ms.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.assets import edition  # noqa: E402
from companion.games.milano1848.actions import AustrianTurn  # noqa: E402
from companion.games.milano1848.bots import greedy_bot  # noqa: E402
from companion.games.milano1848.dealer import Dealer  # noqa: E402
from companion.games.milano1848.edition import Edition  # noqa: E402
from companion.games.milano1848.game import Game, Record, replay  # noqa: E402
from companion.games.milano1848.legal import random_action  # noqa: E402
from companion.games.milano1848.reducer import apply, play  # noqa: E402
from companion.games.milano1848.setup import Options, new_game  # noqa: E402
from companion.games.milano1848.state import AUSTRIAN_TURN, OVER, State  # noqa: E402


def mid_game_state(edition: Edition) -> State:
    """The state before the third Austrian turn of a seeded random 4-player game that lasts that long."""
    for seed in range(1000):
        game = Game(edition, Options(players=4, seed=seed))
        rng = random.Random(seed)
        while game.state.step != OVER:
            if game.state.step == AUSTRIAN_TURN and game.state.round == 3:
                return game.state
            game.play(rng.choice(game.legal_actions()))
    raise RuntimeError("no random game reached round 3")


def austrian_turn_us(edition: Edition, repeats: int = 3000) -> tuple[float, float]:
    """Median microseconds of the checked Austrian turn (copy + rules), and p99."""
    state = mid_game_state(edition)
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        play(state, AustrianTurn())
        samples.append((time.perf_counter() - start) * 1e6)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.99)]


def random_game(edition: Edition, seed: int) -> int:
    """One full game of random legal decisions on the unchecked fast path; returns its decisions.

    Players 1-5 and basic/advanced take turns with the seed, so the figure covers every mode.
    """
    players = 1 + seed % 5
    state, _ = new_game(edition, Options(players=players, mode=("basic", "advanced")[seed % 2], seed=seed))
    rng = random.Random(seed)
    decisions = 0
    while state.step != OVER:
        apply(state, random_action(state, rng), Dealer(state))
        decisions += 1
    return decisions


def games_per_second(edition: Edition, windows: int = 5, seconds: float = 1.0) -> tuple[float, float]:
    """Median rate over several one-second windows (this machine is a shared VM), and decisions per game."""
    rates, games, decisions = [], 0, 0
    for _ in range(windows):
        start, window_games = time.perf_counter(), 0
        while time.perf_counter() - start < seconds:
            decisions += random_game(edition, games)
            games += 1
            window_games += 1
        rates.append(window_games / (time.perf_counter() - start))
    return statistics.median(rates), decisions / games


def record_of(edition: Edition, length: int) -> tuple[dict[str, object], list[Record]]:
    """The first `length` decisions of a greedy 5-player advanced game at wave 1 (it lasts long enough)."""
    for seed in range(10_000):
        game = Game(edition, Options(players=5, mode="advanced", seed=seed, wave=1))
        rng = random.Random(seed)
        while game.state.step != OVER and len(game.records) < length:
            game.play(greedy_bot(game.state, rng))
        if len(game.records) >= length:
            return game.header(), game.records
    raise RuntimeError(f"no game reached {length} decisions")


def replay_ms(edition: Edition, length: int = 300, repeats: int = 20) -> float:
    header, records = record_of(edition, length)
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        replay(edition, header, records)
        samples.append((time.perf_counter() - start) * 1e3)
    return statistics.median(samples)


def main() -> None:
    milano = edition("milano1848")
    median, p99 = austrian_turn_us(milano)
    print(
        f"austrian turn (checked, mid-game, 4 players): median {median:.0f} us, p99 {p99:.0f} us  "
        "[goal <= 200 us]"
    )
    rate, decisions = games_per_second(milano)
    print(
        f"random legal games, one core: {rate:.0f} games/s (median of 5 s), {decisions:.0f} decisions/game"
        "  [goal >= 500]"
    )
    print(f"replay of a 300-action record: median {replay_ms(milano):.1f} ms  [goal <= 20 ms]")


if __name__ == "__main__":
    main()
