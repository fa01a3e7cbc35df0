"""The Road to Novara's journal: `companion run --autoplay` killed with SIGKILL in the middle of a
combat (rolled, its result still to be read on the printed table) resumes exactly there, on the
screen that asks for the result; and `games list/show/export/import` and `replay` handle the game."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion.app_command import state_digest  # noqa: E402
from companion.assets import edition  # noqa: E402
from companion.cli import main  # noqa: E402
from companion.games.novara1849 import Fight, Game, scenario  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.tables.novara1849.autoplay import scripted_players, typed_in  # noqa: E402

SEED = 3


def fight_number() -> int:
    """Which decision of the scripted game (seed 3) is its combat, counted as the journal counts."""
    game = Game(edition("novara1849"), scenario("campaign", seed=SEED))
    rng = random.Random(SEED)
    while True:
        action = typed_in(game.state, scripted_players(game.state, rng))
        game.play(action)
        if isinstance(action, Fight):
            return len(game.records)


def run_app(env: dict[str, str], kill_at: int | None) -> list[str]:
    """`companion run --autoplay` on the Road to Novara, killed (SIGKILL) once decision `kill_at` is
    committed; the trace's lines."""
    command = [
        sys.executable,
        "-m",
        "companion.cli",
        "run",
        "--headless",
        "--autoplay",
        "--resume",
        "--game",
        "novara1849",
        "--rounds",
        "2",
        "--seed",
        str(SEED),
        "--trace-journal",
    ]
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    assert child.stdout is not None
    for line in child.stdout:
        lines.append(line.strip())
        if kill_at is not None and line.startswith(f"committed {kill_at} "):
            child.send_signal(signal.SIGKILL)
            break
    child.wait()
    assert "Traceback" not in child.stderr.read()  # type: ignore[union-attr]
    return lines


def in_progress(directory):
    store = Store(directory)
    try:
        saved = store.in_progress()
        return None if saved is None else (saved, store.load(saved.id))
    finally:
        store.close()


@pytest.mark.slow
def test_killed_in_the_middle_of_a_combat_it_resumes_exactly_there(tmp_path):
    import queue

    from companion import config as configuration
    from companion.app_command import Sessions
    from companion.devices import open_devices
    from companion.ui.app import App

    fight = fight_number()
    for attempt in range(6):  # the kill lands within a frame or two of the commit: mostly right there
        directory = tmp_path / f"state{attempt}"
        env = {
            **os.environ,
            "COMPANION_STATE_DIR": str(directory),
            "COMPANION_CONFIG": str(tmp_path / "no.toml"),
        }
        run_app(env, fight)
        saved, game = in_progress(directory)
        pending = game.state.pending
        if (
            len(game.records) == fight
            and pending is not None
            and pending.kind == "combat"
            and not pending.result
        ):
            break
    else:
        pytest.fail("no kill landed between the combat's roll and its result")
    left_at = state_digest(game)

    store = Store(directory)  # the screen a player meets when the power comes back
    opened = open_devices(configuration.defaults(), store.directory, queue.Queue().put, retry_s=0.05)
    sessions = Sessions(store, opened.devices)
    app = App(
        None, headless=True, resume=(sessions.resumable, sessions.resume), new_session=lambda g, o: None
    )
    try:
        app.draw()
        app.tap(next(b for b in app.buttons if b.label.startswith("Resume")).rect.center)
        app.draw()
        assert len(app.session.game.records) == fight and state_digest(app.session.game) == left_at
        said = " ".join(text for text, _p, _c in app.game.view.build(app.session).sheet.texts)
        assert "Your results table has no value here" in said  # the combat's result, still to be read
        assert ("result", "D1") in [b.action for b in app.game.view.moment.sheet.spots]
    finally:
        app.close()
        opened.close()
        store.close()
    resumed = run_app(env, kill_at=fight + 1)  # and the app itself, started again, resumes there
    assert resumed[0] == f"resumed {fight} {left_at}"


def test_games_list_show_export_import_and_replay(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    assert (
        main(["run", "--headless", "--autoplay", "--game", "novara1849", "--rounds", "1", "--seed", "3"]) == 0
    )
    capsys.readouterr()
    assert main(["games", "list"]) == 0
    listed = capsys.readouterr().out
    assert "Radetzky's March: The Road to Novara" in listed
    assert main(["games", "show", "1"]) == 0
    shown = capsys.readouterr().out
    assert "turn 2" in shown and "steps lost" in shown
    record = tmp_path / "novara.jsonl"
    assert main(["games", "export", "1", "--out", str(record)]) == 0
    header = record.read_text().splitlines()[0]
    assert '"format": "companion/novara1849-record"' in header and '"tables"' in header
    assert main(["games", "import", str(record)]) == 0
    capsys.readouterr()
    assert main(["games", "show", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == shown.splitlines()[-2:]  # the same game
    assert main(["replay", str(record)]) == 0


def test_the_resume_line_says_the_turn_in_the_tables_language():
    """Found in a newcomer's run: the Italian start screen offered "Riprendi ...: round 1", an English
    word where the game's own screens say "Turno"."""
    from companion import i18n
    from companion.app_command import said_progress

    game = Game(edition("novara1849"), scenario("campaign", seed=3))
    assert said_progress(game.header(), game.state) == "turn 1"
    i18n.use("it")
    try:
        assert said_progress(game.header(), game.state) == "turno 1"
    finally:
        i18n.use("en")


def test_a_resumed_game_plays_on_with_the_tables_own_dice_cup_and_idle_die():
    """The table chose its own dice and cup on the start screen: after a power cut the start screen's
    choices are back to their defaults, and the game kept in the journal still plays the table's way."""
    from companion.games.novara1849 import RULES
    from companion.session import Devices, Session
    from companion.tables.novara1849.choices import Choices
    from companion.ui.app import App
    from hardware.sim.die import SimDie

    chosen = Choices()
    chosen.table_dice = chosen.table_cup = chosen.idle_cup = True
    game = Game(edition("novara1849"), chosen.options(3))
    resumed = RULES.replay(edition("novara1849"), game.header(), [])  # what the journal gives back
    session = Session(resumed, Devices(SimDie(), printer=None))  # type: ignore[arg-type]
    app = App(session, headless=True, choices={"novara1849": Choices()})  # the choices: the defaults
    try:
        view = app.game.view
        assert view.table_dice and view.table_cup and session.table.ambient
    finally:
        app.close()
    with pytest.raises(Exception, match="options.table"):
        RULES.options_from_dict({**game.options.to_dict(), "table": ["dice", "phone"]})
