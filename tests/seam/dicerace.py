"""A throwaway second game, registered only by the tests, to prove the game seam with something
that is not Milano 1848. Invented for the tests (no rulebook): each player in turn rolls a d6 and
adds it to their score; the first to 10 wins. The die's roll is the decision's random outcome, kept
in the record like a drawn card, so replay and undo never roll again.

One module holds both halves a real game splits: the rules engine (`RULES`, standard library only)
and the table module (`Choices`, `new_table`, `new_view`, ... as companion.tables expects).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from companion.games.vocabulary import DataError, IllegalActionError, Sentence
from companion.tables.base import Intent, Outputs, Play, StillBoard, Undo

GAME = "dicerace"
TITLE = "Dice race (a test game)"
GOAL = 10


@dataclass(frozen=True)
class Roll:
    kind: str = "roll"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "roll"}


@dataclass
class State:
    scores: list[int]
    turn: int = 0
    winner: int | None = None
    round: int = 1


@dataclass(frozen=True)
class Options:
    players: int = 2
    seed: int = 0
    names: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed, "names": list(self.names)}


@dataclass(frozen=True)
class Record:
    action: Roll
    drawn: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action.to_dict(), "drawn": list(self.drawn)}


class Game:
    def __init__(self, options: Options) -> None:
        self.options, self.records = options, []  # type: list[Record]
        self.state = State([0] * options.players)
        self._rng = random.Random(options.seed)
        self._before: list[State] = []

    def play(self, action: Any, cards: Sequence[Any] = ()) -> list[Any]:
        if not isinstance(action, Roll):
            raise IllegalActionError(Sentence("Only a roll is played in a dice race."))
        if self.state.winner is not None:
            raise IllegalActionError(Sentence("The race is over."))
        pips = int(cards[0]) if cards else self._rng.randint(1, 6)
        self._before.append(self.state)
        scores = list(self.state.scores)
        scores[self.state.turn] += pips
        won = self.state.turn if scores[self.state.turn] >= GOAL else None
        turn = (self.state.turn + 1) % len(scores)
        self.state = State(scores, turn, won, self.state.round + (turn == 0))
        self.records.append(Record(action, (pips,)))
        return [("rolled", pips)]

    def undo(self) -> Record:
        if not self.records:
            raise IllegalActionError(Sentence("Undo refused: nothing has been played yet."))
        self.state = self._before.pop()
        return self.records.pop()

    def legal_actions(self) -> list[Any]:
        return [] if self.state.winner is not None else [Roll()]

    def header(self) -> dict[str, Any]:
        return {"format": RULES.record_format, "version": 1, "options": self.options.to_dict()}


class DiceRace:
    id, title, record_format, record_version = GAME, TITLE, "tests/dicerace-record", 1

    def load_edition(self, read: Callable[[str], str], where: Callable[[str], str]) -> None:
        return None  # the race needs no data file

    def options_from_dict(self, data: object) -> Options:
        if not isinstance(data, dict) or not isinstance(data.get("players"), int):
            raise DataError("options", "must say how many players race")
        return Options(data["players"], int(data.get("seed", 0)), tuple(data.get("names", ())))

    def new_game(self, edition: Any, options: Options, cards: Sequence[Any] = ()) -> Game:
        return Game(options)

    def replay(self, edition: Any, header: dict[str, Any], records: Iterable[dict[str, Any]]) -> Game:
        game = Game(self.options_from_dict(header.get("options")))
        for number, record in enumerate(records, start=2):
            if not isinstance(record, dict) or not isinstance(record.get("drawn"), list):
                raise DataError(f"line {number}", "must be a roll with its pips")
            game.play(Roll(), record["drawn"])
        return game

    def dumps(self, state: State) -> str:
        return json.dumps({"scores": state.scores, "turn": state.turn, "winner": state.winner})

    def loads(self, text: str, edition: Any) -> State:
        data = json.loads(text)
        return State(data["scores"], data["turn"], data["winner"])

    def action_from_dict(self, data: object) -> Roll:
        return Roll()

    def standing(self, state: State) -> tuple[int, str | None]:
        return state.round, None if state.winner is None else f"player {state.winner + 1}"

    def describe(self, state: State) -> list[str]:
        return [f"scores: {', '.join(map(str, state.scores))}"]


RULES = DiceRace()


# the table module


class Choices:
    def __init__(self) -> None:
        self.players = 2

    def title(self) -> str:
        return "Table Companion - " + TITLE

    def rows(self) -> list[tuple[str, list[tuple[str, bool, Callable[[], object]]]]]:
        return [
            ("Racers", [(str(n), n == self.players, partial(setattr, self, "players", n)) for n in (2, 3, 4)])
        ]

    def options(self, seed: int) -> Options:
        return Options(self.players, seed)

    def names(self, options: Options) -> tuple[int, tuple[str, ...]]:
        return options.players, ("Ada", "Bo", "Cy", "Di")

    def names_heading(self, editing: int | None, name: str) -> str:
        return "Racers" if editing is None else f"Racer {editing + 1}: {name}_"

    def named(self, options: Options, names: tuple[str, ...]) -> Options:
        return Options(options.players, options.seed, names)


@dataclass
class Table:
    game_id: str = GAME
    rolled: list[int] = field(default_factory=list)

    def prepare(self) -> None:
        return None

    def button(self, name: str, state: State) -> Intent | None:
        return Play(Roll()) if name == "roll" else Undo() if name == "back" else None

    def card_seen(self, card: Any, moment: Any) -> tuple[bool, Intent | None]:
        return False, None

    def forget_scans(self) -> None:
        return None

    def after(self, before: State, action: Any, events: Sequence[Any], game: Game) -> Outputs:
        from hardware.faces import pips

        return Outputs(faces=[pips(events[0][1])], checkpoint=game.state.winner is not None)

    def undo_warning(self, decision: Any) -> str | None:
        return None

    def action_name(self, action: Any) -> str:
        return "roll"

    def card_request(self, deck: str, given: int) -> str:
        return "Roll the die and say its pips."

    def look_ahead(self, state: State) -> object:
        return None

    def look_ahead_key(self, state: State) -> object:
        return None

    def over(self, state: State) -> bool:
        return state.winner is not None

    def wants_cards(self, state: State) -> bool:
        return False


def new_table() -> Table:
    return Table()


class View(StillBoard):
    def __init__(self, height: int) -> None:
        import pygame

        self.board_rect = pygame.Rect(0, 0, height, height)
        self.animate = True

    def draw_whole(self, painter: Any, panel: Any, session: Any) -> None:
        return None

    def draw_legend(self, painter: Any, area: Any) -> None:
        return None  # no marks on its board but the scores

    def lens_area(self, target: int) -> Any:
        import pygame

        return pygame.Rect(8, self.board_rect.bottom - target - 8, self.board_rect.width // 2, target)

    def draw_board(self, painter: Any, session: Any) -> None:
        for number, score in enumerate(session.state.scores):
            painter.text(
                f"{session.game.options.names[number] or number + 1}: {score}", (20, 20 + number * 40)
            )

    def headline(self, session: Any) -> list[str]:
        return [f"Round {session.state.round}"]

    def lines(self, session: Any) -> list[tuple[str, tuple[int, int, int]]]:
        return []

    def entries(self, session: Any) -> list[Any]:
        return [] if session.over else [("Roll", Roll(), partial(Play, Roll())), ("Undo", ("undo",), Undo)]

    def board_tap(self, position: tuple[int, int], session: Any) -> Intent | None:
        return None

    def view_key(self, session: Any) -> tuple[object, ...]:
        return ()


def new_view(session: Any, height: int, target: int, choices: Any, colours: list[int]) -> View:
    return View(height)


def before_game(options: Any, height: int, target: int, open_game: Any, leave: Any) -> None:
    return None


def bot(state: State, rng: random.Random) -> Roll:
    return Roll()


def next_tap(app: Any, action: Any) -> tuple[int, int] | None:
    return next((b.rect.center for b in app.buttons if b.action == action), None)


def round_of(state: State) -> int:
    return state.round


def forget_choice(view: Any) -> None:
    return None


def add_commands(sub: Any) -> None:
    race = sub.add_parser(GAME, help=TITLE).add_subparsers(dest="action", required=True)
    race.add_parser("rules", help="say the rules").set_defaults(
        handler=lambda args: print(f"first to {GOAL}") or 0
    )


def run_demo(args: Any) -> int:
    return 0
