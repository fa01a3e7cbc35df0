"""Italia's refusals on screen name the nations and the units as the screen does (the engine speaks
ids), in Italian with no article or verb that must agree with the nation's name."""

from __future__ import annotations

import pytest

from companion import i18n
from companion.assets import edition
from companion.games.italia.actions import OpenBattle, OpenSeaBattle, Rebuild, SeaAttackOrder
from companion.games.italia.battle import Battle, Side
from companion.games.italia.game import Game, Options
from companion.games.italia.naval import Fleet, Navy, SeaBattle
from companion.session import Session


@pytest.fixture
def italian():
    i18n.use("it")
    yield
    i18n.use("en")


def _next_attacker_refused(devices) -> Session:
    session = Session(Game(edition("italia"), Options("I", 5)), devices)
    assert session.do(SeaAttackOrder("romans", {"greeks": 1, "carthaginians": 3}))
    wrong = SeaBattle(Navy("greeks", (Fleet("a1"),)), Navy("romans", (Fleet("d1"),)))
    assert not session.do(OpenSeaBattle(wrong))  # the Carthaginians attack first (most fleets)
    return session


def test_a_refusal_names_the_nations_as_the_screen_does(devices):
    assert (
        _next_attacker_refused(devices).message == "The Carthaginians attack the Romans fleet next (§10.8.1)."
    )


def test_a_refusal_in_italian_names_the_nations_and_the_unit_type(devices, italian):
    said = _next_attacker_refused(devices).message
    assert said == "Prossimo attacco alla flotta (Romani): Cartaginesi (§10.8.1)."
    session = Session(Game(edition("italia"), Options("I", 5)), devices)
    assert session.do(
        OpenBattle(Battle(Side("celts", {"infantry": 2}), Side("romans", {"legion": 1}), city="none"))
    )
    assert not session.do(Rebuild("attacker", "elephant"))
    assert "(Celti, elefante)" in session.message
