"""Road to Novara combat latency: the preview before the roll and a whole resolution, on one core.

Run: .venv/bin/python benchmarks/novara1849.py   (or `make bench`)
Goal (issue 17): a combat preview and resolution <= 1 ms.
The counters' values below are invented for the timing (the rulebook prints none); each figure is the
median of 2,000 runs, on a state that is the same for every run.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.novara1849 import (  # noqa: E402
    Activate,
    ApplyLosses,
    Counter,
    Draw,
    Edition,
    Fight,
    Game,
    Options,
    Pass,
    Select,
    TurnFacts,
)
from companion.games.novara1849.combat import Combat, DefendingHex, Fighter, preview  # noqa: E402
from companion.games.novara1849.edition import Formation  # noqa: E402
from companion.games.novara1849.ladder import Ladder  # noqa: E402
from companion.games.novara1849.readings import Readings  # noqa: E402

RUNS = 2000
UNITS = (  # invented values, for the timing only
    Counter("4 Piemonte", "sardinia", 3, "S-4", "infantry", 1),
    Counter("13 Pinerolo", "sardinia", 3, "S-4", "infantry", 1),
    Counter("Bers", "sardinia", 3, "S-4", "light-infantry", 1, 1),
    Counter("S-btr", "sardinia", 2, "S-4", "artillery", 1, 1),
    Counter("IR 7", "austria", 4, "A-I", "infantry", 2),
    Counter("KJ 4", "austria", 3, "A-I", "light-infantry", 1, 1),
)
FIGHT = Fight(
    (("4 Piemonte", 1), ("13 Pinerolo", 4), ("Bers", 4), ("S-btr", 4)),
    (("IR 7", 0), ("KJ 4", 0)),
    (("woods", 1, False),),
)


def median_ms(run: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        run()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def activated() -> Game:
    formations = {"S-4": Formation("S-4", "sardinia"), "A-I": Formation("A-I", "austria")}
    game = Game(Edition(formations=formations), Options(seed=1, units=UNITS))
    game.play(TurnFacts(False, 1, 1))
    game.play(Select("sardinia", ("S-4",)))
    game.play(Select("austria", ()))
    while True:
        game.play(Draw())
        if game.state.current == "S-4":
            game.play(Activate())
            return game
        game.play(Pass())


def resolution(game: Game) -> None:
    """Preview, roll (the table's 1: 1:1, modified 2, A1 from the rulebook's example), the result, the
    loss applied; then back, for the next run."""
    game.preview(FIGHT)
    game.play(FIGHT, [1])
    game.play(ApplyLosses("sardinia", allocation=(("4 Piemonte", 1),)))
    assert game.state.pending is None and game.state.units["4 Piemonte"].steps == 1
    plays = 2
    for _ in range(plays):
        game.undo()


def main() -> None:
    fighters = tuple(Fighter(f"a{i}", 3, elite=i % 2, hex=1 + i % 6) for i in range(6))
    combat = Combat(fighters, (Fighter("d", 4, elite=1), Fighter("e", 3)), (DefendingHex("woods", 1),))
    ladder, readings = Ladder.of(), Readings()
    alone = median_ms(lambda: preview(combat, ladder, readings))
    game = activated()
    in_game = median_ms(lambda: game.preview(FIGHT))
    whole = median_ms(lambda: resolution(game))
    print(f"combat preview, 6 attackers on the ring, 2 defenders: {alone:.3f} ms")
    print(f"the game's preview (units from the state):           {in_game:.3f} ms")
    print(f"preview + roll + result + loss (+ 2 undos):          {whole:.3f} ms")
    print("goal: <= 1 ms")


if __name__ == "__main__":
    main()
