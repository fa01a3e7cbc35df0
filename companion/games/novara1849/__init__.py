"""Rules engine for *Radetzky's March: The Road to Novara*. Standard library only; no files, clocks or
devices. A clerk, a calculator and a referee's memory for two players: it never sees the map.

Entry points:
    Game(edition, Options(...))        a checked game: play(action, cards) / undo() / legal_actions()
    Game.preview(Fight(...))           a combat's ratio, columns, shifts and modifiers before the roll
    combat.preview(Combat, Ladder, Readings)    the same calculation on units typed at the table
    replay(edition, header, records)   rebuild a game from its record, feeding recorded dice back
"""

from .actions import (
    Activate,
    ApplyLosses,
    Bombard,
    Charge,
    Concede,
    Draw,
    EndActivation,
    EndTurn,
    EnterResult,
    EnterUnit,
    ExitMap,
    Fight,
    Hide,
    MoveDummies,
    NightSupply,
    NovaraSetup,
    OccupyCity,
    Pass,
    Recover,
    Reinforce,
    Reveal,
    RollAttrition,
    Select,
    SetCommandFactor,
    Surprise,
    TurnFacts,
    action_from_dict,
)
from .edition import Edition
from .errors import DataError, IllegalActionError, TableMissing
from .game import Game, Record, replay
from .readings import Readings
from .setup import SCENARIOS, Options, scenario
from .state import State
from .units import Counter

__all__ = [
    "Activate",
    "ApplyLosses",
    "Bombard",
    "Charge",
    "Concede",
    "Counter",
    "DataError",
    "Draw",
    "Edition",
    "EndActivation",
    "EndTurn",
    "EnterResult",
    "EnterUnit",
    "Reveal",
    "MoveDummies",
    "Hide",
    "NovaraSetup",
    "Reinforce",
    "ExitMap",
    "Fight",
    "Game",
    "IllegalActionError",
    "NightSupply",
    "OccupyCity",
    "Options",
    "Pass",
    "RULES",
    "Readings",
    "Record",
    "Recover",
    "RollAttrition",
    "SCENARIOS",
    "Select",
    "SetCommandFactor",
    "Surprise",
    "scenario",
    "State",
    "TableMissing",
    "TurnFacts",
    "action_from_dict",
    "replay",
]
from .plugin import RULES  # noqa: E402  (its entry in companion.games.find_game)
