"""Shared fixtures: the Milano 1848 edition from assets/."""

from __future__ import annotations

import pytest

from companion.assets import milano1848
from companion.games.milano1848.edition import Edition


@pytest.fixture(scope="session")
def edition() -> Edition:
    return milano1848()
