"""What an offensive did, as numbers (spec 7's offensive ticket): each battle's values and losses by
piece, where the loser withdrew, the areas liberated, the clean-up, the pawn, every score's terms, the
winner, the incomes and the civic actions. Read from the record: each decision against the states it
was played on and left, with the engine's own arithmetic (`offensive.outcome`, `scoring`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import actions as a
from .battle import Result
from .edition import Edition
from .model import State
from .offensive import outcome
from .scoring import Score, incomes, scores


@dataclass(frozen=True)
class Fought:
    """One battle: its round, area, the values and losses; `withdrew` troops went `to` (an area or
    "reserve"; none when 0)."""

    round: int
    area: str
    result: Result
    withdrew: int = 0
    to: str = ""


@dataclass(frozen=True)
class CivicDone:
    faction: str
    name: str
    areas: tuple[str, ...]
    cost: int


@dataclass(frozen=True)
class Cleanup:
    tokens: int = 0  # Resistance tokens to the CLN reserve
    brigades: int = 0  # CLN brigades out
    turned: int = 0  # Autonomous brigades become troops
    bases: int = 0  # bases out


@dataclass
class OffensiveReport:
    number: int
    power: int
    battles: list[Fought] = field(default_factory=list)
    liberated: list[str] = field(default_factory=list)
    cleanup: Cleanup | None = None
    scores: dict[str, Score] = field(default_factory=dict)
    hand: set[tuple[str, str]] = field(default_factory=set)
    need: int = 0  # the points that win
    winner: str | None = None
    incomes: dict[str, int] | None = None
    civics: list[CivicDone] = field(default_factory=list)


def offensive_report(edition: Edition, steps: list[tuple[State, a.Action, State]]) -> OffensiveReport:
    """The offensive the decisions `steps` played (each: the state before, the decision, the state
    after), from the reveal that opened it."""
    power = next((after.offensive.power for _, _, after in steps if after.offensive), 0)
    report = OffensiveReport(steps[0][2].offensive_number(), power, need=edition.rules.victory_points)
    for before, action, after in steps:
        _read(report, edition, before, action, after)
        report.liberated += [k for k, area in after.areas.items() if area.liberated and not _free(before, k)]
    return report


def _free(state: State, area_id: str) -> bool:
    return area_id in state.areas and state.areas[area_id].liberated


def _read(report: OffensiveReport, edition: Edition, before: State, action: a.Action, after: State) -> None:
    if isinstance(action, a.Battle):
        report.battles.append(_fought(edition, before, action, after))
    elif isinstance(action, a.EndRound) and after.step == "redistribute":
        report.cleanup = _cleanup(before, after)
    elif isinstance(action, a.Score):
        report.hand = {(f, t) for f, t, _ in action.hand}
        hand = {(f, t): v for f, t, v in action.hand}
        report.scores = scores(before, edition, before.offensive_number(), hand)
        report.winner = after.winner
    elif isinstance(action, a.Income):
        report.incomes = incomes(before, edition)
    elif isinstance(action, a.Civic):
        faction = before.civic[0]
        cost = before.resources[faction] - after.resources[faction]
        report.civics.append(CivicDone(faction, action.name, tuple(s.area for s in action.steps), cost))


def _fought(edition: Edition, before: State, action: a.Battle, after: State) -> Fought:
    area_id, result = outcome(before, edition, action)
    kinds = ("aa", "aut_troops") if result.loser == "allied" else ("ger", "rsi")
    lost = (*result.allied_losses, *result.axis_losses)
    left = sum(getattr(before.area(area_id), k) - lost.count(k) for k in kinds)
    rose = [
        k
        for k, area in after.areas.items()
        if k != area_id and sum(getattr(area, x) for x in kinds) > _count(before, k, kinds)
    ]
    off = before.offensive
    return Fought(off.round if off else 1, area_id, result, left, (rose or ["reserve"])[0] if left else "")


def _count(state: State, area_id: str, kinds: tuple[str, ...]) -> int:
    area = state.areas.get(area_id)
    return sum(getattr(area, k) for k in kinds) if area else 0


def _cleanup(before: State, after: State) -> Cleanup:
    """The clean-up's counts: what the end of the last repetition changed (pockets only lose Axis troops)."""

    def total(state: State, what: str) -> int:
        return sum(
            getattr(area, what) if what != "cln_brigades" else sum(area.cln_brigades)
            for area in state.areas.values()
        )

    return Cleanup(
        after.cln_reserve_tokens - before.cln_reserve_tokens,
        total(before, "cln_brigades") - total(after, "cln_brigades"),
        total(after, "aut_troops") - total(before, "aut_troops"),
        total(before, "bases") - total(after, "bases"),
    )
