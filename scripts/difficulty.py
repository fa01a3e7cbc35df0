"""docs/difficulty.md and docs/difficulty.png: the heuristic policy's win rate for players 1-5 x
Basic/Advanced x wave size -2..+2 around the rules' own, with 95% confidence intervals.

Run: .venv/bin/python scripts/difficulty.py [--games 1000]   (every core; a few minutes; with the
compiled engine when `make native` has built it, which plays the very same games three times as fast)
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from companion.assets import edition
from companion.games.milano1848.setup import Options
from companion.games.milano1848.simulate import Summary, summarise

# The installed package (make installs it): no sys.path change here, or the workers would import the
# checkout's source instead of the compiled engine (simulate_command refuses to go on if they do).
from companion.tables.milano1848 import native
from companion.tables.milano1848.simulate_command import run_games

ROOT = Path(__file__).resolve().parent.parent

OFFSETS = (-2, -1, 0, 1, 2)
MODES = ("basic", "advanced")


def grid(games: int, workers: int, compiled: Path | None) -> dict[tuple[int, str, int], tuple[int, Summary]]:
    waves = edition("milano1848").rules.wave
    cells = {}
    for players in range(1, 6):
        for mode in MODES:
            for offset in OFFSETS:
                wave = waves[max(players, 3)] + offset
                options = Options(players=players, mode=mode, seed=0, wave=wave)
                cells[(players, mode, offset)] = (
                    wave,
                    summarise(run_games(options, games, seed=1, workers=workers, compiled=compiled)),
                )
                print(
                    f"{players} {mode} {offset:+d}: {cells[(players, mode, offset)][1].win_rate:.1%}",
                    file=sys.stderr,
                )
    return cells


def table(cells: dict[tuple[int, str, int], tuple[int, Summary]]) -> list[str]:
    head = "| Players | Mode | " + " | ".join(f"wave {o:+d}" if o else "printed wave" for o in OFFSETS) + " |"
    lines = [head, "|" + "---|" * (len(OFFSETS) + 2)]
    for players in range(1, 6):
        for mode in MODES:
            row = []
            for offset in OFFSETS:
                wave, summary = cells[(players, mode, offset)]
                low, high = summary.interval()
                row.append(f"{summary.win_rate:.1%} ({low:.1%}-{high:.1%}), {wave}")
            lines.append(f"| {players} | {mode} | " + " | ".join(row) + " |")
    return lines


def plot(cells: dict[tuple[int, str, int], tuple[int, Summary]], path: Path) -> None:
    from PIL import Image, ImageDraw

    width, height, left, bottom, top = 900, 520, 70, 60, 30
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    ceiling = max(0.1, max(s.interval()[1] for _, s in cells.values()))
    ceiling = (int(ceiling * 10) + 1) / 10

    def xy(index: int, rate: float, panel: int) -> tuple[float, float]:
        x0 = left + panel * (width - left) / 2
        x = x0 + 30 + index * ((width - left) / 2 - 80) / (len(OFFSETS) - 1)
        return x, height - bottom - rate / ceiling * (height - bottom - top)

    colours = [(230, 159, 0), (86, 180, 233), (0, 158, 115), (200, 180, 0), (213, 94, 0)]
    for panel, mode in enumerate(MODES):
        x0 = left + panel * (width - left) / 2
        draw.text((x0 + 30, 8), f"{mode.capitalize()} game", fill="black")
        for step in range(int(ceiling * 10) + 1):
            _, y = xy(0, step / 10, panel)
            draw.line([(x0 + 20, y), (x0 + (width - left) / 2 - 30, y)], fill=(225, 225, 225))
            draw.text((x0 - 5, y - 6), f"{step * 10}%", fill="black")
        for index, offset in enumerate(OFFSETS):
            x, _ = xy(index, 0, panel)
            draw.text((x - 12, height - bottom + 8), f"{offset:+d}" if offset else "0", fill="black")
        for players in range(1, 6):
            points = [xy(i, cells[(players, mode, o)][1].win_rate, panel) for i, o in enumerate(OFFSETS)]
            draw.line(points, fill=colours[players - 1], width=3)
            for (x, y), o in zip(points, OFFSETS):
                low, high = cells[(players, mode, o)][1].interval()
                draw.line(
                    [xy(OFFSETS.index(o), low, panel), xy(OFFSETS.index(o), high, panel)],
                    fill=colours[players - 1],
                )
                draw.ellipse([x - 4, y - 4, x + 4, y + 4], fill=colours[players - 1])
                draw.text((points[-1][0] + 8, points[-1][1] - 6), f"{players}p", fill=colours[players - 1])
    draw.text(
        (left, height - 22),
        "Soldiers per wave, relative to the rules' own; win rate of the heuristic policy "
        "(bars: 95% CI). Labels: players.",
        fill="black",
    )
    image.save(path)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000, help="games per cell")
    args = parser.parse_args()
    workers, compiled = os.cpu_count() or 1, native.NATIVE if native.fresh() else None
    started = time.perf_counter()
    cells = grid(args.games, workers, compiled)
    seconds = time.perf_counter() - started
    total = args.games * len(cells)
    text = (ROOT / "docs" / "difficulty.md").read_text().split("<!-- table -->")[0]
    body = [
        "<!-- table -->",
        "",
        f"{args.games} games per cell, seed 1 "
        f"(`.venv/bin/python scripts/difficulty.py --games {args.games}`: "
        f"{total} games in {seconds:.0f} s on {workers} cores, "
        f"{'the compiled' if compiled else 'the Python'} engine). "
        "Each cell: win rate (95% CI), Soldiers per wave.",
        "",
    ]
    (ROOT / "docs" / "difficulty.md").write_text(text + "\n".join(body + table(cells)) + "\n")
    plot(cells, ROOT / "docs" / "difficulty.png")
    print(f"docs/difficulty.md and docs/difficulty.png: {total} games in {seconds:.0f} s")


if __name__ == "__main__":
    main()
