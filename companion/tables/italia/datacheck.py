"""`companion italia data check`: what the owner's data (the map, the 30 nation cards, help card 1)
still lacks, and which features each gap affects (spec section 3). Malformed files stop with the
engine's one line naming the file and the field; missing values are reported, not refused."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.assets import assets_dir
from companion.games.italia.edition import Edition, load

WORKS = "Works without owner data: the battle resolver, the exact odds, income from counts, turn order."
# a nation card's part -> what needs it (spec 3, G2, G6, G7, G10-G12, G11 for revolts)
CARD_PARTS = {
    "scoring": "the score pad's card values (asked at the table when missing)",
    "eliminations": "VP for eliminations (asked after each battle)",
    "loot": "the loot reward (asked when a city is looted)",
    "submission": "submission prompts (the defender is asked)",
    "reinforcement": "placement reminders",
    "leader": "leader names and lifetimes (asked when a leader arrives)",
    "campaign": "campaign gold (asked when a campaign starts)",
    "revolt": "revolt checks (§12.6: asked at the table when a subject revolts)",
    "tokens": 'the shop\'s token limits ("check the box")',
}
TRANSFORMATIONS = (
    "transformations (nation.leaves_after, nation.replaces): the table is asked at the end of a "
    "nation's last turn whether its pieces leave the board"
)
MAP_NEEDS = (
    "retreat destinations, the seas counted for supremacy, reaction eligibility in campaigns, "
    "region awards, the drawn map"
)


def _reader(folder: Path) -> tuple[Callable[[str], str], Callable[[str], str]]:
    def read(name: str) -> str:
        """A regular file of the folder, capped as every asset is (a FIFO there is refused, not waited on)."""
        from companion import files
        from companion.assets import MAX_ASSET_BYTES
        from companion.games.vocabulary import DataError

        try:
            return files.read_text(folder / name, MAX_ASSET_BYTES)
        except files.FileRefused as exc:
            raise DataError(str(folder / name), exc.problem) from None

    return read, lambda name: str(folder / name)


def check_data(folder: Path | None = None) -> dict[str, Any]:
    """The report: per part, what is there and what is missing, and the lines to print."""
    folder = folder or assets_dir() / "italia"
    read, where = _reader(folder)
    data = load(read, where)
    report: dict[str, Any] = {"folder": str(folder), "map": _map(data), "nations": {}, "setup": {}}
    for scenario in data.scenarios.values():
        report["nations"][scenario.id] = _nations(data, scenario.id)
        report["setup"][scenario.id] = _setup(read, scenario.id)
    report["lines"] = _lines(report)
    return report


def _map(data: Edition) -> dict[str, Any]:
    zones = data.board.zones.values()
    return {
        "zones": len(data.board.zones),
        "land": sum(z.kind == "land" for z in zones),
        "sea": sum(z.kind == "sea" for z in zones),
        "adjacent_pairs": len(data.board.adjacent),
        "complete": data.board.complete,
    }


def _nations(data: Edition, scenario_id: str) -> dict[str, Any]:
    ids = [n.id for n in data.scenario(scenario_id).nations]
    filled = {n: data.nations[n] for n in ids if n in data.nations}
    lacking = {n: [p for p in CARD_PARTS if _lacks(card, p)] for n, card in filled.items()}
    return {
        "filled": sorted(filled),
        "missing": [n for n in ids if n not in filled],
        "parts_missing": {n: parts for n, parts in lacking.items() if parts},
    }


def _lacks(card: dict[str, Any], part: str) -> bool:
    """The card's part is not filled (`revolt = []` says the card gives none: filled)."""
    return part not in card if part == "revolt" else not card.get(part)


def _setup(read: Callable[[str], str], scenario_id: str) -> bool:
    name = f"scenario-{1 if scenario_id == 'I' else 2}.toml"
    setup = tomllib.loads(read(name)).get("setup", {})
    return bool(setup)


def _lines(report: dict[str, Any]) -> list[str]:
    found = report["map"]
    lines = [
        f"Map: {found['zones']} zones ({found['land']} land, {found['sea']} sea), "
        f"{found['adjacent_pairs']} neighbouring pairs known, "
        + ("complete." if found["complete"] else f"incomplete: this affects {MAP_NEEDS}.")
    ]
    for scenario, nations in report["nations"].items():
        total = len(nations["filled"]) + len(nations["missing"])
        lines.append(f"Italia {scenario} nation cards: {len(nations['filled'])} of {total} filled.")
        if nations["missing"]:
            lines.append(f"  Missing: {', '.join(nations['missing'])}.")
        for nation, parts in nations["parts_missing"].items():
            lines.append(f"  {nation} lacks {', '.join(parts)}.")
        if not report["setup"][scenario]:
            lines.append("  Set-up (help card 1) empty: the table taps each nation's zones at the start.")
    if any(n["missing"] or n["parts_missing"] for n in report["nations"].values()):
        lines.append(
            "A missing card affects: "
            + "; ".join([*(f"{p}: {what}" for p, what in CARD_PARTS.items()), TRANSFORMATIONS])
            + "."
        )
    lines.append(WORKS)
    return lines
