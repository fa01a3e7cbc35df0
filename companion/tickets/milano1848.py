"""Milano 1848's tickets: the Austrian turn (what the table must do after 2.A-2.D, and a small
map of the result) and the chronicle printed when the game ends.

Pillow draws the map (imported when a ticket is made, not when the app starts).
"""

from __future__ import annotations

import math
from typing import Any

from companion.games.milano1848.actions import FightRadetzky
from companion.games.milano1848.events import Event
from companion.games.milano1848.game import Game
from companion.games.milano1848.state import AUSTRIA, ITALY, State
from hardware.document import Block, Columns, Cut, Document, Raster, Rule, Text, length_dots

MAP_DOTS = 200  # the map's height on a short turn: 25 mm of paper
SMALL_MAP_DOTS = 170  # the least it shrinks to on a long turn (below, zones 8 and 9 overlap)
TICKET_DOTS = 792  # 99 mm: every Austrian-turn ticket fits in 100 mm of paper
ZONE_RADIUS = 15
COLUMN = 16  # characters: half a line of 58 mm paper in Font A


def austrian_turn_ticket(
    before: State,
    after: State,
    events: list[Event],
    layout: dict[int, tuple[float, float]],
    width_px: int = 384,
) -> Document:
    """What the table does after 2.A-2.D: what happened, every zone whose Soldiers changed (two
    columns), Radetzky, Castle and reserve, and a map of the result, smaller when the turn is long."""
    title = Text(f"AUSTRIAN TURN - ROUND {before.round}", bold=True, tall=True, align="center")
    blocks: list[Block] = [title, Rule()]
    blocks += _what_happened(before, after, events)
    changes = _zone_changes(before, after)
    blocks += [Rule(), *changes, Rule()] if changes else [Rule()]
    blocks += [
        Columns("Radetzky", f"zone {after.radetzky}", bold=True),
        Columns(f"Castle {after.castle}", f"Reserve {after.reserve}"),
    ]
    room = TICKET_DOTS - length_dots([*blocks, Cut()], width_px)
    if room >= SMALL_MAP_DOTS:  # else the text alone fills the ticket, and says every change without a map
        blocks.append(_map(after, layout, width_px, min(MAP_DOTS, room)))
    blocks.append(Cut())
    return Document(f"Austrian turn, round {before.round}", tuple(blocks))


def _what_happened(before: State, after: State, events: list[Event]) -> list[Block]:
    lines: list[Block] = []
    poured = [e for e in events if e.kind == "pour-out"]
    if poured:
        lines.append(Text(f"Castle pours out: {len(poured)} Soldiers"))
    conquered = [str(e.zone) for e in events if e.kind == "austria-conquers"]
    if conquered:
        zones = "zone" if len(conquered) == 1 else "zones"
        lines.append(Text(f"Austria conquers {zones} {', '.join(conquered)}", bold=True))
    italy, austria = len(after.conquered(ITALY)), len(after.conquered(AUSTRIA))
    if after.winner:
        lines.append(Text(f"{after.winner.upper()} WINS", bold=True, tall=True, align="center"))
        if after.ended_by == "reserve":
            lines.append(Text("The reserve is out of Soldiers"))
    lines.append(Text(f"Zones: Italy {italy}, Austria {austria}"))
    if before.barricades:
        marked = ", ".join(str(z) for z in sorted(before.barricades))
        lines.append(Text(f"Take the Barricade off zone {marked}"))
    return lines


def _zone_changes(before: State, after: State) -> list[Block]:
    """ " 3: +2 -> 3" for every zone whose count changed, in two columns (down, then across) when
    they fit side by side (Austrian zones are said above)."""
    entries = []
    for zone in after.zones:
        change = after.soldiers[zone] - before.soldiers[zone]
        if change and after.owner[zone] is None:
            entries.append(f"{zone:>2}: {change:+d} -> {after.soldiers[zone]}")
    if not entries:
        return []
    heading = Text("Zone: Soldiers added -> total", bold=True)
    if max(map(len, entries)) > COLUMN - 2:
        return [heading, *(Text(entry) for entry in entries)]
    rows = (len(entries) + 1) // 2
    lines = ["".join(f"{entry:<{COLUMN}}" for entry in entries[row::rows]).rstrip() for row in range(rows)]
    return [heading, *map(Text, lines)]


def _map(state: State, layout: dict[int, tuple[float, float]], width_px: int, height: int) -> Raster:
    """The board as a ring of circles: Soldier counts, Austrian zones black, Italian zones ringed,
    Radetzky's zone marked R."""
    import numpy as np
    from PIL import Image, ImageDraw

    image = Image.new("1", (width_px, height), 1)
    draw = ImageDraw.Draw(image)
    side, top, bottom = ZONE_RADIUS + 20, ZONE_RADIUS + 12, ZONE_RADIUS + 12  # room for the numbers
    spot = {
        z: (side + x * (width_px - 2 * side), top + y * (height - top - bottom))
        for z, (x, y) in layout.items()
    }
    for zone in state.zones:
        for other in state.edition.board.neighbours[zone]:
            if other > zone:
                draw.line([spot[zone], spot[other]], fill=0, width=1)
    _frame(draw, spot[state.radetzky])
    for zone in state.zones:
        _zone(draw, spot[zone], zone, state)
    for zone, place in _number_spots(spot, state.radetzky).items():
        _number(draw, place, zone)
    _tag(draw, spot[state.radetzky])
    rows = np.packbits(~np.asarray(image, dtype=bool), axis=1)
    return Raster(width_px, height, rows.tobytes())


def prepare() -> None:
    """Import Pillow and numpy and load the map's fonts ahead of the first Austrian turn (the session
    does it in a thread at the start: done at the turn itself it held up that turn 60-80 ms here)."""
    import numpy  # noqa: F401  (the map's bits are packed with it)

    for size in (COUNT_FONT, NUMBER_FONT):
        _font(size)


COUNT_FONT, NUMBER_FONT = 20, 15  # pixels: the printer's Font A and Font B sizes (no smaller text on paper)


def _font(size: int) -> Any:
    """The ticket's fixed-width font at a size, loaded once (a load costs more than drawing the map)."""
    from hardware.ticket_image import mono_font

    return mono_font(size)


def _frame(draw: Any, center: tuple[float, float]) -> None:
    """Radetzky's zone: a square frame, unlike any zone's ring ..."""
    x, y, r = *center, ZONE_RADIUS + 3
    draw.rectangle([x - r, y - r, x + r, y + r], outline=0, width=3)


def _tag(draw: Any, center: tuple[float, float]) -> None:
    """... with an R on its right side."""
    x, y, r = *center, ZONE_RADIUS + 3
    draw.rectangle([x + r - 2, y - 8, x + r + 11, y + 8], fill=0)
    draw.text((x + r + 5, y + 1), "R", font=_font(NUMBER_FONT), fill=1, anchor="mm")


def _zone(draw: Any, center: tuple[float, float], zone: int, state: State) -> None:
    x, y, r = *center, ZONE_RADIUS
    owner = state.owner[zone]
    draw.ellipse(
        [x - r, y - r, x + r, y + r],
        fill=0 if owner == AUSTRIA else 1,
        outline=0,
        width=4 if owner == ITALY else 1,
    )
    label = "A" if owner == AUSTRIA else "I" if owner == ITALY else str(state.soldiers[zone])
    draw.text((x, y + 1), label, font=_font(COUNT_FONT), fill=1 if owner == AUSTRIA else 0, anchor="mm")


def _number_spots(spot: dict[int, tuple[float, float]], radetzky: int) -> dict[int, tuple[float, float]]:
    """Where each zone's number goes: of eight places around its circle (or Radetzky's frame), the
    one farthest from the other circles, Radetzky's R and the numbers already placed."""
    x, y = spot[radetzky]
    placed: dict[int, tuple[float, float]] = {0: (x + ZONE_RADIUS + 8, y)}  # the R
    for zone, (x, y) in spot.items():
        others = [p for z, p in spot.items() if z != zone] + list(placed.values())
        away = ZONE_RADIUS + (14 if zone == radetzky else 10)
        angles = [math.pi * k / 4 for k in range(8)]
        places = [(x + math.cos(a) * away, y + math.sin(a) * (away - 3)) for a in angles]
        placed[zone] = max(places, key=lambda p: min(math.dist(p, o) for o in others))
    del placed[0]
    return placed


def _number(draw: Any, spot: tuple[float, float], zone: int) -> None:
    """A zone's number, outlined in white (clear of the lines behind it)."""
    draw.text(spot, str(zone), font=_font(NUMBER_FONT), fill=0, anchor="mm", stroke_width=2, stroke_fill=1)


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
    how = {"zones": f"{italy} zones to {austria}", "reserve": "the reserve ran out of Soldiers"}.get(
        end.ended_by or "", ""
    )
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
