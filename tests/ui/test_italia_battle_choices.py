"""Italia's battle page with the sides' choices: the aims and the elephant's victims chosen on the
aim page (the defaults preselected, so one tap on Roll still goes), the hits typed per group on the
pad, and the die box: each die only when the companion rolled it (spec 6)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from companion.assets import edition  # noqa: E402
from companion.games.italia.actions import OpenBattle, RollRound  # noqa: E402
from companion.games.italia.battle import Battle, Side  # noqa: E402
from companion.games.italia.game import Game, Options  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.tables.italia.die_box import round_faces  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402


@pytest.fixture
def app(tmp_path):
    from companion.ui.app import App

    game = Game(edition("italia"), Options("I", 5, ("Anna", "Bruno", "Carla")))
    game.play(
        OpenBattle(
            Battle(
                Side("carthaginians", {"elephant": 1, "infantry": 2}),
                Side("celts", {"infantry": 1, "legion": 2}),
            )
        )
    )
    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    app = App(Session(game, Devices(SimDie(), service)), headless=True)
    yield app
    app.close()
    service.close()


def _tap(app, marker):
    app.draw()
    where = {b.action: b for b in [*app.buttons, *app.game.view.spots] if b.enabled}
    where[marker].on_tap()
    app.draw()


def test_the_aims_and_the_victims_chosen_on_the_page_are_what_the_round_plays(app):
    _tap(app, ("aim",))
    _tap(app, ("aim", "attacker", "infantry"))  # default: the legions (most numerous); now infantry
    _tap(app, ("victim", "defender"))  # the cheapest (the default), then infantry,
    _tap(app, ("victim", "defender"))  # then legions: the Celts send a legion out first
    _tap(app, ("roll",))
    record = app.session.game.records[-1]
    assert record.action.aims == {"attacker": (("elephant", "legion", 1), ("infantry", "infantry", 2))}
    assert record.action.first == {"defender": ("legion",)}
    assert len(record.drawn) == 6  # the companion rolled every die
    assert app.session.devices.die.face.name.startswith("number-")


def test_the_table_buttons_and_the_die_box_throw_what_the_screens_roll_would(app):
    """The die box's button ("die", fed in by companion.devices) and the table's Roll play the round
    with the aims chosen on screen; with the table typing its dice, or no battle, they do nothing."""
    _tap(app, ("aim",))
    _tap(app, ("aim", "attacker", "infantry"))
    _tap(app, ("cancel",))  # back to the battle page, the aims kept
    app.presses.put("die")
    app.frame()
    record = app.session.game.records[-1]
    assert record.action.aims == {"attacker": (("elephant", "legion", 1), ("infantry", "infantry", 2))}
    rounds = len(app.session.game.records)
    _tap(app, ("pad",))  # the table types its own dice: the box's button means nothing
    app.presses.put("die")
    app.frame()
    assert len(app.session.game.records) == rounds and app.session.message == ""


def test_one_tap_on_roll_plays_the_defaults(app):
    _tap(app, ("roll",))
    assert app.session.game.records[-1].action == RollRound()


def test_hits_typed_per_group_on_the_pad(app):
    _tap(app, ("pad",))
    _tap(app, ("pad-mode",))
    for marker in (("more", "h:0"), ("more", "n:0"), ("more", "h:1"), ("more", "h:1"), ("more", "h:1")):
        _tap(app, marker)
    _tap(app, ("typed",))
    action = app.session.game.records[-1].action
    assert action.hits == (1, 2, 0, 0) and action.nines == (1, 0, 0, 0)  # 2 of 2 infantry dice at most
    assert app.session.game.records[-1].drawn == ()


def test_the_box_shows_each_die_only_when_the_companion_rolled_it():
    game = Game(edition("italia"), Options("I", 5))
    game.play(OpenBattle(Battle(Side("celts", {"infantry": 2}), Side("etruscans", {"infantry": 2}))))
    game.play(RollRound(values=(10, 1, 7, 3)))
    log = game.state.ledger.rounds[-1]
    assert _script(round_faces(log)) == [
        "roll:number-0",
        "roll:number-1",
        "roll:number-7",
        "roll:number-3",
        "number-1",
        "blank",
        "number-1",
    ]  # each die tumbles and lands in turn; a 10 shows as the d10's 0; the defender's hits stay
    assert _script(round_faces(log, rolled=False)) == ["number-1", "blank", "number-1"]  # no tumble
    big = Game(edition("italia"), Options("I", 5))
    big.play(OpenBattle(Battle(Side("celts", {"infantry": 4}), Side("etruscans", {"infantry": 3}))))
    big.play(RollRound(values=(10, 1, 7, 3, 9, 2, 8)))
    assert _script(round_faces(big.state.ledger.rounds[-1])) == ["roll:number-2", "blank", "number-2"]


def _script(steps: list[object]) -> list[str]:
    """A die script by face: "roll:" before a face that tumbles first."""
    from hardware.die_script import Beat, resting

    return [("roll:" if isinstance(s, Beat) and s.tumble_ms else "") + resting([s]).name for s in steps]
