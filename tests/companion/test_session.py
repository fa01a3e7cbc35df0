"""The session: intents in, engine actions played, die and printer told, refusals kept for the screen."""

from __future__ import annotations

import random
import time

import pytest

from companion.assets import die_faces, edition
from companion.cards_command import card_registry
from companion.games.milano1848 import actions as a
from companion.games.milano1848.bots import greedy_bot
from companion.games.milano1848.game import Game
from companion.games.milano1848.setup import Options
from companion.games.milano1848.state import ANSWER, AUSTRIAN_TURN
from companion.session import Devices, Session
from hardware.printer import PrintService
from hardware.scanner import wait_for
from hardware.sim.camera import SimCamera
from hardware.sim.die import SimDie
from hardware.sim.printer import SimPrinter


@pytest.fixture
def desk(tmp_path):
    printer = SimPrinter()
    service = PrintService(printer, tmp_path / "queue.jsonl", retry_s=0.05)
    session = Session(Game(edition("milano1848"), Options(players=3, seed=5)), Devices(SimDie(), service))
    yield session, printer
    service.close()


def _play_until(session, step, rng_seed=1):
    import random

    rng = random.Random(rng_seed)
    while session.state.step != step:
        assert session.do(greedy_bot(session.state, rng))


def test_a_refusal_is_a_sentence_for_the_screen_and_changes_nothing(desk):
    session, _ = desk
    before = session.state
    assert not session.do(a.Move(3))
    assert session.message == "Move refused: the game is waiting for the Patriots to be placed."
    assert session.state is before


def test_a_refusal_goes_when_the_players_move_to_another_screen_and_news_stays(desk):
    """A refused tap's sentence is about the screen it was tapped on: a tap that only changes the
    screen (Back, another page) takes it off; what a decision said stays until the next one."""
    from companion.tables.base import Refuse

    session, _ = desk
    session.perform(Refuse("Combat refused: tap a defender first."))
    session.perform(None)  # only the screen changed
    assert session.message == ""
    assert not session.do(a.Move(3))
    session.perform(None)
    assert session.message == ""
    _play_until(session, AUSTRIAN_TURN)
    session.undo()
    said = session.message
    session.perform(None)
    assert said.startswith("Undone") and session.message == said


def test_the_austrian_turn_prints_its_ticket(desk):
    session, printer = desk
    _play_until(session, AUSTRIAN_TURN)
    session.button("confirm")
    deadline = time.monotonic() + 5
    while not printer.tray and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(printer.tray) == 1 and session.state.round == 2


def test_an_austrian_reveal_shows_on_the_die_and_back_undoes(desk):
    session, _ = desk
    _play_until(session, ANSWER)
    revealed = session.state.fight.revealed[-1]
    assert session.devices.die.face == die_faces("milano1848")[edition("milano1848").austria[revealed]]
    session.button("back")  # the fight revealed a card: the first Back only asks
    assert session.state.fight is not None and session.message.startswith("That revealed cards: Undo again")
    session.button("back")
    assert session.state.fight is None and session.message == "Undone: fight the Soldiers."


def test_a_card_shown_to_the_camera_answers_the_reveal(tmp_path):
    registry = card_registry()
    camera = SimCamera(registry, fps=200)
    service = PrintService(SimPrinter(), tmp_path / "q.jsonl", retry_s=0.05)
    session = Session(
        Game(edition("milano1848"), Options(players=3, seed=5)), Devices(SimDie(), service, camera)
    )
    try:
        _play_until(session, ANSWER)
        fighter = session.state.patriots[session.state.active].hand
        card = session.state.hands[fighter][0]
        camera.show(card)
        answered = lambda: isinstance(session.game.records[-1].action, a.Answer)  # a tie may reveal again  # noqa: E731
        assert wait_for(lambda: (session.poll(), answered())[1], 10)
        assert session.game.records[-1].action.cards == (card,)
    finally:
        camera.close()
        service.close()


def test_table_decks_a_revealed_card_shown_to_the_camera_names_it(tmp_path):
    registry = card_registry()
    camera = SimCamera(registry, fps=200)
    service = PrintService(SimPrinter(), tmp_path / "q.jsonl", retry_s=0.05)
    setup = [("zone", z) for z in (8, 3, 5, 13, 14, 2, 10)]  # 3 players: Radetzky's, then 3 + 3
    session = Session(
        Game(edition("milano1848"), Options(players=3, seed=5, tracked=False), setup),
        Devices(SimDie(), service, camera),
    )
    try:
        rng = random.Random(2)
        while session.needed is None:
            session.do(greedy_bot(session.state, rng))
        assert session.needed[1] == "austria"
        camera.show("austria-14")  # a Map
        assert wait_for(lambda: (session.poll(), session.needed is None)[1], 10)
        assert session.state.fight is not None and session.state.fight.revealed == ["austria-14"]
    finally:
        camera.close()
        service.close()
