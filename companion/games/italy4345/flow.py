"""The card loop (§6, §6.1): the reveal and its deck check, the top-left symbols, eligibility in the
card's faction order, passes and their income, the second faction's options, the end of a card."""

from __future__ import annotations

from . import deck
from .actions import Adjust, Event, MovePawn, Stukas
from .board import check_totals, gain, reserve
from .edition import Edition
from .errors import CardNeeded, Sentence, listed, plural, refuse
from .facts import arrows, event_card
from .model import FACTIONS, NAMES, Area, Offensive, State

Events = list[Sentence]
CHOICES = {
    "event": Sentence("Event"),
    "op": Sentence("Operation"),
    "op+sa": Sentence("Op + SA"),
    "limop": Sentence("Limited Op"),
}
ADDED = {"aa": Sentence("Anglo-American troops"), "aut_troops": Sentence("Autonomous troops")}


def reveal(state: State, edition: Edition, card: str) -> Events:
    """Turn the top card (§6): an event's symbols come first (A-18), an offensive card opens §6.2."""
    long = state.options.long_deck
    if state.card_index >= deck.deck_size(long):
        raise refuse("The deck is spent: {n} cards were revealed.", n=state.card_index)
    if state.deck is not None:
        card = card or state.deck[state.card_index]
        if card != state.deck[state.card_index]:
            raise refuse(
                "The companion's deck has {card} next, not {given}.",
                card=state.deck[state.card_index],
                given=card,
            )
    if not card:
        raise CardNeeded("event or offensive")  # a table deck: the camera or a tap names the card
    if card not in deck.CARD_IDS:
        raise refuse("{card} is not a card of the game (event-01 to event-96, offensive-1 to 9).", card=card)
    if card in state.seen:
        raise refuse("{card} was already revealed in this game.", card=card)
    events: Events = []
    fault = deck.structure_fault([deck.is_offensive(c) for c in [*state.seen, card]], long)
    if fault is not None:
        state.deck_warnings.append(str(fault))
        events.append(fault)
    return events + (
        _offensive(state, edition, card) if deck.is_offensive(card) else _event(state, edition, card)
    )


def _event(state: State, edition: Edition, card: str) -> Events:
    facts = event_card(state, edition, card)  # asked before anything changes
    _turned(state, card)
    state.order = list(facts.order)
    state.cursor = 0
    state.pending = list(facts.symbols)
    events = [Sentence("Card {n}: {card}.", n=state.card_index, card=card)]
    return events + resolve_symbols(state, edition, facts.marines, facts.bomb)


def _offensive(state: State, edition: Edition, card: str) -> Events:
    power = arrows(state, edition, card)
    _turned(state, card)
    state.offensive = Offensive(card, power)
    state.step = "offensive"
    return [Sentence("Offensive {k}: power {power}.", k=state.offensive_number(), power=power)]


def _turned(state: State, card: str) -> None:
    state.seen.append(card)
    state.card_index += 1
    state.current = card
    state.acted, state.passed = [], []


def resolve_symbols(state: State, edition: Edition, marines: int = 0, bomb: tuple[str, ...] = ()) -> Events:
    """Apply the symbols in printed order until one needs a player's decision (§6.1.1, A-18, A-19)."""
    events: Events = []
    while state.pending:
        symbol = state.pending[0]
        if symbol in ("marines", "royal_army"):
            kind, wanted = ("aa", marines) if symbol == "marines" else ("aut_troops", 1)
            added = min(wanted, reserve(state, edition, kind))
            setattr(state.area(state.pawn), kind, getattr(state.area(state.pawn), kind) + added)
            events.append(Sentence("Add {n} {kind} in {area}.", n=added, kind=ADDED[kind], area=state.pawn))
            if symbol == "royal_army" and not added:
                state.pending.pop(0)  # "the icon has no effect": the pawn stays
                continue
            state.pending[0] = "pawn"
            break
        if symbol in ("pawn", "stukas"):
            break
        for city in bomb:
            state.area(city).disk = "bombed"
            state.area(city).loyalty = "neutral"
            events.append(Sentence("Turn the {city} disk to its red side; {city} is Neutral.", city=city))
        state.pending.pop(0)
    state.step = "symbols" if state.pending else "choose"
    return events + ([] if state.pending else _maybe_end(state))


def move_pawn(state: State, edition: Edition, action: MovePawn) -> Events:
    if state.step != "symbols" or state.pending[:1] != ["pawn"]:
        raise refuse("The reinforcements pawn does not move now.")
    target = state.area(action.area)
    board = edition.board
    if action.area == state.pawn:  # it stays only when no adjacent area is liberated (trusted without a map)
        if board is not None and any(state.area(n).liberated for n in board.neighbours[state.pawn]):
            raise refuse("The pawn must move to an adjacent liberated area.")
    elif not target.liberated:
        raise refuse(
            "The pawn goes to an adjacent liberated area; {area} is not liberated.", area=action.area
        )
    elif board is not None and not board.adjacent(state.pawn, action.area):
        raise refuse(
            "The pawn moves to an adjacent area; {area} is not next to {pawn}.",
            area=action.area,
            pawn=state.pawn,
        )
    state.pawn = action.area
    state.pending.pop(0)
    return [Sentence("Pawn to {area}.", area=action.area)] + _rest(state, edition)


def stukas(state: State, edition: Edition, action: Stukas) -> Events:
    """§6.1.1: an Anglo-American troop at the German player's choice; an Autonomous one only when no
    Anglo-American troop is in play, and only if he wants (A-20)."""
    if state.step != "symbols" or state.pending[:1] != ["stukas"]:
        raise refuse("No Stukas icon waits to be resolved.")
    any_aa = any(a.aa for a in state.areas.values())
    if action.area:
        area = state.area(action.area)
        if action.piece not in ("aa", "aut_troops") or getattr(area, action.piece) == 0:
            raise refuse("{area} has no such troop to remove.", area=action.area)
        if action.piece == "aut_troops" and any_aa:
            raise refuse("Stukas take an Anglo-American troop while any is in play.")
        setattr(area, action.piece, getattr(area, action.piece) - 1)
    elif any_aa:
        raise refuse("Stukas must take an Anglo-American troop: one is in play.")
    state.pending.pop(0)
    return [Sentence("Stukas resolved.")] + _rest(state, edition)


def _rest(state: State, edition: Edition) -> Events:
    card = event_card(state, edition, state.current or "")
    return resolve_symbols(state, edition, card.marines, card.bomb)


def active(state: State) -> str | None:
    """The faction to play or pass: the first eligible one from the cursor in the card's order (§6.1.2)."""
    if state.step != "choose" or len(state.acted) >= 2:
        return None
    for faction in state.order[state.cursor :]:
        if faction in state.eligible:
            return faction
    return None


def allowed(state: State, edition: Edition) -> tuple[str, ...]:
    """The choices open to the active faction (§6.1.3, the matrix of §6.1.5, A-15, A-16)."""
    if not state.acted:
        return ("event", "op", "op+sa")
    first = state.acted[0]["choice"]
    if first == "event":
        only_sa = edition.rules.switches["second_after_event"] == "op_plus_sa_only"
        return ("op+sa",) if only_sa else ("op", "op+sa")
    return ("limop",) if first == "op" else ("event", "limop")


def act(state: State, edition: Edition, choice: str) -> Events:
    """Record the active faction's choice (refused outside the matrix) and move on."""
    faction = active(state)
    if faction is None:
        raise refuse("No faction may act now.")
    if choice not in allowed(state, edition):
        raise refuse(
            "{faction} may not choose {choice} now: the choices are {open}.",
            faction=NAMES[faction],
            choice=CHOICES[choice],
            open=listed([CHOICES[c] for c in allowed(state, edition)]),
        )
    state.acted.append({"faction": faction, "choice": choice})
    state.cursor = state.order.index(faction) + 1
    return [
        Sentence(
            "Put {faction}'s cylinder in the {choice} space.", faction=NAMES[faction], choice=CHOICES[choice]
        )
    ] + _maybe_end(state)


def pass_card(state: State, edition: Edition) -> Events:
    """§6.1.2: the faction stays eligible and gains its pass resources."""
    faction = active(state)
    if faction is None:
        raise refuse("No faction may pass now.")
    amount = edition.rules.pass_resources[faction]
    gain(state, faction, amount)
    state.passed.append(faction)
    state.cursor = state.order.index(faction) + 1
    return [Sentence("{faction} passes: +{n}.", faction=NAMES[faction], n=amount)] + _maybe_end(state)


def _maybe_end(state: State) -> Events:
    if active(state) is not None:
        return []
    acted = [a["faction"] for a in state.acted]
    state.eligible = [
        f for f in FACTIONS if f in state.ineligible or (f in state.eligible and f not in acted)
    ]
    state.ineligible = [f for f in FACTIONS if f in acted]
    state.step = "reveal"
    names = listed([NAMES[f] for f in state.eligible], Sentence("none"))
    return [Sentence("Next card eligible: {names}.", names=names)]


def adjust(state: State, edition: Edition, action: Adjust | Event) -> Events:
    """Set what the table changed by hand; the totals of §2.5 still hold afterwards."""
    for area_id, name, value in action.changes:
        _set(state.area(area_id), area_id, name, value)
    for faction, value in action.resources:
        if faction not in FACTIONS or not isinstance(value, int) or value < 0:
            raise refuse("Resources are set per faction (ger, rsi, cln, aut) to 0 or more.")
        state.resources[faction] = value
    if action.cln_reserve_tokens >= 0:
        state.cln_reserve_tokens = action.cln_reserve_tokens
    check_totals(state, edition)
    for area_id in {change[0] for change in action.changes}:
        area = state.area(area_id)
        if area.liberated and area.axis() and state.offensive is None:
            raise refuse("{area} cannot be liberated while Axis troops hold it.", area=area_id)
    changed = len(action.changes) + len(action.resources) + (action.cln_reserve_tokens >= 0)
    return [plural(changed, "Adjusted: {count} change.", "Adjusted: {count} changes.")]


FIELDS = {
    "aa": int,
    "ger": int,
    "rsi": int,
    "aut_troops": int,
    "bases": int,
    "liberated": bool,
    "sabotage": bool,
    "loyalty": ("res", "neutral", "coll"),
    "disk": ("intact", "bombed"),
    "type": ("city", "countryside", "mountain", "special"),
}
BRIGADE_FIELDS = {
    "aut_hidden": ("aut_brigades", 0),
    "aut_visible": ("aut_brigades", 1),
    "cln_hidden": ("cln_brigades", 0),
    "cln_visible": ("cln_brigades", 1),
}


def _settable(area: Area, name: str, value: object) -> bool:
    """A disk only on a city, no sabotage token on a city (§2.2, §2.4), the terrain of a map's own area
    only (the cities and the special areas are the text's), never "special"."""
    if name == "disk":
        return area.type == "city"
    if name == "sabotage":
        return area.type != "city" or value is False
    if name == "type":
        return area.type not in ("city", "special") and value in ("countryside", "mountain")
    return True


def _set(area: Area, area_id: str, name: str, value: object) -> None:
    if name in BRIGADE_FIELDS and isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        kind, side = BRIGADE_FIELDS[name]
        getattr(area, kind)[side] = value
        return
    wanted = FIELDS.get(name)
    fits = (
        (isinstance(wanted, tuple) and value in wanted)
        or (wanted is bool and isinstance(value, bool))
        or (wanted is int and isinstance(value, int) and not isinstance(value, bool) and value >= 0)
    )
    if not fits or not _settable(area, name, value):
        raise refuse("{area}: {field} cannot be set to {value}.", area=area_id, field=name, value=value)
    setattr(area, name, value)
