"""Rules engine for *Radetzky: Milano 1848*. Standard library only; no files, clocks or devices.

Entry points:
    Game(edition, Options(...))      a checked game: play(action, cards) / undo() / legal_actions()
    replay(edition, header, records) rebuild a game from its record, feeding recorded draws back
    check(state, action)             why an action is refused (None when legal)
    play(state, action, cards)       checked, on a copy: (new state, events, drawn cards)
    apply(state, action, dealer)     unchecked fast path for search and simulation
    stateio.dumps / stateio.loads    the state file; records.dump_record / load_record the record
"""

from .actions import (
    Action,
    Answer,
    AustrianTurn,
    ChoosePatriot,
    Conquer,
    Continue,
    EndTurn,
    FightRadetzky,
    FightSoldiers,
    Move,
    PlacePatriot,
    Promote,
    Refresh,
    Stop,
    Strengthen,
    UseHelp,
    action_from_dict,
)
from .edition import Edition
from .errors import CardNeeded, DataError, IllegalActionError
from .events import Event
from .game import Game, Record, replay
from .legal import legal_actions, random_action
from .reducer import apply, check, play
from .setup import Options, new_game
from .state import State

__all__ = [
    "Action",
    "Answer",
    "AustrianTurn",
    "CardNeeded",
    "ChoosePatriot",
    "Conquer",
    "Continue",
    "DataError",
    "Edition",
    "EndTurn",
    "Event",
    "FightRadetzky",
    "FightSoldiers",
    "Game",
    "IllegalActionError",
    "Move",
    "Options",
    "PlacePatriot",
    "Promote",
    "Record",
    "Refresh",
    "State",
    "Stop",
    "Strengthen",
    "UseHelp",
    "action_from_dict",
    "apply",
    "check",
    "legal_actions",
    "new_game",
    "play",
    "RULES",
    "random_action",
    "replay",
]
from .plugin import RULES  # noqa: E402  (its entry in companion.games.find_game)
