"""Milano 1848 at a real table (issue 14): what a new table tripped on, through the app's own taps."""

from __future__ import annotations

import os
import time

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion.assets import edition  # noqa: E402
from companion.games.milano1848.game import Game  # noqa: E402
from companion.games.milano1848.setup import Options  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.ui.app import App  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402
from tests.ui.test_app import tap_button, tap_zone  # noqa: E402


def test_the_settings_check_leaves_the_apps_own_display_alone(tmp_path):
    import queue

    from companion import config as configuration
    from companion.app_command import Sessions, app_checks
    from companion.devices import open_devices
    from companion.store import Store

    config = configuration.defaults()
    store = Store(tmp_path / "state")
    opened = open_devices(config, store.directory, queue.Queue().put, retry_s=0.05)
    app = App(
        None,
        headless=True,
        tray=opened.tray,
        new_session=Sessions(store, opened.devices).new,
        check_devices=app_checks(config, opened, store, headless=False),  # as on the Pi: a real screen
    )
    try:
        app.draw()
        tap_button(app, "Settings")
        tap_button(app, "Check")
        deadline = time.monotonic() + 10
        while app.lobby.settings.checks is None and time.monotonic() < deadline:
            time.sleep(0.05)
        app.draw()  # the app's window still works
        rows = {name: (mark, text) for name, mark, text, _ in app.lobby.settings.rows() if name}
        assert rows["display"] == ("ok", "working: this screen shows the app (SDL video driver dummy)")
        tap_button(app, "Back")
        assert any(b.label == "New game" for b in app.buttons)
    finally:
        app.close(), opened.close(), store.close()


def _app(tmp_path, **options):
    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    app = App(
        Session(Game(edition("milano1848"), Options(**options)), Devices(SimDie(), service)), headless=True
    )
    app.draw()
    return app, service


def _shown(app) -> str:
    """Every text drawn on the screen just now, joined."""
    from tests.ui.test_app import RecordingFont

    drawn: list[tuple[str, int]] = []
    fonts = dict(app.fonts)
    app.fonts.update({name: RecordingFont(font, drawn) for name, font in fonts.items()})
    app.draw()
    app.fonts.update(fonts)
    return " ".join(text for text, _ in drawn)


@pytest.mark.parametrize("players, seed", [(3, 4), (4, 6), (5, 2)])
def test_the_prompt_names_the_patriot_the_tap_places_first_player_first(tmp_path, players, seed):
    app, service = _app(tmp_path, players=players, seed=seed)
    try:
        _set_up(app)
        state = app.session.state
        first = state.first_player
        assert first != 0  # these seeds draw a First Player who is not the first name
        free = [z for z in state.zones if not state.soldiers[z]]
        for turn in range(players):
            placing = (first + turn) % players
            name = app.session.state.patriots[placing].name
            headline = app.game.view.headline(app.session)
            assert headline[1] == (
                f"First Player {name}: tap a zone" if turn == 0 else f"Place {name}: tap a zone"
            )
            tap_zone(app, free[turn])
            assert app.session.state.patriots[placing].zone == free[turn]
    finally:
        app.close(), service.close()


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_the_set_up_screen_tells_the_first_player_and_every_step_done_by_hand(tmp_path, mode):
    app, service = _app(tmp_path, players=4, seed=6, mode=mode)
    try:
        state = app.session.state
        board = _shown(app)
        assert "Shuffle the other revealed Zone cards back into the Zone deck." in board
        if mode == "advanced":
            assert f"Zone {state.radetzky}'s card goes left of the Advanced board: not Available." in board
        else:
            assert f"Zone {state.radetzky}'s card stays face up: Available." in board
        tap_button(app, "Next: the players")
        players = _shown(app)
        first = state.patriots[state.first_player].name
        assert f"First Player: {first} (takes the First Player card)." in players
        assert "Each player draws 4 Italy cards, First Player first." in players
        advanced = ("every Help tile on its Base side" in players, "Combat cube on track space 4." in players)
        assert advanced == ((True, True) if mode == "advanced" else (False, False))  # 4 players: space 4
        tap_button(app, "Back")
        assert "Shuffle the other" in _shown(app)
    finally:
        app.close(), service.close()


def test_a_resumed_hidden_game_stays_hidden_with_peek(tmp_path):
    import random

    from companion.games.milano1848.bots import greedy_bot
    from companion.games.milano1848.state import ACT
    from tests.ui.test_app import _desk

    app, store, opened = _desk(tmp_path)
    try:
        app.draw()
        for label in ("Hidden", "New game", "Start"):
            tap_button(app, label)
        rng = random.Random(3)
        while not (app.session.state.step == ACT and app.session.state.round == 2):
            app.session.do(greedy_bot(app.session.state, rng))
    finally:
        app.close(), opened.close(), store.close()  # the power goes

    app, store, opened = _desk(tmp_path)
    try:
        app.draw()
        tap_button(app, next(b.label for b in app.buttons if b.label.startswith("Resume")))
        panel = app.game.view.panel
        assert panel.hand_line(app.session.state) == "Hand: 4 cards (hold Peek)"
        assert any(b.label == "Peek" for b in app.buttons)
    finally:
        app.close(), opened.close(), store.close()


def card_face(state, card):
    from companion.tables.milano1848.helps import card_face as face

    return face(state, card)


def _set_up(app):
    """The set-up screen's two pages, read: Next, then Done."""
    tap_button(app, "Next: the players")
    tap_button(app, "Done")


def _to_phase_1(app):
    _set_up(app)
    state = app.session.state
    for zone in [z for z in state.zones if not state.soldiers[z]][: len(state.patriots)]:
        tap_zone(app, zone)


def _labels(app) -> list[str]:
    return [b.label for b in app.buttons]


def _hold_peek(app):
    import pygame

    peek = next(b for b in app.buttons if b.label == "Peek")
    app.tap(peek.rect.center)  # pressed: held until the finger lifts
    app.draw()
    return lambda: (
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=peek.rect.center, button=1)),
        app.frame(),
    )


def test_hidden_hands_name_no_card_on_the_help_and_strengthen_lists_unless_peek_is_held(tmp_path):
    app, service = _app(tmp_path, players=3, seed=4, mode="advanced", hands="hidden")
    try:
        _to_phase_1(app)
        state = app.session.state
        hand = state.hands[state.patriots[state.active].hand]
        faces = sorted(card_face(state, c) for c in hand)  # "Swords (Balloon)" and the like
        assert app.game.view.panel.hand_line(state) == "Hand: 4 cards (hold Peek)"
        tap_button(app, "Help")
        assert _labels(app)[:4] == ["Card 1", "Card 2", "Card 3", "Card 4"] and "Peek" in _labels(app)
        release = _hold_peek(app)
        assert app.game.view.panel.hand_line(state) == "Hand: " + ", ".join(faces)  # icons and Helps
        assert _labels(app)[0] != "Card 1"  # the cards' Helps, while Peek is held
        release()
        app.draw()
        assert _labels(app)[:4] == ["Card 1", "Card 2", "Card 3", "Card 4"]
        tap_button(app, "Cancel")
        tap_button(app, "Strengthen")
        tap_button(app, "Balloon")
        assert _labels(app)[:4] == ["Card 1", "Card 2", "Card 3", "Card 4"]
    finally:
        app.close(), service.close()


def test_an_icon_count_hand_is_seen_by_its_holder_with_peek(tmp_path):
    app, service = _app(tmp_path, players=3, seed=4, hands="count")
    try:
        _to_phase_1(app)
        state = app.session.state
        assert app.game.view.panel.hand_line(state).startswith("Hand: 4 cards, ")
        release = _hold_peek(app)
        icons = sorted(card_face(state, c) for c in state.hands[state.patriots[state.active].hand])
        assert app.game.view.panel.hand_line(state) == "Hand: " + ", ".join(icons)
        release()
        assert app.game.view.panel.hand_line(state).startswith("Hand: 4 cards, ")
    finally:
        app.close(), service.close()


def test_fighting_together_each_answer_says_whose_card_it_is(tmp_path):
    """Strength in unity: two Patriots in the fight's zone; each answer button names its holder."""
    from companion.games.milano1848 import actions as a
    from companion.games.milano1848.state import ANSWER

    app, service = _app(tmp_path, players=3, seed=4)
    try:
        _set_up(app)
        session = app.session
        state = session.state
        board = state.edition.board
        home, target = next(
            (z, y)
            for z in state.zones
            if not state.soldiers[z]
            for y in sorted(board.neighbours[z])
            if state.soldiers[y] and y != state.radetzky
        )
        for _ in state.patriots:
            tap_zone(app, home)
        first = session.state.active
        session.do(a.Move(target))
        session.do(a.EndTurn())
        second = session.state.active
        session.do(a.Move(target))
        session.do(a.FightSoldiers())
        app.draw()
        state = session.state
        assert state.step == ANSWER
        names = {state.patriots[first].name[0], state.patriots[second].name[0]}  # Carlo, Bartolomeo
        answers = [b for b in app.buttons if isinstance(b.action, a.Answer)]
        for button in answers:  # "Map C": the holder's initial, as on the pawns
            card = button.action.cards[0]
            holder = next(p.name for p in state.patriots if card in state.hands[p.hand])
            assert button.label.endswith(f" {holder[0]}"), button.label
        assert {b.label.rsplit(" ", 1)[1] for b in answers} == names
    finally:
        app.close(), service.close()


def test_initials_tell_the_fighters_apart():
    from companion.tables.milano1848.panel import initials

    assert initials(["Carlo", "Bartolomeo"]) == {"Carlo": "C", "Bartolomeo": "B"}
    assert initials(["Carlo", "Cesare", "Luciano"]) == {"Carlo": "Ca", "Cesare": "Ce", "Luciano": "Lu"}


def test_a_fight_is_taken_back_by_touch_while_answering(tmp_path):
    """The revealed card's warning says "Undo again": both Undos are taps on the screen."""
    import random

    from companion.games.milano1848.bots import greedy_bot
    from companion.games.milano1848.state import ACT, ANSWER

    app, service = _app(tmp_path, players=3, seed=4)
    try:
        _to_phase_1(app)
        session, rng = app.session, random.Random(2)
        while session.state.step != ANSWER:
            session.do(greedy_bot(session.state, rng))
        app.draw()
        tap_button(app, "Undo")
        assert session.state.step == ANSWER and "Undo again" in session.message
        tap_button(app, "Undo")
        assert session.state.step == ACT and session.message.startswith("Undone")
    finally:
        app.close(), service.close()


def _said(language, text):
    from companion import i18n

    i18n.use(language)
    try:
        return text()
    finally:
        i18n.use("en")


def test_the_odds_read_right_in_both_languages():
    """Made-up odds (not a game's): one Soldier in the Lens, 1,5 removed on average by continuing."""
    from companion.games.milano1848.odds import Advice, Outlook
    from companion.tables.milano1848.texts import advice_text

    def outlook(expected, win):
        return Outlook(expected, win, "", lambda: ())

    stop = Advice(go=outlook(0.75, 0.4), stop=outlook(1.0, 0.0))
    go = Advice(go=outlook(1.5, 0.75), stop=outlook(1.0, 0.0))
    assert advice_text(stop) == (
        "Stop: that removes the 1 Soldier in the Lens. Continuing has 40% to take another Soldier, "
        "60% to lose it (0.75 removed on average)."
    )
    italian = _said("it", lambda: advice_text(go))
    assert "1,50" in italian and "perdere i 1" not in italian and "1.50" not in italian
    assert "1,3 eliminati" in _said("it", lambda: advice_text(Advice(soldiers=1.26)))


def test_counts_agree_with_their_nouns_and_round_is_not_turn(tmp_path):
    from companion.tables.milano1848.texts import setup_lines, threat_text

    assert threat_text(frozenset({7}), None) == "Next Austrian turn: zone 7 falls (red)."
    app, service = _app(tmp_path, players=4, seed=6)
    try:
        lines = setup_lines(app.session.state)
        assert not [line for line in lines if line.startswith("1 Soldiers") or "zones 8." in line], lines
        assert "Radetzky and 3 Soldiers on zone 8." in lines
        _to_phase_1(app)
        panel = app.game.view.panel
        panel.privacy = "hidden"
        state = app.session.state
        state.hands[state.patriots[state.active].hand][1:] = []  # one card left (invented, to read the line)
        assert panel.hand_line(state) == "Hand: 1 card (hold Peek)"
        headline = _said("it", lambda: app.game.view.headline(app.session))
        assert headline[0] == "Round 1"  # a round in Italian; "Turno" is a player's turn (Fine turno)
    finally:
        app.close(), service.close()


def test_undone_is_told_in_ink_and_a_refusal_in_alarm_red(tmp_path):
    from companion.ui import theme

    app, service = _app(tmp_path, players=3, seed=4)
    try:
        _set_up(app)
        state = app.session.state
        tap_zone(app, next(z for z in state.zones if state.soldiers[z]))  # refused: Soldiers there
        assert app.game.lines()[0][1] == theme.ALERT
        tap_zone(app, next(z for z in state.zones if not state.soldiers[z]))
        tap_button(app, "Undo")
        assert app.game.lines()[0] == ("Undone: place.", theme.INK)
    finally:
        app.close(), service.close()


def test_companion_run_players_and_seed_reach_the_start_screen_and_the_game(tmp_path):
    """`companion run --players 3 --seed 5`: the start screen shows 3 chosen; the game has seed 5."""
    import queue

    from companion import config as configuration
    from companion.app_command import Sessions, _choices
    from companion.cli import build_parser
    from companion.devices import open_devices
    from companion.store import Store
    from companion.ui import theme

    args = build_parser().parse_args(["run", "--players", "3", "--seed", "5", "--headless"])
    store = Store(tmp_path / "state")
    opened = open_devices(configuration.defaults(), store.directory, queue.Queue().put, retry_s=0.05)
    app = App(
        None,
        headless=True,
        new_session=Sessions(store, opened.devices).new,
        choices=_choices("milano1848", args),
    )
    try:
        app.draw()
        chosen = {b.label for b in app.buttons if b.colour == theme.ITALY_GREEN}
        assert "3" in chosen and not {"1", "2", "4", "5"} & chosen
        assert "Table Companion - Radetzky: Milano 1848 (seed 5)" in _shown(app)
        tap_button(app, "New game")
        tap_button(app, "Start")
        state = app.session.state
        assert (state.players, state.seed) == (3, 5)
        assert app.session.game.header()["options"]["seed"] == 5
    finally:
        app.close(), opened.close(), store.close()


def test_a_desk_keyboard_types_names_with_accents_enter_is_done_escape_cancels(tmp_path):
    import pygame

    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    app = App(
        None,
        headless=True,
        new_session=lambda game, options: Session(
            Game(edition("milano1848"), options), Devices(SimDie(), service)
        ),
    )

    def keys(*events):
        for kind, value in events:
            if kind == "text":
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=value))
            else:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(value), mod=0))
        app.frame()

    try:
        app.draw()
        for label in ("3", "New game", "Carlo"):
            tap_button(app, label)
        keys(*[("key", "backspace")] * 5, ("text", "N"), ("text", "iccolò"), ("key", "return"))
        assert app.lobby.players.editing is None and app.lobby.players.names[0] == "Niccolò"
        tap_button(app, "Bartolomeo")
        keys(("text", "nr"), ("key", "escape"))  # n and r are table buttons' keys elsewhere; here letters
        assert app.lobby.players.names[1] == "Bartolomeo" and app.lobby.players.editing is None
        tap_button(app, "Luciano")
        tap_button(app, "Cancel")  # the touch keyboard's Cancel too
        assert app.lobby.players.names[2] == "Luciano"
        tap_button(app, "Luciano")
        for key in ("Delete",) * 7 + ("M", "O", "S", "È"):
            tap_button(app, key)
        tap_button(app, "Done")
        tap_button(app, "Start")
        assert [p.name for p in app.session.state.patriots] == ["Niccolò", "Bartolomeo", "Mosè"]
    finally:
        app.close(), service.close()


def test_the_advanced_game_shows_its_cube_tiles_not_available_zones_and_confirms_a_strengthen(tmp_path):
    from companion.games.milano1848 import actions as a
    from companion.ui import theme

    app, service = _app(tmp_path, players=3, seed=4, mode="advanced")
    try:
        _to_phase_1(app)
        session = app.session
        state = session.state
        assert app.game.view.headline(session)[0] == "Round 1, cube 3/8"  # 3 players: the cube starts on 3
        lines = [text for text, _ in app.game.view.lines(session)]
        zones = ", ".join(map(str, sorted(state.not_available)))
        assert f"Not Available: {zones}." in lines
        hand = state.hands[state.patriots[state.active].hand]
        card = hand[0]
        tap_button(app, "Strengthen")
        hint = app.game.view.lines(session)[0][0]
        assert hint == "Help tiles: Balloon 0/3, Martinitt 0/3, Rifle 0/3, Barricade 0/4, Noblewoman 0/4."
        tap_button(app, "Cancel")
        tile = state.edition.italy[card][1]
        session.do(a.Strengthen(tile, (card,)))
        name, needed = tile.capitalize(), 3 + (tile in ("barricade", "noblewoman"))
        done = f"Strengthened: 1 of {needed} cards under the {name} tile."
        assert app.game.view.lines(session)[0] == (done, theme.ITALY_GREEN)
        icon = {"swords": "Swords", "map": "Map", "cannonball": "Cannon"}[state.edition.italy[card][0]]
        tap_button(app, "Strengthen")
        assert f"{name} 1/{needed} {icon}" in app.game.view.lines(session)[0][0]
    finally:
        app.close(), service.close()


def test_a_barricade_is_a_striped_barrier_not_a_letter_like_a_pawns(tmp_path):
    import pygame

    from companion.ui import theme
    from tests.ui.test_app import RecordingFont

    app, service = _app(tmp_path, players=3, seed=4, mode="advanced", names=("Bruno", "Lia", "Carlo"))
    try:
        _to_phase_1(app)
        state = app.session.state
        board = app.game.view.board
        zone = next(z for z in state.zones if not state.patriots_in(z) and z != state.radetzky)
        x, y = board.centres[zone]
        spot = pygame.Rect(int(x + board.radius * 0.6), int(y) - 4, board.radius // 2, 8)

        def drawn():
            surface = pygame.Surface(app.screen.get_size())
            seen: list = []
            board.draw(surface, state, {k: RecordingFont(f, seen) for k, f in app.fonts.items()})
            red = sum(
                surface.get_at((px, py))[:3] == theme.ALERT
                for px in range(spot.left, spot.right)
                for py in range(spot.top, spot.bottom)
            )
            return red, [text for text, _ in seen]

        red_before, texts_before = drawn()
        state.barricades.append(zone)  # a Barricade there (set by hand, for the drawing only)
        red_after, texts_after = drawn()
        assert red_before == 0 and red_after > spot.width  # red stripes across the zone's edge
        assert texts_after.count("B") == texts_before.count("B")  # only Bruno's pawn says B
    finally:
        app.close(), service.close()


def test_with_the_tables_own_decks_the_first_player_and_the_hands_are_told_too(tmp_path):
    setup = [("zone", z) for z in (8, 3, 5, 13, 14, 2, 10)]
    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    game = Game(edition("milano1848"), Options(players=3, seed=5, tracked=False), setup)
    app = App(Session(game, Devices(SimDie(), service)), headless=True)
    try:
        app.draw()
        first = game.state.patriots[game.state.first_player].name
        said = _shown(app)
        assert f"First Player: {first} (takes the First Player card)." in said
        assert "Each player draws 4 Italy cards, First Player first." in said
        assert [b.label for b in app.buttons] == ["Done"]  # the board was set up card by card before
        tap_button(app, "Done")
        assert app.game.view.headline(app.session)[1] == f"First Player {first}: tap a zone"
    finally:
        app.close(), service.close()
