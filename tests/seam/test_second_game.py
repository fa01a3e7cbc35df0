"""The game seam proved with a game that is not Milano 1848 (tests/seam/dicerace.py): registered
here only, it is played through the generic session, journal, resume, replay, CLI and app."""

from __future__ import annotations

import os

import pytest

from companion import games, tables
from companion.cli import main
from companion.session import Devices, Session
from companion.store import Journal, Store
from hardware.printer import PrintService
from hardware.sim.die import SimDie
from hardware.sim.printer import SimPrinter
from tests.seam import dicerace


@pytest.fixture(autouse=True)
def registered():
    games.register(dicerace.RULES)
    tables.register(dicerace.GAME, dicerace)
    yield
    games.unregister(dicerace.GAME)
    tables.unregister(dicerace.GAME)


@pytest.fixture
def devices(tmp_path):
    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    yield Devices(SimDie(), service)
    service.close()


def _race(store: Store, devices: Devices, seed: int = 4) -> Session:
    game = dicerace.RULES.new_game(None, dicerace.Options(players=2, seed=seed, names=("Ada", "Bo")))
    return Session(game, devices, journal=Journal.start(store, game))


def test_the_registry_finds_the_game_by_id_and_by_record_format():
    assert games.find_game("dicerace") is dicerace.RULES
    assert games.find_game("tests/dicerace-record") is dicerace.RULES
    assert games.find_game("milano1848").title == "Radetzky: Milano 1848"  # the built-in one is still there
    with pytest.raises(games.DataError, match="not a game this companion knows"):
        games.find_game("chess")


def test_a_race_is_played_journaled_and_resumed_exactly(tmp_path, devices):
    store = Store(tmp_path)
    session = _race(store, devices)
    assert type(session.table) is dicerace.Table  # the session found the game's table from its record
    for _ in range(3):
        assert session.button("roll") is None and session.message == ""
    die = session.devices.die
    assert die.face.name.startswith("pips-")  # the die showed the last roll
    before = list(session.state.scores)
    saved = store.in_progress()
    assert saved is not None and saved.title == dicerace.TITLE and saved.actions == 3
    resumed = store.load(saved.id)
    assert resumed.state.scores == before  # the same rolls, replayed from the record, never rolled again
    session.button("back")
    assert session.message == "Undone: roll." and store.game(saved.id).actions == 2


def test_the_commands_list_show_and_replay_a_race(tmp_path, capsys, monkeypatch, devices):
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path))
    store = Store(tmp_path)
    session = _race(store, devices)
    while not session.over:
        session.button("roll")
    record = tmp_path / "race.jsonl"
    record.write_text(store.export(store.games()[0].id))
    store.close()
    assert main(["games", "list"]) == 0
    assert dicerace.TITLE in capsys.readouterr().out  # each row names its game
    assert main(["replay", str(record)]) == 0
    assert '"winner"' in capsys.readouterr().out
    assert main(["dicerace", "rules"]) == 0  # the game's own command, registered by its table module
    assert "first to 10" in capsys.readouterr().out


def test_the_app_offers_the_race_beside_milano_and_plays_it_through_its_buttons(tmp_path, devices):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from companion.ui.app import App

    store = Store(tmp_path)

    def new_session(game, options, cards=()):
        played = games.find_game(game).new_game(None, options, cards)
        return Session(played, devices, journal=Journal.start(store, played))

    app = App(None, headless=True, new_session=new_session)
    try:
        app.draw()
        picker = [b.label for b in app.buttons][: len(tables.table_ids())]
        assert picker[0] == "Radetzky: Milano 1848" and picker[-1] == dicerace.TITLE  # every registered game
        next(b for b in app.buttons if b.label == dicerace.TITLE).on_tap()
        app.draw()
        assert app.lobby.start_screen.title() == "Table Companion - " + dicerace.TITLE
        next(b for b in app.buttons if b.label == "New game").on_tap()
        app.draw()
        next(b for b in app.buttons if b.label == "Start").on_tap()  # the racers' names: the game's own
        assert app.session.game.options.names == ("Ada", "Bo")
        stats = app.autoplay(rounds=20)
        assert app.session.over and stats.direct == 0  # every roll was a tap on the Roll button
        assert store.games()[0].winner is not None
    finally:
        app.close()


def test_every_game_on_the_picker_shows_its_whole_name_on_its_button():
    """Five games on an 800x480 start screen (the four built in and the test game): no name runs past
    its button or over the next one."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from companion.ui.app import App
    from companion.ui.widgets import label_fits

    app = App(None, headless=True, new_session=lambda game, options, cards=(): None)
    try:
        app.draw()
        painter = app.painter
        picker = app.buttons[: len(tables.table_ids())]
        assert [b.label for b in picker][-1] == dicerace.TITLE
        for button in picker:
            assert label_fits(button.label, button.rect, painter.body, painter.fonts["small"]), button.label
    finally:
        app.close()
