"""Italy '43-'45 in the app: offered on the start screen, played through taps by the autoplay bot (the deck
build, the set-up, cards with eligibility, operations and passes, one offensive), a card read by the
simulated desk camera, the refusals and costs shown before a tap, undo of a reveal asked twice, a ticket
per card and per offensive within 100 mm, the Clash die on the LED die, resume after kill -9, the
journal's commands, Italian."""

from __future__ import annotations

import os
import queue
import random
import re
import signal
import subprocess
import sys
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from companion import config as configuration  # noqa: E402
from companion import i18n  # noqa: E402
from companion.assets import edition  # noqa: E402
from companion.cards_command import card_registry  # noqa: E402
from companion.cli import main  # noqa: E402
from companion.devices import open_devices  # noqa: E402
from companion.games.italy4345 import RULES, Game, Options  # noqa: E402
from companion.games.italy4345 import actions as a  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.store import Journal, Store  # noqa: E402
from companion.tables import find_table  # noqa: E402
from companion.tables.italy4345.pages import page_of  # noqa: E402
from companion.ui.app import App  # noqa: E402
from firmware_bridge.fakebox import FakeBox  # noqa: E402
from hardware.document import Text  # noqa: E402
from hardware.faces import QUESTION, pips  # noqa: E402
from hardware.paper import paper_mm  # noqa: E402
from hardware.printer import PrintService, escpos_bytes  # noqa: E402
from hardware.scanner import wait_for  # noqa: E402
from hardware.sim.camera import SimCamera  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402

GAME = "italy4345"


class KeptPrinter(SimPrinter):
    """The desk's printer, keeping each document it printed for the test to read."""

    def __init__(self) -> None:
        super().__init__()
        self.printed: list = []

    def print(self, document) -> None:
        super().print(document)
        self.printed.append(document)


@pytest.fixture
def service(tmp_path):
    printing = PrintService(KeptPrinter(), tmp_path / "q.jsonl", retry_s=0.05)
    yield printing
    printing.close()


def open_app(service, seed=3, camera=None, journal_dir=None, options=None):
    game = Game(edition(GAME), options or Options(seed=seed))
    journal = None
    if journal_dir is not None:
        journal = Journal.start(Store(journal_dir), game)
    session = Session(game, Devices(SimDie(), service, camera), journal=journal)
    app = App(session, headless=True)
    app.animate = False
    app.draw()
    return app


def tap(app, marker):
    """Tap the spot on the left square or the panel's button with this marker (as autoplay does)."""
    view = app.game.view
    app.draw()
    button = next(b for b in [*view.spots, *app.buttons] if b.action == marker)
    app.tap(button.rect.center)
    app.draw()


def first_card(game, pieces, order):
    """The test's own position: these pieces, 5 resources each, then Event 11 with this faction order."""
    game.play(a.Adjust("test", pieces, tuple((f, 5) for f in ("ger", "rsi", "cln", "aut"))))
    game.play(a.Answer("events.event-11", {"order": order, "symbols": []}))
    game.play(a.Reveal("event-11"))


def labels(app):
    app.draw()
    return [b.label for b in app.buttons]


def play_until(app, done, seed=3, limit=400):
    """The bot's decisions, each through taps (12 at most, as `companion run --autoplay`)."""
    module, rng = find_table(GAME), random.Random(seed)
    for _ in range(limit):
        if done(app.session.state):
            return
        action = module.bot(app.session.state, rng)
        decisions = len(app.session.game.records)
        for _tap in range(12):
            target = module.next_tap(app, action)
            assert target is not None, f"no button toward {action}"
            app.tap(target)
            app.draw()
            if len(app.session.game.records) != decisions:
                break
        assert len(app.session.game.records) == decisions + 1, (action, app.session.message)
    raise AssertionError("the bot never got there")


def test_the_start_screen_offers_the_game_with_its_deck_choices(tmp_path):
    chosen = []
    app = App(None, headless=True, new_session=lambda game, options: chosen.append((game, options)))
    try:
        app.draw()
        next(b for b in app.buttons if b.label == "Italy '43-'45").on_tap()
        app.draw()
        assert {"Standard: 45 cards", "Longer: 55 cards", "The table", "The companion"} <= set(labels(app))
        next(b for b in app.buttons if b.label == "Longer: 55 cards").on_tap()
        assert app.lobby.start_screen.title() == "Table Companion - Italy '43-'45 (data L0)"
        assert app.lobby.start_screen.chosen.options(5) == Options(long_deck=True, seed=5)
    finally:
        app.close()


def test_autoplay_builds_the_deck_plays_ten_cards_and_an_offensive_through_taps(service):
    app = open_app(service, seed=3)
    try:
        stats = app.autoplay(rounds=10, seed=3)
        state, records = app.session.state, app.session.game.records
        kinds = [r.action.kind for r in records]
        assert stats.direct == 0  # every decision was reached by tapping the screen
        assert any(r.action.kind == "score" and r.action.hand for r in records)  # terms counted by hand
        assert state.card_index >= 10 and state.offensives_done == 1
        assert {"pass", "op", "clash-die", "answer", "battle", "score", "income", "done"} <= set(kinds)
        assert any(step.pick for r in records if r.action.kind == "op" for step in r.action.steps)  # picked
        history = app.session.game.history
        moved = [i for i, r in enumerate(records) if r.action.kind == "move-pawn"]
        assert any(history.before(i).pawn != records[i].action.area for i in moved)  # the pawn moved
        # the print service works in a thread of its own: wait for the last ticket, not the first
        assert wait_for(lambda: "Offensive 1" in [t.title for t in service.printer.printed], 30)
        titles = [t.title for t in service.printer.printed]
        assert "Offensive 1" in titles and sum(t.startswith("Card ") for t in titles) >= 8
        assert all(paper_mm(escpos_bytes(t, "POS-5890")) <= 100 for t in service.printer.printed)
    finally:
        app.close()


def test_companion_run_autoplay_plays_the_game_and_prints_its_tickets(capsys, tmp_path):
    argv = ["run", "--game", GAME, "--headless", "--autoplay", "--rounds", "10", "--seed", "2"]
    code = main([*argv, "--ticket-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0 and ", 0 actions without a button" in out
    assert "tickets printed: " in out and list(tmp_path.glob("ticket-*.png"))


def test_the_deck_build_is_guided_step_by_step_then_the_set_up(service):
    app = open_app(service)
    try:
        seen = []
        while app.game.view.page(app.session) == "build":
            seen.append(app.game.view.desk.build_step)
            assert "Done, next step" in labels(app)
            tap(app, ("build-next",))
        assert seen == [0, 1, 2, 3, 4, 5]
        assert app.game.view.page(app.session) == "setup" and "Done: set up" in labels(app)
    finally:
        app.close()


def test_a_card_shown_to_the_desk_camera_is_revealed_as_a_tap_would(service):
    camera = SimCamera(card_registry(), fps=200)
    app = open_app(service, camera=camera)
    try:
        play_until(app, lambda s: s.card_index == 0 and s.resources["cln"] > 0)  # built and set up
        assert app.session.wants_cards
        camera.show("event-07", 0)  # the marker on the card's face; the files lack its order: asked
        view = app.game.view

        def asked():
            app.frame()
            return (
                page_of(view.page(app.session), view.desk, app.session.state).title
                == "Event 7: what it shows"
            )

        assert wait_for(asked, 10)
        for faction in ("cln", "ger", "rsi", "aut"):
            tap(app, ("order", faction))
        tap(app, ("answer", "events.event-07"))
        tap(app, a.Reveal("event-07"))  # the card read, as a tap on its number would
        assert app.session.state.card_index == 1
        assert app.session.game.records[-1].action == a.Reveal("event-07")
        assert app.game.view.page(app.session) == "choose"
        camera.show("offensive-03", 1)  # a card now means nothing: never a decision
        for _ in range(20):
            app.frame()
        assert app.session.state.card_index == 1
    finally:
        app.close()
        camera.close()


def test_a_card_whose_order_is_known_is_revealed_by_the_camera_alone(service):
    camera = SimCamera(card_registry(), fps=200)
    app = open_app(service, camera=camera)
    try:
        play_until(app, lambda s: s.card_index == 0 and s.resources["cln"] > 0)
        answer = a.Answer("events.event-09", {"order": ["ger", "rsi", "cln", "aut"], "symbols": []})
        assert app.session.do(answer)
        records = len(app.session.game.records)
        camera.show("event-09", 0)
        assert wait_for(lambda: (app.frame(), app.session.state.card_index == 1)[1], 10)
        assert len(app.session.game.records) == records + 1  # one decision, no tap
        assert app.session.game.records[-1].action == a.Reveal("event-09")
    finally:
        app.close()
        camera.close()


def test_a_new_cards_order_is_asked_once_then_eligibility_follows_it(service):
    app = open_app(service)
    try:
        play_until(app, lambda s: s.card_index == 0 and s.resources["cln"] > 0)
        for digit in (4, 2):
            tap(app, ("digit", digit))
        tap(app, a.Reveal("event-42"))  # the files lack its order: asked, not revealed
        page = page_of(app.game.view.page(app.session), app.game.view.desk, app.session.state)
        assert app.session.state.card_index == 0 and page.title == "Event 42: what it shows"
        for faction in ("cln", "aut", "ger", "rsi"):
            tap(app, ("order", faction))
        tap(app, ("answer", "events.event-42"))
        tap(app, a.Reveal("event-42"))
        state = app.session.state
        assert state.card_index == 1 and state.order == ["cln", "aut", "ger", "rsi"]
        assert "Pass (+1)" in labels(app)  # CLN acts first and passes for 1 (§6.1.2)
        tap(app, a.Pass())
        assert app.session.state.resources["cln"] == 6
        tap(app, ("choice", "op"))  # the Autonomous faction, next in the card's order
        assert [s.label for s in app.game.view.spots[:4]] == ["Gathering", "Liberation", "March", "Clash"]
    finally:
        app.close()


def test_an_operation_beyond_the_resources_is_refused_in_one_sentence_before_the_tap(service):
    app = open_app(service)
    try:
        play_until(app, lambda s: s.step == "choose")
        faction = app.session.game.active()
        state = app.session.state
        state.resources[faction] = 0  # nothing to pay with (the test's own position)
        tap(app, ("choice", "op"))
        op = {"ger": "reinforce", "rsi": "conscription", "cln": "enlist", "aut": "gathering"}[faction]
        tap(app, ("op", op))
        tap(app, ("area", "milano"))
        lines = [text for text, _colour in app.game.view.lines(app.session)]
        assert any("refused" in line for line in lines), lines
        records = len(app.session.game.records)
        action = next(b.action for b in app.buttons if isinstance(b.action, a.Op))
        tap(app, action)
        assert len(app.session.game.records) == records and "refused" in app.session.message
        assert "Traceback" not in app.session.message and app.session.message.count(".") <= 2
    finally:
        app.close()


def test_adjust_sets_loyalty_liberation_sabotage_disk_terrain_and_the_cln_reserve(service):
    app = open_app(service)
    try:
        play_until(app, lambda s: s.card_index == 1)
        game = app.session.game
        game.play(a.Adjust("test", (("area-x", "type", "countryside"), ("area-x", "ger", 1))))
        tokens = game.state.cln_reserve_tokens
        tap(app, ("adjust-open",))
        tap(app, ("res", "tokens"))
        tap(app, ("plus", "field"))
        tap(app, ("plus", "field"))
        tap(app, ("area", "milano"))
        marks = [b.label for b in app.game.view.spots if b.action[0] == "mark"]
        assert marks == ["Neutral", "Occupied", "Disk intact"], marks  # a city: no sabotage, no terrain
        tap(app, ("mark", "loyalty"))
        tap(app, ("mark", "loyalty"))  # neutral > Resistance > Collaborationist
        tap(app, ("mark", "disk"))
        tap(app, ("area", "area-x"))
        assert [b.action[1] for b in app.game.view.spots if b.action[0] == "mark"] == [
            *("loyalty", "liberated", "sabotage", "type")
        ]
        tap(app, ("mark", "sabotage"))
        tap(app, ("mark", "type"))
        tap(app, ("mark", "liberated"))  # a German troop holds it: refused before the tap
        lines = [text for text, _colour in app.game.view.lines(app.session)]
        assert "area-x cannot be liberated while Axis troops hold it." in lines, lines
        tap(app, ("mark", "liberated"))  # back to occupied
        records = len(game.records)
        tap(app, next(b.action for b in app.buttons if isinstance(b.action, a.Adjust)))
        assert len(game.records) == records + 1, app.session.message
        milano, x = game.state.area("milano"), game.state.area("area-x")
        assert (milano.loyalty, milano.disk, milano.liberated) == ("coll", "bombed", False)
        assert (x.sabotage, x.type, x.liberated) == (True, "mountain", False)
        assert game.state.cln_reserve_tokens == tokens + 2
        replayed = RULES.replay(edition(GAME), game.header(), [r.to_dict() for r in game.records])
        assert replayed.state == game.state
    finally:
        app.close()


def test_the_round_end_asks_for_pockets_and_the_redistribution_moves_the_troops_and_the_pawn(service):
    app = open_app(service)
    try:
        play_until(app, lambda s: s.offensive is not None and s.offensive.step == "B")
        game = app.session.game
        liberated = (("roma", "liberated", True), ("roma", "aa", 2), ("ancona", "ger", 1))
        no_garrison = tuple((x, "aut_troops", 0) for x, area in game.state.areas.items() if area.aut_troops)
        game.play(a.Adjust("test", liberated + no_garrison))  # the test's own position: no troop to garrison
        app.draw()
        tap(app, ("area", "ancona"))
        tap(app, ("pocket",))  # ancona is cut off: a pocket (step E)
        tap(app, ("area", "trieste"))
        tap(app, ("freed",))  # trieste is now south of the troops (step F)
        texts = page_of("battle", app.game.view.desk, game.state).texts
        assert "At the round's end: pockets Ancona; now liberated Trieste." in texts, texts
        while game.state.step == "offensive":
            tap(app, next(b.action for b in app.buttons if isinstance(b.action, a.EndRound)))
            assert game.state.area("ancona").liberated and game.state.area("ancona").ger == 0
            assert game.state.area("trieste").liberated
        assert game.state.step == "redistribute"
        tap(app, ("area", "roma"))
        tap(app, ("area", "ancona"))
        tap(app, ("plus", "n"))  # 2 Anglo-American troops from Roma to Ancona
        tap(app, ("add-move",))
        tap(app, ("pawn",))
        while app.game.view.desk.pawn != "ancona":
            tap(app, ("pawn",))
        tap(app, next(b.action for b in app.buttons if isinstance(b.action, a.Redistribute)))
        wanted = a.Redistribute((("roma", "ancona", 2, 0),), "ancona")
        assert game.records[-1].action == wanted, app.session.message
        assert game.state.pawn == "ancona" and game.state.area("ancona").aa == 2
    finally:
        app.close()


def test_an_event_card_where_an_offensive_must_be_names_the_position(service):
    app = open_app(service, seed=4)
    try:
        game = app.session.game
        game.state.resources = {"ger": 5, "rsi": 5, "cln": 5, "aut": 5}
        for number in range(1, 10):  # nine events: card 9 should be pile 1's offensive card
            card = f"event-{number:02d}"
            game.play(a.Answer(f"events.{card}", {"order": ["ger", "rsi", "cln", "aut"], "symbols": []}))
            game.play(a.Reveal(card))
            game.play(a.Pass())
            game.play(a.Pass())
            game.play(a.Pass())
            game.play(a.Pass())
        app.draw()
        lines = [text for text, _colour in app.game.view.lines(app.session)]
        assert "Card 9 should be pile 1's offensive card; the deck was built differently." in lines
    finally:
        app.close()


def test_undo_of_a_reveal_asks_twice_and_says_to_put_the_card_back(service):
    app = open_app(service)
    try:
        play_until(app, lambda s: s.card_index == 1)
        card = app.session.state.current
        tap(app, ("undo",))
        assert app.session.state.card_index == 1
        assert f"put Event {int(card.split('-')[1])} back on top of the deck" in app.session.message
        tap(app, ("undo",))
        assert app.session.state.card_index == 0 and app.session.message == "Undone: card revealed."
    finally:
        app.close()


def wait_until(condition, timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        time.sleep(0.02)


@pytest.fixture
def on_the_box(tmp_path):
    """An app on the fake die box (a real pseudo-terminal, the firmware's logic) as `companion run` opens
    it, the box's button wired to the table buttons; the first card played to a Clash in Genova, chosen
    on the operation builder but not declared: (app, box, the table buttons' queue)."""
    config = configuration.parse(f'[die]\nport = "{tmp_path / "companion-die"}"\n', "config.toml")
    presses: queue.Queue[str] = queue.Queue()
    with FakeBox(tmp_path / "companion-die") as box:
        opened = open_devices(config, tmp_path, presses.put, retry_s=0.05)
        game = Game(edition(GAME), Options(seed=3))
        app = App(Session(game, opened.devices), headless=True, presses=presses)
        app.animate = False
        try:
            wait_until(lambda: opened.devices.die.online)
            first_card(
                game, (("genova", "aut_hidden", 2), ("genova", "rsi", 2)), ["aut", "ger", "rsi", "cln"]
            )
            app.draw()
            tap(app, ("choice", "op"))
            tap(app, ("op", "clash"))
            tap(app, ("area", "genova"))
            yield app, box, presses
        finally:
            app.close()
            opened.close()


def test_the_led_die_asks_while_a_clash_is_declared_then_shows_its_pips(on_the_box):
    """The box on a real pseudo-terminal (the fake firmware) receives "?" when the Clash is declared,
    then the pips of the die typed in; the declaration is a decision of the record, replayed."""
    app, box, _presses = on_the_box
    game = app.session.game
    assert not any(isinstance(b.action, a.Op) for b in app.buttons)  # declared first
    tap(app, a.ClashDie("genova"))
    assert game.records[-1].action == a.ClashDie("genova") and game.state.die_pending == "genova"
    wait_until(lambda: box.face == QUESTION.rows)
    assert app.session.do(a.Pass()) is False and "pending in Genova" in app.session.message
    tap(app, ("die", 2))  # the table's own die, typed in
    tap(app, next(b.action for b in app.buttons if isinstance(b.action, a.Op)))
    assert game.records[-1].drawn == (2,) and game.state.die_pending == ""
    wait_until(lambda: box.face == pips(2).rows)
    replayed = RULES.replay(edition(GAME), game.header(), [r.to_dict() for r in game.records])
    assert replayed.state == game.state


def test_the_box_button_throws_a_declared_clash_with_the_companions_die_and_nothing_else(on_the_box):
    """Spec 6 of the Road to Novara's kind here too: a press on the die box's button (the real pty link
    to the fake firmware) plays the declared Clash as the screen's button would, the companion's die
    thrown; before the Clash is declared, and when the table types its own die, a press does nothing."""
    app, box, presses = on_the_box
    game = app.session.game

    def pressed() -> None:
        box.press()
        wait_until(lambda: not presses.empty())
        app.frame()

    records = len(game.records)
    pressed()  # not declared yet: the press means nothing
    assert len(game.records) == records and app.session.message == ""
    tap(app, a.ClashDie("genova"))
    tap(app, ("die", 4))  # the table's own die chosen: a press still means nothing
    pressed()
    assert game.state.die_pending == "genova"
    tap(app, ("die", 0))  # the companion's die
    pressed()
    played = game.records[-1]
    assert isinstance(played.action, a.Op) and played.action.op == "clash"
    assert len(played.drawn) == 1 and game.state.die_pending == ""


def test_the_operation_builder_enters_picks_a_special_activity_mid_way_and_sabotages_target(service):
    app = open_app(service)
    try:
        game = app.session.game
        pieces = (("milano", "rsi", 2), ("milano", "loyalty", "res"), ("torino", "rsi", 1))
        first_card(game, pieces, ["rsi", "ger", "aut", "cln"])
        app.draw()
        tap(app, ("choice", "op"))
        tap(app, ("op", "assault"))
        tap(app, ("area", "milano"))
        tap(app, ("pick", "res"))  # the Resistance token goes (no CLN brigade is left)
        assault = a.Op("assault", (a.Step("milano", 1, "", ("res",)),))
        assert app.game.view.desk.main_action(game.state, "op") == assault
        tap(app, assault)
        assert game.records[-1].action == assault, app.session.message
        assert game.state.area("milano").loyalty == "neutral" and game.state.resources["rsi"] == 5 - 1 + 1
        desk = app.game.view.desk  # a CLN Shooting with Sabotage between its two areas, against RSI
        desk.choose("op+sa")
        desk.op, desk.sa = "shooting", "sabotage"
        desk.pick_area("genova")
        desk.switch_part("sa")
        desk.pick_area("area-s")
        app.draw()
        tap(app, ("target", "rsi"))
        tap(app, ("part", "op"))
        tap(app, ("area", "torino"))
        wanted = a.Op(
            "shooting",
            (a.Step("genova", 1), a.Step("torino", 1)),
            "sabotage",
            (a.Step("area-s", 1),),
            1,
            "rsi",
        )
        assert desk.main_action(game.state, "op") == wanted
    finally:
        app.close()


def test_with_the_owners_map_the_start_screen_offers_9_2_and_each_faction_places_by_taps(
    service, monkeypatch
):
    from companion import assets
    from companion.tables.italy4345.choices import Choices
    from tests.games.italy4345.helpers import fixture_edition  # INVENTED map (tests only)

    choices = Choices()
    assert "Set-up" not in [heading for heading, _row in choices.rows()]  # no map: no terrain to place on
    with monkeypatch.context() as patched:  # the owner's map is there
        patched.setattr(assets, "edition", lambda game: fixture_edition())
        row = dict(choices.rows())["Set-up"]
        next(tap for label, _on, tap in row if label == "Alternative (9.2)")()
        options = choices.options(seed=3)
    assert options.alternative_setup
    game = Game(fixture_edition(), options)
    app = App(Session(game, Devices(SimDie(), service)), headless=True)
    app.animate = False
    try:
        for _ in range(6):
            tap(app, ("build-next",))
        placements = {
            "ger": (("roma", "napoli", "milano"), ("area-21", "area-21")),
            "rsi": (
                ("area-01", "area-31", "area-12"),
                ("torino", "genova", "firenze"),
                ("roma", "napoli", "milano", "area-01"),
            ),
            "cln": (("ndh", "area-22", "area-22", "area-13"), ("area-22", "area-13", "area-24", "area-35")),
            "aut": (("france", "area-01", "area-01", "area-21"),),
        }
        for faction, parts in placements.items():
            assert app.game.view.page(app.session) == "place" and game.state.placing[0] == faction
            for k, areas in enumerate(parts):
                tap(app, ("place-part", k))
                for area in areas:
                    tap(app, ("area", area))
            tap(app, next(b.action for b in app.buttons if isinstance(b.action, a.Place)))
            assert game.records[-1].action == a.Place(*parts), app.session.message
        assert game.state.step == "reveal" and game.state.resources == {
            "ger": 20,
            "rsi": 8,
            "cln": 4,
            "aut": 8,
        }
    finally:
        app.close()


def test_every_screen_word_is_italian_in_italian(service):
    i18n.use("it")
    try:
        app = open_app(service)
        try:
            texts, board = [], []
            for _ in range(6):
                texts += labels(app) + [s.label for s in app.game.view.spots]
                texts += app.game.view.headline(app.session)
                view = app.game.view
                board += page_of(view.page(app.session), view.desk, app.session.state).texts
                tap(app, ("build-next",))
            assert not english(board), board  # the deck build's steps
            play_until(app, lambda s: s.step == "choose")
            texts += labels(app) + app.game.view.headline(app.session)
            texts += [t for t, _c in app.game.view.lines(app.session)]
            untranslated = {"Done, next step", "Undo", "Pass (+1)", "Operation", "Adjust", "Reveal a card"}
            assert not untranslated & set(texts), untranslated & set(texts)
            assert any("Passa" in t for t in texts) and any("Annulla" in t for t in texts)
        finally:
            app.close()
    finally:
        i18n.use("en")


ENGLISH = {  # words of the engine's English sentences that Italian never uses
    *("refused", "costs", "resources", "has", "the", "is", "not", "no", "troop", "troops", "brigade"),
    *("hidden", "production", "population", "done", "left", "by", "hand", "Germany", "Autonomous"),
    *("offensives", "areas", "cities", "tokens", "bases", "it", "goes", "with", "only", "name"),
}


def english(lines):
    return [line for line in lines if ENGLISH & set(re.findall(r"[A-Za-z]+", line))]


def test_an_italian_screen_with_a_refusal_or_the_scores_shows_no_english(service):
    i18n.use("it")
    try:
        app = open_app(service)
        try:
            play_until(app, lambda s: s.step == "choose")
            faction = app.session.game.active()
            app.session.state.resources[faction] = 0  # nothing to pay with (the test's own position)
            tap(app, ("choice", "op"))
            op = {"ger": "reinforce", "rsi": "conscription", "cln": "enlist", "aut": "gathering"}[faction]
            tap(app, ("op", op))
            tap(app, ("area", "milano"))
            lines = [text for text, _colour in app.game.view.lines(app.session)]
            assert any("non si può" in line for line in lines) and not english(lines), lines
            tap(app, next(b.action for b in app.buttons if isinstance(b.action, a.Op)))
            assert "non si può" in app.session.message and not english([app.session.message])
            app.session.state.resources[faction] = 9  # paid for now: the operation's own reason
            lines = [text for text, _colour in app.game.view.lines(app.session)] + [app.session.message]
            assert any("non si può" in line for line in lines) and not english(lines), lines
            tap(app, ("back",))
            play_until(app, lambda s: s.step == "income")
            lines = [text for text, _colour in app.game.view.lines(app.session)]
            assert any(line.startswith("Germania") and "produzione" in line for line in lines), lines
            assert not english(lines), lines
        finally:
            app.close()
    finally:
        i18n.use("en")


def test_every_operation_a_refusal_names_is_said_in_italian():
    from companion.games.italy4345 import ops
    from companion.games.italy4345.errors import Sentence

    i18n.use("it")
    try:
        names = [n.replace("_", " ").capitalize() for n in (*ops.OPERATIONS, *ops.SPECIALS, *ops.CIVIC)]
        same = [n for n in names if i18n.translate(Sentence(n)) == n]
        assert set(same) == {"Propaganda"}, same  # the one word both languages share
    finally:
        i18n.use("en")


def test_a_game_journaled_resumes_and_the_commands_list_show_export_and_replay_it(
    tmp_path, service, capsys, monkeypatch
):
    app = open_app(service, journal_dir=tmp_path)
    try:
        play_until(app, lambda s: s.card_index == 3)
        shown = app.session.state
    finally:
        app.close()
    store = Store(tmp_path)
    try:
        saved = store.games()[0]
        assert saved.header["format"] == "companion/italy4345-record" and saved.round == 3
        resumed = store.load(saved.id)
        assert resumed.state.card_index == shown.card_index and resumed.state.resources == shown.resources
        record = tmp_path / "game.jsonl"
        record.write_text(store.export(saved.id))
    finally:
        store.close()
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path))
    assert main(["games", "list"]) == 0 and "Italy '43-'45" in capsys.readouterr().out
    assert main(["games", "show", str(saved.id)]) == 0 and "card 3" in capsys.readouterr().out
    assert main(["replay", str(record)]) == 0 and '"card_index": 3' in capsys.readouterr().out
    assert main(["games", "import", str(record)]) == 0
    assert len(Store(tmp_path).games()) == 2


def test_a_resumed_game_keeps_the_players_names_and_resume_says_the_card_and_who_leads(tmp_path, service):
    from companion.app_command import Sessions
    from companion.tables.italy4345.choices import Choices

    names = ("Ada", "Bruno", "Carla", "Dino")
    options = Choices().named(Options(seed=3), names)
    store = Store(tmp_path)
    try:
        sessions = Sessions(store, Devices(SimDie(), service))
        assert sessions.resumable() is None
        session = sessions.new(GAME, options)
        app = App(session, headless=True)
        app.animate = False
        app.draw()
        play_until(app, lambda s: s.step == "income")  # an offensive scored: someone leads
        scores, cards = session.state.scores, session.state.card_index
        app.close()
        best = max(scores.values())
        said = sessions.resumable()
        assert said == f"Resume Italy '43-'45: La Resa Dei Conti: card {cards}, offensive 1 under way"
        resumed = Sessions(store, Devices(SimDie(), service)).resume()
        assert resumed.game.options.names == names
        assert resumed.message.startswith(f"Resumed: card {cards}, offensive 1 under way; ")
        assert resumed.message.endswith(f" ahead with {best} points.")
        app = App(resumed, headless=True)
        try:
            assert app.game.view.desk.names == names
        finally:
            app.close()
    finally:
        store.close()


def test_an_offensive_resumed_mid_way_prints_the_whole_offensive(tmp_path, service):
    from companion.app_command import Sessions
    from companion.tables.italy4345.words import area_name

    store = Store(tmp_path)
    try:
        sessions = Sessions(store, Devices(SimDie(), service))
        app = App(sessions.new(GAME, Options(seed=3)), headless=True)
        app.animate = False
        app.draw()
        play_until(app, lambda s: s.offensive is not None and bool(s.offensive.fought))  # a battle fought
        assert app.session.state.offensive is not None
        fought = area_name(app.session.state.offensive.fought[0])
        app.close()
        app = App(Sessions(store, Devices(SimDie(), service)).resume(), headless=True)  # a new table
        app.animate = False
        try:
            app.draw()
            play_until(app, lambda s: s.offensive is None)
            assert wait_for(lambda: any(t.title == "Offensive 1" for t in service.printer.printed), 5)
            ticket = next(t for t in service.printer.printed if t.title == "Offensive 1")
            lines = [b.text for b in ticket.blocks if isinstance(b, Text)]
            assert lines[0].startswith("OFFENSIVE 1 of 5  power"), lines
            assert any(line.startswith((f" {fought} AA ", f"{fought} ")) for line in lines), (fought, lines)
        finally:
            app.close()
    finally:
        store.close()


def test_the_games_end_prints_a_final_ticket_with_the_winner_the_reason_and_the_seed(service):
    from companion.games.italy4345.model import Offensive

    app = open_app(service, options=Options(seed=7, deck_mode="companion"))
    try:
        state = app.session.state  # the second offensive's score step (the test's own position)
        state.offensives_done, state.offensive, state.step = 1, Offensive("offensive-2", 1), "score"
        hand = (("ger", "production", 4), ("rsi", "population", 3), ("aut", "production", 2))
        hand += (("cln", "cities", 9), ("cln", "areas", 5))
        assert app.session.do(a.Score(hand=hand)), app.session.message
        assert app.session.state.winner == "cln"
        assert wait_for(lambda: any(t.title == "Game over" for t in service.printer.printed), 5)
        ticket = next(t for t in service.printer.printed if t.title == "Game over")
        text = " | ".join(
            b.text if isinstance(b, Text) else f"{b.left} {b.right}"
            for b in ticket.blocks
            if hasattr(b, "text") or hasattr(b, "left")
        )
        assert "CLN wins" in text and "15+ points at offensive 2" in text, text
        assert "CLN 17" in text and "Companion deck, seed 7" in text and "0 cards of 45" in text, text
        assert paper_mm(escpos_bytes(ticket, "POS-5890")) <= 100
    finally:
        app.close()


def test_a_ticket_per_card_says_who_acted_and_who_is_eligible_next(service):
    from companion.tickets.italy4345 import card_ticket

    app = open_app(service)
    try:
        play_until(app, lambda s: s.card_index == 2 and s.step == "reveal")
    finally:
        app.close()
    assert wait_for(lambda: len(service.printer.printed) >= 2, 5)
    ticket = service.printer.printed[-1]
    text = " ".join(b.text for b in ticket.blocks if isinstance(b, Text))
    assert "Eligible:" in text and "Not eligible:" in text and "Offensive in 7 cards (card 9)." in text
    assert paper_mm(escpos_bytes(ticket, "POS-5890")) <= 100
    crowded = card_ticket(app.session.state, [f"Line {n} of a crowded card." for n in range(80)])
    assert paper_mm(escpos_bytes(crowded, "POS-5890")) <= 100  # the rest is counted on its last line


def _killed_run(env, seed, decisions):
    """`companion run --game italy4345 --autoplay --resume`, killed with SIGKILL once it has committed
    this many more decisions (counted on its --trace-journal lines, so a loaded machine's slow start
    never kills it before it plays)."""
    command = [sys.executable, "-m", "companion.cli", "run", "--game", GAME, "--headless", "--autoplay"]
    command += ["--resume", "--rounds", "99", "--seed", str(seed), "--trace-journal"]
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    for line in child.stdout:
        if line.startswith(("committed", "resumed")):
            lines.append(line.strip())
        if sum(seen.startswith("committed") for seen in lines) >= decisions:
            child.send_signal(signal.SIGKILL)
            break
    child.wait()
    err = child.stderr.read()
    child.stdout.close()
    child.stderr.close()
    assert "Traceback" not in err, err
    return lines


@pytest.mark.slow
def test_killed_with_sigkill_the_game_resumes_exactly_where_it_was(tmp_path):
    from tests.companion.test_crash import _check_journal, _journal_position

    env = {
        **os.environ,
        "COMPANION_STATE_DIR": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "COMPANION_CONFIG": str(tmp_path / "none.toml"),
    }
    rng, seen, resumed = random.Random(4345), set(), 0
    expected = None
    for _kill in range(6):
        lines = _killed_run(env, rng.randrange(100), rng.randrange(3, 40))
        if expected is not None and lines and lines[0].startswith("resumed"):
            _, n, digest = lines[0].split()
            assert (int(n), digest) == expected  # the very decision and state the journal holds
            resumed += 1
        _check_journal(tmp_path, lines, seen)
        expected = _journal_position(tmp_path)
    assert resumed >= 4


@pytest.mark.parametrize("language,said", [("en", "Milano cannot be liberated"), ("it", "Milano non")])
def test_a_refused_tap_names_the_area_as_the_screen_does(service, language, said):
    i18n.use(language)
    try:
        app = open_app(service)
        try:
            play_until(app, lambda s: s.card_index == 1)
            game = app.session.game
            game.play(a.Adjust("test", (("milano", "ger", 1),)))  # the test's own position
            tap(app, ("adjust-open",))
            tap(app, ("area", "milano"))
            tap(app, ("mark", "liberated"))  # a German troop holds it
            records = len(game.records)
            tap(app, next(b.action for b in app.buttons if isinstance(b.action, a.Adjust)))
            assert len(game.records) == records
            assert app.session.message.startswith(said) and "milano" not in app.session.message
        finally:
            app.close()
    finally:
        i18n.use("en")


def clipped(app):
    """The labels drawn now (the board's spots and the panel's buttons) that do not show whole."""
    from companion.ui.widgets import label_fits

    app.draw()
    painter = app.game.painter
    fonts = (painter.body, painter.fonts["small"])
    shown = [*app.game.view.spots, *(b for b in app.buttons if b.label != i18n._("Menu"))]  # an icon
    return [b.label for b in shown if not label_fits(b.label, b.rect, *fonts)]


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "it"])
def test_no_operation_or_special_activity_label_is_clipped_for_any_faction(service, language):
    from companion.tables.italy4345.pages import ops_of, sas_of

    i18n.use(language)
    try:
        app = open_app(service)
        try:
            play_until(app, lambda s: s.step == "choose")
            found = []
            for faction in [f for f in app.session.state.order if f in app.session.state.eligible]:
                app.session.state.cursor = app.session.state.order.index(faction)  # the test's own position
                tap(app, ("choice", "op+sa"))
                for op in ops_of(faction):
                    tap(app, ("op", op))
                    for sa in sas_of(op):
                        tap(app, ("sa", sa))
                        found += [f"{faction} {op} {sa}: {label}" for label in clipped(app)]
                tap(app, ("back",))
            assert not found, found
        finally:
            app.close()
    finally:
        i18n.use("en")


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "it"])
def test_no_italy4345_screen_has_a_clipped_label_or_a_text_left_out(language):
    from tests.ui.test_layout import screenshots_script

    found = []

    def check(app, name):
        if app.game is not None:
            found.extend(f"{name}: {label}" for label in clipped(app))
            found.extend(f"{name}: text left out: {text}" for text in app.game.view.hidden)  # room too small

    i18n.use(language)
    try:
        screenshots_script().italy4345_screens("", check, (800, 480))
    finally:
        i18n.use("en")
    assert not found, found


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_value_the_files_lack_is_asked_naming_the_file_it_belongs_in(service, language):
    i18n.use(language)
    try:
        app = open_app(service)
        try:
            play_until(app, lambda s: s.card_index == 0 and s.resources["cln"] > 0)  # built and set up
            assert not app.session.do(a.Reveal("event-12"))  # the shipped events.toml lacks its order
            said = app.session.message
            assert "(events.toml)" in said and said.count(i18n._("Event {n}").format(n=12)) == 1, said
            assert " is not " not in said, said  # "order and symbols is": no verb to agree
        finally:
            app.close()
    finally:
        i18n.use("en")


@pytest.mark.parametrize("started,shown", [("en", "it"), ("it", "en")])
def test_the_factions_default_names_kept_are_never_shown_as_a_player_in_the_other_language(
    service, started, shown
):
    from companion.tables.italy4345.choices import Choices

    i18n.use(started)
    try:
        choices = Choices()
        _count, defaults = choices.names(Options(seed=3))
        options = choices.named(Options(seed=3), defaults)  # no name typed: the factions' own kept
        i18n.use(shown)
        app = open_app(service, options=options)
        try:
            play_until(app, lambda s: s.step == "choose")
            view = app.game.view
            title = page_of(view.page(app.session), view.desk, app.session.state).title
            assert "(" not in title, title  # "Tocca a Germania (Germany)"
        finally:
            app.close()
    finally:
        i18n.use("en")


def test_a_refusal_shown_before_the_tap_is_not_said_twice_once_the_tap_is_refused(service):
    app = open_app(service)
    try:
        play_until(app, lambda s: s.step == "choose")
        app.session.state.resources[app.session.game.active()] = 0  # nothing to pay with (the test's own)
        tap(app, ("choice", "op"))
        tap(app, next(b.action for b in app.game.view.spots if b.action[0] == "op"))
        tap(app, ("area", "milano"))
        tap(app, next(b.action for b in app.buttons if isinstance(b.action, a.Op)))
        said = [text for text, _colour in app.game.view.lines(app.session)] + [app.session.message]
        assert app.session.message and said.count(app.session.message) == 1, said
    finally:
        app.close()


@pytest.fixture(params=["en", "it"])
def app(service, request):
    """The app on the table's first screen, in English then in Italian (English again after)."""
    i18n.use(request.param)
    opened = open_app(service)
    yield opened
    opened.close()
    i18n.use("en")


def places(app, markers):
    """Where each of these spots or buttons is drawn now (None: not shown)."""
    app.draw()
    found = {b.action: tuple(b.rect) for b in [*app.game.view.spots, *app.buttons]}
    return {marker: found.get(marker) for marker in markers}


def panel(app):
    app.draw()
    return [tuple(b.rect) for b in app.buttons]


def same_places(app, markers, taps):
    """The spots' and the panel buttons' places after each tap, as a list of (tap, places); no page's
    text is ever left out for want of room."""
    seen = [("start", places(app, markers), panel(app))]
    for marker in taps:
        tap(app, marker)
        seen.append((marker, places(app, markers), panel(app)))
        assert not app.game.view.hidden, (marker, app.game.view.hidden)
    return seen


def assert_kept(seen):
    _start, spots, buttons = seen[0]
    moved = [
        (marker, {m: (spots[m], r) for m, r in where.items() if r != spots[m]}, now == buttons or now)
        for marker, where, now in seen
        if (where, now) != (spots, buttons)
    ]
    assert not moved, (buttons, moved)


def test_the_deck_builds_done_keeps_its_place_from_step_to_step(app):
    from companion.tables.italy4345.desk import build_steps

    steps = len(build_steps(False, "table")) - 1  # to the last step, the start of the game's next
    seen = same_places(app, [("build-next",)], [("build-next",)] * steps)
    assert_kept(seen)
    assert app.game.view.page(app.session) == "build"


def test_the_adjust_pages_rows_keep_their_place_as_an_area_is_tapped_and_values_typed(app):
    play_until(app, lambda s: s.card_index == 0 and s.resources["cln"] > 0)  # built and set up
    tap(app, ("adjust-open",))
    areas = [("area", x) for x in ("napoli", "milano", "bozen")] + [("res", "ger"), ("res", "tokens")]
    taps = [("res", "ger"), ("plus5", "field"), ("plus5", "field"), ("area", "milano")]
    seen = same_places(app, areas, taps + [("field", "ger"), *[("plus5", "field")] * 3])
    assert_kept(seen)
    pieces = [("field", "aa"), ("field", "ger"), ("mark", "loyalty")]
    assert_kept(same_places(app, pieces, [("field", "aa"), ("plus5", "field"), ("plus5", "field")]))


def test_the_clashs_area_and_die_buttons_keep_their_place_until_it_is_played(app):
    pieces = (("genova", "aut_hidden", 2), ("genova", "rsi", 1), ("milano", "rsi", 2))
    first_card(app.session.game, pieces, ["aut", "rsi", "ger", "cln"])
    tap(app, ("choice", "op"))
    tap(app, ("op", "clash"))
    spots = [("area", "genova"), ("area", "milano"), ("die", 0), ("die", 4), ("plus", "n")]
    taps = [("area", "genova"), ("plus", "n"), ("minus", "n"), a.ClashDie("genova"), ("die", 4)]
    assert_kept(same_places(app, spots, taps))


def test_a_special_activitys_area_buttons_keep_their_place_as_its_areas_are_entered(app):
    pieces = (("genova", "cln_hidden", 2), ("milano", "rsi", 2), ("torino", "rsi", 1))
    first_card(app.session.game, pieces, ["cln", "rsi", "ger", "aut"])
    tap(app, ("choice", "op+sa"))
    tap(app, ("op", "shooting"))
    spots = [("area", x) for x in ("genova", "milano", "torino", "bozen")]
    taps = [("sa", "sabotage"), ("area", "genova"), ("part", "sa"), ("area", "milano")]
    taps += [("target", "rsi"), ("part", "op"), ("area", "torino")]
    assert_kept(same_places(app, spots, taps))
    said = [text for text, _colour in app.game.view.lines(app.session)]
    assert i18n._("Areas: {areas}").format(areas="Genova (1)") in said, said  # entered: in the panel


def test_the_reveal_page_shows_the_next_cards_eligibility_without_the_last_cards_passes(service):
    app = open_app(service)
    try:
        play_until(app, lambda s: s.step == "reveal" and bool(s.passed))  # a card where a faction passed
        view, state = app.game.view, app.session.state
        shown = page_of(view.page(app.session), view.desk, state).texts
        table = [t for t in shown if "resources" in t]
        assert len(table) == 4 and not [t for t in shown if "passed" in t], shown
        assert [t.split(":")[0].strip() for t in table] == [
            "Germany",
            "RSI",
            "CLN",
            "Autonomous",
        ]  # no order yet
        play_until(app, lambda s: s.step != "reveal")  # the next card revealed: nobody has passed on it
        shown = page_of(view.page(app.session), view.desk, app.session.state).texts
        assert not [t for t in shown if "passed" in t], shown
    finally:
        app.close()


MISSED = {  # a Clash rolled 6 against 2 brigades, as the panel says it
    "en": "Clash in Genova: rolled 6, more than the 2 brigades: a miss",
    "it": "Scontro in Genova: tiro 6, più delle 2 brigate: a vuoto",
}


def test_a_missed_clash_says_the_roll_against_the_brigades_and_that_nothing_changes(app):
    pieces = (("genova", "aut_hidden", 2), ("genova", "rsi", 1))
    first_card(app.session.game, pieces, ["aut", "rsi", "ger", "cln"])
    for marker in (("choice", "op"), ("op", "clash"), ("area", "genova"), a.ClashDie("genova"), ("die", 6)):
        tap(app, marker)
    tap(app, next(b.action for b in app.buttons if isinstance(b.action, a.Op)))
    said = MISSED[i18n.language]
    lines = [text for text, _colour in app.game.view.lines(app.session)]
    assert [line for line in lines if line.startswith(said) and line.endswith("(§7.4).")], lines
    assert app.session.state.area("genova").rsi == 1


def test_a_convoy_with_no_path_is_refused_naming_the_key_to_tap_not_a_repeated_area(app):
    first_card(app.session.game, (("bozen", "ger", 2),), ["ger", "rsi", "aut", "cln"])
    taps = [("choice", "op+sa"), ("op", "reinforce"), ("sa", "convoys"), ("area", "bozen")]
    for marker in [*taps, ("part", "sa"), ("area", "bozen")]:
        tap(app, marker)
    key = next(b.label for b in app.game.view.spots if b.action == ("pick-areas",))
    lines = [text for text, _colour in app.game.view.lines(app.session)]
    refused = [line for line in lines if key in line]  # "the path passes an area twice" on main
    assert len(refused) == 1 and refused[0].startswith(i18n._("Convoys")), lines


def test_retaliate_takes_the_area_its_brigades_go_to_from_the_second_area_tapped(service):
    app = open_app(service)
    try:
        pieces = (("milano", "ger", 2), ("milano", "cln_hidden", 1))
        first_card(app.session.game, pieces, ["ger", "rsi", "aut", "cln"])
        for marker in (("choice", "op"), ("op", "retaliate"), ("area", "milano"), ("area", "torino")):
            tap(app, marker)
        action = app.game.view.desk.main_action(app.session.state, "op")
        assert action.steps == (a.Step("milano", 1, "torino"),), action
    finally:
        app.close()


def test_the_reveal_pages_adjust_button_keeps_its_place_once_a_card_number_is_typed(app):
    play_until(app, lambda s: s.card_index == 0 and s.resources["cln"] > 0)  # built and set up
    taps = [("digit", 1), ("digit", 2), ("kind", "offensive"), ("digit", 3)]
    assert_kept(same_places(app, [("adjust-open",), ("digit", 1)], taps))


def test_the_battle_pages_buttons_keep_their_place_as_an_area_is_tapped(app):
    play_until(app, lambda s: s.offensive is not None and s.offensive.step == "B")
    spots = [("area", x) for x in ("napoli", "roma", "trieste", "bozen")]
    taps = [
        ("area", "regno-del-sud" if "regno-del-sud" in app.session.state.areas else "rds"),
        ("area", "roma"),
    ]
    taps += [("field", "ger"), ("plus", "count"), ("pocket",), ("area", "bozen")]
    assert_kept(same_places(app, spots, taps))  # the areas, and every panel button (greyed until an area)
