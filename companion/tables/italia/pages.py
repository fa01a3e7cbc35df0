"""What the left square shows on each Italia page, with its buttons (steppers, zones, a 10-key pad),
and the panel's sentences for the page. Every line is built from the engine's data in the table's
words (companion.tables.italia.words)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from companion import i18n
from companion.games.italia.battle import attack_cap
from companion.games.italia.clerk import after_purchase, bill, income, price, turn_order
from companion.games.italia.fight import aftermath, over
from companion.games.italia.preview import preview
from companion.games.italia.tally import movable
from companion.games.vocabulary import Sentence
from companion.i18n import _, ngettext
from companion.tables.italia.desk import SIDES, Desk, land_zones, pre_dice, shop_types
from companion.tables.italia.table import hits
from companion.tables.italia.words import (
    PLAYER_COLOURS,
    city_name,
    colour_name,
    counted,
    group_line,
    nation_name,
    outcome,
    side_name,
    source_name,
    terrain_name,
    unit_name,
)
from companion.ui import theme
from companion.ui.painter import Painter
from companion.ui.widgets import Button

Colour = tuple[int, int, int]
LIGHT = 0.35  # a held zone's tile: the holder's colour, this much over white


def tint(colour: Colour) -> Colour:
    r, g, b = colour
    return (
        round(255 - (255 - r) * LIGHT),
        round(255 - (255 - g) * LIGHT),
        round(255 - (255 - b) * LIGHT),
    )


class Tile(Button):
    """A zone of the control map: its name in the tile type, its city marked in the corner."""

    font: Any = None
    city: str = "none"

    def draw(
        self, surface: pygame.Surface, font: pygame.font.Font, narrow: pygame.font.Font | None = None
    ) -> None:
        pygame.draw.rect(surface, self.colour, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.MUTED, self.rect, width=1, border_radius=6)
        name = self.font.render(self.label, True, theme.INK)
        surface.blit(name, name.get_rect(center=self.rect.center))
        if self.city != "none":
            mark = self.font.render("+" if self.city == "intact" else "x", True, theme.INK)
            surface.blit(mark, mark.get_rect(topright=(self.rect.right - 4, self.rect.y + 1)))


class Canvas:
    """The left square being drawn: text from the top down, and its buttons."""

    def __init__(self, painter: Painter, area: pygame.Rect, target: int, tile_font: Any = None) -> None:
        self.painter, self.area, self.target = painter, area, target
        self.tile_font = tile_font or painter.fonts["small"]
        self.y = area.y
        self.spots: list[Button] = []

    def line(self, text: str, colour: Colour = theme.INK, small: bool = False) -> None:
        font = self.painter.fonts["small" if small else "body"]
        from companion.ui.widgets import wrap

        for part in wrap(font, text, self.area.width) or [""]:
            self.painter.screen.blit(font.render(part, True, colour), (self.area.x, self.y))
            self.y += font.get_linesize()

    def gap(self, pixels: int = 6) -> None:
        self.y += pixels

    def stepper(
        self, label: str, value: int, key: str, change: Callable[[int], None], x: int | None = None
    ) -> None:
        """A label, then [-] value [+] at the row's right (or at `x`): the row is a target high."""
        t, font = self.target, self.painter.body
        right = self.area.right if x is None else x
        plus = pygame.Rect(right - t, self.y, t, t)
        shown = pygame.Rect(plus.x - t, self.y, t, t)
        minus = pygame.Rect(shown.x - t, self.y, t, t)
        if label:
            room = minus.x - self.area.x - 6
            face = font if font.size(label)[0] <= room else self.painter.fonts["small"]  # a long one: small
            drawn = face.render(label, True, theme.INK)
            self.painter.screen.blit(drawn, (self.area.x, self.y + (t - face.get_height()) // 2))
        number = font.render(str(value), True, theme.INK)
        self.painter.screen.blit(number, number.get_rect(center=shown.center))
        self.spots.append(Button(minus.inflate(-4, -4), "-", partial(change, -1), action=("less", key)))
        self.spots.append(Button(plus.inflate(-4, -4), "+", partial(change, 1), action=("more", key)))

    def row_done(self) -> None:
        self.y += self.target + 2


def _bump(counts: dict[str, int], key: str, top: int | None, by: int) -> None:
    value = max(0, counts.get(key, 0) + by)
    counts[key] = value if top is None else min(top, value)


def _bump_attr(owner: Any, name: str, by: int) -> None:
    setattr(owner, name, max(0, getattr(owner, name) + by))


def draw(
    page: str, painter: Painter, area: pygame.Rect, target: int, desk: Desk, session: Any, tile_font: Any
) -> list[Button]:
    canvas = Canvas(painter, area, target, tile_font)
    {
        "income": _order,
        "shop": _shop,
        "move": _move,
        "setup": _setup,
        "zones": _zone_picker,
        "battle": _battle,
        "retreat": _retreat,
        "pad": _pad,
        "aftermath": _aftermath,
        "map": _map,
        "end": _map,
        "score": _score,
        "over": _totals,
    }[page](canvas, desk, session)
    return canvas.spots


# the turn clerk


def _order(canvas: Canvas, desk: Desk, session: Any) -> None:
    """This turn's nations in table order: who plays, who is skipped and why (§5.0-5.2); then the
    income's two counts (spec 1.4: zones held, intact cities in them)."""
    state, scenario = session.state, desk.scenario
    canvas.line(_("Turn {turn}: the nations in order").format(turn=state.turn))
    now = desk.nation(state)
    small = canvas.painter.fonts["small"]
    for slot in turn_order(scenario, state.turn, state.without_pieces):
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
    canvas.gap()
    canvas.stepper(_("Zones held"), desk.zones, "zones", partial(_bump_attr, desk, "zones"))
    canvas.row_done()
    canvas.stepper(_("Intact cities in them"), desk.cities, "cities", partial(_bump_attr, desk, "cities"))
    canvas.row_done()


def skipped(why: Sentence, nation: str) -> Sentence:
    """Why a nation is skipped, with its name in the table's language (the engine's is English)."""
    return Sentence(why.template, **{**why.values, "nation": nation_name(nation)})


def _shop(canvas: Canvas, desk: Desk, session: Any) -> None:
    state, numbers = session.state, desk.edition.numbers
    nation = desk.buyer(state) or ""
    gold = state.gold.get(nation, 0)
    canvas.line(_("{nation}: {gold} gold to spend").format(nation=nation_name(nation), gold=gold))
    canvas.gap()
    for unit in shop_types(numbers, nation):
        if unit not in desk.types and unit != "fleet":
            continue
        label = f"{unit_name(unit, 2).capitalize()} ({price(numbers, nation, unit)})"
        canvas.stepper(label, desk.basket.get(unit, 0), unit, partial(_bump, desk.basket, unit, None))
        canvas.row_done()
    if not state.must_spend:
        for terrain in ("standard", "mountain"):
            cost = numbers.city_costs[terrain]
            label = _("City, {terrain} ({cost})").format(terrain=_shop_terrain(terrain), cost=cost)
            canvas.stepper(
                label,
                desk.city_buys.get(terrain, 0),
                "city-" + terrain,
                partial(_bump, desk.city_buys, terrain, None),
            )
            canvas.row_done()
    if nation == "romans" and desk.scenario.id == "I" and desk.basket.get("consular"):
        canvas.stepper(
            _("Consular legions in play"),
            desk.consular_in_play,
            "consular-in-play",
            partial(_bump_attr, desk, "consular_in_play"),
        )
        canvas.row_done()


def _shop_terrain(terrain: str) -> str:
    return terrain_name(terrain) if terrain == "standard" else _("mountain or swamp")


def _move(canvas: Canvas, desk: Desk, session: Any) -> None:
    """The placement checklist and the movement reminders (§7.1, §7.2, §8, §9): reminders only,
    the companion never sees the board."""
    nation = nation_name(desk.nation(session.state) or "")
    canvas.line(_("Place, then move: {nation}").format(nation=nation))
    canvas.gap()
    for text in (
        _("Bought units first: one new unit per zone you hold (several if you hold only one)."),
        _("Fleets go in seas next to your zones."),
        _("Reinforcements and leaders: as the nation card says for this turn."),
        _("Leaders that arrived on your last turn leave now."),
        _("Moving into a mountain stops, unless with a leader or into your own intact city."),
        _("Entering other nations' units stops the move, unless invading."),
        _("Borderlands are empty at the end of the turn; check stacking now."),
        _("Each battle: tap A battle, in the order the attacker chooses."),
    ):
        canvas.line("- " + text, small=True)
        canvas.gap(2)


# the battle being entered


def _setup(canvas: Canvas, desk: Desk, session: Any) -> None:
    state, setup = session.state, desk.setup
    attacker = desk.nation(state) or ""
    zone = desk.edition.board.zones.get(setup.zone)
    where = zone.name if zone else _("no zone yet")
    terrain = terrain_name(zone.terrain) if zone else ""
    canvas.line(f"{where}: {terrain}, {city_name(setup.city)}" if zone else where)
    canvas.gap()
    column = 3 * canvas.target + 8  # one side's stepper
    rights = (canvas.area.right - column, canvas.area.right)
    small = canvas.painter.fonts["small"]
    names = (nation_name(attacker), nation_name(setup.defender) if setup.defender else _("Defender"))
    for name, right in zip(names, rights, strict=True):
        text = small.render(name, True, theme.INK)
        canvas.painter.screen.blit(text, text.get_rect(midtop=(right - column // 2 + 4, canvas.y)))
    canvas.gap(small.get_linesize() + 2)
    rows = [(unit_name(t, 2).capitalize(), t) for t in desk.types]
    rows += [(_("Leaders"), "leaders"), (_("Fleets near"), "fleets")]
    for label, key in rows:
        for number, which in enumerate(SIDES):
            per_side = key in ("leaders", "fleets")
            counts = getattr(setup, key) if per_side else setup.units[which]
            name = which if per_side else key
            change = partial(_bump, counts, name, None)
            shown = counts.get(name, 0)
            canvas.stepper(label if number == 0 else "", shown, f"{which[0]}:{key}", change, x=rights[number])
        canvas.row_done()
    change = partial(_bump_attr, setup, "by_sea")
    canvas.stepper(_("By sea"), setup.by_sea, "by-sea", change, x=rights[0])
    canvas.row_done()


def _zone_picker(canvas: Canvas, desk: Desk, session: Any) -> None:
    canvas.line(_("Tap the zone of the battle"))
    _zone_grid(canvas, desk, session, lambda zone: desk.pick_zone(session.state, zone))


def _zone_grid(canvas: Canvas, desk: Desk, session: Any, tapped: Callable[[str], None]) -> None:
    """Every land zone as a tile, grouped by region: its holder's colour and its city
    (+ intact, x ruined); a zone changed and not yet confirmed has a dark border."""
    state, zones = session.state, land_zones(desk.edition)
    columns = 5
    rows = -(-len(zones) // columns)
    width = canvas.area.width // columns
    height = max(canvas.target - 4, (canvas.area.bottom - canvas.y - 4) // rows)
    for number, zone in enumerate(zones):
        x, y = canvas.area.x + (number % columns) * width, canvas.y + 4 + (number // columns) * height
        rect = pygame.Rect(x, y, width - 4, height - 4)
        holder, city = desk.holding(state, zone.id)
        colour = PLAYER_COLOURS.get(desk.scenario.nation(holder).colour, theme.ZONE) if holder else theme.ZONE
        tile = Tile(rect, zone.name, partial(tapped, zone.id), action=("zone", zone.id), colour=tint(colour))
        tile.font, tile.city = canvas.tile_font, city
        canvas.spots.append(tile)
        if zone.id in desk.changes:
            pygame.draw.rect(canvas.painter.screen, theme.INK, rect.inflate(4, 4), width=3, border_radius=8)
    canvas.y += rows * height


# the battle


def _battle(canvas: Canvas, desk: Desk, session: Any) -> None:
    state = session.state
    battle = state.battle
    _sides(canvas, battle)
    shown = preview(battle, elephant_battles=state.elephant_battles)
    canvas.gap()
    if battle.round == 1 and shown.cap is not None:
        canvas.line(
            _("At most {cap} attackers (§8.3).").format(cap=shown.cap),
            theme.ALERT if shown.over_cap else theme.INK,
            small=True,
        )
    for group in shown.groups:
        canvas.line(f"{nation_name(battle.side(group.side).nation)}: {group_line(group)}", small=True)
    canvas.gap()
    _odds(canvas, session)
    _last_round(canvas, session)


def _sides(canvas: Canvas, battle: Any) -> None:
    """Who attacks where (and the next round while it goes on), the ground, what each side has."""
    zone, attacker = battle.zone or _("the zone"), nation_name(battle.attacker.nation)
    if over(battle):
        canvas.line(_("{attacker} attacked {zone}").format(attacker=attacker, zone=zone))
    else:
        title = _("{attacker} attack {zone}, round {round}")
        canvas.line(title.format(attacker=attacker, zone=zone, round=battle.round))
    canvas.line(f"{terrain_name(battle.terrain)}, {city_name(battle.city)}", theme.MUTED, small=True)
    for which in SIDES:
        side = battle.side(which)
        leaders = (
            ngettext(", {count} leader", ", {count} leaders", side.leaders).format(count=side.leaders)
            if side.leaders
            else ""
        )
        canvas.line(f"{nation_name(side.nation)}: {counted(side.units)}{leaders}", small=True)


def _percent(value: float) -> str:
    return i18n.decimal(value * 100, 1) + "%"


ODDS_COLOURS = (theme.ITALY_GREEN, theme.ALERT, theme.MUTED)  # attacker clears, defender holds, both go


def _odds(canvas: Canvas, session: Any) -> None:
    odds = session.look_ahead()
    if odds is None:
        canvas.line(_("Working out the odds..."), theme.MUTED, small=True)
        return
    x = canvas.area.x
    for share, colour in zip(
        (odds.attacker_clears, odds.defender_holds, odds.both_destroyed), ODDS_COLOURS, strict=True
    ):
        width = round(share * canvas.area.width)
        pygame.draw.rect(canvas.painter.screen, colour, (x, canvas.y, width, 12))
        x += width
    canvas.gap(16)
    canvas.line(
        _("Odds: attacker clears {clears}, defender holds {holds}, both destroyed {both}").format(
            clears=_percent(odds.attacker_clears),
            holds=_percent(odds.defender_holds),
            both=_percent(odds.both_destroyed),
        ),
        theme.ITALY_GREEN,
        small=True,
    )
    canvas.line(
        _(
            "Expected losses: attacker {a}, defender {d} (every die at the most numerous type, no retreat)"
        ).format(a=i18n.decimal(odds.attacker_losses, 1), d=i18n.decimal(odds.defender_losses, 1)),
        theme.MUTED,
        small=True,
    )


def _last_round(canvas: Canvas, session: Any) -> None:
    """The dice of the round just rolled (the ledger's), all together, each as on the die (0 for
    10): a hit on green, a miss on white."""
    rounds = session.state.ledger.rounds
    if not rounds:
        return
    log = rounds[-1]
    canvas.gap()
    canvas.line(_("Round {round} rolled:").format(round=log.number), small=True)
    small = canvas.painter.fonts["small"]
    size = small.get_height() + 6
    for which in SIDES:
        said = ngettext("{count} hit", "{count} hits", hits(log, which)).format(count=hits(log, which))
        label = f"{side_name(which)}: {said}"
        canvas.painter.screen.blit(small.render(label, True, theme.INK), (canvas.area.x, canvas.y + 3))
        x = canvas.area.x + canvas.area.width // 2 - 20
        for throw in log.throws:
            if throw.side != which:
                continue
            for value in throw.values:
                _die(canvas, pygame.Rect(x, canvas.y, size, size), value, value >= throw.needed)
                x += size + 4
        canvas.y += size + 4


def _die(canvas: Canvas, rect: pygame.Rect, value: int, hit: bool) -> None:
    screen, font = canvas.painter.screen, canvas.painter.fonts["small"]
    pygame.draw.rect(screen, theme.ITALY_GREEN if hit else theme.ZONE, rect, border_radius=4)
    pygame.draw.rect(screen, theme.INK, rect, width=1, border_radius=4)
    digit = font.render(str(value % 10), True, theme.BUTTON_TEXT if hit else theme.INK)
    screen.blit(digit, digit.get_rect(center=rect.center))


def _retreat(canvas: Canvas, desk: Desk, session: Any) -> None:
    battle = session.state.battle
    side = battle.side(desk.retreat_side)
    canvas.line(_("{nation} retreat: how many of each").format(nation=nation_name(side.nation)))
    canvas.line(
        _("Capacity of a zone: its limit +1, minus your units there (§10.5)."), theme.MUTED, small=True
    )
    canvas.gap()
    for key in sorted(side.units):
        most = movable(side, key)
        change = partial(_bump, desk.retreat, key, most)
        canvas.stepper(
            f"{unit_name(key, 2).capitalize()} ({most})", desk.retreat.get(key, 0), f"r:{key}", change
        )
        canvas.row_done()


def _pad(canvas: Canvas, desk: Desk, session: Any) -> None:
    """A 10-key pad for the table's own d10s: each natural value in the listed order (0 = 10)."""
    state = session.state
    battle = state.battle
    shown = preview(battle, elephant_battles=state.elephant_battles)
    wanted = sum(g.dice for g in shown.groups) + pre_dice(battle, state.elephant_battles)
    canvas.line(_("Type each die in this order (0 is 10): {count} dice").format(count=wanted))
    for group in shown.groups:
        canvas.line(f"{side_name(group.side)}: {group_line(group)}", small=True)
    canvas.line(
        _("Typed: {dice}").format(dice=" ".join(str(v % 10) for v in desk.typed) or "-"), theme.ITALY_GREEN
    )
    size = min(canvas.target + 12, (canvas.area.width - 16) // 5)
    for number, digit in enumerate((1, 2, 3, 4, 5, 6, 7, 8, 9, 0)):
        rect = pygame.Rect(
            canvas.area.x + (number % 5) * (size + 4), canvas.y + 6 + (number // 5) * (size + 4), size, size
        )
        canvas.spots.append(
            Button(rect, str(digit), partial(desk.typed.append, digit or 10), action=("digit", digit))
        )


def _aftermath(canvas: Canvas, desk: Desk, session: Any) -> None:
    battle = session.state.battle
    end = aftermath(battle)
    _sides(canvas, battle)
    canvas.gap()
    canvas.line(outcome(end.how).capitalize() + ".", theme.ITALY_GREEN)
    for which in SIDES:
        tally, nation = battle.side(which).tally, nation_name(battle.side(which).nation)
        if tally.retreated:
            moved = counted({k: n for k, n in tally.retreated.items() if k != "leader"})
            canvas.line(_("{nation} retreated {units}.").format(nation=nation, units=moved), small=True)
        gone = {k: n for k, n in tally.lost.items()}
        if gone:
            canvas.line(
                _("{nation} remove {units}.").format(
                    nation=nation_name(battle.side(which).nation), units=counted(gone)
                ),
                small=True,
            )
    if end.surplus:
        canvas.line(
            ngettext(
                "Stacking: remove {count} unit now (§8.3).",
                "Stacking: remove {count} units now (§8.3).",
                end.surplus,
            ).format(count=end.surplus),
            theme.ALERT,
            small=True,
        )
    if end.loot:
        canvas.line(
            _("A city taken: loot it (4 gold or the card's points) if it was another player's."), small=True
        )
    if end.major:
        canvas.line(_("A major battle (§13.2)."), small=True)
    _last_round(canvas, session)


# the control map and the score pad


def _map(canvas: Canvas, desk: Desk, session: Any) -> None:
    nation = nation_name(desk.nation(session.state) or "")
    if session.state.confirmed:
        canvas.line(_("The map as the {nation} left it").format(nation=nation))
        _zone_grid(canvas, desk, session, lambda zone: None)
        return
    hint = (
        _("Tap a zone's city: none, +, x")
        if desk.city_mode
        else _("Tap the zones the {nation} took or left").format(nation=nation)
    )
    canvas.line(hint)
    _zone_grid(canvas, desk, session, lambda zone: desk.toggle(session.state, zone))


def _score(canvas: Canvas, desk: Desk, session: Any) -> None:
    """This turn's row of the score pad: each nation's points as its card counts them (zones,
    cities, regions, §11.0), typed in; then the players' totals so far."""
    state = session.state
    canvas.line(_("Turn {turn}: points from each nation's card").format(turn=state.turn), small=True)
    nations = [s.nation for s in turn_order(desk.scenario, state.turn, state.without_pieces) if s.plays]
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
        change = partial(_bump, desk.points, nation, None)
        canvas.stepper("", desk.points.get(nation, 0), f"s:{nation}", change, x=left + width - 6)
    canvas.y = top + -(-len(nations) // columns) * (canvas.target + 2)
    totals = ", ".join(f"{colour_name(c).capitalize()} {p}" for c, p in player_totals(desk, state.scores))
    canvas.line(_("Totals: {totals}").format(totals=totals), small=True)
    _pad_rows(canvas, state.scores, state.turn)


def _totals(canvas: Canvas, desk: Desk, session: Any) -> None:
    canvas.line(_("The score pad"))
    canvas.gap()
    ranked = player_totals(desk, session.state.scores)
    if ranked and ranked[0][1] > (ranked[1][1] if len(ranked) > 1 else -1):
        who = session_names(desk, session.state).get(ranked[0][0]) or colour_name(ranked[0][0]).capitalize()
        canvas.line(_("{player} wins.").format(player=who), theme.ITALY_GREEN)
    _player_totals(canvas, desk, session.state)
    _pad_rows(canvas, session.state.scores)


def _pad_rows(canvas: Canvas, awards: Any, turn: int | None = None) -> None:
    """The score pad's lines, a game turn a row: "Turn 3: Celts zones 2, Romans region 4"."""
    for number in sorted({a.turn for a in awards if turn is None or a.turn == turn}):
        row = ", ".join(
            f"{nation_name(a.nation)} {source_name(a.source)} {a.points}" for a in awards if a.turn == number
        )
        canvas.line(_("Turn {turn}: {row}").format(turn=number, row=row), theme.MUTED, small=True)


def player_totals(desk: Desk, scores: Any) -> list[tuple[str, int]]:
    """Each colour's total over the score pad (a player scores for every nation of its colour)."""
    totals = {c: 0 for c in desk.scenario.colours}
    for award in scores:
        totals[desk.scenario.nation(award.nation).colour] += award.points
    return sorted(totals.items(), key=lambda item: -item[1])


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


# the panel's sentences


def lines(page: str, desk: Desk, session: Any) -> list[tuple[str, Colour]]:
    state = session.state
    if page == "income":
        return _income_lines(desk, state)
    if page == "shop":
        return _shop_lines(desk, state)
    if page == "setup":
        return _setup_lines(desk, state)
    if page == "battle" and state.battle.round > 1:
        return [(_("Retreats and submission come before the next roll."), theme.MUTED)]
    if page == "map" and not desk.city_mode:
        return [(_("Then tap Confirm the map (no change: confirm as it is)."), theme.MUTED)]
    if page == "end":
        return [(_("The map is confirmed."), theme.ITALY_GREEN)]
    return []


def _setup_lines(desk: Desk, state: Any) -> list[tuple[str, Colour]]:
    """The attack cap (§8.3) as entered: a zone's limit +1, +1 with a leader; none once invaded."""
    battle = desk.setup.battle(desk.edition, desk.nation(state) or "")
    cap = attack_cap(battle)
    if not desk.setup.zone or cap is None:
        return []
    said = _("At most {cap} attackers (§8.3).").format(cap=cap)
    over_cap = battle.attacker.count() > cap
    return [
        (
            said + (" " + _("More only if the zone was invaded.") if over_cap else ""),
            theme.ALERT if over_cap else theme.INK,
        )
    ]


def _income_lines(desk: Desk, state: Any) -> list[tuple[str, Colour]]:
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


def _shop_lines(desk: Desk, state: Any) -> list[tuple[str, Colour]]:
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
