"""The threat forecast against the Austrian turn that really follows, and the simulation's policy."""

from __future__ import annotations

import json
import random

import pytest

from companion.cli import main
from companion.games.milano1848 import stateio
from companion.games.milano1848.actions import AustrianTurn
from companion.games.milano1848.bots import greedy_bot
from companion.games.milano1848.forecast import forecast
from companion.games.milano1848.game import Game
from companion.games.milano1848.heuristic import heuristic_bot
from companion.games.milano1848.reducer import play
from companion.games.milano1848.setup import Options
from companion.games.milano1848.simulate import play_out, summarise
from companion.games.milano1848.state import AUSTRIAN_TURN, OVER


def _before_austrian_turns(edition, games: int = 40):
    """Every state just before an Austrian turn in seeded games, 2 to 5 players, both modes."""
    for seed in range(games):
        game = Game(edition, Options(players=2 + seed % 4, mode=("basic", "advanced")[seed % 2], seed=seed))
        rng = random.Random(seed)
        while game.state.step != OVER:
            if game.state.step == AUSTRIAN_TURN:
                yield game.state
            game.play(greedy_bot(game.state, rng))


def test_the_forecast_names_exactly_the_zones_that_fall_and_who_wins(edition):
    checked = falls_seen = 0
    for state in _before_austrian_turns(edition):
        ahead = forecast(state)
        after, events, _ = play(state, AustrianTurn())  # the real turn, on a copy
        conquered = [e.zone for e in events if e.kind == "austria-conquers"]
        assert [t.zone for t in ahead.falls] == conquered
        assert ahead.winner == after.winner
        if after.winner is None:
            assert after.radetzky in ahead.radetzky and sum(ahead.radetzky.values()) == pytest.approx(1)
        checked += 1
        falls_seen += bool(conquered)
    assert checked > 100 and falls_seen > 10


def test_saving_a_zone_takes_what_the_forecast_says(edition):
    for state in _before_austrian_turns(edition):
        for threat in forecast(state).falls:
            saved = state.copy()
            saved.soldiers[threat.zone] -= threat.save_by
            saved.reserve += threat.save_by
            assert threat.zone not in [t.zone for t in forecast(saved).falls]
            short = state.copy()
            short.soldiers[threat.zone] -= threat.save_by - 1
            short.reserve += threat.save_by - 1
            assert threat.zone in [t.zone for t in forecast(short).falls]
            return
    pytest.fail("no zone ever fell")


def test_the_forecast_changes_nothing_and_ignores_the_zone_decks_order(edition):
    for state in list(_before_austrian_turns(edition, games=6))[:10]:
        before = stateio.dumps(state)
        ahead = forecast(state)
        assert stateio.dumps(state) == before
        reordered = state.copy()
        reordered.zone_deck = list(reversed(state.zone_deck))
        assert forecast(reordered) == ahead


def test_the_forecast_command_prints_json(tmp_path, capsys, edition):
    state = next(_before_austrian_turns(edition, games=1))
    path = tmp_path / "state.json"
    path.write_text(stateio.dumps(state))
    assert main(["milano1848", "forecast", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed) == {"poured", "falls", "winner", "ended_by", "radetzky", "arrivals", "summary"}


def test_the_heuristic_policy_only_plays_legal_actions(edition):
    for seed in range(12):
        game = Game(edition, Options(players=1 + seed % 5, mode=("basic", "advanced")[seed % 2], seed=seed))
        rng = random.Random(seed)
        while game.state.step != OVER:
            game.play(heuristic_bot(game.state, rng))  # Game.play checks every action


def test_a_simulated_game_is_a_function_of_its_seed(edition):
    options = Options(players=3, seed=11)
    assert play_out(edition, options) == play_out(edition, options)


def test_the_simulate_command_uses_every_worker_and_repeats_itself(capsys):
    argv = [
        "milano1848",
        "simulate",
        "--games",
        "60",
        "--players",
        "2",
        "--seed",
        "3",
        "--workers",
        "2",
        "--json",
    ]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    second = json.loads(capsys.readouterr().out)
    assert first["games"] == 60 and first["workers"] == 2
    for key in ("italy_wins", "average_rounds", "austria_won_by", "ci95"):
        assert first[key] == second[key]
    low, high = first["ci95"]
    assert low <= first["win_rate"] <= high


def test_simulate_text_output_and_bad_options(capsys):
    assert main(["milano1848", "simulate", "--games", "20", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "Italy won" in out and "95% CI" in out and "games per second per core" in out
    assert main(["milano1848", "simulate", "--games", "0"]) == 2
    assert main(["milano1848", "simulate", "--wave", "99"]) == 2


def test_the_win_rate_interval_is_wilsons():
    from companion.games.milano1848.simulate import Result

    summary = summarise([Result("italy", "zones", 5)] * 10 + [Result("austria", "zones", 6)] * 90)
    low, high = summary.interval()
    assert (
        summary.win_rate == 0.1
        and low == pytest.approx(0.0552, abs=1e-3)
        and high == pytest.approx(0.1744, abs=1e-3)
    )
