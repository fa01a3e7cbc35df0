"""A hostile state file (any field replaced by any JSON value) is refused or playable, never a crash."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.milano1848.errors import DataError, IllegalActionError
from companion.games.milano1848.legal import random_action
from companion.games.milano1848.reducer import play
from companion.games.milano1848.setup import Options
from companion.games.milano1848.state import OVER
from companion.games.milano1848.stateio import loads, state_to_dict

from .table import EDITION, played

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.sampled_from(["", "?", "italy-01", "austria-01", "act"]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["1", "17", "soldiers", "owner", "zone", "hand"]), inner, max_size=4
        )
    ),
    max_leaves=12,
)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, prefix + (index,))


def _replace(data, path, value):
    if not path:
        return value
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), decisions=st.integers(0, 60), pick=st.integers(0, 10_000), value=json_values)
def test_any_field_any_value_is_refused_or_playable(seed, decisions, pick, value):
    game = played(Options(players=1 + seed % 5, mode=("basic", "advanced")[seed % 2], seed=seed), decisions)
    rng = random.Random(seed)
    data = state_to_dict(game.state)
    paths = list(_paths(data))
    hostile = _replace(data, paths[pick % len(paths)], value)
    try:
        state = loads(json.dumps(hostile), EDITION)
    except DataError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    for _ in range(5):  # whatever loaded must be playable, or refuse with a reason (e.g. "say which card")
        if state.step == OVER:
            break
        try:
            state = play(state, random_action(state, rng))[0]
        except IllegalActionError as exc:
            assert str(exc) and "\n" not in str(exc)
            break
