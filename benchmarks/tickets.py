"""Austrian-turn ticket lengths on 58 mm paper over seeded demo games (goal: a typical turn <= 100 mm).

Run: .venv/bin/python benchmarks/tickets.py
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.assets import edition  # noqa: E402
from companion.tables.milano1848.layout import zone_layout  # noqa: E402
from companion.games.milano1848.actions import AustrianTurn  # noqa: E402
from companion.games.milano1848.bots import greedy_bot  # noqa: E402
from companion.games.milano1848.game import Game  # noqa: E402
from companion.games.milano1848.setup import Options  # noqa: E402
from companion.games.milano1848.state import OVER  # noqa: E402
from companion.tickets.milano1848 import austrian_turn_ticket  # noqa: E402
from hardware.ticket_image import DPI, render  # noqa: E402


def ticket_lengths_mm(games: int = 40) -> list[float]:
    lengths = []
    for seed in range(games):
        game = Game(edition("milano1848"), Options(players=3 + seed % 3, mode=("basic", "advanced")[seed % 2], seed=seed))
        rng = random.Random(seed)
        while game.state.step != OVER:
            action = greedy_bot(game.state, rng)
            before = game.state
            events = game.play(action)
            if isinstance(action, AustrianTurn):
                ticket = austrian_turn_ticket(before, game.state, events, zone_layout())
                lengths.append(render(ticket, 384).height / DPI * 25.4)
    return sorted(lengths)


def main() -> None:
    lengths = ticket_lengths_mm()
    print(f"{len(lengths)} Austrian-turn tickets from 40 greedy demo games (3-5 players, basic and advanced):")
    print(f"  median {statistics.median(lengths):.0f} mm, p90 {lengths[int(len(lengths) * 0.9)]:.0f} mm, "
          f"longest {lengths[-1]:.0f} mm of 58 mm paper  [goal: a typical turn <= 100 mm]")


if __name__ == "__main__":
    main()
