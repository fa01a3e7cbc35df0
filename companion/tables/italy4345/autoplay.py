"""Autoplay for Italy '43-'45: a bot that sets up, reveals the cards of a deck built by the text's
procedure (answering a new card's order and symbols as the table would), moves the reinforcements pawn,
passes or runs a one-area operation (with a choice of pieces where the operation offers one), and plays
the offensive from entered counts; and where a player taps toward each of its decisions.

The bot's set-up (§9.2's resources 20/8/4/8, a few pieces, one area liberated for the pawn to reach) is
chosen for the bot, not the printed one."""

from __future__ import annotations

import random
from typing import Any

from companion.games.italy4345 import actions as a
from companion.games.italy4345.deck import build, is_offensive
from companion.games.italy4345.errors import ValueNeeded
from companion.games.italy4345.flow import active, allowed
from companion.games.italy4345.model import FACTIONS, State
from companion.tables.italy4345.desk import Desk, areas_of, ops_of, trial
from companion.tables.italy4345.pages import MARKS, PICKS

PICKS_ALL = {p for picks in PICKS.values() for p in picks}

SETUP = a.Adjust("Set-up", (), (("ger", 10), ("rsi", 5)))  # within the deck build's taps
RESOURCES = (("aut", 5), ("cln", 5))
PIECES = (  # then one area at a time, through Adjust
    ("rds", "aa", 4),
    ("napoli", "ger", 2),
    ("roma", "rsi", 2),
    ("milano", "ger", 3),
    ("torino", "rsi", 2),
    ("genova", "cln_hidden", 2),
    ("firenze", "aut_troops", 1),
    ("genova", "loyalty", "res"),  # a mark, tapped to its value
    ("roma", "loyalty", "res"),  # a token for an RSI Assault to pick
    ("milano", "cln_hidden", 1),  # a brigade for a German Attack to pick
    ("ancona", "aut_troops", 1),
    ("ancona", "liberated", True),  # where the reinforcements pawn may go (garrisoned: A-31)
)
TOKENS = 1  # the CLN reserve's Resistance tokens, set through Adjust too
HAND = (("ger", "production", 5), ("rsi", "population", 5), ("aut", "production", 5), ("cln", "cities", 5))


def _edition() -> Any:
    from companion.assets import edition

    return edition("italy4345")


def bot(state: State, rng: random.Random) -> a.Action:
    """The bot's decision now (a value the files lack comes first, as the screen asks it)."""
    edition = _edition()
    wanted = _wanted(state, edition, rng)
    _after, fault = trial(state, edition, wanted)
    if isinstance(fault, ValueNeeded):
        return a.Answer(fault.key, _answer(fault.key, rng))
    return wanted


def _answer(key: str, rng: random.Random) -> object:
    kind = key.split(".")[0]
    if kind == "events":
        order = list(FACTIONS)
        rng.shuffle(order)
        symbol = rng.random()
        if symbol < 0.2:
            return {"order": order, "symbols": ["stukas"]}
        if symbol < 0.35:  # the Marines land where the pawn is; then the pawn moves (§6.1.1)
            return {"order": order, "symbols": ["marines"], "marines": 1}
        return {"order": order, "symbols": []}
    if kind == "offensives":
        return 1
    return "countryside" if kind == "areas" else rng.randint(0, 2)


def _wanted(state: State, edition: Any, rng: random.Random) -> a.Action:
    if state.card_index == 0 and edition.setup is None:
        if not any(state.resources.values()):
            return SETUP
        for faction, amount in RESOURCES:
            if state.resources[faction] != amount:
                return a.Adjust("Adjust", (), ((faction, amount),))
        for area, name, value in PIECES:
            area_now = state.area(area)
            now = area_now.cln_brigades[0] if name == "cln_hidden" else getattr(area_now, name)
            if now != value:
                return a.Adjust("Adjust", ((area, name, value),))
        if state.cln_reserve_tokens != TOKENS:
            return a.Adjust("Adjust", cln_reserve_tokens=TOKENS)
    if state.step == "reveal":
        deck = state.deck or build(state.options.seed, state.options.long_deck)
        return a.Reveal("" if state.deck is not None else deck[state.card_index])
    if state.step == "symbols":
        return _symbol(state)
    if state.step == "choose" and state.die_pending:
        return a.Op("clash", (a.Step(state.die_pending, 1),))  # the Clash declared, with its die
    if state.step == "choose":
        return _choice(state, edition, rng)
    if state.step == "offensive" and state.offensive is not None:
        return _offensive(state, edition)
    freed = [x for x in areas_of(state) if state.area(x).liberated and x != state.pawn]
    steps: dict[str, a.Action] = {
        "redistribute": a.Redistribute((), freed[0] if freed else state.pawn),  # the pawn moved, when it can
        "score": a.Score(hand=HAND),  # the city terms counted by the table (level L0)
        "income": a.Income(),
        "civic": a.Done(),
    }
    return steps.get(state.step, a.Pass())


def _symbol(state: State) -> a.Action:
    if state.pending[:1] == ["pawn"]:  # to a liberated area (adjacency is trusted without the map)
        freed = [x for x in areas_of(state) if state.area(x).liberated and x != state.pawn]
        return a.MovePawn(freed[0] if freed else state.pawn)
    held = [x for x, area in state.areas.items() if area.aa]
    return a.Stukas(held[0], "aa") if held else a.Stukas()


def _choice(state: State, edition: Any, rng: random.Random) -> a.Action:
    if rng.random() < 0.35:
        return a.Pass()
    choices = allowed(state, edition)
    if "event" in choices and rng.random() < 0.3:
        return a.Event()
    if "op" not in choices and "limop" not in choices:
        return a.Pass()
    faction = active(state) or ""
    for op in sorted(ops_of(faction), key=lambda o: (o != "clash", o not in PICKS)):  # the Clash, its die
        for area in areas_of(state):
            for pick in [
                *((p,) for p in PICKS.get(op, ())),
                (),
            ]:  # a choice of pieces first, if it offers one
                action = a.Op(op, (a.Step(area, 1, "", pick),))
                if trial(state, edition, action)[0] is not None:
                    return a.ClashDie(area) if op == "clash" else action  # a Clash is declared first
    return a.Pass()


def _offensive(state: State, edition: Any) -> a.Action:
    off = state.offensive
    assert off is not None
    if off.step == "A":
        source = state.area("rds")
        return a.Assault((("rds", "napoli", min(2, source.aa), 0),) if source.aa else ())
    for area_id, area in state.areas.items():
        if area_id not in off.fought and area.aa + area.aut_troops and area.axis():
            return a.Battle(area_id, "reserve")
    return a.EndRound()


# where the taps go


def next_tap(app: Any, action: Any) -> tuple[int, int] | None:
    """The next tap toward the bot's decision: a spot on the left square or a panel button."""
    view = app.game.view
    page = view.page(app.session)
    marker = next_marker(view.desk, page, app.session.state, action)
    for button in [*view.spots, *app.buttons]:
        if button.enabled and button.action == marker:
            return button.rect.center  # type: ignore[no-any-return]
    return None


def next_marker(desk: Desk, page: str, state: State, action: Any) -> object:
    if page == "build":
        return ("build-next",)
    steps = {
        a.Reveal: _to_reveal,
        a.Answer: _to_answer,
        a.Adjust: _to_adjust,
        a.Op: _to_op,
        a.ClashDie: _to_clash,
        a.Event: _to_event,
        a.MovePawn: _to_area,
        a.Stukas: _to_area,
        a.Assault: _to_assault,
        a.Battle: _to_battle,
        a.EndRound: _to_end_round,
        a.Redistribute: _to_redistribute,
        a.Score: _to_score,
    }
    route = steps.get(type(action))
    return route(desk, state, action) if route is not None else action


def _to_reveal(desk: Desk, state: State, action: Any) -> object:
    card = action.card
    if not card or desk.card() == card:
        return action
    kind, number = card.split("-")
    if desk.kind != kind:
        return ("kind", kind)
    target = number
    if len(target) == 2 and desk.typed.endswith(target[0]) and desk.typed != target:
        return ("digit", int(target[1]))
    return ("digit", int(target[0]))


def _to_answer(desk: Desk, state: State, action: a.Answer) -> object:
    kind = action.key.split(".")[0]
    if kind in ("events", "offensives") and state.step == "reveal":
        card = action.key.split(".")[1]
        typing = _to_reveal(desk, state, a.Reveal(card))
        if typing != a.Reveal(card) or not desk.confirmed:
            return typing
    if kind == "events":
        return _to_card_entry(desk, action)
    if kind == "areas" and desk.to != action.value:
        return ("terrain", action.value)
    if kind in ("offensives",) and desk.number != action.value:
        return ("number", action.value)
    if kind == "cities" and desk.number != action.value:
        return ("plus" if desk.number < int(action.value) else "minus", "number")
    if kind == "areas" and state.step == "offensive" and not desk.area:
        return ("area", action.key.split(".")[1])
    return ("answer", action.key)


def _to_card_entry(desk: Desk, action: a.Answer) -> object:
    value = action.value
    assert isinstance(value, dict)
    order = list(value["order"])
    if desk.order != order:
        at = len(desk.order)
        return ("order", order[at]) if desk.order == order[:at] else ("order", desk.order[0])
    for symbol in value["symbols"]:
        if symbol not in desk.symbols:
            return ("symbol", symbol)
    extra = [s for s in desk.symbols if s not in value["symbols"]]
    return ("symbol", extra[0]) if extra else ("answer", action.key)


def _to_adjust(desk: Desk, state: State, action: a.Adjust) -> object:
    if action.label == "Adjust" and not desk.adjusting:
        return ("adjust-open",)
    for faction, value in action.resources:
        if desk.resources.get(faction, state.resources[faction]) != value:
            if desk.to != "res." + faction:
                return ("res", faction)
            now = desk.resources.get(faction, state.resources[faction])
            return ("plus5" if now + 5 <= value else "plus" if now < value else "minus", "field")
    if action.cln_reserve_tokens >= 0 and desk.tokens != action.cln_reserve_tokens:
        if desk.to != "res.tokens":
            return ("res", "tokens")
        now = state.cln_reserve_tokens if desk.tokens < 0 else desk.tokens
        return ("plus" if now < action.cln_reserve_tokens else "minus", "field")
    for area, name, value in action.changes:
        if desk.changes.get((area, name)) != value:
            if desk.area != area:
                return ("area", area)
            if name in MARKS:
                return ("mark", name)
            if desk.to != name:
                return ("field", name)
            now = desk.counts.get(name, 0)
            return ("plus5" if now + 5 <= value else "plus" if now < value else "minus", "field")
    return action


def _to_event(desk: Desk, state: State, action: a.Event) -> object:
    return ("choice", "event") if desk.choice != "event" else action


def _to_op(desk: Desk, state: State, action: a.Op) -> object:
    if not desk.choice:
        return ("choice", "op+sa" if action.sa else ("op" if "op" in allowed_now(desk, state) else "limop"))
    if desk.op != action.op:
        return ("op", action.op)
    pending = action.steps[len(desk.steps) :]
    for step in pending[:1]:
        if desk.area != step.area:
            return ("area", step.area)
        if step.to and desk.to != step.to:
            return ("area", step.to)
        if desk.n != step.n:
            return ("plus" if desk.n < step.n else "minus", "n")
        if tuple(desk.pick) != step.pick:
            return _to_pick(desk, step)
        if len(pending) > 1:
            return ("add",)
    return action


def _to_pick(desk: Desk, step: a.Step) -> object:
    """The step's choices, in order: a piece or option tapped, an area tapped with Pick areas on."""
    if step.pick[: len(desk.pick)] != tuple(desk.pick):
        return ("pick-clear",)
    wanted = step.pick[len(desk.pick)]
    if wanted in PICKS_ALL:
        return ("pick", wanted)
    return ("area", wanted) if desk.picking else ("pick-areas",)


def _to_clash(desk: Desk, state: State, action: a.ClashDie) -> object:
    """Toward a Clash declared: the Clash entered in its area, then the declaration."""
    op = a.Op("clash", (a.Step(action.area, 1),))
    toward = _to_op(desk, state, op)
    return action if toward == op else toward


def allowed_now(desk: Desk, state: State) -> tuple[str, ...]:
    return allowed(state, desk.edition)


def _to_area(desk: Desk, state: State, action: Any) -> object:
    """The area tapped, unless the pawn stays where it is (its button names it with no area tapped)."""
    staying = isinstance(action, a.MovePawn) and action.area == state.pawn and not desk.area
    if action.area and desk.area != action.area and not staying:
        return ("area", action.area)
    return action


def _to_assault(desk: Desk, state: State, action: a.Assault) -> object:
    for move in action.moves[len(desk.moves) :]:
        source, target, aa, aut = move
        if desk.area != source:
            return ("area", source)
        if desk.to != target:
            return ("area", target)
        if desk.n != aa:
            return ("plus" if desk.n < aa else "minus", "n")
        if desk.number != aut:
            return ("plus" if desk.number < aut else "minus", "number")
        return ("add-move",)
    return action


def _to_battle(desk: Desk, state: State, action: a.Battle) -> object:
    if desk.area != action.area:
        return ("area", action.area)
    if (desk.withdraw or "") != action.to:
        return ("withdraw",)
    return action


def _to_end_round(desk: Desk, state: State, action: a.EndRound) -> object:
    for chosen, wanted, marker in (
        (desk.pockets, action.pockets, "pocket"),
        (desk.freed, action.liberated, "freed"),
    ):
        for area in wanted:
            if area not in chosen:
                return ("area", area) if desk.area != area else (marker,)
    return action


def _to_redistribute(desk: Desk, state: State, action: a.Redistribute) -> object:
    toward = _to_assault(desk, state, a.Assault(action.moves))
    if toward != a.Assault(action.moves):
        return toward
    return ("pawn",) if (desk.pawn or state.pawn) != action.pawn else action


def _to_score(desk: Desk, state: State, action: a.Score) -> object:
    if action.hand and not desk.by_hand:
        return ("by-hand",)
    for faction, term, value in action.hand:
        now = desk.hand.get((faction, term), 0)
        if (faction, term) not in desk.hand or now != value:
            if desk.term != (faction, term):
                return ("term", faction, term)
            return ("plus5" if now + 5 <= value else "plus" if now < value else "minus", "term")
    return action


def forget_choice(view: Any) -> None:
    """Autoplay played a decision straight: what the screen was entering is dropped."""
    view.desk.reset()


__all__ = ["bot", "forget_choice", "is_offensive", "next_tap"]
