"""An Italy '43-'45 game in progress: the checked state machine, every decision recorded with its random
outcome (the card a companion deck turns, the Clash dice), undo to the state before, replay from the record.
A refused decision leaves the state as it was: each decision works on a copy."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import History, decision_from_dict

from . import actions as a
from . import deck, flow, offensive, ops, setup
from .edition import Edition
from .errors import DataError, IllegalActionError, Sentence, listed, refuse
from .facts import checked_answer
from .model import CITIES, FACTIONS, NAMES, SPECIALS, Area, Options, State
from .scoring import incomes, pay_incomes, scores, term_said, winner

RECORD_FORMAT = "companion/italy4345-record"
RECORD_VERSION = 1
Events = list[Sentence]


@dataclass(frozen=True)
class Record:
    """One applied decision and its random outcome: the card a companion deck turned, the dice thrown."""

    action: a.Action
    drawn: tuple[object, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action.to_dict(), "drawn": list(self.drawn)}

    @classmethod
    def from_dict(cls, data: object) -> Record:
        return cls(*decision_from_dict(data, a.action_from_dict, "the card turned or the dice thrown"))


def new_state(edition: Edition, options: Options) -> State:
    """§3 (R-4): the cities and special areas, Regno del Sud liberated with the pawn in it, all four
    cylinders Eligible; the owner's map and printed set-up when given (not with §9.2's own set-up)."""
    state = State(options=options)
    for area_id in (*CITIES, *SPECIALS, *(edition.board.types if edition.board else ())):
        state.area(area_id)
    if edition.board is not None:
        for area_id, kind in edition.board.types.items():
            state.areas[area_id].type = kind
    state.areas["rds"].liberated = True
    if edition.setup is not None and not options.alternative_setup:
        _printed_setup(state, edition.setup)
    if options.deck_mode == "companion":
        state.deck = deck.build(options.seed, options.long_deck)
    if options.alternative_setup:
        setup.start(state)
    return state


def _printed_setup(state: State, setup: dict[str, Any]) -> None:
    state.resources = {f: int(setup["resources"][f]) for f in FACTIONS}
    for area_id, entry in setup["areas"].items():
        area = state.area(area_id)
        for name, value in entry.items():
            if name in ("aut_brigades", "cln_brigades"):
                setattr(area, name, [int(v) for v in value])
            elif hasattr(area, name):
                setattr(area, name, value)
    for area_id in setup["liberated"]:
        state.area(area_id).liberated = True


Handler = Callable[[State, Edition, Any, list[object]], Events]


class Game:
    """The checked way to play: `play` refuses an illegal action with the reason, `undo` steps back."""

    def __init__(self, edition: Edition, options: Options) -> None:
        self.edition = edition
        self.options = options
        self.state = new_state(edition, options)
        self.history: History[State, Record] = History()

    def play(self, action: a.Action, cards: Sequence[object] = ()) -> Events:
        """Apply a decision. `cards`: the table's own die values for a Clash (else the companion throws)."""
        if self.state.winner is not None:
            raise refuse("The game is over: {f} won.", f=NAMES[self.state.winner])
        _die_first(self.state, action)
        after = self.state.copy()
        drawn: list[object] = list(cards)
        events = HANDLERS[type(action)](after, self.edition, action, drawn)
        board = self.edition.board
        if board is not None and len(after.areas) > len(self.state.areas):
            unknown = sorted(set(after.areas) - set(board.types))
            raise refuse("{area} is not an area of your map (map.toml).", area=unknown[0])
        if not isinstance(action, (a.Op, a.Reveal)):
            drawn = []  # only a card turned or a die thrown is a random outcome
        self.history.push(self.state, Record(action, tuple(drawn)))
        self.state = after
        return events

    def said(self, index: int) -> Events:
        """What decision `index` said, played again on the state it was played on with its recorded
        outcome (a ticket printed after a resume holds the decisions made before the restart)."""
        record = self.records[index]
        before = self.history.before(index).copy()
        return HANDLERS[type(record.action)](before, self.edition, record.action, list(record.drawn))

    def steps(self, start: int) -> list[tuple[State, a.Action, State]]:
        """The decisions from `start` on, each with the state it was played on and the one it left (an
        offensive's ticket reads its numbers from them)."""
        count = len(self.records)
        after = [*(self.history.before(i) for i in range(start + 1, count)), self.state]
        return [
            (self.history.before(i), self.records[i].action, after[i - start]) for i in range(start, count)
        ]

    def undo(self) -> Record:
        """Drop the last decision; a die thrown again shows the same face (seed and count)."""
        self.state, record = self.history.pop()
        return record

    @property
    def records(self) -> list[Record]:
        return self.history.records

    def legal_actions(self) -> list[a.Action]:
        return legal_actions(self.state)

    def header(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "options": self.options.to_dict()}

    def active(self) -> str | None:
        """The faction whose cylinder the current card reaches (None outside the card loop)."""
        return flow.active(self.state)

    def next_card(self) -> str | None:
        """§9.1 Visible Cards with a companion deck: the next card, kept face up; otherwise never shown."""
        deck_order = self.state.deck
        if not self.options.visible_cards or deck_order is None or self.state.card_index >= len(deck_order):
            return None
        return deck_order[self.state.card_index]

    def forecast(self) -> Sentence:
        """The next card's chance of being an offensive card, as the screen says it (§1.3)."""
        return deck.forecast([deck.is_offensive(c) for c in self.state.seen], self.options.long_deck)


WAITING = {
    "reveal": Sentence("the next card"),
    "symbols": Sentence("the card's top-left symbols"),
    "choose": Sentence("the acting faction's choice"),
    "offensive": Sentence("the offensive's next step"),
    "redistribute": Sentence("the troops' redistribution"),
    "score": Sentence("the score step"),
    "income": Sentence("the incomes"),
    "civic": Sentence("the civic actions"),
    "over": Sentence("nothing: the game is over"),
    "setup": Sentence("the alternative set-up"),
}


def _at(state: State, *steps: str) -> None:
    if state.step not in steps:
        raise refuse("That cannot be done now: the game waits for {step}.", step=WAITING[state.step])


def _answer(state: State, edition: Edition, action: a.Answer, drawn: list[object]) -> Events:
    state.answers[action.key] = checked_answer(action.key, action.value)
    return [Sentence("Noted: {key}.", key=action.key)]


def _reveal(state: State, edition: Edition, action: a.Reveal, drawn: list[object]) -> Events:
    _at(state, "reveal")
    events = flow.reveal(state, edition, action.card)
    drawn[:] = [state.current or ""]
    return events


def _choose(choice: str) -> Callable[[State, Edition], None]:
    def check(state: State, edition: Edition) -> None:
        _at(state, "choose")
        faction = flow.active(state)
        if faction is not None and choice not in flow.allowed(state, edition):
            flow.act(state, edition, choice)  # raises the matrix's sentence

    return check


def _event(state: State, edition: Edition, action: a.Event, drawn: list[object]) -> Events:
    _choose("event")(state, edition)
    events = flow.adjust(state, edition, action)
    return events + flow.act(state, edition, "event")


def _die_first(state: State, action: a.Action) -> None:
    """A Clash declared waits for its die: nothing but that Clash (or a value asked, an adjustment)."""
    pending = state.die_pending
    clash = isinstance(action, a.Op) and action.op == "clash" and pending in {s.area for s in action.steps}
    if pending and not (clash or isinstance(action, (a.Answer, a.Adjust))):
        raise refuse("The Clash die is pending in {a}: play that Clash with its die (or undo).", a=pending)


def _clash_die(state: State, edition: Edition, action: a.ClashDie, drawn: list[object]) -> Events:
    _at(state, "choose")
    if flow.active(state) != "aut":
        raise refuse("Only the Autonomous faction declares a Clash.")
    if state.die_pending:
        raise refuse("The Clash die is already pending in {a}.", a=state.die_pending)
    if not action.area or state.area(action.area).liberated:
        raise refuse("A Clash is declared in an area that is not liberated.")
    state.die_pending = action.area
    return [Sentence("Clash in {a}: throw the die.", a=action.area)]


def _op(state: State, edition: Edition, action: a.Op, drawn: list[object]) -> Events:
    _at(state, "choose")
    state.die_pending = ""
    faction = flow.active(state)
    if faction is None:
        raise refuse("No faction may act now.")
    open_ = flow.allowed(state, edition)
    choice = "op+sa" if action.sa else ("op" if "op" in open_ else "limop")
    _choose(choice)(state, edition)
    events, dice = ops.operation(state, edition, faction, action, choice == "limop", drawn)
    drawn[:] = dice
    return events + flow.act(state, edition, choice)


def _score(state: State, edition: Edition, action: a.Score, drawn: list[object]) -> Events:
    _at(state, "score")
    k = state.offensive_number()
    hand = {}
    for faction, term, value in action.hand:
        if faction not in FACTIONS or not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise refuse("A term entered by hand names a faction and a count of 0 or more.")
        hand[(faction, term)] = value
    found = scores(state, edition, k, hand)
    state.scores = {f: s.total for f, s in found.items()}
    state.hand_entered = [f"{f}.{t}" for f, t in hand]
    events = [
        Sentence(
            "{f} {n} = {terms}.",
            f=NAMES[f],
            n=s.total,
            terms=listed([term_said(t, v, (f, t) in hand) for t, v in s.terms], plus=True),
        )
        for f, s in found.items()
    ]
    state.winner = winner(state.scores, edition.rules, k)
    if state.winner is not None:
        state.step = "over"
        return events + [Sentence("{f} wins.", f=NAMES[state.winner])]
    state.step = "income"
    return events


def _income(state: State, edition: Edition, action: a.Income, drawn: list[object]) -> Events:
    _at(state, "income")
    amounts = incomes(state, edition)
    pay_incomes(state, amounts)
    state.step, state.civic = "civic", list(FACTIONS)
    return [
        Sentence("Income: Germany +{ger} (-{rsi}), RSI +{rsi}, CLN +{cln}, Autonomous +{aut}.", **amounts)
    ]


def _civic(state: State, edition: Edition, action: a.Civic, drawn: list[object]) -> Events:
    _at(state, "civic")
    return ops.civic(state, edition, state.civic[0], action)


def _done(state: State, edition: Edition, action: a.Done, drawn: list[object]) -> Events:
    _at(state, "civic")
    state.civic.pop(0)
    if state.civic:
        return [Sentence("Civic actions: {f}.", f=NAMES[state.civic[0]])]
    state.offensives_done += 1
    state.offensive, state.step = None, "reveal"  # eligibility unchanged
    return [Sentence("Turn the next card.")]


def _adjust(state: State, edition: Edition, action: a.Adjust, drawn: list[object]) -> Events:
    return flow.adjust(state, edition, action)


def _symbols(step: Callable[[State, Edition, Any], Events]) -> Handler:
    return lambda state, edition, action, drawn: step(state, edition, action)


def _pass(state: State, edition: Edition, action: a.Pass, drawn: list[object]) -> Events:
    _at(state, "choose")
    return flow.pass_card(state, edition)


HANDLERS: dict[type[a.Action], Handler] = {
    a.Answer: _answer,
    a.Place: _symbols(setup.place),
    a.Reveal: _reveal,
    a.ClashDie: _clash_die,
    a.MovePawn: _symbols(flow.move_pawn),
    a.Stukas: _symbols(flow.stukas),
    a.Pass: _pass,
    a.Event: _event,
    a.Op: _op,
    a.Adjust: _adjust,
    a.Assault: _symbols(offensive.assault),
    a.Battle: _symbols(offensive.battle),
    a.EndRound: _symbols(offensive.end_round),
    a.Redistribute: _symbols(offensive.redistribute),
    a.Score: _score,
    a.Income: _income,
    a.Civic: _civic,
    a.Done: _done,
}


def legal_actions(state: State) -> list[a.Action]:
    """The decisions open now, each in its plainest form (a table fills in areas and counts)."""
    if state.winner is not None:
        return []
    by_step: dict[str, list[a.Action]] = {
        "reveal": [a.Reveal()],
        "symbols": [a.MovePawn()] if state.pending[:1] == ["pawn"] else [a.Stukas()],
        "choose": [a.Pass(), a.Event(), a.Op()],
        "redistribute": [a.Redistribute()],
        "score": [a.Score()],
        "income": [a.Income()],
        "civic": [a.Civic(), a.Done()],
        "setup": [a.Place()],
    }
    if state.step == "offensive" and state.offensive is not None:
        found: list[a.Action] = [a.Assault()] if state.offensive.step == "A" else [a.Battle(), a.EndRound()]
    else:
        found = by_step.get(state.step, [])
    return [*found, a.Answer(), a.Adjust()]


def replay(edition: Edition, header: dict[str, Any], records: Iterable[Record]) -> Game:
    """Rebuild a game from its record, feeding the recorded dice back in."""
    if header.get("format") != RECORD_FORMAT:
        raise DataError("format", f"must be {RECORD_FORMAT!r}")
    if header.get("version") != RECORD_VERSION:
        raise DataError("version", f"must be {RECORD_VERSION}")
    game = Game(edition, Options.from_dict(header.get("options")))
    for number, record in enumerate(records, start=1):
        try:
            game.play(record.action, record.drawn if isinstance(record.action, a.Op) else ())
        except IllegalActionError as exc:
            raise DataError(f"action {number}", str(exc)) from None
    return game


__all__ = ["Area", "Game", "Record", "replay"]
