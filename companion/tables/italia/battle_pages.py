"""The battle's pages: its entry (who fights, where), the zone picker, a round with what each group
of dice needs and the exact odds, the dice just rolled, a retreat, the table's own dice, the end."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from companion import i18n
from companion.games.italia.battle import attack_cap
from companion.games.italia.fight import aftermath, early_rolls, over
from companion.games.italia.odds import TooLarge
from companion.games.italia.preview import preview
from companion.games.italia.rounds import CITY, tramples
from companion.games.italia.tally import movable
from companion.i18n import _, ngettext
from companion.tables.italia.canvas import Canvas, Colour, bump, bump_attr, zone_grid
from companion.tables.italia.desk import SIDES, Desk, pre_dice
from companion.tables.italia.die_box import hits
from companion.tables.italia.words import (
    city_name,
    counted,
    early_line,
    group_line,
    nation_name,
    outcome,
    side_name,
    terrain_name,
    unit_name,
)
from companion.ui import theme
from companion.ui.widgets import Button, fitted


def setup(canvas: Canvas, desk: Desk, session: Any) -> None:
    state, setup = session.state, desk.setup
    attacker = desk.nation(state) or ""
    zone = desk.edition.board.zones.get(setup.zone)
    where = zone.name if zone else _("A zone off the map")
    terrain = terrain_name(zone.terrain if zone else setup.terrain)
    canvas.line(f"{where}: {terrain}, {city_name(setup.city)}")
    canvas.gap()
    column = 3 * canvas.target + 8  # one side's stepper
    rights = (canvas.area.right - column, canvas.area.right)
    small = canvas.painter.fonts["small"]
    names = (nation_name(attacker), nation_name(setup.defender) if setup.defender else _("Defender"))
    for name, right in zip(names, rights, strict=True):
        text = small.render(fitted(small, name, column), True, theme.INK)
        canvas.painter.screen.blit(text, text.get_rect(midtop=(right - column // 2 + 4, canvas.y)))
    canvas.gap(small.get_linesize() + 2)
    rows = [(unit_name(t, 2).capitalize(), t) for t in desk.types]
    rows += [(_("Leaders"), "leaders"), (_("Fleets near"), "fleets")]
    for label, key in rows:
        for number, which in enumerate(SIDES):
            per_side = key in ("leaders", "fleets")
            counts = getattr(setup, key) if per_side else setup.units[which]
            name = which if per_side else key
            change = partial(bump, counts, name, None)
            shown = counts.get(name, 0)
            canvas.stepper(label if number == 0 else "", shown, f"{which[0]}:{key}", change, x=rights[number])
        canvas.row_done()
    change = partial(bump_attr, setup, "by_sea")
    canvas.stepper(_("By sea"), setup.by_sea, "by-sea", change, x=rights[0])
    canvas.row_done()


def zone_picker(canvas: Canvas, desk: Desk, session: Any) -> None:
    canvas.line(_("Tap the zone of the battle"))
    zone_grid(canvas, desk, session, lambda zone: desk.pick_zone(session.state, zone))


def _aims(desk: Desk, battle: Any) -> dict[str, Any]:
    return {w: desk.aiming.aims(battle, w) for w in SIDES}


def battle_page(canvas: Canvas, desk: Desk, session: Any) -> None:
    state = session.state
    battle = state.battle
    _sides(canvas, battle)
    shown = preview(battle, _aims(desk, battle), elephant_battles=state.elephant_battles)
    canvas.gap()
    if battle.round == 1 and shown.cap is not None:
        canvas.line(
            _("At most {cap} attackers (§8.3).").format(cap=shown.cap),
            theme.ALERT if shown.over_cap else theme.INK,
            small=True,
        )
    for roll in early_rolls(battle, state.elephant_battles):
        canvas.line(f"{nation_name(battle.side(roll.side).nation)}: {early_line(roll)}", small=True)
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
    if isinstance(odds, TooLarge):
        canvas.line(
            _("Too many units to work out the exact odds here: `companion italia odds` gives them."),
            theme.MUTED,
            small=True,
        )
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
    10): a hit on green, a miss on white. A long page (three kinds a side, in Italian) leaves out the
    heading and draws the dice shorter, so that both rows stay on the page."""
    rounds = session.state.ledger.rounds
    if not rounds:
        return
    log = rounds[-1]
    small = canvas.painter.fonts["small"]
    size = small.get_height() + 6
    if canvas.area.bottom - canvas.y >= 6 + small.get_height() + 2 * (size + 4):
        canvas.gap()
        canvas.line(_("Round {round} rolled:").format(round=log.number), small=True)
    else:
        size = max(small.get_height(), min(size, (canvas.area.bottom - canvas.y) // 2 - 4))
    for which in SIDES:
        _dice_row(canvas, log, which, size)
        canvas.y += size + 4


def _dice_row(canvas: Canvas, log: Any, which: str, size: int) -> None:
    """One side's hits and dice, on one row: a big round's dice narrower, all shown, and clear of the
    menu's button and the die's lights in the page's corner."""
    small = canvas.painter.fonts["small"]
    said = ngettext("{count} hit", "{count} hits", hits(log, which)).format(count=hits(log, which))
    label = f"{side_name(which)}: {said}"
    canvas.painter.screen.blit(small.render(label, True, theme.INK), (canvas.area.x, canvas.y + 3))
    x = canvas.area.x + canvas.area.width // 2 - 20
    typed = [t.hits for t in log.throws if t.side == which and t.typed is not None]
    if typed:  # the table typed its hits per group: no die to draw
        said = _("Hits typed: {hits}").format(hits=" + ".join(map(str, typed)))
        canvas.painter.screen.blit(small.render(said, True, theme.MUTED), (x, canvas.y + 3))
    dice = [(value, value >= t.needed) for t in log.throws if t.side == which for value in t.values]
    right = canvas.area.right
    if canvas.y + size > canvas.area.bottom - canvas.target - 8:
        right -= canvas.target + 40  # the menu's button and, beside it, the die's lights
    step = min(size + 4, (right - x) // max(1, len(dice)))
    for value, hit in dice:
        _die(canvas, pygame.Rect(x, canvas.y, min(size, step - 2), size), value, hit)
        x += step


def _die(canvas: Canvas, rect: pygame.Rect, value: int, hit: bool) -> None:
    screen, font = canvas.painter.screen, canvas.painter.fonts["small"]
    pygame.draw.rect(screen, theme.ITALY_GREEN if hit else theme.ZONE, rect, border_radius=4)
    pygame.draw.rect(screen, theme.INK, rect, width=1, border_radius=4)
    digit = font.render(str(value % 10), True, theme.BUTTON_TEXT if hit else theme.INK)
    screen.blit(digit, digit.get_rect(center=rect.center))


def retreat(canvas: Canvas, desk: Desk, session: Any) -> None:
    battle = session.state.battle
    side = battle.side(desk.retreat_side)
    canvas.line(_("{nation} retreat: how many of each").format(nation=nation_name(side.nation)))
    canvas.line(
        _("Capacity of a zone: its limit +1, minus your units there (§10.5)."), theme.MUTED, small=True
    )
    canvas.gap()
    for key in sorted(side.units):
        most = movable(side, key)
        change = partial(bump, desk.retreat, key, most)
        canvas.stepper(
            f"{unit_name(key, 2).capitalize()} ({most})", desk.retreat.get(key, 0), f"r:{key}", change
        )
        canvas.row_done()


def pad(canvas: Canvas, desk: Desk, session: Any) -> None:
    """A 10-key pad for the table's own d10s: each natural value in the listed order (0 = 10); or a
    stepper of hits per group (with an elephant group's 9s and 10s, spec 6)."""
    state = session.state
    battle = state.battle
    shown = preview(battle, _aims(desk, battle), elephant_battles=state.elephant_battles)
    if desk.aiming.by_hits:
        _hits_pad(canvas, desk, shown.groups)
        return
    wanted = sum(g.dice for g in shown.groups) + pre_dice(battle, state.elephant_battles)
    canvas.line(_("Type each die in this order (0 is 10): {count} dice").format(count=wanted))
    for roll in early_rolls(battle, state.elephant_battles):
        canvas.line(f"{side_name(roll.side)}: {early_line(roll)}", small=True)
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


def _hits_pad(canvas: Canvas, desk: Desk, groups: Any) -> None:
    """One stepper a group, under its side: its hits, 0 to its dice; an elephant group's 9s and 10s
    below it."""
    canvas.line(_("Type the hits of each group"))
    if any(tramples(g) for g in groups):
        canvas.line(_("Elephants: also how many 9s and 10s (they force units out)."), theme.MUTED, small=True)
    aiming, heading = desk.aiming, ""
    for at, group in enumerate(groups):
        if group.side != heading:
            heading = group.side
            canvas.line(side_name(group.side), theme.MUTED, small=True)
        unit, target = unit_name(group.unit, group.dice), _target_name(group.target)
        label = f"{group.dice} {unit} > {target}, {group.needed}+"
        typed = aiming.hits[at] if at < len(aiming.hits) else 0
        canvas.stepper(label, typed, f"h:{at}", partial(aiming.bump, "hits", at, group.dice))
        canvas.row_done()
        if tramples(group):
            nines = aiming.nines[at] if at < len(aiming.nines) else 0
            change = partial(aiming.bump, "nines", at, group.dice)
            canvas.stepper("    " + _("of them 9s and 10s"), nines, f"n:{at}", change)
            canvas.row_done()


def _target_name(target: str) -> str:
    return _("the city") if target == CITY else unit_name(target, 2)


def aim_page(canvas: Canvas, desk: Desk, session: Any) -> None:
    """Each side's unit types and the enemy type their dice aim at (a tap: the next type, §10.4),
    then, where elephants roll, which units the side sends out first when their 9s and 10s force
    some out (reading A4). The defaults are shown: one tap on Roll still goes."""
    battle, aiming = session.state.battle, desk.aiming
    canvas.line(_("Tap a target to aim at the next type"), small=True)
    width = 4 * canvas.target
    for which in SIDES:
        canvas.gap(4)
        canvas.line(f"{side_name(which)}: {nation_name(battle.side(which).nation)}", theme.MUTED, small=True)
        for key, target, n in aiming.aims(battle, which):
            tap = partial(aiming.next_target, battle, which, key)
            label = f"{n} {unit_name(key, n)} " + _("at")
            _choice(canvas, label, _target_name(target), ("aim", which, key), tap, width)
    for which in aiming.faced_by_elephants(battle):
        canvas.gap(4)
        first = aiming.victim(battle, which)
        shown = unit_name(first, 2) if first else _("the cheapest")
        label = _("{nation}: elephants force out first").format(nation=nation_name(battle.side(which).nation))
        canvas.line(label, small=True)  # on a line of its own: the button takes the row's right
        _choice(canvas, "", shown, ("victim", which), partial(aiming.next_victim, battle, which), width)


def _choice(canvas: Canvas, label: str, value: str, action: Any, tap: Any, width: int) -> None:
    """A label, and at the row's right a button showing the choice (a tap changes it)."""
    t, font = canvas.target, canvas.painter.fonts["small"]
    drawn = font.render(label, True, theme.INK)
    canvas.painter.screen.blit(drawn, (canvas.area.x, canvas.y + (t - font.get_height()) // 2))
    rect = pygame.Rect(canvas.area.right - width, canvas.y + 2, width, t - 4)
    canvas.spots.append(Button(rect, value, tap, action=action))
    canvas.row_done()


def aftermath_page(canvas: Canvas, desk: Desk, session: Any) -> None:
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


def setup_lines(desk: Desk, state: Any) -> list[tuple[str, Colour]]:
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
