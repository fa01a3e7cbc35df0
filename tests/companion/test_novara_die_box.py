"""What the LED die box receives for the Road to Novara's rolls (spec 6), over the real pty link to the
fake box (the firmware's own logic): the question mark while a roll is waited for, a combat's natural
and modified roll in turn until the result is confirmed, a charge's dice with a cross for each hit and
the hit counts, attrition's cross. The units are the tests' invented ones (tests/games/novara1849)."""

from __future__ import annotations

import time

from companion.games.novara1849 import (
    Activate,
    ApplyLosses,
    Charge,
    Draw,
    EndActivation,
    Fight,
    Pass,
    RollAttrition,
)
from companion.tables.base import ShowDie
from hardware.faces import BLANK, QUESTION, pips
from tests.companion.fake_box import heard, until
from tests.games.novara1849.helpers import activation


def test_a_combat_lands_on_its_pips_then_alternates_with_the_modified_roll_until_confirmed(box, on_box):
    session = on_box(activation("S-4", "sardinia", independents=("Bers",)))  # example 4.8 (c)
    start = len(box.heard)
    assert session.do(Fight((("4 Piemonte", 1), ("13 Pinerolo", 4), ("Bers", 4)), (("IR 7", 0),)), [6])
    until(lambda: heard(box, start).count("number-7") >= 2)  # die 6, Bersaglieri +1: "6 -> 7"
    said = heard(box, start)
    assert said[:4] == ["roll:pips-6:600", "pips-6", "number-7", "pips-6"]
    assert session.do(ApplyLosses("austria", withdrawal=2))  # the result confirmed
    until(lambda: not session.die_player.playing)
    settled = len(box.heard)
    time.sleep(0.2)  # four swaps' worth at this pace: none comes
    assert heard(box, settled) == [] and heard(box, start)[-1] == "pips-6"
    assert box.face == pips(6).rows


def test_a_charge_shows_each_die_a_cross_for_each_hit_and_each_sides_hits(box, on_box):
    session = on_box(activation("A-II", "austria"))  # example 4.5: Uhl 1 and Dr 2 charge 5 Aosta
    start = len(box.heard)
    assert session.do(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)), [2, 5, 6, 5])
    until(lambda: "number-1" in heard(box, start))
    assert heard(box, start) == [
        "roll:pips-2:250",
        "roll:pips-5:250",
        "cross",
        "roll:pips-6:250",
        "cross",
        "number-2",  # the Austrian's two hits
        "roll:pips-5:250",
        "cross",
        "number-1",  # the Sardinian's one
    ]


def test_a_forced_march_asks_for_its_die_and_a_1_shows_the_cross(box, on_box):
    game = activation("S-4", "sardinia")
    game.undo()  # S-4 drawn, not yet activated
    session = on_box(game)
    start = len(box.heard)
    assert session.do(Activate(forced_march=True))
    until(lambda: heard(box, start) == ["question"])  # the attrition die is waited for
    assert session.do(RollAttrition(), [1])
    until(lambda: heard(box, start)[-1:] == ["cross"])
    assert heard(box, start) == ["question", "roll:pips-1:600", "cross"]


def test_a_die_waited_for_by_the_screen_shows_the_question_mark_and_back_clears_it(box, on_box):
    session = on_box(activation("S-4", "sardinia"))
    start = len(box.heard)
    session.perform(ShowDie((QUESTION,)))  # what the Combat, Charge and Bombard buttons send
    session.perform(ShowDie((BLANK,)))  # and Back from them
    until(lambda: heard(box, start) == ["question", "blank"])


def test_between_activations_the_box_shows_the_chits_left_only_when_chosen(box, on_box):
    """Spec 6's ambient face (optional; off by default): number-<chits left in the cup>."""
    session = on_box(activation("S-4", "sardinia"))
    start = len(box.heard)
    assert session.do(EndActivation())
    time.sleep(0.2)
    assert heard(box, start) == [] and session.state.cup  # off by default: the box keeps its face
    session.table.ambient = True  # the start screen's "Idle die: chits in the cup"
    left = len(session.state.cup)
    assert session.do(Draw())
    time.sleep(0.2)
    assert heard(box, start) == []  # a chit drawn: its owner decides, no longer between activations
    assert session.do(Pass())
    until(lambda: heard(box, start) == [f"number-{left - 1}"])
