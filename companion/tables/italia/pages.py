"""What the left square shows on each Italia page, with its buttons (steppers, zones, a 10-key pad),
and the panel's sentences for the page (the pages themselves: clerk_pages.py, battle_pages.py, drawn
with canvas.py). Every line is built from the engine's data in the table's words (words.py)."""

from __future__ import annotations

from typing import Any

import pygame

from companion.i18n import _
from companion.tables.italia import turn_pages
from companion.tables.italia.battle_pages import (
    aftermath_page,
    aim_page,
    battle_page,
    pad,
    retreat,
    setup,
    setup_lines,
    zone_picker,
)
from companion.tables.italia.canvas import Canvas, Colour, tint
from companion.tables.italia.clerk_pages import (
    departed_lines,
    departure_lines,
    income_lines,
    map_page,
    order,
    score,
    shop,
    shop_lines,
    totals,
)
from companion.tables.italia.desk import Desk
from companion.tables.italia.words import (
    PLAYER_COLOURS,
    colour_name,
)
from companion.ui import theme
from companion.ui.painter import Painter
from companion.ui.widgets import Button


def draw(
    page: str, painter: Painter, area: pygame.Rect, target: int, desk: Desk, session: Any, tile_font: Any
) -> list[Button]:
    canvas = Canvas(painter, area, target, tile_font)
    {
        "income": order,
        "shop": shop,
        "place": turn_pages.place,
        "move": turn_pages.move,
        "combat": turn_pages.combat,
        "subjects": turn_pages.subjects,
        "leader": turn_pages.leader,
        "czones": turn_pages.czones,
        "campaign": turn_pages.campaign,
        "switch": turn_pages.switch,
        "ten": turn_pages.ten,
        "sea-setup": turn_pages.sea_setup,
        "sea-order": turn_pages.sea_order,
        "sea": turn_pages.sea,
        "sea-over": turn_pages.sea,
        "ask": turn_pages.ask,
        "setup": setup,
        "zones": zone_picker,
        "battle": battle_page,
        "retreat": retreat,
        "pad": pad,
        "aim": aim_page,
        "aftermath": aftermath_page,
        "map": map_page,
        "end": map_page,
        "score": score,
        "over": totals,
    }[page](canvas, desk, session)
    return canvas.spots


def lines(page: str, desk: Desk, session: Any) -> list[tuple[str, Colour]]:
    state = session.state
    if page == "income":
        return income_lines(desk, state) + departed_lines(session)
    if page == "shop":
        return shop_lines(desk, state)
    if page == "setup":
        return setup_lines(desk, state)
    if page == "battle" and state.battle.round > 1:
        return [(_("Retreats and submission come before the next roll."), theme.MUTED)]
    if page == "map" and not desk.city_mode:
        return [(_("Then tap Confirm the map (no change: confirm as it is)."), theme.MUTED)]
    if page in ("end", "score"):
        confirmed = [(_("The map is confirmed."), theme.ITALY_GREEN)] if page == "end" else []
        return confirmed + departure_lines(desk, state)
    return []


def legend(painter: Painter, area: pygame.Rect, target: int) -> None:
    """What the control map's tiles mean (with the menu open)."""
    canvas = Canvas(painter, area.inflate(-16, -16), target)
    pygame.draw.rect(painter.screen, theme.BACKGROUND, area)
    canvas.line(_("The control map"))
    canvas.gap()
    for colour, rgb in PLAYER_COLOURS.items():
        pygame.draw.rect(painter.screen, tint(rgb), (canvas.area.x, canvas.y, 40, 20), border_radius=4)
        canvas.painter.screen.blit(
            painter.fonts["small"].render(
                _("held by the {colour} player").format(colour=colour_name(colour)), True, theme.INK
            ),
            (canvas.area.x + 50, canvas.y),
        )
        canvas.gap(painter.fonts["small"].get_linesize() + 4)
    canvas.line(_("+ an intact city, x a ruined city"), small=True)
    canvas.line(_("A dark border: changed, not yet confirmed"), small=True)
    canvas.gap()
    canvas.line(_("A battle's dice: a hit on green, a miss on white (0 is a 10)"), small=True)
