"""Invariants over random legal play (hypothesis chooses the options and every decision)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.milano1848.actions import AustrianTurn
from companion.games.milano1848.bots import greedy_bot
from companion.games.milano1848.dealer import shuffle
from companion.games.milano1848.game import Game, replay
from companion.games.milano1848.legal import random_action
from companion.games.milano1848.records import dump_record, load_record
from companion.games.milano1848.setup import Options, new_game
from companion.games.milano1848.state import OVER, State
from companion.games.milano1848.stateio import dumps, loads

from .table import EDITION

MAX_DECISIONS = 3000  # a random game ends in well under 1,000 decisions; more means it never ends

options = st.builds(
    Options,
    players=st.integers(1, 5),
    mode=st.sampled_from(["basic", "advanced"]),
    seed=st.integers(0, 2**32),
    wave=st.one_of(st.none(), st.integers(9, 17)),
)


def _check_invariants(state: State) -> None:
    """Conservation: every component of the box is in play exactly once, whatever was played."""
    assert state.soldiers_in_play() == state.total_soldiers == EDITION.rules.soldiers[state.rule_players]
    austria = state.austria.cards + state.austria.discard
    austria += (state.fight.revealed + state.fight.used_austria) if state.fight else []
    assert sorted(austria) == sorted(EDITION.austria)  # every Austria card is somewhere, once
    assert state.austria.size == len(state.austria.cards) and state.italy.size == len(state.italy.cards)
    zone_cards = state.zone_deck + state.available + state.not_available
    assert sorted(zone_cards) == [z for z in state.zones if state.owner[z] is None]
    assert min(state.soldiers) >= 0 and state.reserve >= 0 and state.castle >= 0
    assert all(state.soldiers[z] == 0 for z in state.zones if state.owner[z])
    cards = [c for h in state.hands for c in h] + state.italy.cards + state.italy.discard + state.pool
    cards += [c for t in state.tiles.values() for c in t] + (state.fight.used_italy if state.fight else [])
    assert sorted(cards) == sorted(EDITION.italy)  # every Italy card is somewhere, once


def _decisions(game: Game, data: st.DataObject, most: int):
    """Legal actions chosen by hypothesis, until `most` of them or the end of the game."""
    for _ in range(most):
        if game.state.step == OVER:
            return
        yield data.draw(st.sampled_from(game.legal_actions()), label="action")


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(options=options, data=st.data())
def test_random_legal_games_keep_the_invariants_end_and_replay(options, data):
    game = Game(EDITION, options)
    for action in _decisions(game, data, MAX_DECISIONS):
        game.play(action)
        _check_invariants(game.state)
    assert game.state.step == OVER, "the game did not end"
    assert game.state.winner in ("italy", "austria")
    replayed = replay(EDITION, game.header(), game.records)
    assert replayed.state == game.state
    assert load_record(dump_record(game), EDITION).state == game.state


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(options=options, data=st.data())
def test_every_state_survives_the_state_file(options, data):
    game = Game(EDITION, options)
    for action in _decisions(game, data, data.draw(st.integers(0, 150), label="decisions")):
        game.play(action)
    assert loads(dumps(game.state), EDITION) == game.state


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(options=options, data=st.data())
def test_undo_restores_the_state_and_replaying_draws_the_same_cards(options, data):
    game = Game(EDITION, options)
    for action in _decisions(game, data, data.draw(st.integers(1, 120), label="decisions")):
        before = game.state.copy()
        game.play(action)
        after, record = game.state, game.records[-1]
        game.undo()
        assert game.state == before
        game.play(action)
        assert game.state == after and game.records[-1] == record


@pytest.mark.parametrize("seed", [279, 280, 281])
def test_a_long_game_past_the_last_zone_card_replays_exactly(seed):
    """Greedy play at wave 1 runs the Zone deck dry, where nothing is drawn in 2.D.3."""
    game = Game(EDITION, Options(players=5, mode="advanced", seed=seed, wave=1))
    rng = random.Random(seed)
    while game.state.step != OVER and len(game.records) < 400:
        game.play(greedy_bot(game.state, rng))
    assert any(r.action == AustrianTurn() and not any(d[0] == "zone" for d in r.drawn) for r in game.records)
    assert replay(EDITION, game.header(), game.records).state == game.state


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options, seed=st.integers(0, 2**16))
def test_random_action_is_always_legal(options, seed):
    game = Game(EDITION, options)
    rng = random.Random(seed)
    while game.state.step != OVER:
        action = random_action(game.state, rng)
        assert action in game.legal_actions()
        game.play(action)


@given(seed=st.integers(0, 2**32), shuffles=st.integers(0, 200), size=st.integers(0, 60))
def test_the_games_shuffle_is_the_order_random_shuffle_gives(seed: int, shuffles: int, size: int) -> None:
    """The deck orders of every recorded game (and the golden files) were made by random.shuffle."""
    state, _ = new_game(EDITION, Options(players=3, seed=seed))
    state.shuffles = shuffles
    ours, theirs = list(range(size)), list(range(size))
    random.Random(f"{seed}/{shuffles}").shuffle(theirs)
    shuffle(state, ours)
    assert ours == theirs and state.shuffles == shuffles + 1
