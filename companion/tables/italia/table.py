"""Italia at a table: what the table's buttons mean, what follows a decision (a round's dice on the
LED die, a backup at the end of a nation's turn, the tickets), the odds worked out ahead."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.italia import actions as a
from companion.games.italia.battle import Battle, Group
from companion.games.italia.dice import Dice
from companion.games.italia.fight import before_first_round, over
from companion.games.italia.game import Game, Record, State
from companion.games.italia.odds import Odds, battle_odds
from companion.games.italia.rounds import default_aims, groups
from companion.i18n import _
from companion.tables.base import Intent, Moment, Outputs, Play, Undo

GAME = "italia"
SHOWN_ONE_BY_ONE = 6  # a round of up to this many dice shows each die on the box (spec 6)


@dataclass(frozen=True)
class Rolled:
    """A rolled round as the screen shows it: each group with its natural dice."""

    groups: tuple[tuple[Group, tuple[int, ...]], ...]

    def hits(self, which: str) -> int:
        return sum(sum(v >= g.needed for v in values) for g, values in self.groups if g.side == which)


def rolled_round(battle: Battle, drawn: Sequence[int], elephant_battles: int) -> Rolled:
    """The round a RollRound played on `battle` (the battle before it) with the dice it drew, split
    into its groups: the rolls before the first round come first in `drawn`."""
    dice = Dice(None, drawn)
    if battle.round == 1:
        battle, _rolls = before_first_round(battle, dice, elephant_battles)
    aims = {w: default_aims(battle, w) for w in ("attacker", "defender")}
    found = []
    for group in groups(battle, aims):
        found.append((group, dice.roll(min(group.dice, dice.leftover()))))
    return Rolled(tuple(found))


def round_faces(rolled: Rolled) -> list[Any]:
    """Each die (a d10's 10 is its "0"), then the attacker's hits, a blank, the defender's hits;
    a bigger round shows only the two totals (spec 6)."""
    from hardware.faces import BLANK, number

    values = [v for _g, dice in rolled.groups for v in dice]
    each = [number(v % 10) for v in values] if len(values) <= SHOWN_ONE_BY_ONE else []
    return each + [number(rolled.hits("attacker")), BLANK, number(rolled.hits("defender"))]


@dataclass
class ItaliaTable:
    game_id: str = GAME

    def prepare(self) -> None:
        return None  # the tickets need no fonts loaded ahead

    def button(self, name: str, state: State) -> Intent | None:
        """The table's buttons: Roll (and Confirm) roll the battle's next round; Back undoes."""
        if name == "back":
            return Undo()
        battle = state.battle
        if name in ("roll", "confirm") and battle is not None and not over(battle):
            return Play(a.RollRound())
        return None

    def card_seen(self, card: Any, moment: Moment) -> tuple[bool, Intent | None]:
        return False, None  # the first version uses no cards (spec 8)

    def forget_scans(self) -> None:
        return None

    def over(self, state: State) -> bool:
        return state.over

    def wants_cards(self, state: State) -> bool:
        return False

    def after(self, before: State, action: Any, events: Sequence[Any], game: Game) -> Outputs:
        """A round's dice on the die; a backup when a nation's turn ends."""
        if isinstance(action, a.RollRound) and before.battle is not None:
            record = game.records[-1]
            rolled = rolled_round(before.battle, record.drawn, before.elephant_battles)
            return Outputs(faces=round_faces(rolled))
        return Outputs(checkpoint=isinstance(action, a.EndNationTurn))

    def undo_warning(self, decision: Record) -> str | None:
        return None  # undo never re-rolls: the same dice come again (they follow from the state)

    def action_name(self, action: Any) -> str:
        names = {
            "income": _("income"),
            "buy": _("purchase"),
            "open-battle": _("battle"),
            "roll": _("round"),
            "retreat": _("retreat"),
            "submit": _("submission"),
            "rebuild": _("rebuilding"),
            "convert": _("conversion"),
            "close-battle": _("end of the battle"),
            "end-nation-turn": _("end of the nation's turn"),
            "confirm-map": _("control map"),
            "record-scores": _("scores"),
        }
        return names.get(getattr(action, "kind", ""), str(action))

    def card_request(self, deck: str, given: int) -> str:
        return ""

    def look_ahead(self, state: State) -> Odds | None:
        """The exact odds of the open battle before its next roll (worked out in a worker)."""
        battle = state.battle
        if battle is None or over(battle):
            return None
        return battle_odds(battle, state.elephant_battles)

    def look_ahead_key(self, state: State) -> object:
        return None
