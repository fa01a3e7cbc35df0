"""Properties over random games on the fixture edition (INVENTED values): pieces and resources are
conserved through operations and offensives, replay equals the live game, undo returns every state."""

from __future__ import annotations

import json
import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.games.italy4345 import RULES, Assault, Battle, Game, Op, Options, Redistribute
from companion.games.italy4345.actions import Action
from companion.games.italy4345.board import on_map
from companion.games.italy4345.model import State

from .bot import play_on
from .helpers import fixture_edition

KINDS = ("aa", "ger", "rsi", "aut_troops", "aut_brigades", "aut_bases", "cln_brigades")
MOVES = ("mobilize", "deploy", "move", "march")


def counts(state: State) -> dict[str, int]:
    return {kind: on_map(state, kind) for kind in KINDS}


def conserved(game: Game, before: State, action: Action) -> None:
    """Every count within the box, no resource below 0; moves (a movement operation without its special
    activity, the assault, the redistribution) neither make nor lose a piece, and a movement operation costs
    exactly its destinations (its sources, for March; nothing for CLN Move); a battle only removes pieces."""
    after = game.state
    rules = game.edition.rules
    assert all(0 <= on_map(after, kind) <= rules.pieces[kind] for kind in KINDS)
    assert all(v >= 0 for v in after.resources.values())
    if isinstance(action, (Assault, Redistribute)) or (
        isinstance(action, Op) and action.op in MOVES and not action.sa
    ):
        assert counts(after) == counts(before)
    if isinstance(action, Op) and action.op in MOVES and not action.sa:
        paid = (
            {s.area for s in action.steps} if action.op == "march" else {s.to or s.area for s in action.steps}
        )
        expected = 0 if action.op == "move" else len(paid)
        assert sum(before.resources.values()) - sum(after.resources.values()) == expected
    if isinstance(action, Battle):
        assert all(counts(after)[k] <= counts(before)[k] for k in KINDS)
        assert after.resources == before.resources


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000))
@example(
    seed=204, bot=119
)  # the Axis had nowhere to withdraw; the round ended with the battle unfought
def test_pieces_and_resources_are_conserved_and_replay_equals_the_live_game(seed: int, bot: int) -> None:
    game = Game(fixture_edition(), Options(deck_mode="companion", seed=seed))
    play_on(game, random.Random(bot), 250, conserved)
    lines = [json.loads(json.dumps(r.to_dict())) for r in game.records]
    again = RULES.replay(fixture_edition(), json.loads(json.dumps(game.header())), lines)
    assert RULES.dumps(again.state) == RULES.dumps(game.state)


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000))
def test_undo_returns_every_state_before(seed: int) -> None:
    game = Game(fixture_edition(), Options(deck_mode="companion", seed=seed))
    seen = []

    def remember(game: Game, before: State, action: Action) -> None:
        seen.append(RULES.dumps(before))

    play_on(game, random.Random(seed), 120, remember)
    while seen:
        game.undo()
        assert RULES.dumps(game.state) == seen.pop()


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_the_state_file_reads_back_what_it_wrote(seed: int) -> None:
    game = Game(fixture_edition(), Options(deck_mode="companion", seed=seed))
    play_on(game, random.Random(seed), 150)
    text = RULES.dumps(game.state)
    assert RULES.dumps(RULES.loads(text, fixture_edition())) == text
