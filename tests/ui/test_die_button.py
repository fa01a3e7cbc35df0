"""The die box's button (spec 6, step 3: "A button press, or tapping Roll, throws"): the box's press
reaches the table buttons' path as "die", over the real pty link to the fake box (the firmware's own
logic), and in desk mode from a click on the simulated die's lights or the D key. The Road to Novara
throws the roll waited for, exactly as its Roll button would; with nothing waited for, and in Milano,
which throws no die, a press changes nothing. The Road to Novara's units are the tests' invented ones
(tests/games/novara1849)."""

from __future__ import annotations

import os
import queue
import time

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion import config as configuration  # noqa: E402
from companion.assets import edition  # noqa: E402
from companion.devices import die_button, open_devices  # noqa: E402
from companion.games.milano1848 import Game as MilanoGame  # noqa: E402
from companion.games.milano1848 import Options as MilanoOptions  # noqa: E402
from companion.games.novara1849 import Activate, Fight, RollAttrition  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.tables.novara1849.choices import Choices  # noqa: E402
from companion.tables.novara1849.fights import fight_of  # noqa: E402
from companion.ui.app import App  # noqa: E402
from firmware_bridge.fakebox import FakeBox  # noqa: E402
from hardware.die import SerialDie  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402
from tests.companion.fake_box import until  # noqa: E402
from tests.games.novara1849.helpers import activation  # noqa: E402


@pytest.fixture
def service(tmp_path):
    printing = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    yield printing
    printing.close()


@pytest.fixture
def on_box(tmp_path, service):
    """An app on the fake box for a game, the box's button wired as `companion run` wires it."""
    made: list[tuple[App, FakeBox]] = []

    def app_on(game: object) -> tuple[App, FakeBox]:
        box = FakeBox(tmp_path / f"die{len(made)}").__enter__()
        die = SerialDie(str(box.path), timeout_s=0.05)
        assert die.wait_online(5)
        presses: queue.Queue[str] = queue.Queue()
        die.on_button(die_button(presses.put))
        session = Session(game, Devices(die=die, printer=service))  # type: ignore[arg-type]
        session.die_player.pace = 0.05
        app = App(session, headless=True, presses=presses, choices={"novara1849": Choices()})
        app.animate = False
        app.draw()
        made.append((app, box))
        return app, box

    yield app_on
    for app, box in made:
        app.session.die_player.stop()
        app.session.devices.die.close()
        app.close()
        box.__exit__(None, None, None)


def tap(app: App, marker: object) -> None:
    view = app.game.view
    view.build(app.session)
    found = [b for b in [*app.buttons, *view.moment.sheet.spots] if b.action == marker]
    assert found, f"no {marker!r} on screen"
    app.tap(found[0].rect.center)
    app.draw()


def pressed_on_the_box(app: App, box: FakeBox) -> None:
    """The box's button pressed; the app's next frame hands it to the game's table."""
    box.press()
    until(lambda: not app.presses.empty())
    app.frame()


def test_a_press_on_the_box_throws_the_combat_put_together_on_screen_as_roll_would(on_box):
    app, box = on_box(activation("S-4", "sardinia", independents=("Bers",)))
    tap(app, ("combat",))
    tap(app, ("pick", "4 Piemonte"))  # ring position 1
    tap(app, ("ring", 0))
    tap(app, ("pick", "IR 7"))
    expected = fight_of(app.game.view.draft)  # what the screen's Roll would play
    records = len(app.session.game.records)
    pressed_on_the_box(app, box)
    assert len(app.session.game.records) == records + 1
    thrown = app.session.game.records[-1]
    assert thrown.action == expected and isinstance(thrown.action, Fight)
    assert len(thrown.drawn) == 1 and 1 <= int(thrown.drawn[0]) <= 6  # type: ignore[call-overload]


def test_a_press_throws_a_due_attrition_die_whatever_the_screen_shows(on_box):
    game = activation("S-4", "sardinia")
    game.undo()  # S-4 drawn, not yet activated
    game.play(Activate(forced_march=True))
    app, box = on_box(game)
    tap(app, ("units",))  # the players are typing a counter in
    pressed_on_the_box(app, box)
    assert isinstance(app.session.game.records[-1].action, RollAttrition)


def test_a_press_with_no_roll_waited_for_changes_nothing(on_box):
    app, box = on_box(activation("S-4", "sardinia"))  # the walk-through: no roll opened
    state, records, heard = app.session.state, len(app.session.game.records), len(box.heard)
    pressed_on_the_box(app, box)
    time.sleep(0.2)
    assert app.session.state is state and len(app.session.game.records) == records
    assert app.session.message == "" and box.heard[heard:] == []  # nothing said, nothing shown


def test_milano_throws_no_die_a_press_changes_nothing(on_box):
    app, box = on_box(MilanoGame(edition("milano1848"), MilanoOptions(players=3, seed=4)))
    state, records = app.session.state, len(app.session.game.records)
    pressed_on_the_box(app, box)
    assert app.session.state is state and len(app.session.game.records) == records
    assert app.session.message == ""


def test_desk_mode_presses_the_simulated_box_with_a_click_on_its_lights_or_the_d_key(tmp_path):
    game = activation("S-4", "sardinia")
    game.undo()
    game.play(Activate(forced_march=True))
    presses: queue.Queue[str] = queue.Queue()
    opened = open_devices(configuration.defaults(), tmp_path, presses.put, retry_s=0.05)  # as `companion run`
    assert isinstance(opened.devices.die, SimDie)
    session = Session(game, opened.devices)
    app = App(session, headless=True, presses=presses, choices={"novara1849": Choices()})
    try:
        app.animate = False
        app.draw()
        records = len(session.game.records)
        app.tap(app.game._die_rect().center)  # a click on the die's 8x8 lights
        app.frame()
        assert len(session.game.records) == records + 1
        assert isinstance(session.game.records[-1].action, RollAttrition)
        session.undo()
        session.undo()  # a thrown die is taken back when Undo is asked twice
        pygame = app.pygame
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d))
        app.frame()
        assert isinstance(session.game.records[-1].action, RollAttrition)
    finally:
        app.close()
        opened.close()
