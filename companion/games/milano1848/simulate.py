"""Whole games played by a policy, fast: the difficulty simulation's engine side.

Each action is applied in place (the reducer's `apply`, no copy); the heuristic policy only ever
returns actions it has checked. A game is a pure function of its options (seed included).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .actions import Action
from .dealer import Dealer
from .edition import Edition
from .heuristic import heuristic_bot
from .reducer import apply
from .setup import Options, new_game
from .state import OVER, State

Policy = Callable[[State, random.Random], Action]
MAX_ACTIONS = 20_000  # a policy that never ends a game is a bug: stop it, loudly


@dataclass(frozen=True)
class Result:
    winner: str
    ended_by: str  # "zones" or "reserve"
    rounds: int


def play_out(edition: Edition, options: Options, policy: Policy = heuristic_bot) -> Result:
    """Play one game to its end with `policy` (its own choices seeded by the game's seed)."""
    state, _ = new_game(edition, options)
    rng = random.Random(f"policy/{options.seed}")
    for _ in range(MAX_ACTIONS):
        if state.step == OVER:
            assert state.winner is not None and state.ended_by is not None
            return Result(state.winner, state.ended_by, state.round)
        apply(state, policy(state, rng), Dealer(state))
    raise RuntimeError(f"game with seed {options.seed} did not end in {MAX_ACTIONS} actions")


@dataclass(frozen=True)
class Summary:
    games: int
    italy_wins: int
    rounds: float  # average
    lost_by: dict[str, int]  # how Austria won: "zones", "reserve"

    @property
    def win_rate(self) -> float:
        return self.italy_wins / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson's 95% confidence interval for the win rate."""
        n, p = self.games, self.win_rate
        if not n:
            return 0.0, 1.0
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)


def summarise(results: Iterable[Result]) -> Summary:
    games = wins = rounds = 0
    lost_by = {"zones": 0, "reserve": 0}
    for result in results:
        games += 1
        rounds += result.rounds
        if result.winner == "italy":
            wins += 1
        else:
            lost_by[result.ended_by] += 1
    return Summary(games, wins, rounds / games if games else 0.0, lost_by)
