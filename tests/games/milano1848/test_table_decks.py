"""Table decks: the companion is told only what the table sees, and still tracks the whole game.

A tracked game stands in for the physical table; a table-deck game is fed only the revealed
cards (Austria reveals, Zone draws, and Italy draws only when someone scans them).
"""

from __future__ import annotations

import random

import pytest

from companion.games.milano1848.actions import Answer, FightRadetzky, FightSoldiers, UseHelp
from companion.games.milano1848.game import Game
from companion.games.milano1848.setup import Options
from companion.games.milano1848.state import OVER, State
from companion.games.milano1848.stateio import dumps, loads

from .table import EDITION

PUBLIC = (
    "soldiers",
    "owner",
    "radetzky",
    "available",
    "not_available",
    "castle",
    "reserve",
    "step",
    "active",
    "actions_left",
    "round",
    "first_player",
    "winner",
    "cube",
    "barricades",
    "heroic",
    "pool",
)


def _public(state: State) -> dict[str, object]:
    view = {name: getattr(state, name) for name in PUBLIC}
    view["hand sizes"] = [len(h) for h in state.hands]
    view["lens"] = state.fight.lens if state.fight else 0
    return view


def _whose(state: State, action):
    """The table says who played each answering card (the camera or a tap knows)."""
    if not isinstance(action, Answer):
        return action
    owners = {
        c: i
        for i, p in enumerate(state.patriots)
        for c in state.hands[p.hand]
        if p.zone == state.patriots[state.active].zone
    }
    return Answer(action.cards, tuple(owners.get(c, state.active) for c in action.cards))


def _starts_a_fight(action) -> bool:
    rifle = isinstance(action, UseHelp) and EDITION.italy[action.card][1] == "rifle"
    return rifle or isinstance(action, (FightSoldiers, FightRadetzky))


def _as_seen(drawn, rng, face_up=False):
    """What the table tells the companion: every Austria, Zone and face-up card, half of the Italy cards."""
    return [(deck, card if deck != "italy" or face_up or rng.random() < 0.5 else "?") for deck, card in drawn]


@pytest.mark.parametrize(
    "players, mode, seed",
    [(4, "basic", 1), (3, "advanced", 2), (1, "advanced", 3), (2, "basic", 4), (5, "advanced", 5)]
    + [(1, "basic", seed) for seed in range(10, 20)],
)
def test_a_table_deck_game_follows_the_table(players, mode, seed):
    real = Game(EDITION, Options(players=players, mode=mode, seed=seed))
    rng = random.Random(seed)
    told = Game(
        EDITION,
        Options(players=players, mode=mode, seed=seed, tracked=False, first_player=real.state.first_player),
        _as_seen(real.setup_draws, rng),
    )
    while real.state.step != OVER:
        action = _whose(real.state, rng.choice(real.legal_actions()))
        face_up = real.state.solitaire and _starts_a_fight(action)
        real.play(action)
        told.play(action, _as_seen(real.records[-1].drawn, rng, face_up))
        assert _public(told.state) == _public(real.state)
        reread = loads(dumps(told.state), EDITION)  # exactly the game's components, also with unseen cards
        assert (reread.italy.size, reread.austria.size) == (told.state.italy.size, told.state.austria.size)
    assert told.state.winner == real.state.winner
