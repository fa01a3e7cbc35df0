"""What each of Italy '43-'45's pages shows on the left square: a title, a few sentences, and rows of
spots the table taps (a keypad, the factions in a card's order, the areas, counts). No drawing here:
the view lays the rows out (the last row at the bottom)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from companion.games.italy4345.deck import deck_size, pile_of
from companion.games.italy4345.edition import SYMBOLS
from companion.games.italy4345.errors import ValueNeeded
from companion.games.italy4345.model import FACTIONS, State
from companion.i18n import _, translate
from companion.tables.italy4345.desk import (
    BATTLE_PIECES,
    PIECES,
    Desk,
    areas_of,
    build_steps,
    civics_of,
    ops_of,
    sas_of,
    trial,
)
from companion.tables.italy4345.words import (
    area_name,
    card_name,
    choice_name,
    faction_name,
    faction_short,
    op_name,
    piece_name,
    player_name,
    symbol_name,
    term_name,
    terrain_name,
    told,
)


@dataclass
class Spot:
    label: str
    marker: object
    tap: Callable[[], object]
    chosen: bool = False
    shown: bool = True  # False: its place kept, nothing drawn (it comes later on the page)


@dataclass
class Page:
    """A page: its rows in fixed slots, bottom up (an empty row keeps the slot of what comes later on the
    page), sized for `room` lines of text above them whatever the texts of the moment."""

    title: str
    texts: list[str]
    rows: list[list[Spot]]
    picture: Callable[[Any, Any], None] | None = None  # drawn between the texts and the rows
    keys: list[Spot] = field(default_factory=list)  # the counts' -/+ keys, first in the panel
    room: int = 2  # the lines of text the rows leave above them


def position_text(state: State) -> str:
    """'Card 12 of 45, pile 2, card 3' (spec 1.4)."""
    if not state.card_index:
        return _("No card revealed yet")
    long = state.options.long_deck
    pile_no, pile = pile_of(state.card_index, long)
    return _("Card {n} of {size}, pile {pile}").format(n=state.card_index, size=deck_size(long), pile=pile_no)


def faction_table(state: State, edition: Any) -> list[str]:
    """Each faction's cylinder and resources; on a card, its place in the card's order, who acts and who
    passed. Between two cards (the reveal) the last card's order and passes are not the next card's."""
    from companion.games.italy4345.flow import active

    lines = []
    now = active(state)
    between = state.step == "reveal"
    for faction in FACTIONS if between else state.order or FACTIONS:
        mark = "> " if faction == now else "   "
        where = _("eligible") if faction in state.eligible else _("NOT eligible")
        line = _("{faction}: {where}, {n} resources").format(
            faction=faction_name(faction), where=where, n=state.resources[faction]
        )
        if faction in state.passed and not between:
            line = _("{line}: passed").format(line=line)
        lines.append(mark + line)
    return lines


def asked(desk: Desk, state: State, page: str) -> ValueNeeded | None:
    """The value the page's decision needs first (the edition files lack it), if any."""
    action = desk.main_action(state, page)
    if action is None or (page == "reveal" and not desk.confirmed and state.deck is None):
        return None
    if page == "score" and desk.by_hand:
        return None  # the table gives the terms itself: a term it leaves is asked when the score is played
    _after, fault = trial(state, desk.edition, action)
    return fault if isinstance(fault, ValueNeeded) else None


def screen_name(view: Any, session: Any) -> str:
    """The page's name (screenshots, the frame benchmark): the step, or what is asked (a card's order,
    an offensive card's arrows, an area's terrain, a city's value)."""
    page = view.page(session)
    need = asked(view.desk, session.state, page)
    names = {"events": "card-order", "offensives": "arrows", "areas": "terrain", "cities": "city-value"}
    return page if need is None else names[need.key.split(".")[0]]


def page_of(name: str, desk: Desk, state: State) -> Page:
    need = asked(desk, state, name)
    if need is not None:
        page = ask_page(need, desk)
        if name == "reveal" and state.deck is not None:
            page.texts.insert(0, box_text(state))
        return page
    makers: dict[str, Callable[[Desk, State], Page]] = {
        "build": build_page,
        "setup": adjust_page,
        "adjust": adjust_page,
        "reveal": reveal_page,
        "symbols": symbols_page,
        "choose": choose_page,
        "op": op_page,
        "assault": assault_page,
        "battle": battle_page,
        "civic": civic_page,
        "redistribute": redistribute_page,
        "score": score_page,
        "place": place_page,
    }
    maker = makers.get(name)
    return maker(desk, state) if maker is not None else step_page(name, state)


def build_page(desk: Desk, state: State) -> Page:
    steps = build_steps(state.options.long_deck, state.options.deck_mode)
    head = _("Building the deck: step {k} of {n}").format(k=desk.build_step + 1, n=len(steps))
    from companion.tables.italy4345.pictures import piles

    picture = partial(piles, state.options.long_deck, state.options.deck_mode, desk.build_step)
    return Page(head, [translate(steps[desk.build_step])], [], picture)


def reveal_page(desk: Desk, state: State) -> Page:
    texts = faction_table(state, desk.edition)
    if state.deck is not None:
        return Page(_("The next card"), [box_text(state), *texts], [])
    typed = card_name(desk.card()) if desk.card() else "_"
    texts.append(_("Card turned: {card}. Show it to the camera, or type its number.").format(card=typed))
    texts = texts[-1:] + texts[:-1]
    kinds = [
        Spot(_("Event"), ("kind", "event"), partial(desk.choose_kind, "event"), desk.kind == "event"),
        Spot(
            _("Offensive"),
            ("kind", "offensive"),
            partial(desk.choose_kind, "offensive"),
            desk.kind != "event",
        ),
    ]
    digits = [Spot(str(d), ("digit", d), partial(desk.type_digit, d)) for d in range(10)]
    return Page(_("Reveal a card"), texts, [kinds, digits[1:6], [*digits[6:], digits[0]]])


def box_text(state: State) -> str:
    """A companion deck's next card, named (spec 1.3): the table takes it from the sorted box."""
    assert state.deck is not None
    return _("Turn card {n}: take {card} from the box.").format(
        n=state.card_index + 1, card=card_name(state.deck[state.card_index])
    )


def ask_page(need: ValueNeeded, desk: Desk) -> Page:
    """A value the edition files lack, asked now (spec 1.5): a card's order and symbols, an offensive
    card's arrows, a city's value, an area's terrain."""
    kind, subject = need.key.split(".")[:2]
    if kind == "events":
        return card_entry_page(desk, subject)
    said = _("Your edition files do not give it: the game will remember it.")
    if kind == "offensives":
        arrows = [
            Spot(str(n), ("number", n), partial(setattr, desk, "number", n), desk.number == n)
            for n in (1, 2, 3)
        ]
        head = _("{card}: its arrows").format(card=card_name(subject))
        return Page(head, [_("How many arrows does the offensive card show?"), said], [arrows])
    if kind == "areas":
        kinds = ("city", "countryside", "mountain")
        spots = [
            Spot(terrain_name(k), ("terrain", k), partial(setattr, desk, "to", k), desk.to == k)
            for k in kinds
        ]
        head = _("{area}: its terrain").format(area=area_name(subject))
        return Page(head, [_("Is it a city, countryside or a mountain area?"), said], [spots])
    value = Spot(_("Value: {n}").format(n=desk.number), ("value",), lambda: None)
    head = _("{city}: a value of its disk").format(city=area_name(subject))
    return Page(head, [told(need.args[0])], [[value, *_stepper(desk, "number", 20)]])


def card_entry_page(desk: Desk, card: str) -> Page:
    """A new card's faction order (four taps, left to right) and its top-left symbols (G-2)."""
    order = " ".join(faction_name(f) for f in desk.order) or "_"
    texts = [
        _(
            "Your edition files do not give it. Tap the factions in the card's order, then its "
            "top-left symbols."
        ),
        _("Order: {order}").format(order=order),
    ]
    facts = [
        Spot(faction_name(f), ("order", f), partial(desk.tap_faction, f), f in desk.order) for f in FACTIONS
    ]
    symbols = [
        Spot(symbol_name(s), ("symbol", s), partial(desk.toggle_symbol, s), s in desk.symbols)
        for s in SYMBOLS
    ]
    extra = []  # its slot kept: a symbol tapped never moves the others
    if "marines" in desk.symbols:
        extra.append(
            Spot(_("Marines: {n}").format(n=desk.marines), ("marines",), partial(_cycle_marines, desk))
        )
    if "bomb" in desk.symbols:
        extra.append(Spot(_("Bomb: {city}").format(city=area_name(desk.bomb)), ("bomb",), desk.next_bomb))
    head = _("{card}: what it shows").format(card=card_name(card))
    return Page(head, texts, [facts[:2], facts[2:], symbols[:2], symbols[2:], extra], room=5)


def _cycle_marines(desk: Desk) -> None:
    desk.marines = desk.marines % 4 + 1


def _stepper(desk: Desk, name: str, high: int) -> list[Spot]:
    def step(by: int) -> None:
        setattr(desk, name, max(0, min(high, getattr(desk, name) + by)))

    return [Spot("-", ("minus", name), partial(step, -1)), Spot("+", ("plus", name), partial(step, 1))]


def answer_value(need: ValueNeeded, desk: Desk) -> object:
    kind = need.key.split(".")[0]
    if kind == "events":
        return desk.card_entry()
    return desk.to if kind == "areas" else desk.number


def area_rows(desk: Desk, state: State, chosen: set[str], pick: Callable[[str], None]) -> list[list[Spot]]:
    """The areas in rows of four (the cities first)."""
    spots = [Spot(area_name(x), ("area", x), partial(pick, x), x in chosen) for x in areas_of(state)]
    return [spots[i : i + 4] for i in range(0, len(spots), 4)]


def symbols_page(desk: Desk, state: State) -> Page:
    waiting = state.pending[0] if state.pending else ""
    if waiting == "pawn":
        text = _("The Autonomous player moves the reinforcements pawn to an adjacent liberated area.")
    else:
        text = _("Stukas: the German player removes an Anglo-American troop (tap its area).")
    rows = area_rows(desk, state, {desk.area}, partial(setattr, desk, "area"))
    return Page(symbol_name("stukas") if waiting == "stukas" else _("Reinforcements pawn"), [text], rows)


def choose_page(desk: Desk, state: State) -> Page:
    texts = [_("In the card's order:"), *faction_table(state, desk.edition)]
    for acted in state.acted:
        texts.append(
            _("{faction}: {choice}").format(
                faction=faction_name(acted["faction"]), choice=choice_name(acted["choice"])
            )
        )
    from companion.games.italy4345.flow import active

    now = active(state)
    title = _("{faction} to act").format(faction=player(desk, now)) if now else card_name(state.current)
    return Page(title, texts, [])


def player(desk: Desk, faction: str) -> str:
    """The faction, and who plays it when a name was typed that is not the faction's own."""
    return player_name(faction, desk.names)


def op_page(desk: Desk, state: State) -> Page:
    """The operations, the SA's (Op + SA), the areas, the count, then the choices or the Clash's die: each
    in its own slot from the start, so no tap moves what the next tap needs."""
    from companion.games.italy4345.flow import active

    faction = active(state) or ""
    rows = [[Spot(op_name(o), ("op", o), partial(_pick_op, desk, o), o == desk.op) for o in ops_of(faction)]]
    if desk.choice == "op+sa":
        rows.append(
            [
                Spot(op_name(s), ("sa", s), partial(setattr, desk, "sa", s), s == desk.sa)
                for s in (sas_of(desk.op) if desk.op else ())
            ]
        )
    current = desk.sa if desk.part == "sa" else desk.op
    rows += shown(area_rows(desk, state, {desk.area, desk.to}, desk.pick_area), bool(desk.op))
    count = Spot(_("Count: {n}").format(n=desk.n), ("count",), lambda: None)
    rows.append([count, *_stepper(desk, "n", 25)] if desk.op and current not in UNCOUNTED else [])
    if desk.op == "clash":
        faces = [
            Spot(str(v), ("die", v), partial(setattr, desk, "die", v), desk.die == v) for v in range(1, 7)
        ]
        rows.append([Spot(_("Roll"), ("die", 0), partial(setattr, desk, "die", 0), not desk.die), *faces])
    else:
        rows.append(pick_spots(desk) if desk.op and desk.area else [])
    hint = [] if desk.area else [op_hint(desk)]
    return Page(
        _("{faction}: {choice}").format(faction=faction_name(faction), choice=choice_name(desk.choice)),
        hint + op_texts(desk),
        rows,
    )


def shown(rows: list[list[Spot]], now: bool) -> list[list[Spot]]:
    """The rows, or their places kept (the same spots, not drawn) until they are wanted."""
    return rows if now else [[replace(spot, shown=False) for spot in row] for row in rows]


PICKS = {  # what a player chooses in an area (Step.pick): pieces to eliminate, an option, a kind first
    "assault": ("cln", "aut", "base", "res"),
    "attack": ("cln", "aut", "base"),
    "retaliate": ("aut",),
    "liberation": ("swap",),
    "expropriation": ("neutral",),
}
AREA_PICKS = ("police", "convoys")  # areas: where brigades are shown, a Convoy's path
UNCOUNTED = ("sabotage", "expropriation", "police")  # no count: their choices take the count's row


def pick_spots(desk: Desk) -> list[Spot]:
    """The choices of the operation (or special activity) being entered, and Sabotage's target."""
    current = desk.sa if desk.part == "sa" else desk.op
    found = [
        Spot(pick_name(p), ("pick", p), partial(_add_pick, desk, p), p in desk.pick)
        for p in PICKS.get(current, ())
    ]
    if current in AREA_PICKS:
        found.append(Spot(_("Pick areas"), ("pick-areas",), partial(_toggle_picking, desk), desk.picking))
    if current == "sabotage":
        found += [
            Spot(faction_name(f), ("target", f), partial(setattr, desk, "target", f), desk.target == f)
            for f in ("ger", "rsi")
        ]
    if current in PICKS or current in AREA_PICKS:  # always there: a second tap lands where the first did
        found.append(Spot(_("Clear"), ("pick-clear",), desk.pick.clear))
    return found


def _add_pick(desk: Desk, pick: str) -> None:
    """A piece is picked once per tap (several may go); an option is on or off."""
    if pick in ("swap", "neutral", "aut") and pick in desk.pick:
        desk.pick.remove(pick)
    else:
        desk.pick.append(pick)


def _toggle_picking(desk: Desk) -> None:
    desk.picking = not desk.picking


def pick_name(pick: str) -> str:
    names = {
        "cln": _("CLN brig."),
        "aut": _("Aut. brig."),
        "base": _("Base"),
        "res": _("Res. token"),
        "swap": _("Base > brig."),
        "neutral": _("To Neutral"),
    }
    return names.get(pick) or area_name(pick)  # else an area: Police's, a Convoy's path


def op_hint(desk: Desk) -> str:
    if not desk.op:
        return _("Tap the operation.")
    if desk.choice == "op+sa":
        return _("Tap its areas (and counts); then its special activity and the SA's areas.")
    return _("Tap its areas, and the count for each.")


def _pick_op(desk: Desk, op: str) -> None:
    desk.op, desk.sa, desk.steps, desk.sa_steps, desk.part = op, "", [], [], "op"


def step_text(step: Any) -> str:
    where = area_name(step.area) + (" > " + area_name(step.to) if step.to else "")
    chosen = ", ".join(pick_name(p) for p in getattr(step, "pick", ()))
    return f"{where} ({step.n})" + (f" [{chosen}]" if chosen else "")


def op_texts(desk: Desk) -> list[str]:
    """The area being entered (the areas entered before it are said in the panel: entered_texts)."""
    if not desk.area:
        return []
    entering = _("entering for the special activity") if desk.part == "sa" else _("entering")
    return [f"{entering}: {step_text(_Step(desk.area, desk.n, desk.to, tuple(desk.pick)))}"]


def entered_texts(desk: Desk) -> list[str]:
    """The operation's areas entered so far, and its special activity's."""
    texts = []
    if desk.steps:
        texts.append(_("Areas: {areas}").format(areas=", ".join(step_text(s) for s in desk.steps)))
    if desk.sa_steps:
        texts.append(
            _("{sa}: {areas}").format(
                sa=op_name(desk.sa), areas=", ".join(step_text(s) for s in desk.sa_steps)
            )
        )
    return texts


@dataclass
class _Step:
    area: str
    n: int
    to: str
    pick: tuple[str, ...] = ()


def adjust_page(desk: Desk, state: State) -> Page:
    """Set what an event (or a correction) changed: resources, then the pieces of one area."""
    rows: list[list[Spot]] = [
        [
            Spot(
                _res_label(desk, state, f),
                ("res", f),
                partial(_select, desk, "res." + f),
                desk.to == "res." + f,
            )
            for f in FACTIONS
        ]
        + [
            Spot(
                _tokens_label(desk, state),
                ("res", "tokens"),
                partial(_select, desk, "res.tokens"),
                desk.to == "res.tokens",
            )
        ]
    ]
    rows += area_rows(desk, state, {desk.area}, partial(_select_area, desk, state))
    pieces = [
        Spot(_piece_label(desk, p), ("field", p), partial(_select, desk, p), desk.to == p) for p in PIECES
    ]
    marks = mark_spots(desk, state) if desk.area else []
    rows = [*shown([pieces[:4], pieces[4:], marks], bool(desk.area)), *rows]  # over the hint's room
    title = _("Adjust: what the table changed")
    if desk.choice == "event":
        title = _("{card}: what it changed").format(card=card_name(state.current))
    elif not state.card_index and not desk.adjusting:
        title = _("Set-up: resources and pieces")
    text = _("Tap a resource, or an area and a piece; then - and +. Tap a mark to change it.")
    texts = [] if desk.area else [text]  # an area's pieces and marks take the room of the hint
    return Page(title, texts, rows, keys=_field_stepper(desk, state), room=0)  # the keys never move either


def _res_label(desk: Desk, state: State, faction: str) -> str:
    return f"{faction_short(faction)} {desk.resources.get(faction, state.resources[faction])}"


def _tokens_label(desk: Desk, state: State) -> str:
    """The CLN reserve's Resistance tokens (a score term)."""
    return _("Tok. {n}").format(n=state.cln_reserve_tokens if desk.tokens < 0 else desk.tokens)


MARKS = {  # an area's marks on the adjust page, each tap the next value
    "loyalty": ("neutral", "res", "coll"),
    "liberated": (False, True),
    "sabotage": (False, True),
    "disk": ("intact", "bombed"),
    "type": ("countryside", "mountain"),
}


def marks_of(state: State, area_id: str) -> list[str]:
    """The marks an area takes: a city its disk, a map's own area its sabotage token and its terrain."""
    kind = state.area(area_id).type
    extra = {"city": ["disk"], "special": []}.get(kind, ["sabotage", "type"])
    return ["loyalty", "liberated", *extra]


def mark_now(desk: Desk, state: State, name: str) -> object:
    return desk.changes.get((desk.area, name), getattr(state.area(desk.area), name))


def mark_spots(desk: Desk, state: State) -> list[Spot]:
    return [
        Spot(
            mark_label(name, mark_now(desk, state, name)),
            ("mark", name),
            partial(_next_mark, desk, state, name),
        )
        for name in marks_of(state, desk.area)
    ]


def _next_mark(desk: Desk, state: State, name: str) -> None:
    values = MARKS[name]
    now = mark_now(desk, state, name)
    desk.changes[(desk.area, name)] = (
        values[(values.index(now) + 1) % len(values)] if now in values else values[0]
    )


def mark_label(name: str, value: object) -> str:
    words = {
        ("loyalty", "res"): _("Resistance"),
        ("loyalty", "neutral"): _("Neutral"),
        ("loyalty", "coll"): _("Collab."),
        ("liberated", True): _("Liberated"),
        ("liberated", False): _("Occupied"),
        ("sabotage", True): _("Sabotaged"),
        ("sabotage", False): _("No sabotage"),
        ("disk", "intact"): _("Disk intact"),
        ("disk", "bombed"): _("Disk bombed"),
    }
    if name == "type":
        return terrain_name(str(value)) if value in MARKS["type"] else _("Terrain ?")
    return words.get((name, value), str(value))


def _piece_label(desk: Desk, piece: str) -> str:
    return f"{piece_name(piece)} {desk.counts.get(piece, 0)}"


def _select(desk: Desk, name: str) -> None:
    desk.to = name


def _select_area(desk: Desk, state: State, area_id: str) -> None:
    desk.area = area_id
    area = state.area(area_id)
    current = {
        "aa": area.aa,
        "ger": area.ger,
        "rsi": area.rsi,
        "aut_troops": area.aut_troops,
        "aut_hidden": area.aut_brigades[0],
        "cln_hidden": area.cln_brigades[0],
        "bases": area.bases,
    }
    desk.counts = {p: desk.changes.get((area_id, p), v) for p, v in current.items()}  # type: ignore[misc]
    if not desk.to.startswith("res."):
        desk.to = ""


def _field_stepper(desk: Desk, state: State) -> list[Spot]:
    def step(by: int) -> None:
        if desk.to == "res.tokens":
            desk.tokens = max(0, (state.cln_reserve_tokens if desk.tokens < 0 else desk.tokens) + by)
        elif desk.to.startswith("res."):
            faction = desk.to[4:]
            desk.resources[faction] = max(0, desk.resources.get(faction, state.resources[faction]) + by)
        elif desk.to and desk.area:
            value = max(0, desk.counts.get(desk.to, 0) + by)
            desk.counts[desk.to] = value
            desk.changes[(desk.area, desk.to)] = value

    return [
        Spot("-", ("minus", "field"), partial(step, -1)),
        Spot("+", ("plus", "field"), partial(step, 1)),
        Spot("+5", ("plus5", "field"), partial(step, 5)),
    ]


def assault_page(desk: Desk, state: State) -> Page:
    off = state.offensive
    assert off is not None
    texts = [
        _("Round {r} of {p}, step A: where the Anglo-American and Autonomous troops go.").format(
            r=off.round, p=off.power
        )
    ]
    if desk.moves:
        texts.append(", ".join(f"{area_name(m[0])} > {area_name(m[1])} ({m[2]}+{m[3]})" for m in desk.moves))
    rows = area_rows(desk, state, {desk.area, desk.to}, partial(_pick_move, desk))
    rows.append(
        [Spot(_("Anglo-Am. {n}").format(n=desk.n), ("count",), lambda: None), *_stepper(desk, "n", 25)]
    )
    rows.append(
        [
            Spot(_("Aut. {n}").format(n=desk.number), ("count-aut",), lambda: None),
            *_stepper(desk, "number", 15),
        ]
    )
    return Page(_("Offensive: assault"), texts, rows, room=3)


def _pick_move(desk: Desk, area_id: str) -> None:
    if desk.area and not desk.to and area_id != desk.area:
        desk.to = area_id
    else:
        desk.area, desk.to = area_id, ""


def battle_page(desk: Desk, state: State) -> Page:
    off = state.offensive
    assert off is not None
    hint = _("Round {r} of {p}: tap an area, enter its counts, fight.").format(r=off.round, p=off.power)
    texts = [battle_preview(desk, state) if desk.area else hint]  # an area's battle takes the hint's room
    if off.fought:
        texts.append(_("Fought: {areas}").format(areas=", ".join(area_name(x) for x in off.fought)))
    rows = area_rows(desk, state, {desk.area}, partial(_battle_area, desk, state))
    spots = [
        Spot(_piece_label(desk, p), ("field", p), partial(_select, desk, p), desk.to == p)
        for p in BATTLE_PIECES
    ]
    where = {"": "?", "reserve": _("reserve")}.get(desk.withdraw) or area_name(desk.withdraw)
    withdraw = Spot(
        _("Losers withdraw to: {where}").format(where=where),
        ("withdraw",),
        partial(_next_withdrawal, desk, state),
    )
    rows += shown([spots[:3], spots[3:], [withdraw]], bool(desk.area))
    if desk.pockets or desk.freed:
        texts.append(round_end_text(desk))
    keys = shown([[*_count_stepper(desk), *round_end_keys(desk)]], bool(desk.area))[0]
    return Page(_("Offensive: battles"), texts, rows, keys=keys, room=4)


def round_end_keys(desk: Desk) -> list[Spot]:
    """The round's end (steps E, F): the area chosen is a pocket, or now south of the troops."""
    return [
        Spot(_("Pocket"), ("pocket",), partial(_toggle, desk.pockets, desk.area), desk.area in desk.pockets),
        Spot(_("Now free"), ("freed",), partial(_toggle, desk.freed, desk.area), desk.area in desk.freed),
    ]


def _toggle(chosen: list[str], area_id: str) -> None:
    if area_id in chosen:
        chosen.remove(area_id)
    else:
        chosen.append(area_id)


def round_end_text(desk: Desk) -> str:
    """The round's end as the table answered it: pockets (step E), other areas now south of the troops."""
    return _("At the round's end: pockets {p}; now liberated {f}.").format(
        p=", ".join(area_name(x) for x in desk.pockets) or "-",
        f=", ".join(area_name(x) for x in desk.freed) or "-",
    )


def redistribute_page(desk: Desk, state: State) -> Page:
    """After the clean-up (R-67): the Anglo-American and Autonomous troops moved along the front (as on
    the assault page), then the reinforcements pawn to a liberated area."""
    texts = [_("Redistribute the Anglo-American troops evenly along the front; then the pawn.")]
    if desk.moves:
        texts.append(", ".join(f"{area_name(m[0])} > {area_name(m[1])} ({m[2]}+{m[3]})" for m in desk.moves))
    rows = area_rows(desk, state, {desk.area, desk.to}, partial(_pick_move, desk))
    rows.append(
        [Spot(_("Anglo-Am. {n}").format(n=desk.n), ("count",), lambda: None), *_stepper(desk, "n", 25)]
    )
    pawn = desk.pawn or state.pawn
    rows.append(
        [
            Spot(_("Aut. {n}").format(n=desk.number), ("count-aut",), lambda: None),
            *_stepper(desk, "number", 15),
        ]
    )
    rows.append(
        [Spot(_("Pawn: {area}").format(area=area_name(pawn)), ("pawn",), partial(_next_pawn, desk, state))]
    )
    return Page(_("Offensive: clean-up"), texts, rows, room=3)


def _next_pawn(desk: Desk, state: State) -> None:
    """The pawn to the next liberated area (R-67)."""
    places = [x for x in areas_of(state) if state.area(x).liberated] or [state.pawn]
    now = desk.pawn or state.pawn
    desk.pawn = places[(places.index(now) + 1) % len(places)] if now in places else places[0]


def battle_preview(desk: Desk, state: State) -> str:
    """The battle as entered, before it is fought: both values and the losses (§6.2.1 B, C)."""
    from companion.games.italy4345.battle import Forces, fight

    kind = state.area(desk.area).type
    kind = state.answers.get(f"areas.{desk.area}.type", kind) if kind == "?" else kind
    if kind not in ("city", "countryside", "mountain"):
        return _("The terrain of {area} is asked when it fights.").format(area=area_name(desk.area))
    c = desk.counts
    forces = Forces(c["aa"], c["aut_troops"], c["cln_hidden"], c["aut_hidden"], c["ger"], c["rsi"], kind)
    rules = desk.edition.rules
    if not forces.allied() or not forces.ger + forces.rsi:
        return _("{area} does not hold both sides.").format(area=area_name(desk.area))
    result = fight(
        forces, "troop", rules.city_bonus, rules.mountain_bonus, rules.switches["winner_loss_from"]
    )
    return _("{aa} against {axis}: the Anglo-American side loses {n}, the Axis {m}.").format(
        aa=result.allied_value,
        axis=result.axis_value,
        n=len(result.allied_losses),
        m=len(result.axis_losses),
    )


def _battle_area(desk: Desk, state: State, area_id: str) -> None:
    area = state.area(area_id)
    desk.area, desk.to = area_id, ""
    desk.counts = {
        "aa": area.aa,
        "aut_troops": area.aut_troops,
        "cln_hidden": sum(area.cln_brigades),
        "aut_hidden": sum(area.aut_brigades),
        "ger": area.ger,
        "rsi": area.rsi,
    }


def _next_withdrawal(desk: Desk, state: State) -> None:
    places = ["reserve", *(x for x in areas_of(state) if x != desk.area)]
    at = places.index(desk.withdraw) if desk.withdraw in places else -1
    desk.withdraw = places[(at + 1) % len(places)]


def _count_stepper(desk: Desk) -> list[Spot]:
    def step(by: int) -> None:
        if desk.to:
            desk.counts[desk.to] = max(0, desk.counts.get(desk.to, 0) + by)

    return [Spot("-", ("minus", "count"), partial(step, -1)), Spot("+", ("plus", "count"), partial(step, 1))]


def civic_page(desk: Desk, state: State) -> Page:
    faction = state.civic[0] if state.civic else ""
    rows = [
        [
            Spot(op_name(c), ("civic", c), partial(setattr, desk, "civic_name", c), c == desk.civic_name)
            for c in civics_of(faction)
        ]
    ]
    rows += shown(area_rows(desk, state, {desk.area}, partial(setattr, desk, "area")), bool(desk.civic_name))
    texts = [_("Tap a civic action, then its area; each area once. Then say the faction is done.")]
    return Page(
        _("Civic actions: {faction}").format(faction=faction_name(faction)), texts + op_texts(desk), rows
    )


HAND_TERMS = (  # the score's terms the table may count itself (§5): the others follow from the offensive
    ("ger", "production"),
    ("rsi", "population"),
    ("aut", "troops"),
    ("aut", "production"),
    ("aut", "bases"),
    ("cln", "areas"),
    ("cln", "cities"),
    ("cln", "tokens"),
    ("cln", "sabotage"),
)


def place_parts(faction: str) -> list[tuple[str, int]]:
    """§9.2's parts of a faction's placement, in the text's order, and how many areas each names."""
    parts = {
        "ger": [(_("Cities"), 3), (_("Front"), 2)],
        "rsi": [(_("Coll. countryside"), 3), (_("Coll. cities"), 3), (_("RSI troops"), 4)],
        "cln": [(_("Brigades"), 4), (_("Resistance"), 4)],
        "aut": [(_("Brigades"), 4)],
    }
    return parts.get(faction, [])


def place_page(desk: Desk, state: State) -> Page:
    """§9.2 (A-58): the faction placing taps a part, then its areas (an area twice stacks two pieces)."""
    faction = state.placing[0] if state.placing else ""
    parts = [
        Spot(
            f"{label} {len(desk.placed[k])}/{n}",
            ("place-part", k),
            partial(setattr, desk, "place_part", k),
            k == desk.place_part,
        )
        for k, (label, n) in enumerate(place_parts(faction))
    ]
    places = [*(x for x in areas_of(state) if x != "rds"), "ndh", "france"]  # where 9.2 places pieces
    spots = [Spot(area_name(x), ("area", x), partial(_place, desk, faction, x)) for x in places]
    rows = [parts, *(spots[i : i + 4] for i in range(0, len(spots), 4))]
    texts = [_("Tap a part, then its areas; an area tapped twice takes two pieces.")]
    title = _("Set-up 9.2: {faction}").format(faction=faction_name(faction))
    return Page(title, texts, rows, keys=[Spot(_("Clear"), ("place-clear",), partial(_clear_part, desk))])


def _place(desk: Desk, faction: str, area_id: str) -> None:
    wanted = place_parts(faction)[desk.place_part][1]
    part = desk.placed[desk.place_part]
    if len(part) < wanted:
        part.append(area_id)


def _clear_part(desk: Desk) -> None:
    desk.placed[desk.place_part].clear()


def score_page(desk: Desk, state: State) -> Page:
    """The score step; by hand (level L0), a term the table counts itself: tap it, then - and +."""
    if not desk.by_hand:
        return step_page("score", state)
    rows = [
        [
            Spot(
                _hand_label(desk, f, t),
                ("term", f, t),
                partial(setattr, desk, "term", (f, t)),
                desk.term == (f, t),
            )
            for f, t in HAND_TERMS[i : i + 3]
        ]
        for i in range(0, len(HAND_TERMS), 3)
    ]
    texts = [_("Tap a term you counted, then - and +; a term left at ? is worked out (or asked).")]
    return Page(_("Offensive: scores by hand"), texts, rows, keys=_hand_stepper(desk))


def _hand_label(desk: Desk, faction: str, term: str) -> str:
    value = desk.hand.get((faction, term))
    return f"{faction_short(faction)} {term_name(term)} {'?' if value is None else value}"


def _hand_stepper(desk: Desk) -> list[Spot]:
    def step(by: int) -> None:
        if desk.term != ("", ""):
            desk.hand[desk.term] = max(0, desk.hand.get(desk.term, 0) + by)

    return [
        Spot("-", ("minus", "term"), partial(step, -1)),
        Spot("+", ("plus", "term"), partial(step, 1)),
        Spot("+5", ("plus5", "term"), partial(step, 5)),
    ]


def step_page(name: str, state: State) -> Page:
    titles = {
        "redistribute": _("Offensive: clean-up"),
        "score": _("Offensive: scores"),
        "income": _("Offensive: incomes"),
        "over": _("Game over"),
    }
    texts = {
        "redistribute": _("Redistribute the Anglo-American troops evenly along the front; then the pawn."),
        "score": _("Every faction's score, each term shown, with the 15-point check."),
        "income": _("Incomes in the table's order; RSI's income is taken from Germany."),
        "over": _("{faction} wins.").format(faction=faction_name(state.winner or "")),
    }
    scores = [
        _("{faction}: {n} points").format(faction=faction_name(f), n=n)
        for f, n in state.scores.items()
        if name in ("income", "over")  # this offensive's score step (the last one's before it)
    ]
    return Page(titles.get(name, name), [texts.get(name, ""), *scores], [])
