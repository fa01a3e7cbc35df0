"""Italia's turn clerk beyond income and the shop, tapped on the screen: the phases, a subject made
on the masters page (its threshold asked, since no nation file is shipped) whose tribute then shows
on its income page, a naval battle, loot, a campaign and turn 10's campaign-or-pass."""

from __future__ import annotations

import os
from dataclasses import replace

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion import i18n  # noqa: E402
from companion.assets import edition  # noqa: E402
from companion.games.italia import actions as ia  # noqa: E402
from companion.games.italia.game import Game, Options  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402


@pytest.fixture
def app(tmp_path):
    from companion.ui.app import App

    service = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    game = Game(edition("italia"), Options("I", 3, ("Anna", "Bruno", "Carla")))
    shown = App(Session(game, Devices(SimDie(), service)), headless=True)
    yield shown
    shown.close()
    service.close()


def tap(app, label: str) -> None:
    app.draw()
    found = [b for b in app.buttons if b.label == label]
    assert found, f"no {label!r} among {[b.label for b in app.buttons]}"
    found[0].on_tap()
    app.draw()


def to_combat(session, zones: int) -> None:
    """The active nation's income from `zones` zones, then placement, movement and combat."""
    session.do(ia.CollectIncome(zones, 0))
    for _ in range(3):
        session.do(ia.NextPhase())


def lines(app) -> list[str]:
    return [text for text, _colour in app.game.view.lines(app.session)]


def test_the_phases_go_by_taps_and_the_shop_closes_after_phase_one(app):
    tap(app, "Collect income")
    tap(app, "Buy nothing")
    assert app.game.view.page(app.session) == "place" and app.session.state.phase == 2
    tap(app, "On to movement")
    tap(app, "On to combat")
    assert app.game.view.page(app.session) == "combat"
    assert not app.session.do(ia.Buy("celts", {"infantry": 1}))
    assert app.session.message == (
        "Units are bought in phase 1 (income and purchase, §5.0); buying is over for this turn."
    )


def test_a_subject_made_on_the_masters_page_pays_tribute_on_its_income_page(app):
    tap(app, "Masters and subjects")  # the Celts' income page: they become the Etruscans' masters
    assert [b.label for b in app.buttons][:2] == ["Subject: Etruscans", "Master: Celts"]
    tap(app, "Submits")  # no nation file: the card's threshold is asked
    assert app.game.view.page(app.session) == "ask"
    view = app.game.view
    assert (
        view.board_tap(next(s.rect.center for s in view.spots if s.action == ("more", "answer")), app.session)
        is None
    )
    tap(app, "Answer 1")
    assert app.session.state.told == {"etruscans.submission.may": 1}
    tap(app, "Submits")
    assert app.session.state.masters == {"etruscans": "celts"}
    session = app.session
    to_combat(session, 2)
    session.do(ia.EndNationTurn())  # the Etruscans' turn
    app.draw()
    view.desk.zones, view.desk.cities = 4, 1
    assert "Tribute to the Celts: 2" in lines(app)  # 5 gold: 2 to the master (down), 3 kept
    tap(app, "Collect income")
    assert session.state.gold["etruscans"] == 3 and session.state.gold["celts"] == 2 + 2


def test_a_naval_battle_and_the_loot_of_a_city_from_the_combat_page(app):
    session = app.session
    to_combat(session, 2)
    tap(app, "A naval battle")
    tap(app, "Fight at sea")
    assert session.state.sea is not None and session.state.sea.defender.nation == "etruscans"
    while session.state.sea is not None:
        app.draw()
        label = "Close the battle" if app.game.view.page(session) == "sea-over" else "Roll the round"
        tap(app, label)
    from companion.games.italia.battle import Battle, Side

    taken = Battle(
        Side("celts", {"infantry": 3}), Side("greeks", {"infantry": 1}), zone="Neapolis", city="intact"
    )
    session.do(ia.OpenBattle(taken))
    while session.state.battle.defender.count():
        session.do(ia.RollRound(values=(10, 10, 10, 1)))
    session.do(ia.CloseBattle())
    tap(app, "Loot the city")  # no nation file: what the card gives is asked (0: the gold)
    tap(app, "Answer 0")
    tap(app, "Loot the city")
    assert session.state.gold["celts"] == 2 + 4 and session.state.cities["neapolis"] == "ruin"
    assert "Loot the city" not in [b.label for b in app.buttons]  # once


def test_a_campaign_by_taps_moves_from_its_purse(app):
    session = app.session
    to_combat(session, 3)
    tap(app, "A campaign")
    view = app.game.view
    view.board_tap(next(s.rect.center for s in view.spots if s.action == ("zone", "mediolanum")), session)
    tap(app, "Start in Mediolanum")  # the card's gold for it is asked
    tap(app, "Answer 0")
    tap(app, "Start in Mediolanum")
    assert session.state.campaign is not None and session.state.gold["celts"] == 3
    tap(app, "Campaign move")
    view.board_tap(next(s.rect.center for s in view.spots if s.action == ("zone", "verona")), session)
    tap(app, "Move to Verona")
    assert session.state.campaign.zone == "verona" and session.state.gold["celts"] == 2
    assert view.desk.opening(session.state).battle.phase == "campaign"
    tap(app, "End the campaign")
    assert session.state.campaign is None and view.page(session) == "combat"
    assert view.desk.opening(session.state).battle.phase == "normal"  # the campaign is over


def test_turn_ten_offers_a_campaign_or_a_pass_and_speaks_italian(app):
    session = app.session
    session.game.state = replace(session.state, turn=10, at=0)
    app.draw()
    assert app.game.view.page(session) == "ten"
    tap(app, "Pass")
    assert app.game.view.headline(session)[1].startswith("Populares")
    i18n.use("it")
    try:
        app.draw()
        assert {"Una campagna", "Passa"} <= {b.label for b in app.buttons}
    finally:
        i18n.use("en")


def test_the_cimbri_may_campaign_instead_of_moving(app):
    from companion.games.italia.game import queue

    session = app.session
    state = replace(session.state, turn=8, collected=True, phase=3)
    session.game.state = replace(state, at=queue(session.game.scenario, state).index("cimbri"))
    app.draw()
    assert {"On to combat", "A campaign"} <= {b.label for b in app.buttons}  # §12.3: instead of them
    session.game.state = replace(session.state, at=0)  # the Celts: movement, then combat
    app.draw()
    assert "A campaign" not in {b.label for b in app.buttons}


def test_a_leader_at_sea_gives_the_other_fleets_of_his_side_two(app, monkeypatch):
    """§10.8 (reading A6): +2 to every friendly fleet but the one carrying him."""
    from companion.tables.italia.canvas import Canvas

    said: list[str] = []
    line = Canvas.line
    monkeypatch.setattr(
        Canvas, "line", lambda self, text, *a, **k: said.append(text) or line(self, text, *a, **k)
    )
    session = app.session
    to_combat(session, 2)
    tap(app, "A naval battle")
    view = app.game.view
    for key in ("a:fleet", "a:leaders"):
        view.board_tap(next(s.rect.center for s in view.spots if s.action == ("more", key)), session)
    app.draw()
    tap(app, "Fight at sea")
    fleets = session.state.sea.attacker.fleets
    assert [f.leaders for f in fleets] == [0, 1]
    assert "Celts: 2 fleets, hit on 7+, 9+; 0 sunk" in said


def test_several_nations_attack_the_active_fleet_one_at_a_time_by_taps(app):
    """§10.8.1: the order rolled once (most fleets first); each attacker's battle against that fleet."""
    session = app.session
    to_combat(session, 2)
    tap(app, "A naval battle")
    tap(app, "Several attack")
    view = app.game.view

    def more() -> None:
        view.board_tap(next(s.rect.center for s in view.spots if s.action == ("more", "rival")), session)
        app.draw()

    while "Attacker: Greeks" not in [b.label for b in app.buttons]:
        tap(app, next(b.label for b in app.buttons if b.label.startswith("Attacker: ")))
    more()
    while "Attacker: Etruscans" not in [b.label for b in app.buttons]:
        tap(app, next(b.label for b in app.buttons if b.label.startswith("Attacker: ")))
    more()
    more()
    tap(app, "Roll the order")
    assert session.state.sea_order == ("etruscans", "greeks") and view.page(session) == "sea-setup"
    assert "Defender: Etruscans" not in [b.label for b in app.buttons]  # the fleet attacked is fixed
    tap(app, "Fight at sea")
    sea = session.state.sea
    assert (sea.attacker.nation, sea.defender.nation) == ("etruscans", "celts")


def _subjects_of(session, master: str, *subjects: str) -> None:
    for subject in subjects:  # no nation file: each threshold is the table's answer
        session.do(ia.Tell(f"{subject}.submission.may", 3))
        session.do(ia.Subjugate(subject, master, 3))


def test_a_revolt_tapped_asks_the_card_yes_or_no_then_a_no_refuses_it_by_name(app):
    session = app.session
    _subjects_of(session, "celts", "etruscans")
    tap(app, "Masters and subjects")
    tap(app, "Etruscans revolt")  # no nation file: the card's revolt is asked
    view = app.game.view
    assert view.page(session) == "ask"
    assert "The Etruscans card: may they revolt against the Celts on turn 1?" in _drawn_question(app)
    assert not [s for s in view.spots if s.action == ("more", "answer")]  # a yes or a no, no number
    tap(app, "No")
    tap(app, "Etruscans revolt")
    assert session.message == "The Etruscans card gives no revolt against the Celts on turn 1 (§12.6)."
    assert session.state.masters == {"etruscans": "celts"}


def _drawn_question(app) -> str:
    desk = app.game.view.desk
    from companion.tables.italia.words import told

    return told(desk.turn.need.question)


def test_hannibals_campaign_opens_the_masters_page_where_rome_s_subjects_may_revolt(app):
    from companion.games.italia.game import queue

    session = app.session
    _subjects_of(session, "romans", "etruscans")
    state = replace(session.state, turn=3, collected=True, phase=4)
    session.game.state = replace(state, at=queue(session.game.scenario, state).index("carthaginians"))
    tap(app, "A campaign")
    assert "Leader: Hannibal" in [b.label for b in app.buttons]  # §13.2 names him
    view = app.game.view
    view.board_tap(next(s.rect.center for s in view.spots if s.action == ("zone", "alps")), session)
    tap(app, "Start in Alps")
    tap(app, "Answer 0")  # the card's gold for his campaign, asked
    tap(app, "Start in Alps")
    tap(app, "Masters and subjects")
    tap(app, "Etruscans revolt")  # §13.2: no card needed; the table confirms he is near them
    assert session.state.masters == {}
    assert view.page(session) == "campaign"


def _to_the_romans_end_of_turn_four(app) -> None:
    session = app.session
    control = {"neapolis": "greeks", "apulia": "greeks", "etruria": "etruscans"}
    session.game.state = replace(
        session.state, turn=4, control=control, cities={"neapolis": "intact"}, gold={"greeks": 6}
    )
    while app.game.view.desk.nation(session.state) != "romans":
        session.do(ia.EndNationTurn())
    to_combat(session, 3)
    tap(app, "End of turn: the map")
    tap(app, "Confirm the map")


def test_the_greeks_last_turn_asks_at_the_romans_end_of_turn_and_their_pieces_leave(app):
    session = app.session
    _to_the_romans_end_of_turn_four(app)
    assert "The last turn of the Greeks ends now: End turn asks whether their pieces leave (A53)." in lines(
        app
    )
    tap(app, "End turn: Romans")
    assert app.game.view.page(session) == "ask" and session.state.turn == 4
    assert _drawn_question(app) == (
        "The Greeks card: do their pieces leave the board now, after turn 4 (§12.4, A53)?"
    )
    tap(app, "Yes")
    assert "When the turn ends, the pieces of the Greeks leave the board; cities stay (§12.4)." in lines(app)
    tap(app, "End turn: Romans")
    assert session.state.turn == 5 and session.state.control == {"etruria": "etruscans"}
    assert session.state.cities == {"neapolis": "intact"} and "greeks" not in session.state.gold
    assert "Off the board: Greeks" in lines(app)  # the income page says who left


def test_the_departure_is_said_in_italian(app):
    session = app.session
    _to_the_romans_end_of_turn_four(app)
    i18n.use("it")
    try:
        app.draw()
        assert (
            "Greci: l'ultimo turno finisce ora; Fine turno chiede se i pezzi lasciano il tabellone (A53)."
            in lines(app)
        )
        tap(app, "Fine turno: Romani")
        assert (
            _drawn_question(app)
            == "Carta Greci: i pezzi della nazione lasciano il tabellone ora, dopo il turno 4 (§12.4, A53)?"
        )
        tap(app, "Sì")
        tap(app, "Fine turno: Romani")
        assert session.state.turn == 5
        assert "Fuori dal tabellone: Greci" in lines(app)
    finally:
        i18n.use("en")
