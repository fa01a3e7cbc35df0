"""Table decks: the companion is told only what the table sees, and still tracks the whole game.

A tracked game stands in for the physical table; a table-deck game is fed only the revealed
cards (Austria reveals, Zone draws, and Italy draws only when someone scans them).
"""

from __future__ import annotations

import random

import pytest

from companion.games.milano1848.game import Game
from companion.games.milano1848.setup import Options
from companion.games.milano1848.state import OVER, State

from .table import EDITION

PUBLIC = ("soldiers", "owner", "radetzky", "available", "not_available", "castle", "reserve", "step",
          "active", "actions_left", "round", "first_player", "winner", "cube", "barricades", "heroic", "pool")


def _public(state: State) -> dict[str, object]:
    view = {name: getattr(state, name) for name in PUBLIC}
    view["hand sizes"] = [len(h) for h in state.hands]
    view["lens"] = state.fight.lens if state.fight else 0
    return view


@pytest.mark.parametrize("players, mode, seed", [(4, "basic", 1), (3, "advanced", 2), (1, "advanced", 3),
                                                 (2, "basic", 4), (5, "advanced", 5)])
def test_a_table_deck_game_follows_the_table(players, mode, seed):
    real = Game(EDITION, Options(players=players, mode=mode, seed=seed))
    zone_draws = [card for deck, card in real.setup_draws if deck == "zone"]
    told = Game(EDITION, Options(players=players, mode=mode, seed=seed, tracked=False,
                                 first_player=real.state.first_player), zone_draws=zone_draws)
    rng = random.Random(seed)
    while real.state.step != OVER:
        action = rng.choice(real.legal_actions())
        real.play(action)
        seen = [(deck, card if deck != "italy" or rng.random() < 0.5 else "?") for deck, card in real.records[-1].drawn]
        told.play(action, seen)
        assert _public(told.state) == _public(real.state)
    assert told.state.winner == real.state.winner
