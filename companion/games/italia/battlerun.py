"""A battle file (spec 1.7) played through the game: the rounds the file gives, then the default aims
until one side is gone; dice from the file, from a list the table typed, or seeded. The result is
the file's input with every die, hit, loss and retreat added, and the battle's end."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games.vocabulary import IllegalActionError, Sentence

from .actions import (
    Action,
    CloseBattle,
    OpenBattle,
    OpenSeaBattle,
    Rebuild,
    Retreat,
    RollRound,
    RollSeaRound,
    SeaRetreat,
    Submit,
)
from .battle import Battle
from .battlefile import SIDES, BattleFile, RoundPlan, side_to_dict
from .edition import Edition
from .fight import aftermath, fear_needed, over, switch_needed
from .game import Game, Options, State
from .ledger import RoundLog
from .naval import sea_over

MAX_ROUNDS = 500  # a battle ends with probability 1 (a 10 always hits); this bounds a hostile file


@dataclass(frozen=True)
class Resolved:
    """The game the battle was played in, the state just before it closed, and what was said."""

    game: Game
    before: State
    said: list[Sentence]
    unused_rounds: int


class DiceRunOut(IllegalActionError):
    """The table's dice ran out before the battle ended."""


def pre_combat_dice(battle: Battle, elephant_battles: int) -> int:
    """The dice rolled before round 1: one per Roman unit but consular legions that fears the
    elephants (§13.3), one per Foederati unit that may switch (§14.1)."""
    count = 0
    fear = fear_needed(battle, elephant_battles)
    if fear:
        units = battle.side(fear[0]).units
        count += sum(n for k, n in units.items() if not k.startswith("consular"))
    switch = switch_needed(battle)
    if switch:
        count += sum(n for k, n in battle.side(switch[0]).units.items() if k.startswith("foederati"))
    return count


class _Queue:
    """The table's dice (--dice): taken in order; None when the companion rolls."""

    def __init__(self, values: Sequence[int] | None) -> None:
        self.values = None if values is None else list(values)

    def take(self, count: int) -> tuple[int, ...]:
        if self.values is None:
            return ()
        if count > len(self.values):
            raise DiceRunOut(Sentence("The dice given ran out: the battle needs more values."))
        taken, self.values = self.values[:count], self.values[count:]
        return tuple(taken)


def resolve(edition: Edition, spec: BattleFile, seed: int, dice: Sequence[int] | None = None) -> Resolved:
    """Play the battle file to its end; IllegalActionError (or DiceRunOut) says what the file asks
    that the rules refuse."""
    game = Game(edition, Options(spec.scenario, seed))
    game.state = replace(game.state, elephant_battles=spec.elephant_battles, conversions=spec.conversions)
    queue = _Queue(dice)
    if spec.sea is not None:
        game.play(OpenSeaBattle(spec.sea))
        return _close(game, _sea_rounds(game, spec, queue), len(spec.rounds))
    assert spec.battle is not None
    game.play(OpenBattle(spec.battle, spec.must_submit))
    played = 0
    while game.state.battle is not None and not over(game.state.battle) and played < MAX_ROUNDS:
        plan = spec.rounds[played] if played < len(spec.rounds) else RoundPlan()
        game.play(RollRound(plan.aims, _round_values(game, spec, plan, queue)))
        for action in _after(plan):
            _play_if_open(game, action)
        played += 1
    if game.state.battle is not None and game.state.battle.ended == "raided" and spec.rounds:
        rebuild = spec.rounds[0].rebuild
        if rebuild:
            game.play(Rebuild("defender", rebuild))
    return _close(game, played, len(spec.rounds))


def _round_values(game: Game, spec: BattleFile, plan: RoundPlan, queue: _Queue) -> tuple[int, ...]:
    battle = game.state.battle
    assert battle is not None
    pre = pre_combat_dice(battle, game.state.elephant_battles) if battle.round == 1 else 0
    if spec.pre_combat is not None and battle.round == 1 and len(spec.pre_combat) != pre:
        raise IllegalActionError(
            Sentence(
                "pre_combat gives {m} values; this battle rolls {n} before round 1.",
                m=len(spec.pre_combat),
                n=pre,
            )
        )
    if plan.values is None:
        return queue.take(pre + battle.attacker.count() + battle.defender.count())
    given = spec.pre_combat if spec.pre_combat is not None and pre else queue.take(pre)
    if len(given) < pre:  # the file gives the round's dice, not those before it: the companion rolls them
        rng = random.Random(f"{game.options.seed}:pre-combat")
        given = tuple(rng.randint(1, 10) for _ in range(pre))
    return tuple(given) + plan.values


def _after(plan: RoundPlan) -> list[Action]:
    actions: list[Action] = [Retreat(w, plan.retreats[w]) for w in SIDES if plan.retreats.get(w)]
    return actions + ([Submit()] if plan.submits else [])


def _play_if_open(game: Game, action: Action) -> None:
    if game.state.battle is not None and not over(game.state.battle):
        game.play(action)


def _sea_rounds(game: Game, spec: BattleFile, queue: _Queue) -> int:
    played = 0
    while game.state.sea is not None and not sea_over(game.state.sea) and played < MAX_ROUNDS:
        plan = spec.rounds[played] if played < len(spec.rounds) else RoundPlan()
        sea = game.state.sea
        values = plan.values or queue.take(len(sea.attacker.fleets) + len(sea.defender.fleets))
        game.play(RollSeaRound(plan.sink, values))
        for which, fleets in plan.retreats.items():
            if game.state.sea is not None and not sea_over(game.state.sea):
                game.play(SeaRetreat(which, tuple(fleets)))
        played += 1
    return played


def _close(game: Game, played: int, planned: int) -> Resolved:
    before = game.state
    said = game.play(CloseBattle())
    return Resolved(game, before, said, max(0, planned - played))


def result(data: dict[str, Any], resolved: Resolved) -> dict[str, Any]:
    """The battle file with what happened: the seed, every die (value, modifiers, needed, hit), the
    losses and retreats of each round, and the end (winner, survivors, stacking, loot, major)."""
    ledger = resolved.game.state.ledger
    out: dict[str, Any] = {
        **data,
        "seed": resolved.game.options.seed,
        "dice": [v for r in resolved.game.records for v in r.drawn],
        "before_first_round": [
            _die(t.side, t.unit, t.target, t.needed, v, ()) for t in ledger.before_rounds for v in t.values
        ],
        "result_rounds": [_round(r) for r in ledger.rounds],
        "unused_rounds": resolved.unused_rounds,
        "said": [str(s) for s in resolved.said],
    }
    battle = ledger.closed
    if battle is not None:
        out["result"] = _land_end(battle, resolved.game.state.elephant_battles)
    else:
        out["result"] = _sea_end(resolved.before)
    return out


def _die(side: str, unit: str, target: str, needed: int, value: int, modifiers: Any) -> dict[str, Any]:
    return {
        "side": side,
        "unit": unit,
        "target": target,
        "value": value,
        "modifiers": [{"reason": r, "value": v} for r, v in modifiers],
        "needed": needed,
        "hit": value >= needed,
    }


def _round(log: RoundLog) -> dict[str, Any]:
    return {
        "number": log.number,
        "dice": [
            _die(t.side, t.unit, t.target, t.needed, v, t.modifiers) for t in log.throws for v in t.values
        ],
        "hits": {w: sum(t.hits for t in log.throws if t.side == w) for w in SIDES},
        "wasted": log.wasted,
        "lost": log.lost,
        "damaged": log.flipped,
        "retreated": log.retreated,
    }


def _land_end(battle: Battle, elephant_battles: int) -> dict[str, Any]:
    end = aftermath(battle)
    return {
        "winner": None if end.winner is None else battle.side(end.winner).nation,
        "how": end.how,
        "survivors": {w: dict(battle.side(w).units) for w in SIDES},
        "leaders": {w: battle.side(w).leaders for w in SIDES},
        "damaged": {w: dict(battle.side(w).damaged) for w in SIDES},
        "sides": {w: side_to_dict(battle.side(w)) for w in SIDES},
        "city": battle.city,
        "stacking_removals": end.surplus,
        "flip_back": end.restored,
        "loot": end.loot,
        "major_battle": end.major,
        "romans_elephant_battles": elephant_battles,
        "gold": "4 gold for a looted city when the card says gold (§10.6)" if end.loot else None,
        "vp": "from the nation cards (eliminations, loot, major battle)",
    }


def _sea_end(before: State) -> dict[str, Any]:
    sea = before.sea
    assert sea is not None
    a, d = bool(sea.attacker.fleets), bool(sea.defender.fleets)
    how = "cleared" if a and not d else "held" if d and not a else "both destroyed"
    navies = {w: sea.side(w) for w in SIDES}
    return {
        "winner": sea.attacker.nation if how == "cleared" else sea.defender.nation if how == "held" else None,
        "how": how,
        "fleets": {w: [f.id for f in n.fleets] for w, n in navies.items()},
        "sunk": {w: [f.id for f in n.sunk] for w, n in navies.items()},
        "retreated": {w: [f.id for f in n.retreated] for w, n in navies.items()},
        "cargo_lost": {w: sum(f.embarked + f.leaders for f in n.sunk) for w, n in navies.items()},
    }
