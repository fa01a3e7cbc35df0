"""Milano 1848's tickets: the Austrian turn (what the table must do after 2.A-2.D, and a small
map of the result) and the chronicle printed when the game ends.

Pillow draws the map (imported when a ticket is made, not when the app starts).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.games.milano1848.actions import FightRadetzky
from companion.games.milano1848.events import Event
from companion.games.milano1848.game import Game
from companion.games.milano1848.state import AUSTRIA, ITALY, State
from hardware.document import Block, Columns, Cut, Document, Raster, Rule, Text

MAP_HEIGHT = 200  # dots: 25 mm of paper
ZONE_RADIUS = 15


def austrian_turn_ticket(before: State, after: State, events: list[Event],
                         layout: dict[int, tuple[float, float]], width_px: int = 384) -> Document:
    blocks: list[Block] = [
        Text("MILANO 1848", bold=True, size=2, align="center"),
        Text(f"Austrian turn, round {before.round}", align="center"),
        Rule(),
    ]
    blocks += _what_happened(after, events)
    blocks.append(Rule())
    blocks += _zone_changes(before, after)
    blocks += [
        Columns("Radetzky", f"zone {after.radetzky}", bold=True),
        Columns(f"Castle {after.castle}", f"Reserve {after.reserve}"),
        _map(after, layout, width_px),
        Cut(),
    ]
    return Document(f"Austrian turn, round {before.round}", tuple(blocks))


def _what_happened(after: State, events: list[Event]) -> list[Block]:
    lines: list[Block] = []
    poured = [e for e in events if e.kind == "pour-out"]
    if poured:
        lines.append(Text(f"Castle pours out: {len(poured)} Soldiers"))
    for event in events:
        if event.kind == "austria-conquers":
            lines.append(Text(f"Austria conquers zone {event.zone}", bold=True))
    italy, austria = len(after.conquered(ITALY)), len(after.conquered(AUSTRIA))
    if after.winner:
        lines.append(Text(f"{after.winner.upper()} WINS ({italy}-{austria})", bold=True, size=2, align="center"))
    else:
        lines.append(Text(f"Zones: Italy {italy}, Austria {austria}"))
    return lines


def _zone_changes(before: State, after: State) -> list[Block]:
    """"Zone 13: +2 -> 5 soldiers" for every zone whose count changed (Austrian zones are said above)."""
    lines: list[Block] = []
    for zone in after.zones:
        change = after.soldiers[zone] - before.soldiers[zone]
        if change and after.owner[zone] is None:
            count = after.soldiers[zone]
            lines.append(Text(f"Zone {zone}: {change:+d} -> {count} soldier{'s' if count != 1 else ''}"))
    return lines


def _map(state: State, layout: dict[int, tuple[float, float]], width_px: int) -> Raster:
    """The board as a ring of circles: Soldier counts, Austrian zones black, Italian zones ringed,
    Radetzky's zone marked R."""
    import numpy as np
    from PIL import Image, ImageDraw

    image = Image.new("1", (width_px, MAP_HEIGHT), 1)
    draw = ImageDraw.Draw(image)
    margin = ZONE_RADIUS + 2
    spot = {z: (margin + x * (width_px - 2 * margin), margin + y * (MAP_HEIGHT - 2 * margin)) for z, (x, y) in layout.items()}
    for zone in state.zones:
        for other in state.edition.board.neighbours[zone]:
            if other > zone:
                draw.line([spot[zone], spot[other]], fill=0, width=1)
    for zone in state.zones:
        _zone(draw, spot[zone], zone, state)
    rows = np.packbits(~np.asarray(image, dtype=bool), axis=1)
    return Raster(width_px, MAP_HEIGHT, rows.tobytes())


def prepare() -> None:
    """Import Pillow and numpy and load the map's fonts ahead of the first Austrian turn (the session
    does it in a thread at the start: done at the turn itself it held up that turn 60-80 ms here)."""
    import numpy  # noqa: F401  (the map's bits are packed with it)

    for size in (10, 11, 14):
        _font(size)


@lru_cache(maxsize=None)
def _font(size: int) -> Any:
    """Pillow's own font at a size, loaded once (a load costs more than drawing the whole map)."""
    from PIL import ImageFont

    return ImageFont.load_default(size=size)


def _zone(draw: Any, center: tuple[float, float], zone: int, state: State) -> None:
    x, y = center
    box = [x - ZONE_RADIUS, y - ZONE_RADIUS, x + ZONE_RADIUS, y + ZONE_RADIUS]
    owner = state.owner[zone]
    draw.ellipse(box, fill=0 if owner == AUSTRIA else 1, outline=0, width=4 if owner == ITALY else 1)
    label = "A" if owner == AUSTRIA else "I" if owner == ITALY else str(state.soldiers[zone])
    draw.text((x, y), label, font=_font(14), fill=1 if owner == AUSTRIA else 0, anchor="mm")
    number_box = [x - ZONE_RADIUS - 7, y - ZONE_RADIUS - 5, x - ZONE_RADIUS + 7, y - ZONE_RADIUS + 6]
    draw.rectangle(number_box, fill=1)  # the zone's number, clear of the lines behind it
    draw.text((x - ZONE_RADIUS, y - ZONE_RADIUS + 1), str(zone), font=_font(10), fill=0, anchor="mm")
    if zone == state.radetzky:
        draw.rectangle([x + ZONE_RADIUS - 6, y - ZONE_RADIUS - 2, x + ZONE_RADIUS + 8, y - ZONE_RADIUS + 12], fill=0)
        draw.text((x + ZONE_RADIUS + 1, y - ZONE_RADIUS + 5), "R", font=_font(11), fill=1, anchor="mm")


def chronicle_ticket(game: Game) -> Document:
    """The story of a finished game, rebuilt from its record (so undo never leaves a trace in it)."""
    replayed = Game(game.state.edition, game.options, game.setup_draws)
    fights = {"won": 0, "lost": 0, "soldiers": 0, "radetzky": 0, "radetzky won": 0}
    conquests: list[Block] = []
    for record in game.records:
        state = replayed.state
        who = state.patriots[state.active].name if state.active is not None else ""
        events = replayed.play(record.action, record.drawn)
        _count_fights(record.action, events, fights)
        for event in events:
            if event.kind in ("italy-conquers", "austria-conquers"):
                side = f"Italy ({who})" if event.kind == "italy-conquers" else "Austria"
                conquests.append(Columns(f"Round {state.round}: zone {event.zone}", side))
    end = game.state
    italy, austria = len(end.conquered(ITALY)), len(end.conquered(AUSTRIA))
    how = {"zones": f"{italy} zones to {austria}", "reserve": "the reserve ran out of Soldiers"}.get(end.ended_by or "", "")
    blocks: list[Block] = [
        Text("MILANO 1848", bold=True, size=2, align="center"),
        Text("Chronicle of the uprising", align="center"),
        Rule(),
        Text(f"{(end.winner or 'nobody').upper()} WINS", bold=True, size=2, align="center"),
        Text(how, align="center"),
        Text(f"{end.round} rounds, {end.players} player{'s' if end.players > 1 else ''}, {end.mode} game"),
        Text(", ".join(p.name for p in end.patriots)),
        Rule(),
        Columns("Fights won / lost", f"{fights['won']} / {fights['lost']}"),
        Columns("Soldiers defeated", str(fights["soldiers"])),
        Columns("Radetzky fought / beaten", f"{fights['radetzky']} / {fights['radetzky won']}"),
        Rule(),
        Text("Zones conquered", bold=True),
    ]
    return Document("Chronicle", tuple(blocks + (conquests or [Text("none")]) + [Cut()]))


def _count_fights(action: object, events: list[Event], fights: dict[str, int]) -> None:
    for event in events:
        if event.kind == "fight-won":
            fights["won"] += 1
            fights["soldiers"] += event.count
        elif event.kind == "fight-lost":
            fights["lost"] += 1
        elif event.kind == "radetzky-defeated":
            fights["won"] += 1
            fights["radetzky won"] += 1
    if isinstance(action, FightRadetzky):
        fights["radetzky"] += 1
