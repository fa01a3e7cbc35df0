"""An offensive's numbers as the ticket reads them (`report`), from the record: over whole games on the
fixture map, each battle's values, losses and withdrawal, the clean-up, the scores and the incomes are
the ones the engine said when it played them."""

from __future__ import annotations

import random

import pytest

from companion.games.italy4345 import Battle, EndRound, Game, Income, Options, Score
from companion.games.italy4345.errors import Sentence
from companion.games.italy4345.report import OffensiveReport, offensive_report

from .bot import play_on
from .helpers import fixture_edition

WITHDRAW = ("{count} troop withdraws from {a} to {b}.", "{count} troops withdraw from {a} to {b}.")


def offensives(game: Game) -> list[tuple[range, OffensiveReport]]:
    """Each offensive of the game: its decisions and its report."""
    found, start = [], None
    for index, (before, _action, after) in enumerate(game.steps(0)):
        if before.offensive is None and after.offensive is not None:
            start = index
        if start is not None and (after.offensive is None or after.winner is not None):
            found.append(
                (
                    range(start, index + 1),
                    offensive_report(game.edition, game.steps(start)[: index + 1 - start]),
                )
            )
            start = None
    return found


def said(game: Game, index: int, start: str) -> dict[str, object]:
    """The values of the sentence decision `index` said that begins with `start`."""
    told = game.said(index)
    return next(dict(e.values) for e in told if isinstance(e, Sentence) and e.template.startswith(start))


@pytest.mark.parametrize("seed", [1, 2])
def test_the_report_holds_the_numbers_the_engine_said(seed: int) -> None:
    game = Game(fixture_edition(), Options(deck_mode="companion", seed=seed))
    play_on(game, random.Random(seed), 3000)
    found = offensives(game)
    assert found and game.state.winner is not None
    for decisions, report in found:
        battles = [i for i in decisions if isinstance(game.records[i].action, Battle)]
        assert len(report.battles) == len(battles)
        for index, fought in zip(battles, report.battles, strict=True):
            first = game.said(index)[0]
            assert isinstance(first, Sentence)
            values = first.values
            assert (values["a"], values["x"], values["y"]) == (
                fought.area,
                fought.result.allied_value,
                fought.result.axis_value,
            )
            lost = {len(fought.result.allied_losses), len(fought.result.axis_losses)}
            assert {values["n"], values["m"]} == lost
            withdrew = [e for e in game.said(index) if isinstance(e, Sentence) and e.template in WITHDRAW]
            assert [(e.values["count"], e.values["b"]) for e in withdrew] == (
                [(fought.withdrew, fought.to)] if fought.withdrew else []
            )
        ends = [i for i in decisions if isinstance(game.records[i].action, EndRound)]
        clean = said(game, ends[-1], "Clean-up")
        assert report.cleanup is not None
        assert (clean["t"], clean["b"], clean["a"], clean["s"]) == (
            report.cleanup.tokens,
            report.cleanup.brigades,
            report.cleanup.turned,
            report.cleanup.bases,
        )
        score = next(i for i in decisions if isinstance(game.records[i].action, Score))
        totals = [e.values["n"] for e in game.said(score) if isinstance(e, Sentence) and "n" in e.values]
        assert totals == [s.total for s in report.scores.values()]
        income = [i for i in decisions if isinstance(game.records[i].action, Income)]
        if income:
            assert report.incomes == said(game, income[0], "Income")
        else:
            assert report.winner is not None and report.incomes is None
