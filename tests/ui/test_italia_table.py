"""Italia in the app: offered on the start screen, played through taps by its autoplay bot (every
nation, income, a battle with a retreat, the control map, the score pad), resumed after a kill -9
in the middle of a battle exactly there, undo that never re-rolls, the journal's commands, and the
screens' words in Italian."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections import Counter

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion import i18n  # noqa: E402
from companion.app_command import Sessions, state_digest  # noqa: E402
from companion.assets import edition  # noqa: E402
from companion.cli import main  # noqa: E402
from companion.games.italia import actions as ia  # noqa: E402
from companion.games.italia.game import Game, Options, queue  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.store import Journal, Store  # noqa: E402
from companion.tables.italia import bot  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402


@pytest.fixture
def devices(tmp_path):
    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    yield Devices(SimDie(), service)
    service.close()


def _env(tmp_path) -> dict[str, str]:
    return {
        **os.environ,
        "COMPANION_STATE_DIR": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "COMPANION_CONFIG": str(tmp_path / "none.toml"),
    }


def _app(tmp_path, devices, seed=3, scenario="I"):
    from companion.ui.app import App

    store = Store(tmp_path)
    game = Game(
        edition("italia"),
        Options(scenario, seed, ("Anna", "Bruno", "Carla", "Dario")[: 3 + (scenario == "II")]),
    )
    session = Session(game, devices, journal=Journal.start(store, game))
    return App(session, headless=True), store


def test_the_start_screen_offers_italia_with_its_scenarios_and_sides(tmp_path):
    from companion.ui.app import App

    app = App(None, headless=True, new_session=lambda game, options: None)
    try:
        app.draw()
        next(b for b in app.buttons if b.label == "Italia").on_tap()
        app.draw()
        labels = [b.label for b in app.buttons]
        assert "Italia I: 3 players" in labels and "Italia II: 4 players" in labels
        assert "Red: Greeks, Romans" in labels  # who plays which nations (§3.0)
        next(b for b in app.buttons if b.label == "Yellow: Celts, Epirotes...").on_tap()
        app.draw()
        assert "Yellow: Samnites, Numidians..." in [b.label for b in app.buttons]  # the next two
        next(b for b in app.buttons if b.label == "Italia II: 4 players").on_tap()
        app.draw()
        assert any(b.label.startswith("Green: ") for b in app.buttons)
        next(b for b in app.buttons if b.label == "New game").on_tap()
        app.draw()  # the players: one a colour, the scenario's own (§3.0: blue, yellow, red, green)
        swatches = [b for b in app.buttons if b.label == ""]
        assert [b.colour for b in swatches] == [(70, 120, 200), (225, 180, 30), (200, 70, 60), (50, 150, 90)]
        swatches[0].on_tap()
        app.draw()
        assert [b.colour for b in app.buttons if b.label == ""][0] == (70, 120, 200)  # fixed by the rules
        assert "Player 1" in [b.label for b in app.buttons]
    finally:
        app.close()


@pytest.mark.parametrize("scenario", ["I", "II"])
def test_autoplay_plays_italia_through_taps_every_nation_a_battle_the_map_and_the_scores(
    tmp_path, devices, monkeypatch, scenario
):
    printed: list[str] = []
    monkeypatch.setattr(devices.printer, "submit", lambda document: printed.append(document.title))
    app, store = _app(tmp_path, devices, scenario=scenario)
    try:
        stats = app.autoplay(rounds=3)
        session = app.session
        kinds = Counter(r.action.kind for r in session.game.records)
        rules = session.game.scenario
        played = sum(len(queue(rules, type(session.state)(scenario, turn=t))) for t in (1, 2, 3))
        assert stats.direct == 0  # every decision was reached by taps on the screen's buttons
        assert kinds["income"] == kinds["confirm-map"] == kinds["end-nation-turn"] == played
        sea = kinds["open-sea-battle"]
        assert kinds["open-battle"] == 3 and kinds["close-battle"] == 3 + sea and kinds["retreat"] >= 1
        assert kinds["next-phase"] >= 3 * played  # every nation went through its phases by taps
        if scenario == "I":  # a subject and its revolt, a naval battle, loot, a campaign, a major invasion
            for kind in (
                "subjugate",
                "revolt",
                "open-sea-battle",
                "loot",
                "start-campaign",
                "major-invasion",
            ):
                assert kinds[kind] == 1, kind
            assert kinds["tell"] == 5  # the card values the nation files lack (and the revolt's), asked
        else:  # the Huns' last turn is 2, the Visigoths' 3: asked, their pieces leave the board (A53)
            assert session.state.departed == {"huns": 2, "visigoths": 3}
        assert kinds["score"] == 2 and session.state.turn == 4  # turn 3 scored, turn 4 begun
        assert kinds["score-card"] == 1  # the third nation from its card: its points asked (no file)
        assert {(a.turn, a.source, a.points) for a in session.state.scores} == {
            (3, "zones", 1),
            (3, "other", 2),
        }
        assert session.state.control  # the control map holds what the table confirmed
        assert store.in_progress().actions == len(session.game.records)  # all journaled
        assert session.devices.die.face.name.startswith("number-")  # the last round's hits on the die
        assert sum(t.startswith("Italia battle") for t in printed) == 3  # a report after each battle
        assert sum(t.startswith("Italia naval battle") for t in printed) == sea
        assert sum(t.startswith("Italia turn ") for t in printed) == played  # a summary after each nation
        assert printed.count("Italia scores, turn 3") == 1  # the score pad after the scoring turn
    finally:
        app.close()
        store.close()


def test_companion_run_autoplays_an_italia_i_turn(tmp_path):
    command = [sys.executable, "-m", "companion.cli", "run", "--headless", "--autoplay", "--game", "italia"]
    done = subprocess.run(
        [*command, "--players", "3", "--rounds", "1", "--seed", "4"],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "autoplay: round 2" in done.stdout and "0 actions without a button" in done.stdout
    store = Store(tmp_path)
    try:
        saved = store.games()[0]
        assert saved.title == "Italia" and saved.round == 2
    finally:
        store.close()


def _first_mid_battle(seed: int) -> int:
    """How many decisions the bot plays before a battle stands between its first and second round."""
    game, rng = Game(edition("italia"), Options("I", seed)), random.Random(1)
    while not (game.state.battle is not None and game.state.battle.round == 2):
        game.play(bot(game.state, rng))
    return len(game.records)


def test_a_kill_9_in_the_middle_of_a_battle_resumes_exactly_there(tmp_path, devices):
    seed = 4
    wanted = _first_mid_battle(seed)
    command = [sys.executable, "-m", "companion.cli", "run", "--headless", "--autoplay", "--resume"]
    command += ["--game", "italia", "--players", "3", "--rounds", "9", "--seed", str(seed), "--trace-journal"]
    child = subprocess.Popen(command, env=_env(tmp_path), stdout=subprocess.PIPE, text=True)
    digest = None
    assert child.stdout is not None
    for line in child.stdout:
        kind, number, said = line.split()[:3] if line.startswith("committed") else ("", "0", "")
        if kind == "committed" and int(number) == wanted:
            child.send_signal(signal.SIGKILL)  # pulled the plug mid-battle
            digest = said
            break
    child.wait(timeout=60)
    assert digest is not None and child.returncode == -signal.SIGKILL
    from companion.ui.app import App

    store = Store(tmp_path)
    try:
        sessions = Sessions(store, devices)
        turn = store.in_progress().round
        assert sessions.resumable() == f"Resume Italia: turn {turn}"  # Italia counts turns
        resumed = sessions.resume()
        assert resumed.message == f"Resumed: turn {turn}."
        assert len(resumed.game.records) in (wanted, wanted + 1)
        if len(resumed.game.records) == wanted:
            assert state_digest(resumed.game) == digest
        battle = resumed.state.battle
        assert battle is not None and battle.round >= 2  # the battle, not a fresh turn
        app = App(resumed, headless=True)
        try:
            app.draw()
            assert app.game.view.page(resumed) in ("battle", "aftermath")
            labels = [b.label for b in app.buttons]
            assert "Roll the round" in labels or "Close the battle" in labels
        finally:
            app.close()
    finally:
        store.close()


def test_undo_never_rerolls_a_seen_die(tmp_path, devices):
    app, store = _app(tmp_path, devices, seed=5)
    try:
        session, rng = app.session, random.Random(1)
        while session.state.battle is None:
            session.do(bot(session.state, rng))
        assert session.do(ia.RollRound())
        seen, face = session.game.records[-1].drawn, session.devices.die.face
        session.undo()
        assert session.message == "Undone: round."
        assert session.do(ia.RollRound())
        assert session.game.records[-1].drawn == seen and session.devices.die.face == face
    finally:
        app.close()
        store.close()


def test_games_list_show_export_and_import_an_italia_game(tmp_path, capsys, monkeypatch, devices):
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path))
    app, store = _app(tmp_path, devices)
    try:
        app.autoplay(rounds=1)
        live = app.session.state
    finally:
        app.close()
    game_id = store.games()[0].id
    record = tmp_path / "italia.jsonl"
    record.write_text(store.export(game_id))
    store.close()
    assert main(["games", "list"]) == 0
    assert "Italia" in capsys.readouterr().out
    assert main(["games", "show", str(game_id)]) == 0
    assert "Italia I, turn 2" in capsys.readouterr().out
    assert main(["games", "import", str(record)]) == 0
    capsys.readouterr()
    store = Store(tmp_path)
    try:
        imported = store.load(store.games()[0].id)  # replayed from the record: the same dice, the same map
        assert imported.state.control == live.control and imported.state.dice == live.dice
    finally:
        store.close()
    assert main(["replay", str(record)]) == 0
    assert '"format": "companion/italia-state"' in capsys.readouterr().out


def test_the_italia_screens_speak_italian(tmp_path, devices):
    app, store = _app(tmp_path, devices)
    i18n.use("it")
    try:
        app.draw()
        labels = [b.label for b in app.buttons]
        assert "Riscuoti le entrate" in labels
        assert app.game.view.headline(app.session)[1].startswith("Celti (giallo")
        session, rng = app.session, random.Random(1)
        while session.state.battle is None:
            session.do(bot(session.state, rng))
        app.draw()
        assert "Lancia i dadi" in [b.label for b in app.buttons]
        from companion.games.italia.preview import preview
        from companion.tables.italia.words import group_line

        line = group_line(preview(session.state.battle).groups[0])
        assert "a segno con" in line and "Legions" not in line
    finally:
        i18n.use("en")
        app.close()
        store.close()


def test_the_last_nations_turn_prints_the_chronicle_with_its_summary():
    from companion.tables.italia import new_table

    game, rng = Game(edition("italia"), Options("I", 2)), random.Random(1)
    while True:
        action = bot(game.state, rng)
        before = game.state
        said = game.play(action)
        if game.state.over:
            break
    outputs = new_table().after(before, action, said, game)
    assert [t.title for t in outputs.tickets][-1] == "Italia chronicle" and outputs.checkpoint


def _battle_app(tmp_path, devices, battle):
    """Italia II with a battle opened straight (the table entered it), on screen."""
    app, store = _app(tmp_path, devices, scenario="II")
    app.session.do(ia.CollectIncome(2, 1))
    for _ in range(3):  # placement, movement, combat: battles are fought in the combat phase
        app.session.do(ia.NextPhase())
    assert app.session.do(ia.OpenBattle(battle)), app.session.message
    app.draw()
    return app, store


def test_the_patrimonium_converts_one_enemy_unit_from_the_battle_screen(tmp_path, devices):
    from companion.games.italia.battle import Battle, Side

    battle = Battle(Side("visigoths", {"infantry": 2, "cavalry": 1}), Side("patrimonium", {"infantry": 2}))
    app, store = _battle_app(tmp_path, devices, battle)
    try:
        labels = [b.label for b in app.buttons]
        assert "Convert 1 infantry" in labels and "Convert 1 cavalry" not in labels  # §14.3: not cavalry
        next(b for b in app.buttons if b.label == "Convert 1 infantry").on_tap()
        app.draw()
        state = app.session.state
        assert state.battle.defender.units == {"infantry": 3} and state.conversions == 1
        assert not any(b.label.startswith("Convert") for b in app.buttons)  # once a battle
    finally:
        app.close()
        store.close()


def test_a_raid_ruins_the_city_on_the_control_map_when_it_hits(tmp_path, devices):
    from companion.games.italia.battle import Battle, Side

    raid = Battle(
        Side("visigoths", {"infantry": 3}),
        Side("vandals", {"infantry": 1}),
        zone="Rome",
        city="intact",
        mode="raid",
    )
    app, store = _battle_app(tmp_path, devices, raid)
    try:
        session = app.session
        next(b for b in app.buttons if b.label == "Type the dice").on_tap()
        app.draw()
        for digit in (9, 1, 1, 2):  # the raiders' three dice (9 hits the city on 7+), the defender's one
            next(s for s in app.game.view.spots if s.action == ("digit", digit)).on_tap()
        next(b for b in app.buttons if b.label == "Play these dice").on_tap()
        app.draw()
        assert app.game.view.page(session) == "aftermath" and session.state.battle.ended == "raided"
        next(b for b in app.buttons if b.label == "Close the battle").on_tap()
        assert session.state.cities.get("rome") == "ruin" and session.state.control["rome"] == "vandals"
    finally:
        app.close()
        store.close()


def test_a_battle_off_the_map_takes_its_terrain_from_the_table(tmp_path, devices):
    app, store = _app(tmp_path, devices)
    try:
        desk, session = app.game.view.desk, app.session
        app.draw()
        session.do(ia.CollectIncome(0, 0))
        desk.local = "setup"
        app.draw()
        next(b for b in app.buttons if b.label == "Terrain: clear").on_tap()
        app.draw()
        assert "Terrain: mountain" in [b.label for b in app.buttons]
        assert desk.opening(session.state).battle.terrain == "mountain"  # the attackers' -1 follows
    finally:
        app.close()
        store.close()


def test_a_battle_too_big_for_the_screens_odds_says_so_and_names_the_command(tmp_path, devices, monkeypatch):
    """Fourteen a side, the Foederati rolling to switch first, is beyond the screen's budget (every
    battle of up to twelve a side is within it): one sentence, never a stall."""
    import time

    from companion.games.italia.battle import Battle, Side
    from companion.tables.italia.canvas import Canvas

    battle = Battle(
        Side("foederati", {"infantry": 7, "cavalry": 7}, leaders=1),
        Side("western-romans", {"legion": 5, "foederati": 4, "cavalry": 5}),
    )
    app, store = _battle_app(tmp_path, devices, battle)
    try:
        deadline = time.monotonic() + 60
        while not app.session.looked_ahead and time.monotonic() < deadline:
            time.sleep(0.05)
        said: list[str] = []
        line = Canvas.line
        monkeypatch.setattr(
            Canvas, "line", lambda self, text, *a, **k: said.append(text) or line(self, text, *a, **k)
        )
        app.draw()
        assert "Too many units to work out the exact odds here: `companion italia odds` gives them." in said
    finally:
        app.close()
        store.close()


def test_the_shop_offers_a_nation_only_the_units_it_has(tmp_path, devices):
    """§2.2.1: the Celts' shop has infantry and fleets, no legions, consular legions or elephants."""
    app, store = _app(tmp_path, devices)
    try:
        app.session.do(ia.CollectIncome(3, 1))
        app.draw()
        markers = {b.action for b in [*app.buttons, *app.game.view.spots]}
        shown = {m[-1] for m in markers if isinstance(m, tuple) and m and m[0] in ("less", "more")}
        assert {"infantry", "fleet"} <= shown, shown
        assert not shown & {"legion", "consular", "elephant"}, shown
    finally:
        app.close()
        store.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_round_of_twelve_dice_a_side_shows_every_die_on_the_page_clear_of_the_corner(
    tmp_path, devices, monkeypatch, language
):
    """Twelve a side, three kinds on the defender's side: the round's dice go narrower so that every
    one shows on its side's row, and on the page, clear of the menu's button and the die's lights
    (the Italian page is longer: its rows come down beside them)."""
    from companion.games.italia.battle import Battle, Side
    from companion.tables.italia import battle_pages
    from companion.ui.menu import MENU

    battle = Battle(
        Side("visigoths", {"infantry": 6, "cavalry": 6}),
        Side("western-romans", {"legion": 5, "foederati": 3, "cavalry": 4}),
    )
    i18n.use(language)
    app, store = _battle_app(tmp_path, devices, battle)
    try:
        misses, some_hits = (1, 2, 3, 4) * 3, (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 10, 9)  # three kinds stay
        assert app.session.do(ia.RollRound(values=misses + some_hits)), app.session.message
        drawn: list = []
        die = battle_pages._die
        monkeypatch.setattr(
            battle_pages,
            "_die",
            lambda canvas, rect, value, hit: drawn.append(rect.copy()) or die(canvas, rect, value, hit),
        )
        app.draw()
        corner = [next(b.rect for b in app.buttons if b.action == MENU), app.game._die_rect()]
        board = app.game.view.board_rect
        assert len(app.session.state.battle.defender.units) == 3
        assert len(drawn) == 24
        assert all(board.contains(rect) and rect.collidelist(corner) < 0 for rect in drawn)
        assert all(rect.width >= 12 and rect.height >= 16 for rect in drawn)  # a digit still fits
        assert not any(r.colliderect(s) for i, r in enumerate(drawn) for s in drawn[i + 1 :])
    finally:
        i18n.use("en")
        app.close()
        store.close()
