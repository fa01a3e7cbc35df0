"""Rules engine for *Italy '43-'45: La Resa Dei Conti*. Standard library only; no files, clocks or devices.
A clerk and a referee for four factions: it keeps the books, runs the deck's arithmetic, the card loop's
eligibility and every cost and limit it has data for; it automates no faction and never shows event text.

Entry points:
    Game(edition, Options(...))       play(action, cards) / undo() / legal_actions() / forecast()
    deck.build / deck.check / deck.odds     the text's deck procedure, its check, the offensive odds
    battle.fight(Forces(...))         one offensive battle from counts typed at the table
    scoring.scores / winner / incomes       the score step, the victory check, the incomes
    replay(edition, header, records)  rebuild a game from its record, feeding recorded dice back
"""

from .actions import (
    Adjust,
    Answer,
    Assault,
    Battle,
    Civic,
    ClashDie,
    Done,
    EndRound,
    Event,
    Income,
    MovePawn,
    Op,
    Pass,
    Place,
    Redistribute,
    Reveal,
    Score,
    Step,
    Stukas,
    action_from_dict,
)
from .battle import Forces, fight
from .edition import Edition, load
from .errors import DataError, IllegalActionError, ValueNeeded
from .game import Game, Record, replay
from .model import FACTIONS, Area, Options, State

__all__ = [
    "FACTIONS",
    "RULES",
    "Adjust",
    "Answer",
    "Area",
    "Assault",
    "Battle",
    "Civic",
    "ClashDie",
    "DataError",
    "Done",
    "Edition",
    "EndRound",
    "Event",
    "Forces",
    "Game",
    "IllegalActionError",
    "Income",
    "MovePawn",
    "Op",
    "Options",
    "Pass",
    "Place",
    "Record",
    "Redistribute",
    "Reveal",
    "Score",
    "State",
    "Step",
    "Stukas",
    "ValueNeeded",
    "action_from_dict",
    "fight",
    "load",
    "replay",
]
from .plugin import RULES  # noqa: E402  (its entry in companion.games.find_game)
