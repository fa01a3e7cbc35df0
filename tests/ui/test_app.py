"""The app, headless: taps through the real widgets, the session and the simulated devices."""

from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion.assets import edition  # noqa: E402
from companion.cards_command import card_registry
from companion.cli import main  # noqa: E402
from companion.games.milano1848 import actions as a  # noqa: E402
from companion.games.milano1848.game import Game  # noqa: E402
from companion.games.milano1848.setup import Options  # noqa: E402
from companion.games.milano1848.state import ACT, ANSWER, PLACE  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.tables.milano1848.icons import icon_name  # noqa: E402
from companion.ui.app import App  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.scanner import wait_for  # noqa: E402
from hardware.sim.camera import SimCamera  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402


@pytest.fixture
def app(tmp_path):
    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    application = App(
        Session(Game(edition("milano1848"), Options(players=3, seed=4)), Devices(SimDie(), service)),
        headless=True,
    )
    application.draw()
    for label in ("Next: the players", "Done"):  # the table is set up (its own test below)
        button = next(b for b in application.buttons if b.label == label)
        application.tap(button.rect.center)
        application.draw()
    yield application
    application.close()
    service.close()


def tap_zone(app, zone):
    x, y = app.game.view.board.centres[zone]
    app.tap((int(x), int(y)))
    app.draw()


def tap_button(app, label):
    button = next(b for b in app.buttons if b.label == label)
    app.tap(button.rect.center)
    app.draw()


def test_the_table_is_set_up_first_from_the_companions_deal(tmp_path):
    from companion.tables.milano1848.texts import setup_lines

    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    app = App(
        Session(Game(edition("milano1848"), Options(players=3, seed=4)), Devices(SimDie(), service)),
        headless=True,
    )
    app.draw()
    state = app.session.state
    lines = setup_lines(state)
    assert lines[0] == f"Radetzky and 3 Soldiers on zone {state.radetzky}."
    twos = [z for z in state.zones if state.soldiers[z] == 2]
    assert f"2 Soldiers on zones {', '.join(map(str, twos))}." in lines
    free = next(z for z in state.zones if not state.soldiers[z])
    tap_zone(app, free)  # not yet: the table is still setting up
    assert not any(p.zone for p in app.session.state.patriots)
    tap_button(app, "Next: the players")
    tap_button(app, "Done")
    tap_zone(app, free)
    assert any(p.zone == free for p in app.session.state.patriots)
    app.close()
    service.close()


def test_placing_patriots_by_tapping_zones_and_a_refusal_in_one_sentence(app):
    state = app.session.state
    crowded = next(z for z in state.zones if state.soldiers[z])
    tap_zone(app, crowded)
    assert app.session.message.startswith(f"Placement refused: zone {crowded} has Soldiers")
    free = [z for z in state.zones if not state.soldiers[z]]
    for zone in free[:3]:
        tap_zone(app, zone)
    assert app.session.state.step == ACT
    assert [b.label for b in app.buttons][:5] == ["Conquer", "Fight", "Radetzky", "Refresh", "End turn"]


def test_buttons_are_big_enough_to_touch_and_text_big_enough_to_read(app):
    assert all(b.rect.height >= 48 for b in app.buttons)
    assert app.fonts["body"].get_height() >= 24


class RecordingFont:
    """A font that notes every text it draws with its height in pixels."""

    def __init__(self, font, seen: list) -> None:
        self.font, self.seen = font, seen

    def render(self, text, *args):
        self.seen.append((text, self.font.get_height()))
        return self.font.render(text, *args)

    def __getattr__(self, name):
        return getattr(self.font, name)


def test_undo_is_a_tap_away(app):
    state = app.session.state
    free = next(z for z in state.zones if not state.soldiers[z])
    tap_zone(app, free)
    tap_button(app, "Undo")
    assert app.session.state.step == PLACE and app.session.state.patriots[0].zone == 0


def test_a_fight_answered_by_a_card_under_the_simulated_camera(tmp_path):
    camera = SimCamera(card_registry(), fps=200)
    service = PrintService(SimPrinter(), tmp_path / "q.jsonl", retry_s=0.05)
    session = Session(
        Game(edition("milano1848"), Options(players=3, seed=4)), Devices(SimDie(), service, camera)
    )
    app = App(session, headless=True)
    try:
        import random

        from companion.games.milano1848.bots import greedy_bot

        rng = random.Random(2)
        while session.state.step != ANSWER:
            session.do(greedy_bot(session.state, rng))
        app.draw()
        hand = session.state.hands[session.state.patriots[session.state.active].hand]
        answers = {b.label.split(" ")[0] for b in app.buttons if b.action != ("menu",)}  # "Map C": Carlo's
        assert answers <= {"Swords", "Map", "Cannon", "Undo"}  # the menu is always there
        needed = 3 if session.state.fight.kind == "radetzky" else 1
        for spot, card in enumerate(hand[:needed]):
            camera.show(card, spot)
        assert wait_for(lambda: (app.frame(), session.game.records[-1].action.kind == "answer")[1], 10)
        assert sorted(session.game.records[-1].action.cards) == sorted(hand[:needed])
    finally:
        app.close()
        camera.close()
        service.close()


def test_autoplay_plays_a_game_through_the_app_and_prints_tickets(capsys, tmp_path):
    code = main(
        ["run", "--headless", "--autoplay", "--rounds", "3", "--seed", "2", "--ticket-dir", str(tmp_path)]
    )
    out = capsys.readouterr().out
    assert code == 0 and "actions without a button" in out and ", 0 actions without a button" in out
    assert "tickets printed: " in out and list(tmp_path.glob("ticket-*.png"))


def test_desk_mode_shows_the_printed_ticket_and_a_tap_puts_it_away(tmp_path):
    import time

    from companion.games.milano1848.state import AUSTRIAN_TURN

    printer = SimPrinter()
    service = PrintService(printer, tmp_path / "q.jsonl", retry_s=0.05)
    session = Session(Game(edition("milano1848"), Options(players=3, seed=4)), Devices(SimDie(), service))
    app = App(session, headless=True, tray=printer.tray)
    try:
        import random

        from companion.games.milano1848.bots import greedy_bot

        rng = random.Random(2)
        while session.state.step != AUSTRIAN_TURN:
            session.do(greedy_bot(session.state, rng))
        app.draw()
        tap_button(app, "Austrian turn")
        app.tap((400, 240))  # skip the turn's animation
        deadline = time.monotonic() + 5
        while not printer.tray and time.monotonic() < deadline:
            time.sleep(0.02)
        app.draw()
        ticket = next(b for b in app.buttons if b.action == ("ticket",))  # the printer's line, in desk mode
        assert ticket.label.startswith("Printer ready.") and ticket.rect.height >= 48
        app.tap(ticket.rect.center)
        app.draw()
        assert (
            app.game.showing_ticket and min(app.screen.get_at((5, 5))[:3]) > 250
        )  # white paper over the board
        app.tap((400, 240))
        assert not app.game.showing_ticket
    finally:
        app.close()
        service.close()


def test_the_table_buttons_and_their_keyboard_stand_ins(app):
    import pygame

    state = app.session.state
    free = [z for z in state.zones if not state.soldiers[z]]
    for zone in free[:3]:
        tap_zone(app, zone)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n))  # Next: end the turn
    app.frame()
    ended = app.session.game.records[-1].action.kind
    app.press("back")  # as gpiozero would, from its own thread
    app.frame()
    assert ended == "end-turn" and app.session.game.records[-1].action.kind == "place"


def test_the_start_screen_sets_up_the_chosen_game_and_game_over_leads_back(tmp_path):
    service = PrintService(SimPrinter(), tmp_path / "q.jsonl", retry_s=0.05)

    def new_session(game, options):
        return Session(Game(edition("milano1848"), options), Devices(SimDie(), service))

    app = App(None, headless=True, new_session=new_session)
    try:
        app.draw()
        for label in ("2", "Advanced", "+1", "New game", "Start"):
            tap_button(app, label)
        state = app.session.state
        assert (state.players, state.mode, len(state.patriots)) == (2, "advanced", 3)
        assert (
            state.wave == edition("milano1848").rules.wave[3] + 1
        )  # two players use the 3-player wave, one harder
        import random

        from companion.games.milano1848.bots import greedy_bot

        rng = random.Random(1)
        while not app.session.over:
            app.session.do(greedy_bot(app.session.state, rng))
        app.draw()
        app.tap((400, 240))  # skip the last Austrian turn's animation
        app.draw()
        tap_button(app, "New game")
        assert app.game is None and any(b.label == "New game" for b in app.buttons)
    finally:
        app.close()
        service.close()


@pytest.mark.parametrize("privacy", ["open", "count", "hidden"])
def test_the_active_hand_is_shown_as_the_table_agreed(app, privacy):
    import pygame

    app.game.view.panel.privacy = privacy
    state = app.session.state
    for zone in [z for z in state.zones if not state.soldiers[z]][:3]:
        tap_zone(app, zone)
    state = app.session.state
    icons = sorted(
        {"swords": "Swords", "map": "Map", "cannonball": "Cannon"}[state.edition.italy[c][0]]
        for c in state.hands[state.patriots[state.active].hand]
    )
    line = app.game.view.panel.hand_line(state)
    if privacy == "open":
        assert line == "Hand: " + ", ".join(icons)
    elif privacy == "count":
        assert line == f"Hand: 4 cards, {len(set(icons))} different icons"
    else:
        assert line == "Hand: 4 cards (hold Peek)"
        peek = next(b for b in app.buttons if b.label == "Peek")
        app.tap(peek.rect.center)
        assert app.game.view.panel.hand_line(state) == "Hand: " + ", ".join(icons)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=peek.rect.center, button=1))
        app.frame()
        assert app.game.view.panel.hand_line(state) == "Hand: 4 cards (hold Peek)"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_advanced_action_can_be_played_by_tapping(tmp_path, seed):
    """A random bot plays Helps, Strengthen, promotions, everything: all of it through taps."""
    from companion.games.milano1848.legal import random_action

    service = PrintService(SimPrinter(), tmp_path / "q.jsonl", retry_s=0.05)
    session = Session(
        Game(edition("milano1848"), Options(players=1 + seed, mode="advanced", seed=seed)),
        Devices(SimDie(), service),
    )
    app = App(session, headless=True)
    try:
        stats = app.autoplay(rounds=4, seed=seed, bot=random_action)
        kinds = {r.action.kind for r in session.game.records}
        assert {"help", "strengthen"} <= kinds
        assert stats.direct == 0
    finally:
        app.close()
        service.close()


def test_the_austrian_turn_is_shown_step_by_step_and_a_tap_skips_it(app):
    from companion.games.milano1848.state import AUSTRIAN_TURN
    from companion.tables.milano1848.animation import STEP_S, TurnAnimation
    from tests.games.milano1848.table import example_7_table

    table = example_7_table()
    before = table.state
    events = table.play(a.AustrianTurn(), [("zone", 16)])
    animation = TurnAnimation(before, events, started=0.0)
    board, text = animation.frame(0.1)
    assert text == "The Austrian turn" and board.soldiers == before.soldiers
    board, text = animation.frame(STEP_S + 0.01)
    assert text == "2.A Castle pours out: zone 1 -> 4" and board.soldiers[1] == 4 and board.soldiers[2] == 3
    board, _ = animation.frame(STEP_S * 40)
    assert board.soldiers == table.state.soldiers and board.owner == table.state.owner
    assert board.radetzky == 16 and (board.castle, board.reserve) == (table.state.castle, table.state.reserve)

    import random

    from companion.games.milano1848.bots import greedy_bot

    rng = random.Random(3)
    while app.session.state.step != AUSTRIAN_TURN:
        app.session.do(greedy_bot(app.session.state, rng))
    app.draw()
    tap_button(app, "Austrian turn")
    assert app.game.view.animation is not None and app.buttons == []
    app.tap((400, 240))
    app.draw()
    assert app.game.view.animation is None and any(b.label == "Conquer" for b in app.buttons)


def _desk(tmp_path):
    """The app as `companion run` builds it: journal, devices from the (default) config, checks."""
    import queue

    from companion import config as configuration
    from companion.app_command import Sessions
    from companion.devices import open_devices
    from companion.doctor import run_checks
    from companion.store import Store

    config = configuration.defaults()
    store = Store(tmp_path / "state")
    opened = open_devices(config, store.directory, queue.Queue().put, retry_s=0.05)
    sessions = Sessions(store, opened.devices)
    app = App(
        None,
        headless=True,
        tray=opened.tray,
        new_session=sessions.new,
        notice=store.notice,
        resume=(sessions.resumable, sessions.resume),
        check_devices=lambda: run_checks(config, opened, store, headless=True),
    )
    return app, store, opened


def test_after_a_restart_the_start_screen_offers_to_resume_exactly_there(tmp_path):
    import random

    from companion.games.milano1848 import stateio
    from companion.games.milano1848.bots import greedy_bot

    app, store, opened = _desk(tmp_path)
    app.draw()
    assert not any(b.label.startswith("Resume") for b in app.buttons)  # nothing to resume yet
    tap_button(app, "New game")
    tap_button(app, "Start")
    rng = random.Random(3)
    while app.session.state.round < 2:
        app.session.do(greedy_bot(app.session.state, rng))
    left_at = stateio.dumps(app.session.state)
    app.close(), opened.close(), store.close()  # the power goes

    app, store, opened = _desk(tmp_path)
    try:
        app.draw()
        resume = next(b for b in app.buttons if b.label.startswith("Resume"))
        assert resume.label.startswith("Resume Radetzky: Milano 1848: round 2, ")
        tap_button(app, resume.label)
        assert stateio.dumps(app.session.state) == left_at
        assert app.session.message == "Resumed: round 2."
    finally:
        app.close(), opened.close(), store.close()


def test_the_settings_screen_runs_the_hardware_check(tmp_path):
    import time

    app, store, opened = _desk(tmp_path)
    try:
        app.draw()
        tap_button(app, "Settings")
        tap_button(app, "Check")
        deadline = time.monotonic() + 10
        while app.lobby.settings.checks is None and time.monotonic() < deadline:
            time.sleep(0.05)
        app.draw()
        rows = {name: (mark, text) for name, mark, text, _ in app.lobby.settings.rows() if name}
        assert set(rows) == {"display", "journal", "clock", "camera", "die", "printer", "buttons"}
        assert rows["die"] == ("ok", "simulated on screen") and "integrity ok" in rows["journal"][1]
        drawn: list[tuple[str, int]] = []
        app.fonts.update({name: RecordingFont(font, drawn) for name, font in app.fonts.items()})
        app.draw()
        said = " ".join(text for text, _ in drawn)
        assert all(device in said for device in rows)  # each device on the 7-inch screen, a row or summed up
        tap_button(app, "Italiano")
        rows = {name: (mark, text) for name, mark, text, _ in app.lobby.settings.rows() if name}
        assert set(rows) == {"schermo", "registro", "orologio", "fotocamera", "dado", "stampante", "pulsanti"}
        assert rows["dado"] == ("ok", "simulato sullo schermo") and "integrità ok" in rows["registro"][1]
        tap_button(app, "English")
        tap_button(app, "Back")
        assert any(b.label == "New game" for b in app.buttons)
    finally:
        app.close(), opened.close(), store.close()


def test_a_repaired_journal_is_told_on_the_start_screen_until_a_tap(tmp_path):
    (tmp_path / "state").mkdir()
    (tmp_path / "state" / "journal.db").write_bytes(b"not a database" * 300)
    app, store, opened = _desk(tmp_path)
    try:
        app.draw()
        assert (
            app.lobby.notice.startswith("The journal was damaged")
            and "No backup was found" in app.lobby.notice
        )
        app.tap((400, 300))
        assert app.lobby.notice == ""
    finally:
        app.close(), opened.close(), store.close()


@pytest.mark.parametrize("privacy, shown", [("open", True), ("hidden", False)])
def test_the_stop_advice_shows_after_a_win_when_hands_are_open(app, privacy, shown):
    import random
    import time

    from companion.games.milano1848.bots import greedy_bot
    from companion.games.milano1848.state import CONTINUE

    app.game.view.panel.privacy = privacy
    rng = random.Random(2)
    while app.session.state.step != CONTINUE:
        app.session.do(greedy_bot(app.session.state, rng))
    deadline = time.monotonic() + 5
    while not app.session.looked_ahead and time.monotonic() < deadline:
        time.sleep(0.01)
    from companion.tables.milano1848.table import ahead_of
    from companion.tables.milano1848.texts import advice_text

    found = ahead_of(app.session.look_ahead())[0]  # worked out whatever the hands; shown only when open
    assert found is not None
    advice = advice_text(found)
    assert advice.startswith(("Continue: ", "Stop: ")) and "% to take another Soldier" in advice
    drawn: list[str] = []
    original = app.game.message
    app.game.message = lambda text, y, colour=None: drawn.append(text) or original(text, y, colour)
    app.draw()
    assert (advice in drawn) is shown


def test_nothing_changed_means_nothing_is_drawn(app):
    app.frame()
    drawn = len(app.stats.render_ms)
    for _ in range(5):
        app.frame()
    assert len(app.stats.render_ms) == drawn and app.stats.idle >= 5
    app.session.message = "Something to say."  # what the screen shows changed: draw again
    app.frame()
    assert len(app.stats.render_ms) == drawn + 1


def test_desk_mode_a_card_dragged_into_the_lens_is_read_by_the_camera_and_answers(tmp_path):
    import random
    import time

    import pygame

    from companion import config as configuration
    from companion.devices import open_devices
    from companion.games.milano1848.bots import greedy_bot

    config = configuration.parse('[camera]\nsource = "simulated"\n', "config.toml")
    opened = open_devices(config, tmp_path, lambda name: None, retry_s=0.05)
    session = Session(Game(edition("milano1848"), Options(players=3, seed=4)), opened.devices)
    app = App(session, headless=True)
    try:
        app.animate = False
        rng = random.Random(5)
        while session.state.step != ANSWER or session.state.fight.kind != "soldiers":
            session.do(greedy_bot(session.state, rng))
        app.frame()
        button = next(b for b in app.buttons if isinstance(b.action, a.Answer))
        card = button.action.cards[0]
        decisions = len(session.game.records)
        for kind, position in (
            (pygame.MOUSEBUTTONDOWN, button.rect.center),
            (pygame.MOUSEMOTION, app.game.lens.rect.center),
            (pygame.MOUSEBUTTONUP, app.game.lens.rect.center),
        ):
            pygame.event.post(pygame.event.Event(kind, pos=position, button=1))
        app.frame()
        assert len(session.game.records) == decisions  # not a tap: the camera has to read it
        deadline = time.monotonic() + 10
        while len(session.game.records) == decisions and time.monotonic() < deadline:
            app.frame()
            time.sleep(0.02)
        assert session.game.records[decisions].action == a.Answer((card,))
        assert app.game.lens.flash_until > 0  # the lens flashed green when the card was confirmed
        assert (
            app.game.chime.played == 1 and app.game.chime.sound is not None
        )  # and chimed (SDL's dummy speakers here)
        assert wait_for(lambda: opened.devices.cards.placed() == [], 5)  # answered: the card left the lens
    finally:
        app.close()
        opened.close()


def test_a_name_typed_over_the_games_own_replaces_it_and_a_second_edit_adds_to_it(tmp_path):
    app = App(None, headless=True, new_session=lambda game, options: None)
    try:
        app.draw()
        for label in ("3", "New game", "Carlo"):
            tap_button(app, label)
        for key in "ANNA":  # straight away, no Delete first: the rulebook's name is typed over
            tap_button(app, key)
        tap_button(app, "Done")
        assert app.lobby.players.names[0] == "Anna"
        tap_button(app, "Anna")  # a name the table typed is edited, not replaced
        tap_button(app, "Space")
        tap_button(app, "B")
        tap_button(app, "Done")
        tap_button(app, "Bartolomeo")
        tap_button(app, "Delete")  # one Delete empties the game's own name; Done puts it back
        assert app.lobby.players.names[1] == ""
        tap_button(app, "Done")
        assert app.lobby.players.names[:2] == ["Anna B", "Bartolomeo"]
    finally:
        app.close()


def test_names_typed_on_the_keyboard_and_colours_swapped_before_the_game(tmp_path):
    service = PrintService(SimPrinter(), tmp_path / "q.jsonl", retry_s=0.05)
    app = App(
        None,
        headless=True,
        new_session=lambda game, options: Session(
            Game(edition("milano1848"), options), Devices(SimDie(), service)
        ),
    )
    try:
        app.draw()
        for label in ("4", "New game", "Carlo"):
            tap_button(app, label)
        for _ in range(5):
            tap_button(app, "Delete")
        for key in "ANITA":
            tap_button(app, key)
        tap_button(app, "Done")
        assert app.lobby.players.names[0] == "Anita"
        swatch = next(b for b in app.buttons if b.label == "A")  # Anita's colour swatch, with her initial
        before = list(app.lobby.players.colours[:4])
        swatch.on_tap()
        assert (
            app.lobby.players.colours[0] != before[0] and len(set(app.lobby.players.colours)) == 5
        )  # no two share a colour
        app.draw()
        tap_button(app, "Start")
        state = app.session.state
        assert [p.name for p in state.patriots] == ["Anita", "Bartolomeo", "Luciano", "Gabrio"]
        assert app.game.view.board.colours[0] == app.lobby.players.colours[0]
        assert app.session.game.header()["options"]["names"] == ["Anita", "Bartolomeo", "Luciano", "Gabrio"]
    finally:
        app.close()
        service.close()


def test_table_decks_setup_zone_cards_by_tap_reveals_by_icon_and_hidden_cards_by_icon(tmp_path):
    from companion.games.milano1848.setup import setup_counts

    app, store, opened = _desk(tmp_path)
    try:
        app.draw()
        for label in ("4", "Own decks", "New game", "Start"):
            tap_button(app, label)
        assert app.lobby.before_game is not None and app.buttons[0].label == "Back"
        drawn = [8, 3, 5, 13, 14, 2, 10, 11, 15]
        assert len(drawn) == len(setup_counts(edition("milano1848"), app.lobby.before_game.options))
        board = app.lobby.before_game.board
        tap_zone_number = lambda zone: (app.tap(tuple(map(int, board.centres[zone]))), app.draw())  # noqa: E731
        tap_zone_number(drawn[0])
        tap_zone_number(drawn[0])  # the same card twice: refused, nothing changes
        assert "already drawn" in app.lobby.before_game.notice and app.lobby.before_game.zones == [8]
        for zone in drawn[1:]:
            tap_zone_number(zone)
        state = app.session.state
        assert not state.tracked and state.radetzky == 8
        assert [state.soldiers[z] for z in drawn] == setup_counts(edition("milano1848"), Options(players=4))
        assert all(
            card == "?" for hand in state.hands for card in hand
        )  # dealt face down: the companion cannot see
        free = [z for z in state.zones if not state.soldiers[z]]
        for zone in free[:4]:
            tap_zone(app, zone)
        session = app.session
        import random  # a bot walks the Patriots to a fight, as a table would

        from companion.games.milano1848.bots import greedy_bot

        rng = random.Random(1)
        for _ in range(60):
            if session.needed is not None or session.state.step == ANSWER:
                break
            session.do(greedy_bot(session.state, rng))
        assert session.needed is not None  # Austria's card is revealed from the table's deck: name its icon
        assert session.needed[1] == "austria" and "tap its icon" in session.message
        app.draw()
        tap_button(app, "Swords")
        assert session.state.step == ANSWER and session.state.fight.revealed
        app.draw()
        hidden = [b for b in app.buttons if b.label.endswith("(hand)")]
        assert {b.label for b in hidden} == {"Swords (hand)", "Map (hand)", "Cannon (hand)"}
        decisions = len(session.game.records)
        tap_button(app, "Cannon (hand)")
        assert len(session.game.records) == decisions + 1
        played = session.game.records[-1].action.cards[0]
        assert session.state.edition.italy[played][0] == "cannonball"
    finally:
        app.close(), opened.close(), store.close()


def test_the_chosen_colours_come_back_on_resume(tmp_path):
    app, store, opened = _desk(tmp_path)
    try:
        app.draw()
        tap_button(app, "New game")
        next(b for b in app.buttons if b.label == "C").on_tap()  # Carlo's colour: the next one
        app.draw()
        tap_button(app, "Start")
        chosen = list(app.game.view.board.colours)
        assert chosen[0] == 1
    finally:
        app.close(), opened.close(), store.close()
    app, store, opened = _desk(tmp_path)
    try:
        app.draw()
        tap_button(app, next(b.label for b in app.buttons if b.label.startswith("Resume")))
        assert app.game.view.board.colours == chosen
    finally:
        app.close(), opened.close(), store.close()


def test_table_decks_face_down_cards_strengthen_a_help_named_by_icon(tmp_path):
    from companion.tables.milano1848.choices import TABLE_DECKS

    service = PrintService(SimPrinter(), tmp_path / "q.jsonl", retry_s=0.05)
    app = App(
        None,
        headless=True,
        new_session=lambda game, options, cards=(): Session(
            Game(edition(game), options, cards), Devices(SimDie(), service)
        ),
    )
    try:
        app.lobby.start_screen.chosen.privacy, app.lobby.start_screen.chosen.mode = TABLE_DECKS, "advanced"
        app.lobby._start("milano1848", app.lobby.start_screen.chosen.options(seed=3))
        app.lobby._start_with(("Carlo", "Bartolomeo", "Luciano", "Gabrio"), [0, 1, 2, 3])
        board = app.lobby.before_game.board
        for zone in (8, 3, 5, 13, 14, 2, 10, 11, 15):
            app.tap(tuple(map(int, board.centres[zone])))
        app.draw()
        tap_button(app, "Done")  # the set-up's players page (the First Player, the hands)
        state = app.session.state
        for zone in [z for z in state.zones if not state.soldiers[z]][:4]:
            tap_zone(app, zone)
        hand = app.session.state.hands[app.session.state.patriots[app.session.state.active].hand]
        hidden = hand.count("?")
        for label in ("Strengthen", "Rifle", "Swords ?", "Place"):
            tap_button(app, label)
        record = app.session.game.records[-1]
        assert record.action.kind == "strengthen" and record.action.help == "rifle"
        assert app.session.state.edition.italy[record.action.cards[0]] == ("swords", "rifle")
        state = app.session.state
        assert state.hands[state.patriots[state.active].hand].count("?") == hidden - 1
        assert record.action.cards[0] in state.tiles["rifle"]
    finally:
        app.close()
        service.close()


def test_the_chime_is_two_short_notes_that_fade_out():
    from companion.ui.chime import NOTES, RATE, VOLUME, samples

    sound = samples()
    assert len(sound) == sum(int(RATE * seconds) for _, seconds in NOTES)  # 0.2 s in all
    assert max(abs(v) for v in sound) <= 32767 * VOLUME
    assert abs(sound[int(RATE * NOTES[0][1]) - 2]) < 500  # faded out before the second note: no click


def test_table_decks_setup_zone_cards_shown_to_the_camera(tmp_path):
    import time

    from companion.tables.milano1848.choices import TABLE_DECKS

    camera = SimCamera(card_registry(), fps=200)
    service = PrintService(SimPrinter(), tmp_path / "q.jsonl", retry_s=0.05)
    app = App(
        None,
        headless=True,
        camera=camera,
        new_session=lambda game, options, cards=(): Session(
            Game(edition(game), options, cards), Devices(SimDie(), service)
        ),
    )
    try:
        app.lobby.start_screen.chosen.privacy = TABLE_DECKS
        app.lobby._start("milano1848", app.lobby.start_screen.chosen.options(seed=3))
        app.lobby._start_with(("Carlo", "Bartolomeo", "Luciano", "Gabrio"), [0, 1, 2, 3])
        for zone in (8, 3):
            camera.show(f"zone-{zone:02d}")
            deadline = time.monotonic() + 10
            while zone not in app.lobby.before_game.zones and time.monotonic() < deadline:
                app.frame()
                time.sleep(0.02)
            camera.take()
        assert app.lobby.before_game.zones == [8, 3]
    finally:
        app.close()
        camera.close()
        service.close()


def drawn_texts(app) -> list[str]:
    """The sentences the panel draws (the app's own wrapping, recorded)."""
    said: list[str] = []
    original = app.game.message
    app.game.message = lambda text, y, colour=None: said.append(text) or original(text, y, colour)
    try:
        app.draw()
    finally:
        app.game.message = original
    return said


@pytest.mark.parametrize("language", ["en", "it"])
def test_long_sentences_never_push_a_button_under_another_and_are_24_px(tmp_path, language):
    import random

    from companion import i18n
    from companion.games.milano1848.bots import greedy_bot

    printer = SimPrinter()
    service = PrintService(printer, tmp_path / "q.jsonl", retry_s=0.05)
    session = Session(
        Game(edition("milano1848"), Options(players=4, mode="advanced", seed=2)), Devices(SimDie(), service)
    )
    app = App(session, headless=True, tray=printer.tray)  # desk mode: the Ticket button joins the bottom row
    drawn: list[tuple[str, int]] = []
    app.fonts.update({name: RecordingFont(font, drawn) for name, font in app.fonts.items()})
    sentences = 0
    i18n.use(language)
    try:
        app.animate, rng = False, random.Random(4)
        app.draw()
        for _page in range(2):  # the set-up's pages: Next, then Done
            app.tap(app.buttons[0].rect.center)
            app.draw()
        for step in range(400):  # noqa: B007  (the steps taken are checked after the loop)
            if session.over:
                break
            session.do(a.Move(99))  # a refusal on screen at every step, with whatever else is said
            app.draw()
            rects = [b.rect for b in app.buttons if b.action != ("menu",)]  # the menu's: on the board
            for i, one in enumerate(rects):
                assert app.game.panel.contains(one), (session.state.step, one)
                assert not any(one.colliderect(other) for other in rects[i + 1 :]), session.state.step
            if session.message:
                assert session.message in drawn_texts(app)
            said = [(text, px) for text, px in drawn if len(text.split()) >= 3]  # sentences, not labels
            assert all(px >= 24 for _, px in said), [text for text, px in said if px < 24]
            sentences, drawn[:] = sentences + len(said), []
            session.do(greedy_bot(session.state, rng))
        assert sentences >= step > 10  # the refusal's first line at least, at every step
    finally:
        i18n.use("en")
        app.close()
        service.close()


def test_table_decks_the_fighters_tap_in_their_icons_and_see_the_odds(tmp_path):
    import random
    import time

    from companion.games.milano1848.bots import greedy_bot
    from companion.tables.milano1848.texts import advice_text

    service = PrintService(SimPrinter(), tmp_path / "q.jsonl", retry_s=0.05)
    setup = [("zone", z) for z in (8, 3, 5, 13, 14, 2, 10)]
    session = Session(
        Game(edition("milano1848"), Options(players=3, seed=5, tracked=False), setup),
        Devices(SimDie(), service),
    )
    app = App(session, headless=True)
    try:
        rng = random.Random(3)
        while not (
            session.state.step == "act"
            and session.state.soldiers[session.state.patriots[session.state.active].zone]
            and session.state.patriots[session.state.active].zone != session.state.radetzky
        ):  # a zone where the Soldiers may be fought (not Radetzky's)
            action = greedy_bot(session.state, rng)
            if not session.do(action) and session.needed is not None:
                session.cancel_card()
                session.do(a.EndTurn())
        app.draw()
        assert app.game.view.advice(session) is None  # face-down cards: nothing to work the odds out from
        for label in ("Odds", "+ Swords (0)", "+ Swords (1)", "+ Map (0)", "Show the odds"):
            tap_button(app, label)
        deadline = time.monotonic() + 5
        while not session.looked_ahead and time.monotonic() < deadline:
            time.sleep(0.01)
        advice = app.game.view.advice(session)
        assert advice is not None and advice.soldiers is not None
        assert "Fight the Soldiers: " in advice_text(advice)
        assert session.table.told is not None and session.table.told[1] == (2, 1, 0)
    finally:
        app.close()
        service.close()


def test_each_clash_is_told_with_both_cards_and_the_fight_with_its_zone(app):
    import random

    from companion.games.milano1848.bots import greedy_bot

    session, rng = app.session, random.Random(7)
    app.animate = False  # the Austrian turns are not watched here
    told: list[str] = []
    for _ in range(600):
        if session.over:
            break
        state = session.state
        if state.step == ANSWER and state.fight is not None and state.fight.kind == "soldiers":
            app.draw()
            zone = state.patriots[state.active].zone
            who = state.patriots[state.active].name
            assert f"{who}: fight in zone {zone}" in app.game.view.panel.headline(state)
            shown = ", ".join(icon_name(state.edition.austria[c]) for c in state.fight.revealed)
            answer = next(b for b in app.buttons if isinstance(b.action, a.Answer))
            played = icon_name(state.edition.italy[answer.action.cards[0]][0])
            app.tap(answer.rect.center)
            app.draw()
            news = [text for text, _ in app.game.lines() if text.startswith(played)]
            assert news and shown in news[0], app.game.lines()
            told.append(news[0])
            continue
        session.do(greedy_bot(state, rng))
    outcomes = {"beats": "into the Lens", "a tie": "a tie", "loses": "loses to"}
    assert sum(any(mark in line for line in told) for mark in outcomes.values()) >= 2, (
        told
    )  # several kinds seen
    assert any("The fight is lost: the Lens goes back to the zone." in line for line in told), told


def test_a_fight_against_radetzky_ends_in_one_sentence():
    import random

    from companion.games.milano1848.bots import greedy_bot
    from companion.tables.milano1848.texts import fight_news

    endings = set()
    for seed in range(40):
        game, rng = Game(edition("milano1848"), Options(players=4, seed=seed)), random.Random(seed)
        while game.state.step != "over" and len(game.records) < 400:
            before, action = game.state, greedy_bot(game.state, rng)
            events = game.play(action)
            if isinstance(action, a.Answer) and before.fight is not None and before.fight.kind == "radetzky":
                news = fight_news(before, action, events)
                assert news in (
                    "Radetzky holds: the fight is lost.",
                    f"Radetzky is beaten: he goes to zone {game.state.radetzky}.",
                ), news
                endings.add(news.split(":")[0])
        if len(endings) == 2:
            break
    assert endings == {"Radetzky holds", "Radetzky is beaten"}


def test_a_hardware_check_too_long_for_the_screen_still_names_every_device():
    from companion import doctor
    from companion.doctor import Check
    from hardware.text import Sentence

    unplugged = Sentence("No die box found on USB (looking for {ids}).", ids="2e8a:0005")
    checks = [
        Check(
            name,
            True,
            Sentence(
                "{path}: {count} saved games, integrity ok", path="/var/lib/companion/journal.db", count=3
            ),
        )
        for name in (
            doctor.DISPLAY,
            doctor.JOURNAL,
            doctor.CLOCK,
            doctor.CAMERA,
            doctor.PRINTER,
            doctor.BUTTONS,
        )
    ]
    checks.insert(4, Check(doctor.DIE, False, unplugged, doctor._die_fix(unplugged)))
    app = App(None, headless=True, new_session=lambda game, options: None, check_devices=lambda: checks)
    try:
        app.lobby.showing_settings, app.lobby.settings.checks = True, checks
        drawn: list[tuple[str, int]] = []
        app.fonts.update({name: RecordingFont(font, drawn) for name, font in app.fonts.items()})
        app.draw()
        said = " ".join(text for text, _ in drawn)
        assert "No die box found" in said and "udev rule" in said  # the failure and its fix come first
        assert all(str(check.name) in said for check in checks)
        assert "(details: companion doctor)" in said  # the rows that did not fit, summed up
    finally:
        app.close()


def test_a_journal_path_longer_than_a_line_is_broken_after_its_slashes_not_cut_off_the_screen():
    from companion import doctor
    from companion.doctor import Check
    from hardware.text import Sentence
    from tests.ui.test_layout import problems

    long_path = "/home/a-rather-long-user-name/.local/share/table-companion/journal-of-the-club.db"
    journal = Sentence("{path}: {count} saved games, integrity ok", path=long_path, count=0)
    checks = [Check(doctor.JOURNAL, True, journal)]
    app = App(None, headless=True, new_session=lambda game, options: None, check_devices=lambda: checks)
    try:
        app.lobby.showing_settings, app.lobby.settings.checks = True, checks
        assert not problems(app)
        drawn: list[tuple[str, int]] = []
        app.fonts.update({name: RecordingFont(font, drawn) for name, font in app.fonts.items()})
        app.draw()
        lines = [text for text, _ in drawn]
        assert any(line.endswith("table-companion/") or line.endswith("share/") for line in lines), lines
        assert (
            "".join(line for line in lines if "/" in line or "journal" in line).count("journal-of-the-club")
            == 1
        )
    finally:
        app.close()
