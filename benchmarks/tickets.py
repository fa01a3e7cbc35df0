"""Austrian-turn ticket lengths on 58 mm paper, measured on the ESC/POS bytes the printer gets
(`hardware/paper.py` reads them: text lines at the pitch the bytes set, pictures by their rows,
feeds and cuts). Goal: every Austrian-turn ticket <= 100 mm, the rulebook's Example 7 too; the
chronicle printed at a game's end has no goal and is reported.

Turns come from seeded greedy demo games, 3-5 players, Basic and Advanced, until `--turns` tickets.

Run: .venv/bin/python benchmarks/tickets.py [--turns 1000] [--pictures DIR]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.assets import edition  # noqa: E402
from companion.games.milano1848.actions import AustrianTurn  # noqa: E402
from companion.games.milano1848.bots import greedy_bot  # noqa: E402
from companion.games.milano1848.game import Game  # noqa: E402
from companion.games.milano1848.setup import Options  # noqa: E402
from companion.games.milano1848.state import OVER  # noqa: E402
from companion.tables.milano1848.layout import zone_layout  # noqa: E402
from companion.tickets.milano1848 import austrian_turn_ticket, chronicle_ticket  # noqa: E402
from hardware.document import DOTS_PER_MM, Document, Raster  # noqa: E402
from hardware.paper import paper_mm  # noqa: E402
from hardware.printer import escpos_bytes  # noqa: E402
from hardware.ticket_image import render  # noqa: E402
from tests.games.milano1848.table import example_7_table  # noqa: E402

GOAL_MM = 100.0


def paper(document: Document) -> float:
    """Millimetres of 58 mm paper the printer feeds for the document's bytes."""
    return paper_mm(escpos_bytes(document, "POS-5890"))


Turn = tuple[float, str, Document]  # length in mm, "heavy" or "light", the ticket


def turns(count: int) -> tuple[list[Turn], list[float]]:
    """(length, kind, ticket) for `count` Austrian turns, and every finished game's chronicle. A
    heavy turn has the Castle pour out or Austria conquer a zone; a light one neither."""
    tickets, chronicles, seed = [], [], 0
    while len(tickets) < count:
        options = Options(players=3 + seed % 3, mode=("basic", "advanced")[seed // 3 % 2], seed=seed)
        game = Game(edition("milano1848"), options)
        rng = random.Random(seed)
        while game.state.step != OVER and len(tickets) < count:
            action, before = greedy_bot(game.state, rng), game.state
            events = game.play(action)
            if isinstance(action, AustrianTurn):
                ticket = austrian_turn_ticket(before, game.state, events, zone_layout())
                heavy = any(e.kind in ("pour-out", "austria-conquers") for e in events)
                tickets.append((paper(ticket), "heavy" if heavy else "light", ticket))
        if game.state.step == OVER:
            chronicles.append(paper(chronicle_ticket(game)))
        seed += 1
    return tickets, chronicles


def example_7() -> Document:
    table = example_7_table()
    before = table.state
    events = table.play(AustrianTurn(), [("zone", 16)])
    return austrian_turn_ticket(before, table.state, events, zone_layout())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--pictures", type=Path, help="draw Example 7, the longest and shortest ticket here")
    args = parser.parse_args()
    tickets, chronicles = turns(args.turns)
    print(
        f"{len(tickets)} Austrian-turn tickets (3-5 players, basic and advanced), "
        "mm of 58 mm paper, from the bytes:"
    )
    for kind in ("all", "heavy", "light"):
        lengths = sorted(length for length, k, _ in tickets if kind in ("all", k))
        over = sum(length > GOAL_MM for length in lengths)
        print(
            f"  {kind:5} {len(lengths):4} turns: median {statistics.median(lengths):.1f}, "
            f"p99 {lengths[int(len(lengths) * 0.99)]:.1f}, max {lengths[-1]:.1f}, min {lengths[0]:.1f}; "
            f"{over} over {GOAL_MM:.0f} mm"
        )
    maps = Counter(next((b.height for b in t.blocks if isinstance(b, Raster)), 0) for _, _, t in tickets)
    print(f"  map height in dots: {', '.join(f'{h}: {n}' for h, n in sorted(maps.items(), reverse=True))}")
    print(f"Example 7 (rulebook): {paper(example_7()):.1f} mm")
    print(
        f"chronicle at game end ({len(chronicles)} games): median {statistics.median(chronicles):.1f}, "
        f"max {max(chronicles):.1f} mm"
    )
    if args.pictures:
        _pictures(args.pictures, tickets)


def _pictures(folder: Path, tickets: list[Turn]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    ordered = sorted(tickets, key=lambda t: t[0])
    chosen = [("example-7", example_7()), ("longest", ordered[-1][2]), ("shortest", ordered[0][2])]
    for name, document in chosen:
        image = render(document, 384)
        image.save(folder / f"{name}.png")
        print(f"  {folder / name}.png: {image.height / DOTS_PER_MM:.1f} mm")


if __name__ == "__main__":
    main()
