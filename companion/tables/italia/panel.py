"""Italia's side panel: the buttons of each page (as entries: label, marker, tap). A tap either
changes what the table is entering (the desk) and returns None, or returns an intent."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from companion.games.italia import actions as a
from companion.games.italia.battle import unit_type
from companion.games.italia.cardscore import card_lines
from companion.games.italia.clerk import bill
from companion.games.italia.conversion import PATRIMONIUM
from companion.games.italia.fight import early_rolls
from companion.games.italia.game import State, leaving_now, queue
from companion.games.italia.ledger import SOURCES
from companion.i18n import _
from companion.tables.base import Entry, Intent, Play, ShowDie, Undo
from companion.tables.italia import turn_panel
from companion.tables.italia.desk import Desk, pre_dice
from companion.tables.italia.die_box import idle, thresholds
from companion.tables.italia.words import city_name, nation_name, source_name, terrain_name, unit_name
from companion.ui.panel import UNDO


def _set(desk: Desk, name: str, value: object) -> Callable[[], None]:
    return partial(setattr, desk, name, value)


def _play(action: Callable[[], a.Action | object]) -> Callable[[], Intent]:
    return lambda: Play(action())


def entries(desk: Desk, page: str, state: State, can_undo: bool) -> list[Entry]:
    """This page's buttons, the one that moves the turn on first after the steppers, Undo last."""
    made = {
        **turn_panel.PAGES,
        "income": _income,
        "shop": _shop,
        "setup": _setup,
        "zones": _zones,
        "battle": _battle,
        "retreat": _retreat,
        "pad": _pad,
        "aim": _aim,
        "aftermath": _aftermath,
        "map": _map,
        "end": _end,
        "score": _score,
    }.get(page)
    if made is None:
        return []
    found = made(desk, state)
    if page not in ENTERING and can_undo:
        found.append((_("Undo"), UNDO, Undo))
    return found


ENTERING = (
    "setup",
    "zones",
    "retreat",
    "pad",
    "aim",
    "map",
    "subjects",
    "leader",
    "czones",
    "switch",
    "sea-setup",
    "sea-order",
    "ask",
)


def _income(desk: Desk, state: State) -> list[Entry]:
    found: list[Entry] = []
    nation = desk.nation(state)
    if nation and desk.scenario.nation(nation).income == "normal-or-half":
        label = _("Half income: yes") if desk.half else _("Half income: no")
        found.append((label, ("half",), _set(desk, "half", not desk.half)))
    found.append((_("Collect income"), ("collect",), _play(desk.income)))
    subjects = partial(turn_panel._subjects_page, desk, state)
    found.append((_("Masters and subjects"), ("subjects",), subjects))
    return found


def _shop(desk: Desk, state: State) -> list[Entry]:
    cost = bill(desk.edition.numbers, desk.buyer(state) or "", desk.basket, desk.city_buys)
    found: list[Entry] = []
    if cost:
        label = _("Buy for {cost} gold").format(cost=cost)
        found.append((label, ("buy",), _play(lambda: desk.purchase(state))))
    if not state.must_spend:  # on to placement: with a purchase made, or none
        bought = bool(state.ledger.bought.get(desk.buyer(state) or "") or state.ledger.cities)
        label = _("Done buying") if bought else _("Buy nothing")
        found.append(turn_panel.next_phase(desk, label))
    return found


def _cycle(desk: Desk, state: State) -> None:
    """The defender: the next nation in table order (not the attacker)."""
    attacker = desk.nation(state)
    nations = [n.id for n in desk.scenario.nations if n.id != attacker]
    at = nations.index(desk.setup.defender) + 1 if desk.setup.defender in nations else 0
    desk.setup.defender = nations[at % len(nations)]


def _next_city(desk: Desk) -> None:
    order = ("none", "intact", "ruin")
    desk.setup.city = order[(order.index(desk.setup.city) + 1) % 3]


def _next_terrain(desk: Desk) -> None:
    order = ("standard", "mountain", "swamp", "borderland")
    desk.setup.terrain = order[(order.index(desk.setup.terrain) + 1) % len(order)]


def _terrain(desk: Desk) -> list[Entry]:
    """Where the table skips the map (no zone chosen), it says the battle's terrain."""
    if desk.setup.zone:
        return []
    label = _("Terrain: {terrain}").format(terrain=terrain_name(desk.setup.terrain))
    return [(label, ("terrain",), partial(_next_terrain, desk))]


def _flip(desk: Desk, name: str) -> None:
    setattr(desk.setup, name, not getattr(desk.setup, name))


def _fight(desk: Desk, state: State) -> Intent:
    opening = desk.opening(state)
    desk.local = ""  # after the battle: the turn goes on from its phase
    return Play(opening)


def _setup(desk: Desk, state: State) -> list[Entry]:
    setup = desk.setup
    zone = desk.edition.board.zones.get(setup.zone)
    return [
        (
            _("Zone: {zone}").format(zone=zone.name if zone else _("pick")),
            ("pick-zone",),
            _set(desk, "local", "zones"),
        ),
        (_("Change defender"), ("defender",), partial(_cycle, desk, state)),  # named over its column
        (city_name(setup.city).capitalize(), ("city",), partial(_next_city, desk)),
        *_terrain(desk),
        (_("Raid") if setup.raid else _("Normal attack"), ("raid",), partial(_flip, desk, "raid")),
        (
            _("Invaded: yes") if setup.invaded else _("Invaded: no"),
            ("invaded",),
            partial(_flip, desk, "invaded"),
        ),
        (
            _("Submits: yes") if setup.must_submit else _("Submits: no"),
            ("must-submit",),
            partial(_flip, desk, "must_submit"),
        ),
        (_("Cancel"), ("back",), _set(desk, "local", "")),
        (_("Fight"), ("fight",), partial(_fight, desk, state)),
    ]


def _zones(desk: Desk, state: State) -> list[Entry]:
    return [(_("Back"), ("to-setup",), _set(desk, "local", "setup"))]


def _sub(desk: Desk, sub: str, side: str = "attacker") -> None:
    desk.sub, desk.retreat_side, desk.retreat, desk.typed = sub, side, {}, []


def _battle(desk: Desk, state: State) -> list[Entry]:
    battle = state.battle
    assert battle is not None
    found: list[Entry] = [
        (_("Roll the round"), ("roll",), lambda: Play(desk.aiming.roll(battle))),
        (_("Type the dice"), ("pad",), partial(_open_pad, desk, state)),
    ]
    if battle.mode == "normal":
        found.append((_("Aim the dice"), ("aim",), partial(_sub, desk, "aim")))
    found += _conversions(desk, state)
    if battle.round > 1 and battle.mode == "normal":
        found += [
            (_("Attacker retreats"), ("retreat", "attacker"), partial(_sub, desk, "retreat", "attacker")),
            (_("Defender retreats"), ("retreat", "defender"), partial(_sub, desk, "retreat", "defender")),
            (_("Defender submits"), ("submit",), lambda: Play(a.Submit())),
        ]
    return found


def _conversions(desk: Desk, state: State) -> list[Entry]:
    """The Patrimonium's conversion before a round (§14.3): one enemy unit, not cavalry, twice a game,
    once a battle; a button per kind of enemy unit it may take."""
    battle = state.battle
    assert battle is not None
    sides = [w for w in ("attacker", "defender") if battle.side(w).nation == PATRIMONIUM]
    if not sides or battle.converted or state.conversions >= 2 or battle.mode != "normal":
        return []
    enemy = battle.side("defender" if sides[0] == "attacker" else "attacker")
    return [
        (
            _("Convert 1 {unit}").format(unit=unit_name(key)),
            ("convert", key),
            partial(Play, a.Convert(key)),
        )
        for key, n in sorted(enemy.units.items())
        if n and unit_type(key) != "cavalry"
    ]


def _retreat(desk: Desk, state: State) -> list[Entry]:
    units = {k: n for k, n in desk.retreat.items() if n}
    return [
        (_("Cancel"), ("cancel",), partial(_sub, desk, "")),
        (_("Retreat these"), ("retreat-go",), lambda: Play(a.Retreat(desk.retreat_side, units))),
    ]


def _open_pad(desk: Desk, state: State) -> ShowDie:
    """The table rolls its own dice: the box shows each group's threshold meanwhile (spec 6)."""
    battle = state.battle
    assert battle is not None
    _sub(desk, "pad")
    return ShowDie(thresholds(early_rolls(battle, state.elephant_battles), desk.aiming.groups(battle)))


def _leave_pad(desk: Desk) -> ShowDie:
    _sub(desk, "")
    return ShowDie(idle())


def _typed(desk: Desk, state: State) -> Intent:
    assert state.battle is not None
    return Play(desk.aiming.typed(state.battle, tuple(desk.typed)))


def _delete(desk: Desk) -> None:
    if desk.typed:
        desk.typed.pop()


def _pad(desk: Desk, state: State) -> list[Entry]:
    battle = state.battle
    assert battle is not None
    by_hits = desk.aiming.by_hits
    mode = _("Type: each die") if by_hits else _("Type: hits per group")
    found: list[Entry] = [(_("Cancel"), ("cancel",), partial(_leave_pad, desk))]
    if not pre_dice(battle, state.elephant_battles):  # fear and switching: each die, one by one
        found.append((mode, ("pad-mode",), partial(_flip_pad, desk)))
    if not by_hits:
        found.append((_("Delete"), ("delete",), partial(_delete, desk)))
    label = _("Play these hits") if by_hits else _("Play these dice")
    found.append((label, ("typed",), partial(_typed, desk, state)))
    return found


def _flip_pad(desk: Desk) -> None:
    desk.aiming.by_hits, desk.typed = not desk.aiming.by_hits, []


def _aim(desk: Desk, state: State) -> list[Entry]:
    battle = state.battle
    assert battle is not None
    return [
        (_("Back"), ("cancel",), partial(_sub, desk, "")),
        (_("Roll the round"), ("roll",), lambda: Play(desk.aiming.roll(battle))),
    ]


def _aftermath(desk: Desk, state: State) -> list[Entry]:
    battle = state.battle
    assert battle is not None
    found: list[Entry] = []
    if battle.city == "ruin":
        for which in ("attacker", "defender"):
            side = battle.side(which)
            key = next((k for k, n in sorted(side.units.items()) if n), None)
            if key is not None:
                label = _("{nation} rebuild the city").format(nation=nation_name(side.nation))
                found.append((label, ("rebuild", which), partial(Play, a.Rebuild(which, key))))
    found.append((_("Close the battle"), ("close",), lambda: Play(a.CloseBattle())))
    return found


def _leave(desk: Desk, nation: str) -> None:
    desk.leaving ^= {nation}


def _map(desk: Desk, state: State) -> list[Entry]:
    nation = desk.nation(state) or ""
    leaving = nation in desk.leaving
    return [
        (
            _("Cities: on") if desk.city_mode else _("Cities: off"),
            ("cities",),
            _set(desk, "city_mode", not desk.city_mode),
        ),
        (
            _("No pieces left: yes") if leaving else _("No pieces left: no"),
            ("leaving",),
            partial(_leave, desk, nation),
        ),
        (_("Back"), ("back",), _set(desk, "local", "")),
        (_("Confirm the map"), ("confirm-map",), _play(lambda: desk.confirmation(state))),
    ]


def _end(desk: Desk, state: State) -> list[Entry]:
    """End the nation's turn; when it closes the game turn, first the question whether the pieces of a
    nation whose last turn it was leave the board (§12.4, A53), unless its file says."""
    nation = nation_name(desk.nation(state) or "")
    check = partial(leaving_now, desk.edition, desk.scenario, state, tuple(desk.leaving))
    end = turn_panel.asking(desk, check, _play(desk.end))
    found: list[Entry] = [(_("End turn: {nation}").format(nation=nation), ("end-nation",), end)]
    if desk.scored:  # a scoring turn: the pad stays one tap away until the turn ends
        found.append((_("Back to the score pad"), ("to-score",), _set(desk, "scored", False)))
    return found


def _next_source(desk: Desk) -> None:
    desk.source = SOURCES[(SOURCES.index(desk.source) + 1) % len(SOURCES)]


def _score(desk: Desk, state: State) -> list[Entry]:
    """The points' source (what the card gives them for), then one line of the pad a tap."""
    found: list[Entry] = [
        (
            _("Points for: {source}").format(source=source_name(desk.source)),
            ("source",),
            partial(_next_source, desk),
        )
    ]
    nation = desk.pending(state)
    if nation is not None:
        label = _("Record {nation}: {points}").format(nation=nation_name(nation), points=desk.points[nation])
        found.append((label, ("score",), _play(lambda: desk.score(state))))
    found += _from_card(desk, state)
    found.append((_("Scores done"), ("scores-done",), _set(desk, "scored", True)))
    return found


def _from_card(desk: Desk, state: State) -> list[Entry]:
    """The next nation without a line this turn, scored from its card (its points asked when the
    card's row for the turn is missing)."""
    nation = next((n for n in queue(desk.scenario, state) if not scored(state, n)), None)
    if nation is None:
        return []
    check = partial(
        card_lines, desk.edition, state.told, state.control, state.cities, state.masters, nation, state.turn
    )
    label = _("From the card: {nation}").format(nation=nation_name(nation))
    return [
        (label, ("score-card", nation), turn_panel.asking(desk, check, partial(Play, a.ScoreCard(nation))))
    ]


def scored(state: State, nation: str) -> bool:
    return any(award.turn == state.turn and award.nation == nation for award in state.scores)
