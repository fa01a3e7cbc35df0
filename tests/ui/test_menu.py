"""The menu during a game: back to the start screen and on again with Resume, Settings and back to
the game, the language; while it is open the board shows what the map's marks mean."""

from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion import i18n  # noqa: E402
from companion.assets import edition  # noqa: E402
from companion.games.milano1848.game import Game  # noqa: E402
from companion.games.milano1848.setup import Options  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.ui.app import App  # noqa: E402
from companion.ui.menu import MENU  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402
from tests.ui.test_app import RecordingFont  # noqa: E402


@pytest.fixture
def table(tmp_path):
    service = PrintService(SimPrinter(), tmp_path / "q.jsonl", retry_s=0.05)
    session = Session(Game(edition("milano1848"), Options(players=3, seed=4)), Devices(SimDie(), service))
    chosen: list[str] = []
    app = App(
        session,
        headless=True,
        new_session=lambda game, options: None,
        resume=(lambda: "Resume", lambda: session),
        choose_language=chosen.append,
    )
    app.draw()
    for _page in range(2):  # the set-up screen's two pages: the board, then the players
        app.tap(app.buttons[0].rect.center)
        app.draw()
    yield app, session, chosen
    i18n.use("en")
    app.close()
    service.close()


def tap(app, found) -> None:
    button = next(b for b in app.buttons if found(b))
    app.tap(button.rect.center)
    app.draw()


def test_the_menu_leads_to_the_start_screen_and_resume_comes_back_to_the_same_game(table):
    app, session, _ = table
    free = next(z for z in session.state.zones if not session.state.soldiers[z])
    x, y = app.game.view.board.centres[free]
    app.tap((int(x), int(y)))  # a Patriot placed
    records = len(session.game.records)
    tap(app, lambda b: b.action == MENU)
    assert {b.label for b in app.buttons} >= {"Back to the game", "Start screen", "Settings", "Italiano"}
    tap(app, lambda b: b.label == "Start screen")
    assert app.game is None and any(b.label == "New game" for b in app.buttons)
    tap(app, lambda b: b.label == "Resume")
    assert app.session is session and len(session.game.records) == records


def test_settings_from_the_menu_come_back_to_the_game(table):
    app, session, _ = table
    tap(app, lambda b: b.action == MENU)
    tap(app, lambda b: b.label == "Settings")
    assert app.game is None and app.lobby.showing_settings
    tap(app, lambda b: b.label == "Back")
    assert app.game is not None and app.session is session and not app.game.menu.open


def test_the_language_changes_from_the_menu_and_is_kept(table):
    app, _session, chosen = table
    tap(app, lambda b: b.action == MENU)
    tap(app, lambda b: b.label == "Italiano")
    assert i18n.language == "it" and chosen == ["it"]
    assert {"Torna alla partita", "Impostazioni", "English"} <= {b.label for b in app.buttons}
    tap(app, lambda b: b.action == ("menu", "close"))
    assert not app.game.menu.open and "Conquista" not in {b.label for b in app.buttons}  # still placing


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_map_legend_shows_while_the_menu_is_open(table, language):
    app, _session, _ = table
    i18n.use(language)
    drawn: list[tuple[str, int]] = []
    app.fonts.update({name: RecordingFont(font, drawn) for name, font in app.fonts.items()})
    app.draw()
    marks = [
        "Available: may be Conquered",
        "Not yet Available (Advanced)",
        "Falls in the next Austrian turn",
        "The die's face (desk mode)",
    ]
    said = lambda: " ".join(text for text, _ in drawn)  # noqa: E731
    assert not any(i18n._(mark).split()[0] + " " in said() for mark in marks[:1])
    tap(app, lambda b: b.action == MENU)
    drawn.clear()
    app.draw()
    for mark in marks:
        assert all(word in said() for word in i18n._(mark).split()), mark
    app.tap((5, 5))  # a tap beside the menu closes it
    assert not app.game.menu.open
