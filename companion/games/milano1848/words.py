"""The engine's vocabulary as types: sides, steps, modes, fight kinds and action kinds.

`StrEnum`s, so a value is still its string (in state files, records and comparisons) while mypy
checks every use. Kept out of the compiled modules (companion.tables.milano1848.native): mypyc
does not compile subclasses of str.
"""

from __future__ import annotations

from enum import StrEnum


class Word(StrEnum):
    """A value that shows as its text in messages too ('act', not <Step.ACT: 'act'>)."""

    def __repr__(self) -> str:
        return repr(self.value)


class Side(Word):
    ITALY = "italy"
    AUSTRIA = "austria"


class Step(Word):
    """What the game waits for (State.step)."""

    PLACE = "place"  # setup step 9: the next Patriot is placed
    CHOOSE_PATRIOT = "choose"  # solitaire: pick which Patriot acts next
    ACT = "act"  # Phase 1: the active Patriot's actions
    ANSWER = "answer"  # a fight: play Italy card(s) against the revealed Austria card(s)
    CONTINUE = "continue"  # a fight after a win: continue or stop
    PROMOTE = "promote"  # advanced: the combat cube passed the track; choose a not-Available zone
    AUSTRIAN_TURN = "austria"  # Phase 2 is due
    OVER = "over"


class Mode(Word):
    BASIC = "basic"
    ADVANCED = "advanced"


class FightKind(Word):
    SOLDIERS = "soldiers"
    RADETZKY = "radetzky"


class ActionKind(Word):
    """Each decision's type, as records name it."""

    PLACE = "place"
    CHOOSE = "choose"
    MOVE = "move"
    CONQUER = "conquer"
    FIGHT_SOLDIERS = "fight-soldiers"
    FIGHT_RADETZKY = "fight-radetzky"
    REFRESH = "refresh"
    HELP = "help"
    STRENGTHEN = "strengthen"
    END_TURN = "end-turn"
    ANSWER = "answer"
    CONTINUE = "continue"
    STOP = "stop"
    PROMOTE = "promote"
    AUSTRIAN_TURN = "austrian-turn"
