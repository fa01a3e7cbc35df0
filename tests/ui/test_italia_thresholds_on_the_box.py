"""While the table rolls its own dice for an Italia round (the pad open), the LED die box shows each
group's threshold in turn, in the order the dice are typed, and keeps cycling until the dice are played
or the pad is left (spec 6: "With the table's dice the box shows the thresholds instead"); over the
real pty link to the fake box (the firmware's own logic)."""

from __future__ import annotations

import os
import time

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion.assets import edition  # noqa: E402
from companion.games.italia.actions import OpenBattle  # noqa: E402
from companion.games.italia.battle import Battle, Side  # noqa: E402
from companion.games.italia.game import Game, Options  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.ui.app import App  # noqa: E402
from firmware_bridge.fakebox import FakeBox  # noqa: E402
from hardware.die import SerialDie  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402
from tests.companion.fake_box import heard, until  # noqa: E402

ONE_CYCLE = [  # the fear die (8+), the Carthaginians' elephant (5+) and infantry (7+), the Romans' (7+, 6+)
    "number-8",
    "blank",
    "number-5",
    "blank",
    "number-7",
    "blank",
    "number-7",
    "blank",
    "number-6",
    "blank",
]


@pytest.fixture
def app(tmp_path):
    """The Romans' first battle against elephants, on the app over the fake box."""
    game = Game(edition("italia"), Options("I", 5, ("Anna", "Bruno", "Carla")))
    battle = Battle(
        Side("carthaginians", {"elephant": 1, "infantry": 2}), Side("romans", {"infantry": 1, "legion": 2})
    )
    game.play(OpenBattle(battle))
    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    with FakeBox(tmp_path / "die") as box:
        die = SerialDie(str(box.path), timeout_s=0.05)
        assert die.wait_online(5)
        app = App(Session(game, Devices(die=die, printer=service)), headless=True)  # type: ignore[arg-type]
        app.session.die_player.pace = 0.02  # the order is what counts
        app.box = box  # type: ignore[attr-defined]
        yield app
        app.session.die_player.stop()
        die.close()
        app.close()
    service.close()


def _tap(app: App, marker: object) -> None:
    app.draw()
    where = {b.action: b for b in [*app.buttons, *app.game.view.spots] if b.enabled}
    where[marker].on_tap()
    app.draw()


def test_the_box_cycles_the_thresholds_while_the_table_types_its_dice_and_shows_the_totals_after(app):
    box = app.box
    start = len(box.heard)
    _tap(app, ("pad",))
    until(lambda: len(heard(box, start)) >= 2 * len(ONE_CYCLE))
    assert heard(box, start)[: 2 * len(ONE_CYCLE)] == ONE_CYCLE * 2  # and again, until the dice come
    for digit in (1, 1, 1, *[2] * 6):  # the 3 fear dice (no Roman deserts), then the round's 6: all miss
        _tap(app, ("digit", digit))
    _tap(app, ("typed",))
    until(lambda: heard(box)[-3:] == ["number-0", "blank", "number-0"] and not app.session.die_player.playing)
    settled = len(box.heard)
    time.sleep(0.2)  # several cycles' worth at this pace: none comes
    assert heard(box, settled) == []


def test_leaving_the_pad_leaves_the_box_blank_and_nothing_shows_before_it_opens(app):
    box = app.box
    start = len(box.heard)
    _tap(app, ("aim",))  # another page of the battle: no roll is waited for from the table
    _tap(app, ("cancel",))
    time.sleep(0.1)
    assert heard(box, start) == []
    _tap(app, ("pad",))
    until(lambda: len(heard(box, start)) >= len(ONE_CYCLE))
    _tap(app, ("cancel",))
    until(lambda: not app.session.die_player.playing)
    time.sleep(0.1)  # the blank on its way over the link
    settled = len(box.heard)
    time.sleep(0.2)
    assert heard(box, settled) == [] and heard(box)[-1] == "blank"


def test_the_pad_and_the_battle_page_list_the_fear_dice_first_as_they_are_typed(app, monkeypatch):
    """The fear dice are typed before the round's (as the box shows their 8 first): the screen lists
    them first, with their count."""
    from companion.tables.italia.canvas import Canvas

    said: list[str] = []
    line = Canvas.line
    monkeypatch.setattr(
        Canvas, "line", lambda self, text, *a, **k: said.append(text) or line(self, text, *a, **k)
    )
    app.draw()
    fear = "Romans: 3 dice for elephant fear: a unit deserts on 8+"
    assert said.index(fear) < said.index("Carthaginians: 1 x Elephant hit on 5+: 5")
    _tap(app, ("pad",))
    typed = said.index("Type each die in this order (0 is 10): 9 dice")
    assert said[typed + 1] == "Defender: 3 dice for elephant fear: a unit deserts on 8+"


def test_the_tables_back_on_the_pad_leaves_it_as_cancel_does_and_undoes_nothing(app):
    box = app.box
    decisions = len(app.session.game.records)
    start = len(box.heard)
    _tap(app, ("pad",))
    until(lambda: len(heard(box, start)) >= len(ONE_CYCLE))
    app.session.button("back")  # the table's Back button (GPIO), as a hand presses it
    app.draw()
    assert app.game.view.desk.sub == "" and len(app.session.game.records) == decisions  # pad left, no undo
    until(lambda: not app.session.die_player.playing)
    time.sleep(0.1)
    settled = len(box.heard)
    time.sleep(0.2)
    assert heard(box, settled) == [] and heard(box)[-1] == "blank"
    app.session.button("back")  # nothing open now: Back undoes the last decision (the battle's opening)
    assert len(app.session.game.records) == decisions - 1
