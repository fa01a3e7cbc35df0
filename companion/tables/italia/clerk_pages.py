"""The turn clerk's pages: this turn's nations and the income's counts, the shop, placement and
movement, the control map at the end of a nation's turn, the score pad and the game's end."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from companion import i18n
from companion.games.italia.clerk import after_purchase, bill, fields, income, price
from companion.games.italia.departure import due, heir, word
from companion.games.italia.game import order as nation_order
from companion.games.italia.game import queue
from companion.games.italia.scoring import player_totals as colour_totals
from companion.games.vocabulary import Sentence
from companion.i18n import _, ngettext
from companion.tables.italia.canvas import Canvas, Colour, bump, bump_attr, zone_grid
from companion.tables.italia.desk import Desk, shop_types
from companion.tables.italia.words import (
    PLAYER_COLOURS,
    colour_name,
    counted,
    departure_words,
    nation_name,
    source_name,
    terrain_name,
    unit_name,
)
from companion.ui import theme


def order(canvas: Canvas, desk: Desk, session: Any) -> None:
    """The income's two counts (spec 1.4: zones held, intact cities in them), then this turn's
    nations in table order: who plays, who is skipped and why (§5.0-5.2)."""
    state, scenario = session.state, desk.scenario
    canvas.stepper(_("Zones held"), desk.zones, "zones", partial(bump_attr, desk, "zones"))
    canvas.row_done()
    canvas.stepper(_("Intact cities in them"), desk.cities, "cities", partial(bump_attr, desk, "cities"))
    canvas.row_done()
    canvas.gap()
    canvas.line(_("Turn {turn}: the nations in order").format(turn=state.turn))
    now = desk.nation(state)
    small = canvas.painter.fonts["small"]
    for slot in nation_order(scenario, state):
        nation = scenario.nation(slot.nation)
        swatch = pygame.Rect(canvas.area.x, canvas.y + 3, 14, small.get_height() - 6)
        if slot.plays:
            if slot.nation == now:
                row = pygame.Rect(
                    canvas.area.x - 4, canvas.y - 1, canvas.area.width + 8, small.get_linesize() + 2
                )
                pygame.draw.rect(canvas.painter.screen, theme.PANEL, row, border_radius=4)
            pygame.draw.rect(canvas.painter.screen, PLAYER_COLOURS.get(nation.colour, theme.INK), swatch)
            text = f"{nation_name(slot.nation)} ({colour_name(nation.colour)})"
            canvas.painter.screen.blit(small.render(text, True, theme.INK), (swatch.right + 6, canvas.y))
        elif slot.why is not None:
            text = i18n.translate(skipped(slot.why, slot.nation))
            canvas.painter.screen.blit(small.render(text, True, theme.MUTED), (swatch.right + 6, canvas.y))
        canvas.y += small.get_linesize()


def skipped(why: Sentence, nation: str) -> Sentence:
    """Why a nation is skipped, with its name in the table's language (the engine's is English)."""
    return Sentence(why.template, **{**why.values, "nation": nation_name(nation)})


def shop(canvas: Canvas, desk: Desk, session: Any) -> None:
    state, numbers = session.state, desk.edition.numbers
    nation = desk.buyer(state) or ""
    gold = state.gold.get(nation, 0)
    canvas.line(_("{nation}: {gold} gold to spend").format(nation=nation_name(nation), gold=gold))
    canvas.gap()
    for unit in shop_types(numbers, nation):
        if unit not in desk.types and unit != "fleet" or not fields(desk.scenario.id, nation, unit):
            continue  # another scenario's type, or one the nation does not have (§2.2.1)
        label = f"{unit_name(unit, 2).capitalize()} ({price(numbers, nation, unit)})"
        canvas.stepper(label, desk.basket.get(unit, 0), unit, partial(bump, desk.basket, unit, None))
        canvas.row_done()
    if not state.must_spend:
        _city_row(canvas, desk)
    if nation == "romans" and desk.scenario.id == "I" and desk.basket.get("consular"):
        canvas.stepper(
            _("Consular legions in play"),
            desk.consular_in_play,
            "consular-in-play",
            partial(bump_attr, desk, "consular_in_play"),
        )
        canvas.row_done()


def _city_row(canvas: Canvas, desk: Desk) -> None:
    """Cities by their zone's terrain (§6.2), two steppers on one row under their prices."""
    costs, small = desk.edition.numbers.city_costs, canvas.tile_font
    column = 3 * canvas.target + 8
    rights = (canvas.area.right - column, canvas.area.right)
    for terrain, right in zip(("standard", "mountain"), rights, strict=True):
        name = terrain_name(terrain) if terrain == "standard" else _("mountain or swamp")
        text = small.render(f"{name} ({costs[terrain]})", True, theme.INK)
        canvas.painter.screen.blit(text, text.get_rect(midtop=(right - column // 2 + 4, canvas.y)))
    canvas.gap(small.get_linesize())
    for number, terrain in enumerate(("standard", "mountain")):
        change = partial(bump, desk.city_buys, terrain, None)
        shown = desk.city_buys.get(terrain, 0)
        label = _("Cities") if number == 0 else ""
        canvas.stepper(label, shown, "city-" + terrain, change, x=rights[number])
    canvas.row_done()


def map_page(canvas: Canvas, desk: Desk, session: Any) -> None:
    nation = nation_name(desk.nation(session.state) or "")
    if session.state.confirmed:
        canvas.line(_("The map as the {nation} left it").format(nation=nation))
        zone_grid(canvas, desk, session, lambda zone: None)
        return
    hint = (
        _("Tap a zone's city: none, +, x")
        if desk.city_mode
        else _("Tap the zones the {nation} took or left").format(nation=nation)
    )
    canvas.line(hint)
    zone_grid(canvas, desk, session, lambda zone: desk.toggle(session.state, zone))


def score(canvas: Canvas, desk: Desk, session: Any) -> None:
    """This turn's row of the score pad: each nation's points as its card counts them (zones,
    cities, regions, §11.0), typed in; then the players' totals so far."""
    state = session.state
    canvas.line(_("Turn {turn}: points from each nation's card").format(turn=state.turn), small=True)
    nations = queue(desk.scenario, state)
    columns = 1 if len(nations) <= 7 else 2
    width = canvas.area.width // columns
    font = canvas.painter.fonts["small"] if columns == 1 else canvas.tile_font
    top = canvas.y
    for number, nation in enumerate(nations):
        column, row = number % columns, number // columns
        canvas.y = top + row * (canvas.target + 2)
        left = canvas.area.x + column * width
        colour = PLAYER_COLOURS.get(desk.scenario.nation(nation).colour, theme.INK)
        pygame.draw.rect(canvas.painter.screen, colour, (left, canvas.y + canvas.target // 2 - 7, 14, 14))
        text = font.render(nation_name(nation), True, theme.INK)
        canvas.painter.screen.blit(text, (left + 20, canvas.y + (canvas.target - text.get_height()) // 2))
        change = partial(bump, desk.points, nation, None)
        canvas.stepper("", desk.points.get(nation, 0), f"s:{nation}", change, x=left + width - 6)
    canvas.y = top + -(-len(nations) // columns) * (canvas.target + 2)
    totals = ", ".join(f"{colour_name(c).capitalize()} {p}" for c, p in player_totals(desk, state.scores))
    canvas.line(_("Totals: {totals}").format(totals=totals), small=True)
    pad_rows(canvas, state.scores, state.turn)


def totals(canvas: Canvas, desk: Desk, session: Any) -> None:
    canvas.line(_("The score pad"))
    canvas.gap()
    winner = session.state.winner  # the engine's, from the score pad (players tied: all, A56)
    if winner:
        tied = winner.split(", ")
        said = _("Shared victory: {players}.") if len(tied) > 1 else _("{player} wins.")
        shown = ", ".join(colour_name(w).capitalize() if w in PLAYER_COLOURS else w for w in tied)
        canvas.line(said.format(player=shown, players=shown), theme.ITALY_GREEN)
    _player_totals(canvas, desk, session.state)
    pad_rows(canvas, session.state.scores)


def pad_rows(canvas: Canvas, awards: Any, turn: int | None = None) -> None:
    """The score pad's lines, a game turn a row: "Turn 3: Celts zones 2, Romans region 4"."""
    for number in sorted({a.turn for a in awards if turn is None or a.turn == turn}):
        row = ", ".join(
            f"{nation_name(a.nation)} {source_name(a.source)} {a.points}" for a in awards if a.turn == number
        )
        canvas.line(_("Turn {turn}: {row}").format(turn=number, row=row), theme.MUTED, small=True)


def player_totals(desk: Desk, scores: Any) -> list[tuple[str, int]]:
    """Each colour's total over the score pad (a player scores for every nation of its colour), most first."""
    return sorted(colour_totals(desk.scenario, scores).items(), key=lambda item: -item[1])


def _player_totals(canvas: Canvas, desk: Desk, state: Any) -> None:
    names = session_names(desk, state)
    small = canvas.painter.fonts["small"]
    for colour, total in player_totals(desk, state.scores):
        who = names.get(colour, "")
        pygame.draw.rect(
            canvas.painter.screen,
            PLAYER_COLOURS.get(colour, theme.INK),
            (canvas.area.x, canvas.y + 4, 14, 14),
        )
        text = _("{colour}{player}: {points} points").format(
            colour=colour_name(colour).capitalize(), player=f" ({who})" if who else "", points=total
        )
        canvas.painter.screen.blit(small.render(text, True, theme.INK), (canvas.area.x + 20, canvas.y))
        canvas.y += small.get_linesize()


def session_names(desk: Desk, state: Any) -> dict[str, str]:
    names = desk.names
    return dict(zip(desk.scenario.colours, names, strict=False)) if names else {}


def departure_lines(desk: Desk, state: Any) -> list[tuple[str, Colour]]:
    """At the end of the game turn's last nation: the nations whose last turn it was, and what
    becomes of their pieces when the turn ends (§12.4, A53): the file's word, the table's, or the
    question End turn asks."""
    if state.at != len(queue(desk.scenario, state)) - 1:
        return []
    found: list[tuple[str, Colour]] = []
    for nation in due(desk.edition, desk.scenario, state.turn, {*state.without_pieces, *desk.leaving}):
        name, new = nation_name(nation), heir(desk.edition, desk.scenario, nation)
        leaves = word(desk.edition, desk.scenario, state.told, nation)
        if new:
            text = _("When the turn ends, the {heir} replace the {nation}: their zones, 0 gold (§12.4).")
        elif leaves:
            text = _("When the turn ends, the pieces of the {nation} leave the board; cities stay (§12.4).")
        elif leaves is None:
            text = _(
                "The last turn of the {nation} ends now: End turn asks whether their pieces leave (A53)."
            )
        else:
            text = _("The pieces of the {nation} stay on the board and defend (A53).")
        found.append(
            (text.format(nation=name, heir=nation_name(new)), theme.ALERT if leaves is None else theme.INK)
        )
    return found


def departed_lines(session: Any) -> list[tuple[str, Colour]]:
    """What the last game turn's end did to the nations whose last turn it was (§12.4, A53)."""
    return [(line, theme.ITALY_GREEN) for line in departure_words(session.last_events)]


def income_lines(desk: Desk, state: Any) -> list[tuple[str, Colour]]:
    nation = desk.nation(state) or ""
    subject = nation in state.masters
    made = income(
        desk.scenario.nation(nation),
        desk.zones,
        min(desk.cities, desk.zones),
        subject=subject,
        half=desk.half,
    )
    found = [
        (
            _("Zones {zones} + cities {cities} = {earned} gold").format(
                zones=desk.zones, cities=desk.cities, earned=made.earned
            ),
            theme.INK,
        ),
        (
            _("Wealth {gold} + {kept} = {total} gold to spend").format(
                gold=state.gold.get(nation, 0), kept=made.kept, total=state.gold.get(nation, 0) + made.kept
            ),
            theme.INK,
        ),
    ]
    if subject:
        master = nation_name(state.masters[nation])
        found.append(
            (_("Tribute to the {master}: {tribute}").format(master=master, tribute=made.tribute), theme.INK)
        )
    if made.national < made.earned:
        found.append((_("Half income (§6.1)."), theme.MUTED))
    if desk.cities > desk.zones:
        found.insert(0, (_("At most one city per zone held."), theme.ALERT))
    return found


def shop_lines(desk: Desk, state: Any) -> list[tuple[str, Colour]]:
    numbers = desk.edition.numbers
    nation = desk.buyer(state) or ""
    cost = bill(numbers, nation, desk.basket, desk.city_buys)
    have = state.gold.get(nation, 0)
    found: list[tuple[str, Colour]] = []
    if state.must_spend:
        found.append(
            (
                _("{nation} are over 10 gold: they buy units now (§6.4).").format(nation=nation_name(nation)),
                theme.ALERT,
            )
        )
    if cost > have:
        found.append(
            (_("{cost} gold is more than the {have} there.").format(cost=cost, have=have), theme.ALERT)
        )
        return found
    bought = state.ledger.bought.get(nation)
    if bought:
        found.append((_("Bought: {units}; place them now.").format(units=counted(bought)), theme.ITALY_GREEN))
    purse = after_purchase(numbers, have, 0, cost)
    found.append(
        (
            _("Spend {cost} of {have} gold; {kept} kept").format(cost=cost, have=have, kept=purse.kept),
            theme.INK,
        )
    )
    if purse.lost:
        found.append(
            (
                ngettext(
                    "{count} gold will be lost (10 is the most a nation keeps).",
                    "{count} gold will be lost (10 is the most a nation keeps).",
                    purse.lost,
                ).format(count=purse.lost),
                theme.ALERT,
            )
        )
    return found
