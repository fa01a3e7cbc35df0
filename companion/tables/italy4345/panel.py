"""The panel's buttons on each of Italy '43-'45's pages: what they play (an intent for the session) or
what they change on screen (None). Each main button's marker is the action it plays, so autoplay finds
it; a decision the engine would refuse says why in the panel before it is tapped (view.lines)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from companion.games.italy4345 import actions as a
from companion.games.italy4345.errors import ValueNeeded
from companion.games.italy4345.flow import active, allowed
from companion.games.italy4345.model import State
from companion.i18n import _
from companion.tables.base import Entry, Intent, Play, Undo
from companion.tables.italy4345.desk import Desk, build_steps, trial
from companion.tables.italy4345.pages import answer_value, asked, page_of
from companion.tables.italy4345.words import area_name, choice_name, faction_name
from companion.ui.panel import off


def undo_entry() -> Entry:
    return (_("Undo"), ("undo",), Undo)


def screen(change: Callable[[], object]) -> Callable[[], Intent | None]:
    """A tap that only changes the screen."""

    def tap() -> Intent | None:
        change()
        return None

    return tap


def play(action: a.Action, cards: tuple[Any, ...] = ()) -> Callable[[], Intent]:
    return partial(Play, action, cards)


def entries(desk: Desk, page: str, state: State, records: int) -> list[Entry]:
    need = asked(desk, state, page)
    if need is not None:
        hand = [_by_hand_entry(desk)] if page == "score" else []
        return _answer(desk, need) + hand + _back(desk, page) + ([undo_entry()] if records else [])
    makers: dict[str, Callable[[Desk, State], list[Entry]]] = {
        "build": _build,
        "setup": partial(_adjust, setup=True),
        "adjust": _adjust,
        "reveal": _reveal,
        "symbols": _symbols,
        "choose": _choose,
        "op": _op,
        "assault": _assault,
        "battle": _battle,
        "civic": _civic,
        "place": _place,
    }
    maker = makers.get(page, _step)
    keys: list[Entry] = [
        (k.label, k.marker, screen(k.tap)) if k.shown else off((k.label, k.marker, screen(lambda: None)))
        for k in page_of(page, desk, state).keys
    ]  # a key not wanted yet keeps its place greyed
    found = maker(desk, state)
    return keys + found + ([undo_entry()] if records and page not in ("op", "adjust") else [])


def _by_hand_entry(desk: Desk) -> Entry:
    """Level L0: the table counts a score's terms itself instead of giving each city's value."""
    label = _("Worked out") if desk.by_hand else _("By hand")
    return (label, ("by-hand",), screen(partial(setattr, desk, "by_hand", not desk.by_hand)))


def _answer(desk: Desk, need: ValueNeeded) -> list[Entry]:
    action = a.Answer(need.key, answer_value(need, desk))
    return [(_("Save"), ("answer", need.key), play(action))]


def _back(desk: Desk, page: str) -> list[Entry]:
    """Leave what is being entered (a typed card: type another)."""
    if page in ("op", "adjust", "civic"):
        return [(_("Back"), ("back",), screen(partial(desk.reset)))]
    if page == "reveal" and desk.typed:
        return [(_("Another card"), ("back",), screen(partial(setattr, desk, "confirmed", False)))]
    return []


def _build(desk: Desk, state: State) -> list[Entry]:
    """Done, then Step back beside it: greyed on the first step, so Done never moves as the steps go."""
    back: Entry = (_("Step back"), ("build-back",), screen(partial(_advance, desk, -1)))
    return [
        (_("Done, next step"), ("build-next",), screen(partial(_advance, desk, 1))),
        back if desk.build_step else off(back),
    ]


def _advance(desk: Desk, by: int) -> None:
    desk.build_step = max(0, desk.build_step + by)


def _adjust(desk: Desk, state: State, setup: bool = False) -> list[Entry]:
    action = desk.main_action(state, "adjust")
    assert action is not None
    label = _("Done: event recorded") if isinstance(action, a.Event) else _("Done")
    if setup:
        label = _("Done: set up")
    back = [] if setup else [(_("Back"), ("back",), screen(partial(desk.reset)))]
    return [(label, action, play(action)), *back]


def _reveal(desk: Desk, state: State) -> list[Entry]:
    """Reveal (the card typed is named on the page: a label of its own length would move Adjust), greyed
    until a number is typed; a companion deck's next card; then Adjust."""
    action = desk.main_action(state, "reveal")
    if action is None:
        return [off((_("Reveal"), ("reveal",), screen(lambda: None))), _adjust_entry(desk)]
    label = _("Turn the next card") if state.deck is not None else _("Reveal")
    return [(label, action, partial(_reveal_or_ask, desk, state, action)), _adjust_entry(desk)]


def _adjust_entry(desk: Desk) -> Entry:
    """Adjust, between two decisions: keep the books in step with the table (spec 1.7)."""
    return (_("Adjust"), ("adjust-open",), screen(partial(setattr, desk, "adjusting", True)))


def _reveal_or_ask(desk: Desk, state: State, action: a.Action) -> Intent | None:
    """The card is revealed, unless the edition files lack its order or arrows: those are asked first."""
    if isinstance(trial(state, desk.edition, action)[1], ValueNeeded):
        desk.confirmed = True
        return None
    return Play(action)


def _symbols(desk: Desk, state: State) -> list[Entry]:
    if state.pending[:1] == ["pawn"]:
        target = desk.area or state.pawn
        move = a.MovePawn(target)
        return [(_("Pawn to {area}").format(area=area_name(target)), move, play(move))]
    found: list[Entry] = []
    if desk.area:
        piece = "aa" if state.area(desk.area).aa else "aut_troops"
        hit = a.Stukas(desk.area, piece)
        found.append((_("Remove a troop in {area}").format(area=area_name(desk.area)), hit, play(hit)))
    return found + [(_("Nothing to remove"), a.Stukas(), play(a.Stukas()))]


def _choose(desk: Desk, state: State) -> list[Entry]:
    faction = active(state)
    if faction is None:
        return []
    amount = desk.edition.rules.pass_resources[faction]
    found: list[Entry] = [(_("Pass (+{n})").format(n=amount), a.Pass(), play(a.Pass()))]
    for choice in allowed(state, desk.edition):
        found.append((choice_name(choice), ("choice", choice), screen(partial(desk.choose, choice))))
    return [*found, _adjust_entry(desk)]


def _op(desk: Desk, state: State) -> list[Entry]:
    """Another area, the switch to the SA's areas (or back), the operation played, Back: always in that
    order, greyed until they mean something, so a tap in sequence lands where the last one did."""
    add: Entry = (_("Another area"), ("add",), screen(desk.add_step))
    found = [add if desk.area else off(add)]
    if desk.choice == "op+sa":
        part = "op" if desk.part == "sa" else "sa"
        label = _("Areas of the operation") if part == "op" else _("Areas of the SA")
        switch: Entry = (label, ("part", part), screen(partial(desk.switch_part, part)))
        found.append(switch if desk.sa else off(switch))
    return [*found, _play_op(desk, state), (_("Back"), ("back",), screen(partial(desk.reset)))]


def _play_op(desk: Desk, state: State) -> Entry:
    """The operation played, or a Clash declared (its die then thrown): greyed while nothing is entered."""
    action = desk.main_action(state, "op")
    if not isinstance(action, a.Op):
        label = _("Declare the Clash") if desk.op == "clash" else _("Play the operation")
        return off((label, ("play",), screen(lambda: None)))
    if action.op == "clash" and state.die_pending not in action_areas(action):
        declare = a.ClashDie(action.steps[0].area)
        return (_("Declare the Clash"), declare, play(declare))
    return (_("Play the operation"), action, play(action, _die(desk)))


def action_areas(action: a.Op) -> set[str]:
    return {s.area for s in action.steps}


def _die(desk: Desk) -> tuple[Any, ...]:
    return (desk.die,) if desk.die else ()


def _assault(desk: Desk, state: State) -> list[Entry]:
    found: list[Entry] = []
    if desk.area and desk.to:
        found.append((_("Add this move"), ("add-move",), screen(partial(_add_move, desk))))
    action = a.Assault(tuple(desk.moves))
    return found + [(_("Assault done"), action, play(action))]


def _add_move(desk: Desk) -> None:
    desk.moves.append((desk.area, desk.to, desk.n, desk.number))
    desk.area, desk.to, desk.n, desk.number = "", "", 1, 0


def _battle(desk: Desk, state: State) -> list[Entry]:
    found: list[Entry] = []
    action = desk.main_action(state, "battle")
    if isinstance(action, a.Adjust):
        found.append((_("Record the counts"), action, play(action)))
    elif isinstance(action, a.Battle):
        found.append((_("Fight in {area}").format(area=area_name(action.area)), action, play(action)))
    end = a.EndRound(tuple(desk.freed), tuple(desk.pockets))
    if not found:  # no area yet: its Fight keeps its place
        found.append(off((_("Fight"), ("fight",), screen(lambda: None))))
    return found + [(_("End of the round"), end, play(end))]


def _civic(desk: Desk, state: State) -> list[Entry]:
    found: list[Entry] = []
    if desk.civic_name and desk.area:
        action = a.Civic(desk.civic_name, (a.Step(desk.area),))
        found.append((_("Play in {area}").format(area=area_name(desk.area)), action, play(action)))
    faction = state.civic[0] if state.civic else ""
    return found + [(_("{faction} is done").format(faction=faction_name(faction)), a.Done(), play(a.Done()))]


def _place(desk: Desk, state: State) -> list[Entry]:
    action = desk.main_action(state, "place")
    assert action is not None
    faction = state.placing[0] if state.placing else ""
    return [(_("Done: {faction} set up").format(faction=faction_name(faction)), action, play(action))]


def _step(desk: Desk, state: State) -> list[Entry]:
    action = desk.main_action(state, state.step)
    if isinstance(action, a.Redistribute):
        found: list[Entry] = []
        if desk.area and desk.to:
            found.append((_("Add this move"), ("add-move",), screen(partial(_add_move, desk))))
        return [*found, (_("Troops redistributed"), action, play(action))]
    if isinstance(action, a.Score):
        return [_by_hand_entry(desk), (_("Score"), action, play(action))]
    if isinstance(action, a.Income):
        return [(_("Pay the incomes"), action, play(action))]
    return []


def build_done(desk: Desk, state: State) -> bool:
    return desk.build_step >= len(build_steps(state.options.long_deck, state.options.deck_mode))
