"""Rules engine for *Italia* (Italia I and II). Standard library only; no files, clocks or devices.

Entry points for a table:
    Battle, Side (battle.py)          the battle value; group(...).sentence() says what a die needs
    attack_cap, cap_sentence          §8.3's cap and its reason
    roll_round, default_aims          one round from natural d10 values (rounds.py)
    fight, Step, retreat, submit      a whole battle as a pure function (fight.py)
    battle_odds                       exact odds under the stated policy (odds.py)
    clerk.turn_order, clerk.income, clerk.after_purchase, clerk.bill, clerk.consular_refusal
    stacking.retreat_room, stacking.surplus, stacking.invasion_needs
    Game, Options, replay             the checked game with its record (game.py); RULES the registry's
    Game.reminders(), battle_phase()  the phase's reminders; the context of a battle opened now
    actions.py                        every decision: income, buying, battles (land, raid, naval),
                                      phases, leaders, major invasions, campaigns, Score, Tell
    ledger.py                         the nation's turn and the last battle's rounds (for tickets)
    battlefile.read_battle_file, battlerun.resolve   the battle file of spec 1.7, played to its end
    vocabulary.ValueNeeded            a value on the owner's card the data lacks: ask, then Tell
"""

from .battle import Battle, Group, Side, Term, attack_cap, cap_sentence, group, supremacy
from .fight import Aftermath, Fought, Step, aftermath, fight, retreat, submit
from .game import Game, Options, Record, State, replay
from .odds import Odds, battle_odds
from .plugin import RULES
from .rounds import RoundReport, default_aims, roll_round

__all__ = [
    "RULES",
    "Aftermath",
    "Battle",
    "Fought",
    "Game",
    "Group",
    "Odds",
    "Options",
    "Record",
    "RoundReport",
    "Side",
    "State",
    "Step",
    "Term",
    "aftermath",
    "attack_cap",
    "battle_odds",
    "cap_sentence",
    "default_aims",
    "fight",
    "group",
    "replay",
    "retreat",
    "roll_round",
    "submit",
    "supremacy",
]
