"""The checked entry point: why an action is illegal, and applying it.

`check` explains a refusal in one sentence; `apply` trusts its caller (the fast path for search
and simulation). `play` does both and leaves the state untouched when it refuses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import actions as a
from .austria import austrian_turn
from .dealer import Dealer, Draw
from .errors import IllegalActionError, Sentence, plural
from .events import Event
from .fights import answer, end_soldiers_fight, keep_fighting, promote, start_fight
from .helps import check_help, check_strengthen, strengthen, use_help
from .setup import placement_order
from .state import (
    ACT,
    ANSWER,
    AUSTRIAN_TURN,
    CHOOSE_PATRIOT,
    CONTINUE,
    ITALY,
    OVER,
    PLACE,
    PROMOTE,
    State,
)
from .turns import (
    activate,
    answer_hands,
    can_answer,
    can_refill,
    end_turn,
    fight_card_count,
    finish_action,
    missing_cards,
    refill,
    start_round,
)
from .words import FightKind

WAITING_FOR = {
    PLACE: Sentence("the game is waiting for the Patriots to be placed"),
    CHOOSE_PATRIOT: Sentence("the game is waiting for you to choose the next Patriot"),
    ACT: Sentence("the game is waiting for the active Patriot's action"),
    ANSWER: Sentence("the game is waiting for an Italy card to answer the revealed Austria card"),
    CONTINUE: Sentence("the game is waiting for you to continue or stop the fight"),
    PROMOTE: Sentence("the game is waiting for you to choose a not-Available zone to make Available"),
    AUSTRIAN_TURN: Sentence("it is the Austrian turn"),
    OVER: Sentence("the game is over"),
}

VERB = {
    "place": Sentence("Placement"),
    "choose": Sentence("Choice"),
    "move": Sentence("Move"),
    "conquer": Sentence("Conquer"),
    "fight-soldiers": Sentence("Fight"),
    "fight-radetzky": Sentence("Fight Radetzky"),
    "refresh": Sentence("Refresh"),
    "help": Sentence("Help"),
    "strengthen": Sentence("Strengthen"),
    "end-turn": Sentence("End turn"),
    "answer": Sentence("Answer"),
    "continue": Sentence("Continue"),
    "stop": Sentence("Stop"),
    "promote": Sentence("Promotion"),
    "austrian-turn": Sentence("Austrian turn"),
}

STEP_OF = {
    "place": PLACE,
    "choose": CHOOSE_PATRIOT,
    "answer": ANSWER,
    "continue": CONTINUE,
    "stop": CONTINUE,
    "promote": PROMOTE,
    "austrian-turn": AUSTRIAN_TURN,
}


def check(state: State, action: a.Action) -> str | None:
    """None when the action is legal, otherwise the refusal as one sentence."""
    step = STEP_OF.get(action.kind, ACT)
    reason = WAITING_FOR[state.step] if state.step != step else _CHECKS[action.kind](state, action)
    return (
        Sentence("{action} refused: {reason}.", action=VERB[action.kind], reason=reason) if reason else None
    )


def apply(state: State, action: a.Action, dealer: Dealer) -> list[Event]:
    """Apply a legal action (unchecked) and return what happened."""
    events: list[Event] = []
    _APPLY[action.kind](state, action, dealer, events)
    return events


def play(
    state: State, action: a.Action, supplied: Sequence[Draw] = ()
) -> tuple[State, list[Event], list[Draw]]:
    """Check and apply on a copy: the new state, its events and the cards drawn (the outcome)."""
    reason = check(state, action)
    if reason:
        raise IllegalActionError(reason)
    after = state.copy()
    dealer = Dealer(after, supplied)
    events = apply(after, action, dealer)
    dealer.leftover()
    return after, events, dealer.drawn


def _zone_ok(state: State, zone: int) -> str | None:
    return None if zone in state.zones else Sentence("there is no zone {zone}", zone=zone)


def _active_zone(state: State) -> int:
    assert state.active is not None
    return state.patriots[state.active].zone


# --- checks -------------------------------------------------------------------------------------


def _check_place(state: State, action: a.PlacePatriot) -> str | None:
    if bad := _zone_ok(state, action.zone):
        return bad
    if state.soldiers[action.zone]:
        return Sentence(
            "zone {zone} has Soldiers; Patriots start only on zones without Soldiers", zone=action.zone
        )
    return None


def _check_choose(state: State, action: a.ChoosePatriot) -> str | None:
    if action.patriot not in range(len(state.patriots)):
        return Sentence("there is no Patriot {patriot}", patriot=action.patriot)
    if state.done[action.patriot]:
        return Sentence("{name} has already played this round", name=state.patriots[action.patriot].name)
    return None


def _check_move(state: State, action: a.Move) -> str | None:
    here = _active_zone(state)
    if bad := _zone_ok(state, action.zone):
        return bad
    if here == state.radetzky:
        return Sentence("Radetzky is in zone {zone} with your Patriot", zone=here)
    advanced = state.mode == "advanced"
    if not state.edition.board.adjacent(here, action.zone, barriers_block=advanced):
        if advanced and state.edition.board.adjacent(here, action.zone):
            return Sentence("a Barrier lies between zone {here} and zone {zone}", here=here, zone=action.zone)
        return Sentence("zone {zone} is not adjacent to zone {here}", zone=action.zone, here=here)
    return None


def _check_conquer(state: State, action: a.Conquer) -> str | None:
    here = _active_zone(state)
    if state.owner[here] is not None:
        return Sentence("zone {zone} is already conquered", zone=here)
    if here not in state.available:
        return Sentence("zone {zone} is not Available", zone=here)
    if state.radetzky == here:
        return Sentence("Radetzky is in zone {zone}", zone=here)
    if state.soldiers[here]:
        return plural(
            state.soldiers[here],
            "zone {zone} still has {count} Soldier",
            "zone {zone} still has {count} Soldiers",
            zone=here,
        )
    return None


def _check_fight(state: State, action: a.FightSoldiers) -> str | None:
    here = _active_zone(state)
    if here == state.radetzky:
        return Sentence("Radetzky is in zone {zone} with your Patriot", zone=here)
    if not state.soldiers[here]:
        return Sentence("zone {zone} has no Soldiers", zone=here)
    if not can_answer(state):
        return Sentence("no Italy card in hand to answer with")
    return None


def _check_fight_radetzky(state: State, action: a.FightRadetzky) -> str | None:
    here = _active_zone(state)
    if here != state.radetzky:
        return Sentence("Radetzky is in zone {zone}, not in zone {here}", zone=state.radetzky, here=here)
    needed = state.edition.rules.radetzky_reveals
    if not can_answer(state, needed):
        return Sentence("the Patriots here hold fewer than the {count} cards the fight needs", count=needed)
    return None


def _check_refresh(state: State, action: a.Refresh) -> str | None:
    assert state.active is not None
    hand = state.patriots[state.active].hand
    if len(state.hands[hand]) >= state.edition.rules.hand_size:
        return Sentence("the hand already holds {count} cards", count=len(state.hands[hand]))
    return None if can_refill(state, hand) else Sentence("the Italy deck and its discards are empty")


def _check_help(state: State, action: a.UseHelp) -> str | None:
    if state.mode != "advanced":
        return Sentence("Helps are used only in the Advanced game")
    assert state.active is not None
    if action.card not in state.edition.italy:
        return Sentence("{card} is not an Italy card", card=action.card)
    if bad := missing_cards(state, (action.card,), [[state.patriots[state.active].hand]]):
        return bad
    return check_help(state, action.card, action.zones)


def _check_strengthen(state: State, action: a.Strengthen) -> str | None:
    if state.mode != "advanced":
        return Sentence("Helps are strengthened only in the Advanced game")
    assert state.active is not None
    if action.help not in state.heroic:
        return Sentence("there is no {help!r} Help tile", help=action.help)
    if not action.cards or not all(c in state.edition.italy for c in action.cards):
        return Sentence("name one or more Italy cards")
    if bad := missing_cards(state, action.cards, [[state.patriots[state.active].hand]] * len(action.cards)):
        return bad
    return check_strengthen(state, action.help, action.cards)


def _check_end_turn(state: State, action: a.EndTurn) -> str | None:
    return None


def _check_answer(state: State, action: a.Answer) -> str | None:
    fight = state.fight
    assert fight is not None
    needed = state.edition.rules.radetzky_reveals if fight.kind == FightKind.RADETZKY else 1
    if len(action.cards) != needed:
        return plural(needed, "play exactly {count} Italy card", "play exactly {count} Italy cards")
    if not all(c in state.edition.italy for c in action.cards):
        return Sentence("only Italy cards can answer")
    if action.patriots:
        fighters = state.patriots_in(_active_zone(state))
        if len(action.patriots) != len(action.cards) or not all(p in fighters for p in action.patriots):
            return Sentence("name, for each card, a Patriot in the fight's zone")
    hands = answer_hands(state, action.patriots, len(action.cards))
    return missing_cards(state, action.cards, hands, pool=True)


def _check_continue(state: State, action: a.Continue) -> str | None:
    if not fight_card_count(state):
        lens = state.fight.lens if state.fight else 0
        return plural(
            lens,
            "no card is left to answer with; stop to remove the {count} Soldier in the Lens",
            "no card is left to answer with; stop to remove the {count} Soldiers in the Lens",
        )
    return None


def _check_nothing(state: State, action: a.Action) -> str | None:
    return None


def _check_promote(state: State, action: a.Promote) -> str | None:
    if action.zone not in state.not_available:
        return Sentence("zone {zone} is not among the not-Available cards", zone=action.zone)
    return None


_CHECKS: dict[str, Callable[..., str | None]] = {
    "place": _check_place,
    "choose": _check_choose,
    "move": _check_move,
    "conquer": _check_conquer,
    "fight-soldiers": _check_fight,
    "fight-radetzky": _check_fight_radetzky,
    "refresh": _check_refresh,
    "help": _check_help,
    "strengthen": _check_strengthen,
    "end-turn": _check_end_turn,
    "answer": _check_answer,
    "continue": _check_continue,
    "stop": _check_nothing,
    "promote": _check_promote,
    "austrian-turn": _check_nothing,
}


# --- effects ------------------------------------------------------------------------------------


def _spend_action(state: State) -> None:
    state.actions_left -= 1


def _apply_place(state: State, action: a.PlacePatriot, dealer: Dealer, events: list[Event]) -> None:
    waiting = [i for i in placement_order(state) if state.patriots[i].zone == 0]
    state.patriots[waiting[0]].zone = action.zone
    if len(waiting) == 1:
        start_round(state)


def _apply_choose(state: State, action: a.ChoosePatriot, dealer: Dealer, events: list[Event]) -> None:
    activate(state, action.patriot)


def _apply_move(state: State, action: a.Move, dealer: Dealer, events: list[Event]) -> None:
    _spend_action(state)
    assert state.active is not None
    state.patriots[state.active].zone = action.zone
    finish_action(state, dealer, events)


def _apply_conquer(state: State, action: a.Conquer, dealer: Dealer, events: list[Event]) -> None:
    _spend_action(state)
    here = _active_zone(state)
    state.owner[here] = ITALY
    state.available.remove(here)
    events.append(Event("italy-conquers", zone=here))
    finish_action(state, dealer, events)


def _apply_fight(state: State, action: a.FightSoldiers, dealer: Dealer, events: list[Event]) -> None:
    _spend_action(state)
    start_fight(state, FightKind.SOLDIERS, 1, dealer, events)


def _apply_fight_radetzky(state: State, action: a.FightRadetzky, dealer: Dealer, events: list[Event]) -> None:
    _spend_action(state)
    start_fight(state, FightKind.RADETZKY, state.edition.rules.radetzky_reveals, dealer, events)


def _apply_refresh(state: State, action: a.Refresh, dealer: Dealer, events: list[Event]) -> None:
    _spend_action(state)
    assert state.active is not None
    refill(state, state.patriots[state.active].hand, dealer, events)
    finish_action(state, dealer, events)


def _apply_help(state: State, action: a.UseHelp, dealer: Dealer, events: list[Event]) -> None:
    _spend_action(state)
    use_help(state, action.card, action.zones, dealer, events)
    if state.step == ACT:
        finish_action(state, dealer, events)


def _apply_strengthen(state: State, action: a.Strengthen, dealer: Dealer, events: list[Event]) -> None:
    _spend_action(state)
    strengthen(state, action.help, action.cards, events)
    finish_action(state, dealer, events)


def _apply_end_turn(state: State, action: a.EndTurn, dealer: Dealer, events: list[Event]) -> None:
    end_turn(state, dealer, events)


def _apply_answer(state: State, action: a.Answer, dealer: Dealer, events: list[Event]) -> None:
    answer(state, action.cards, action.patriots, dealer, events)


def _apply_continue(state: State, action: a.Continue, dealer: Dealer, events: list[Event]) -> None:
    keep_fighting(state, dealer, events)


def _apply_stop(state: State, action: a.Stop, dealer: Dealer, events: list[Event]) -> None:
    end_soldiers_fight(state, True, dealer, events)


def _apply_promote(state: State, action: a.Promote, dealer: Dealer, events: list[Event]) -> None:
    promote(state, action.zone, dealer, events)


def _apply_austrian_turn(state: State, action: a.AustrianTurn, dealer: Dealer, events: list[Event]) -> None:
    austrian_turn(state, dealer, events)


_APPLY: dict[str, Callable[..., None]] = {
    "place": _apply_place,
    "choose": _apply_choose,
    "move": _apply_move,
    "conquer": _apply_conquer,
    "fight-soldiers": _apply_fight,
    "fight-radetzky": _apply_fight_radetzky,
    "refresh": _apply_refresh,
    "help": _apply_help,
    "strengthen": _apply_strengthen,
    "end-turn": _apply_end_turn,
    "answer": _apply_answer,
    "continue": _apply_continue,
    "stop": _apply_stop,
    "promote": _apply_promote,
    "austrian-turn": _apply_austrian_turn,
}
