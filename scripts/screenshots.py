"""Regenerate docs/screenshots/: every screen of the app as a player sees it, in English and in
Italian (name-it.png), at 800x480, and the turn screen at 1280x720.

Run: .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import i18n  # noqa: E402
from companion.assets import edition  # noqa: E402
from companion.games.milano1848 import actions as a  # noqa: E402
from companion.games.milano1848.bots import greedy_bot  # noqa: E402
from companion.games.milano1848.game import Game  # noqa: E402
from companion.games.milano1848.setup import Options  # noqa: E402
from companion.session import Devices, Session  # noqa: E402
from companion.ui import theme  # noqa: E402
from companion.ui.app import App  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402
from scripts.novara1849_screens import novara_screens  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SCREENS = ("place", "act", "answer", "continue", "austria", "over")
SIZE = (800, 480)
Shoot = Callable[[App, str], None]  # what is done with each screen: saved here, checked by the layout test


def save(app: App, name: str) -> None:
    app.screenshot(str(OUT / f"{name}.png"))


def capture(
    size: tuple[int, int], names: tuple[str, ...], suffix: str = "", setup: bool = True, shoot: Shoot = save
) -> None:
    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(SimPrinter(), Path(spool) / "q.jsonl")
        session = Session(Game(edition("milano1848"), Options(players=4, seed=6)), Devices(SimDie(), service))
        app = App(session, size, headless=True, new_session=lambda game, options: None)  # over: New game
        app.game.view.animate = False  # still screens; the Austrian turn's animation is not one of them
        if setup:
            shoot(app, f"setup{suffix}")  # the companion's deal, for the table to set up
        app.draw()
        for page in ("setup-players", ""):  # the set-up's pages: Next, then Done
            app.tap(app.buttons[0].rect.center)
            app.draw()
            if setup and page:
                shoot(app, f"{page}{suffix}")
        rng, wanted = random.Random(3), list(names)
        while wanted:
            step = session.state.step
            if step == wanted[0]:
                if step == "act" and session.state.round == 1 and not session.message:
                    app.tap(_far_zone(app))  # a refusal on the turn screen, as a player would meet it
                _settle(session)
                _printed(service)
                shoot(app, f"{step}{suffix}")
                wanted.pop(0)
                continue
            if step == "over":
                break
            session.do(greedy_bot(session.state, rng))
        app.close()
        service.close()


def _far_zone(app: App) -> tuple[int, int]:
    """Where on the map a player taps a zone too far to move to (not beside the active Patriot's)."""
    state = app.session.state
    here = state.patriots[state.active].zone
    far = next(z for z in state.zones if z != here and z not in state.edition.board.neighbours[here])
    x, y = app.game.view.board.centres[far]
    return int(x), int(y)


def _printed(service: PrintService) -> None:
    """Let the printer finish the tickets so far: the screen then says the same on every run."""
    deadline = time.monotonic() + 10
    while service.waiting and time.monotonic() < deadline:
        time.sleep(0.01)


def _settle(session: Session) -> None:
    """Let the odds worker finish, so the screen shows the advice a player would see a moment later."""
    deadline = time.monotonic() + 5
    while not session.looked_ahead and time.monotonic() < deadline:
        time.sleep(0.01)


def settings_screen(suffix: str, shoot: Shoot = save, size: tuple[int, int] = SIZE) -> None:
    from companion import doctor
    from companion.doctor import Check
    from hardware.text import Sentence

    unplugged = Sentence(
        "No die box found on USB (looking for {ids}).", ids="2e8a:0005"
    )  # the die link's words
    checks = [
        Check(doctor.DISPLAY, True, Sentence("SDL video driver {driver}", driver="kmsdrm")),
        Check(
            doctor.JOURNAL,
            True,
            Sentence(
                "{path}: {count} saved games, integrity ok", path="/var/lib/companion/journal.db", count=3
            ),
        ),
        Check(doctor.CLOCK, True, "2026-11-29 18:00", required=False),
        Check(
            doctor.CAMERA,
            True,
            Sentence(
                "{source}: frames arrive, {fps} fps; cards seen: {cards}",
                source="picamera",
                fps=30,
                cards="italy-01",
            ),
        ),
        Check(doctor.DIE, False, unplugged, doctor._die_fix(unplugged)),
        Check(doctor.PRINTER, True, Sentence("{connection}: online, paper ok", connection="usb:0416:5011")),
        Check(doctor.BUTTONS, True, Sentence("Buttons ready."), required=False),
    ]
    app = App(None, size, headless=True, new_session=lambda game, options: None, check_devices=lambda: checks)
    app.lobby.showing_settings = True
    app.lobby.settings.checks = (
        checks  # an illustration of the table (a Pi with its die unplugged), not a reading
    )
    shoot(app, f"settings{suffix}")
    app.close()


def camera_screen(suffix: str, shoot: Shoot = save, size: tuple[int, int] = SIZE) -> None:
    """Desk mode with the simulated camera: a card being dragged to the lens."""
    import pygame

    from companion import config as configuration
    from companion.devices import open_devices

    with tempfile.TemporaryDirectory() as spool:
        config = configuration.parse('[camera]\nsource = "simulated"\n', "screenshots")
        opened = open_devices(config, Path(spool), lambda name: None)
        session = Session(Game(edition("milano1848"), Options(players=3, seed=4)), opened.devices)
        app = App(session, size, headless=True)
        app.game.view.animate, rng = False, random.Random(5)
        while session.state.step != "answer":
            session.do(greedy_bot(session.state, rng))
        app.frame()
        card = next(b for b in app.buttons if b.action is not None)
        target = (app.game.lens.rect.centerx + 30, app.game.lens.rect.centery - 40)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card.rect.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, button=1))
        app.frame()
        shoot(app, f"camera{suffix}")
        app.close()
        opened.close()


def table_decks_screens(suffix: str, shoot: Shoot = save, size: tuple[int, int] = SIZE) -> None:
    """The table's own decks: naming the setup's Zone cards, then an Austria card by its icon."""
    from companion.tables.milano1848.choices import TABLE_DECKS

    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(SimPrinter(), Path(spool) / "q.jsonl")
        app = App(
            None,
            size,
            headless=True,
            new_session=lambda game, options, cards=(): Session(
                Game(edition(game), options, cards), Devices(SimDie(), service)
            ),
        )
        app.lobby.start_screen.chosen.privacy = TABLE_DECKS
        app.lobby._start("milano1848", app.lobby.start_screen.chosen.options(seed=6))
        app.lobby._start_with(("Carlo", "Bartolomeo", "Luciano", "Gabrio"), [0, 1, 2, 3])
        for zone in (8, 3, 5):
            app.tap(tuple(map(int, app.lobby.before_game.board.centres[zone])))
        shoot(app, f"table-setup{suffix}")
        for zone in (13, 14, 2, 10, 11, 15):
            app.tap(tuple(map(int, app.lobby.before_game.board.centres[zone])))
        session, rng = app.session, random.Random(1)
        while session.needed is None:
            session.do(greedy_bot(session.state, rng))
        shoot(app, f"table-card{suffix}")
        app.close()
        service.close()


def start_screen(suffix: str, shoot: Shoot = save, size: tuple[int, int] = SIZE) -> None:
    from companion.i18n import _

    saved = _("Resume {game}: round {round}, {players} players, {actions} actions").format(
        game="Milano 1848", round=7, players=4, actions=183
    )  # what the button says with a game in progress (an illustration)
    app = App(
        None,
        size,
        headless=True,
        new_session=lambda game, options: None,
        resume=(lambda: saved, lambda: None),
    )
    app.lobby.start_screen.chosen.players = 3
    shoot(app, f"start{suffix}")
    app.draw()
    next(b for b in app.buttons if b.colour == theme.ALERT).on_tap()  # New game: the Patriots come next
    app.lobby.players.colours[:2] = [1, 0]
    shoot(app, f"players{suffix}")
    app.lobby.players.editing, app.lobby.players.names[2] = 2, "Anit"
    shoot(app, f"keyboard{suffix}")
    app.close()


def odds_screen(suffix: str, shoot: Shoot = save, size: tuple[int, int] = SIZE) -> None:
    """The table's own decks in desk mode: the fighters tap in their icons for the odds."""
    printer = SimPrinter()
    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(printer, Path(spool) / "q.jsonl")
        setup = [("zone", z) for z in (8, 3, 5, 13, 14, 2, 10)]
        game = Game(edition("milano1848"), Options(players=3, seed=5, tracked=False), setup)
        session = Session(game, Devices(SimDie(), service))
        app, rng = App(session, size, headless=True, tray=printer.tray), random.Random(3)
        app.game.view.animate = False
        while not (session.state.step == "act" and session.state.soldiers[_active_zone(session.state)]):
            if not session.do(greedy_bot(session.state, rng)) and session.needed is not None:
                session.cancel_card()
                session.do(a.EndTurn())
        app.draw()
        for marker in (("odds",), ("more", "swords"), ("more", "swords")):
            next(b for b in app.buttons if b.action == marker).on_tap()
            app.draw()
        shoot(app, f"table-odds{suffix}")
        app.close()
        service.close()


def _active_zone(state: object) -> int:
    return state.patriots[state.active].zone  # type: ignore[attr-defined,no-any-return]


def help_screens(suffix: str, shoot: Shoot = save, size: tuple[int, int] = SIZE) -> None:
    """The Advanced game's Helps: the act screen with Help and Strengthen, then choosing a card;
    then the menu during the game, with the map's legend."""
    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(SimPrinter(), Path(spool) / "q.jsonl")
        game = Game(edition("milano1848"), Options(players=4, mode="advanced", seed=2))
        session = Session(game, Devices(SimDie(), service))
        app, rng = App(session, size, headless=True), random.Random(4)
        app.game.view.animate = False
        app.draw()
        app.tap(app.buttons[0].rect.center)  # Done: the table is set up
        while not (session.state.step == "act" and session.state.round > 1):
            session.do(greedy_bot(session.state, rng))
        shoot(app, f"advanced{suffix}")
        app.draw()
        next(b for b in app.buttons if b.action == ("mode", "card")).on_tap()
        app.draw()
        shoot(app, f"help{suffix}")
        app.draw()
        next(b for b in app.buttons if b.action == ("menu",)).on_tap()  # the menu, the map's legend
        shoot(app, f"menu{suffix}")
        app.close()
        service.close()


def italia_screens(suffix: str, shoot: Shoot = save, size: tuple[int, int] = SIZE) -> None:
    """Italia I at the table: the start screen with Italia chosen, then the pages of a game: the
    turn clerk's income, the shop, placement and movement, the control map, a battle entered (its
    zone picked), its round with the odds, a retreat, the table's dice, the battle over, the score
    pad on turn 3, the game over (the players' names and the points typed are an illustration)."""
    from companion.games.italia.game import Game as ItaliaGame
    from companion.games.italia.game import Options as ItaliaOptions
    from companion.tables.italia import bot as italia_bot

    app = App(None, size, headless=True, new_session=lambda game, options: None)
    app.draw()
    next(b for b in app.buttons if b.label == "Italia").on_tap()
    shoot(app, f"italia-start{suffix}")
    _italia_four_players(app, shoot, suffix)
    app.close()
    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(SimPrinter(), Path(spool) / "q.jsonl")
        game = ItaliaGame(edition("italia"), ItaliaOptions("I", 7, ("Anna", "Bruno", "Carla")))
        session = Session(game, Devices(SimDie(), service))
        app = App(session, size, headless=True, new_session=lambda game, options: None)  # over: New game
        desk = app.game.view.desk
        app.draw()  # the screen follows the nation whose turn it is: its entries start afresh
        desk.zones, desk.cities = 3, 1
        shoot(app, f"italia-income{suffix}")
        _italia_first_turn(app, shoot, suffix)
        while session.state.at < 6:  # the nations before the Romans
            _italia_turn(session)
        _italia_battle(app, shoot, suffix)
        _italia_turn_pages(app, shoot, suffix)
        rng = random.Random(2)
        while not (session.state.turn == 3 and session.state.confirmed and session.state.at == 6):
            game.play(italia_bot(session.state, rng))  # straight to turn 3 (no tickets on the way)
        app.draw()
        desk.points = {"romans": 4, "samnites": 3, "celts": 2, "carthaginians": 2}
        session.do(desk.score(session.state))  # the Celts' line is in: the pad shows it
        _printed(service)
        shoot(app, f"italia-score{suffix}")
        while desk.pending(session.state) is not None:  # one line of the pad a tap
            session.do(desk.score(session.state))
        while not session.state.over:
            _italia_turn_ten(app, shoot, suffix)
            game.play(italia_bot(session.state, rng))
        app.draw()
        shoot(app, f"italia-over{suffix}")
        app.close()
        service.close()
    _italia_two_setup(shoot, suffix, size)


def _italia_two_setup(shoot: Shoot, suffix: str, size: tuple[int, int]) -> None:
    """Italia II: the Visigoths enter a battle against the Western Romans (the longest names over the
    battle's columns), then its odds: twelve a side of two kinds against three."""
    from companion.games.italia import actions as ia
    from companion.games.italia.game import Game as ItaliaGame
    from companion.games.italia.game import Options as ItaliaOptions

    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(SimPrinter(), Path(spool) / "q.jsonl")
        game = ItaliaGame(edition("italia"), ItaliaOptions("II", 7, ("Anna", "Bruno", "Carla", "Dario")))
        session = Session(game, Devices(SimDie(), service))
        app = App(session, size, headless=True, new_session=lambda game, options: None)
        session.do(ia.CollectIncome(0, 0))
        for _ in range(3):  # placement, movement: the battle comes in the combat phase
            session.do(ia.NextPhase())
        app.draw()  # the screen follows the nation whose turn it is: its entries start afresh
        desk = app.game.view.desk
        desk.local = "setup"
        desk.setup.defender = "western-romans"
        desk.setup.units["attacker"].update({"infantry": 6, "cavalry": 6})
        desk.setup.units["defender"].update({"legion": 5, "foederati": 3, "cavalry": 4})
        shoot(app, f"italia-setup-ii{suffix}")
        session.do(desk.opening(session.state))
        desk.local = "move"
        _settle(session)
        shoot(app, f"italia-battle-ii{suffix}")
        # every die of a big round on one row each side; the defender keeps its three kinds (a long page)
        session.do(ia.RollRound(values=(1, 2, 3, 4) * 3 + (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 10, 9)))
        _settle(session)
        shoot(app, f"italia-round-ii{suffix}")
        app.close()
        service.close()


ITALIA_HOLDINGS = {
    "celts": ("mediolanum", "verona"),
    "etruscans": ("etruria", "pisae"),
    "greeks": ("neapolis",),
    "samnites": ("samnium", "apulia"),
    "carthaginians": ("africa",),
    "illyrians": ("illyricum",),
}


def _italia_four_players(app: App, shoot: Shoot, suffix: str) -> None:
    """Italia II chosen: four sides, two a row; then each side's button tapped once (its next two
    nations), then Italia I again."""
    from companion.tables.italia.words import PLAYER_COLOURS, colour_name

    next(b for b in app.buttons if b.label.startswith("Italia II")).on_tap()
    shoot(app, f"italia-start-ii{suffix}")
    app.draw()
    colours = tuple(f"{colour_name(c).capitalize()}:" for c in PLAYER_COLOURS)
    sides = [b for b in app.buttons if b.label.startswith(colours)]
    assert len(sides) == 4, [b.label for b in app.buttons]
    for side in sides:
        side.on_tap()
    shoot(app, f"italia-start-ii-more{suffix}")
    next(b for b in app.buttons if b.label.startswith("Italia I:")).on_tap()
    app.draw()


def _italia_first_turn(app: App, shoot: Shoot, suffix: str) -> None:
    """The Celts' turn page by page: the shop, placement and movement, the map, confirmed."""
    from companion.games.italia import actions as ia

    session, desk = app.session, app.game.view.desk
    session.do(ia.CollectIncome(3, 1))
    app.draw()
    desk.basket = {"infantry": 1}
    shoot(app, f"italia-shop{suffix}")
    session.do(desk.purchase(session.state))
    for page in ("place", "move", "combat"):  # phase by phase (§5.0)
        session.do(ia.NextPhase())
        shoot(app, f"italia-{page}{suffix}")
    desk.local = "map"
    for zone in ITALIA_HOLDINGS["celts"]:
        desk.toggle(session.state, zone)
    desk.city_mode = True
    desk.toggle(session.state, "mediolanum")
    desk.city_mode = False
    shoot(app, f"italia-map{suffix}")
    session.do(desk.confirmation(session.state))
    shoot(app, f"italia-end{suffix}")
    session.do(ia.EndNationTurn())


def _italia_turn(session: Session) -> None:
    """One nation's turn played straight: income, a unit, its zones (with intact cities) confirmed."""
    from companion.games.italia import actions as ia
    from companion.games.italia.clerk import fields
    from companion.games.italia.control import ConfirmMap
    from companion.games.italia.game import active

    nation = active(session.game.scenario, session.state) or ""
    session.do(ia.CollectIncome(3, 1))
    unit = "infantry" if fields(session.game.scenario.id, nation, "infantry") else "legion"  # §2.2.1
    session.do(ia.Buy(nation, {unit: 1}))
    session.do(ConfirmMap(tuple((z, nation, "intact") for z in ITALIA_HOLDINGS.get(nation, ()))))
    session.do(ia.EndNationTurn())


def _italia_battle(app: App, shoot: Shoot, suffix: str) -> None:
    """The Romans attack Samnium (mountain, intact city) with 4 legions and a leader: the spec's
    example of what a die needs (7+: 6, mountain -1, city -2, leader +2)."""
    from companion.games.italia import actions as ia

    session, desk = app.session, app.game.view.desk
    session.do(ia.CollectIncome(3, 1))
    for _ in range(3):  # placement, movement: the battle comes in the combat phase
        session.do(ia.NextPhase())
    _printed(session.devices.printer)  # the nations' tickets so far: the printer's line says ready
    app.draw()
    desk.local = "setup"  # a table that skips the map: no zone, the battle's terrain asked instead
    shoot(app, f"italia-setup-offmap{suffix}")
    desk.pick_zone(session.state, "samnium")
    desk.local = "zones"
    shoot(app, f"italia-zones{suffix}")
    desk.local = "setup"
    desk.setup.units["attacker"]["legion"] = 4
    desk.setup.leaders["attacker"] = 1
    desk.setup.units["defender"]["infantry"] = 3
    shoot(app, f"italia-setup{suffix}")
    session.do(desk.opening(session.state))
    desk.local = "move"
    _settle(session)
    shoot(app, f"italia-battle{suffix}")
    session.do(ia.RollRound())
    _settle(session)
    shoot(app, f"italia-round{suffix}")
    desk.sub, desk.retreat_side, desk.retreat = "retreat", "attacker", {"legion": 1}
    shoot(app, f"italia-retreat{suffix}")
    desk.sub, desk.typed = "pad", [7, 10, 3]
    shoot(app, f"italia-pad{suffix}")
    desk.aiming.by_hits, desk.aiming.hits = True, [2, 1]
    shoot(app, f"italia-hits{suffix}")
    desk.aiming.by_hits, desk.aiming.hits, desk.sub = False, [], "aim"
    shoot(app, f"italia-aim{suffix}")
    desk.sub, desk.typed = "", []
    while session.state.battle.attacker.count() and session.state.battle.defender.count():
        session.do(ia.RollRound())
    _printed(app.session.devices.printer)
    shoot(app, f"italia-aftermath{suffix}")
    session.do(ia.CloseBattle())


def _italia_turn_pages(app: App, shoot: Shoot, suffix: str) -> None:
    """The Romans' combat phase after their battle: masters and subjects, a card's value asked, a
    naval battle against the Carthaginians, Fabius's campaign (E26; its 3 gold are an illustration)."""
    from companion.games.italia import actions as ia
    from companion.games.italia.subjects import threshold
    from companion.games.vocabulary import ValueNeeded
    from companion.tables.italia import turn_panel

    session, desk = app.session, app.game.view.desk
    state = session.state
    turn_panel._subjects_page(desk, state)
    desk.turn.subject, desk.turn.zones = "samnites", 1
    shoot(app, f"italia-subjects{suffix}")
    try:
        threshold(desk.edition, state.told, "samnites", "romans")
    except ValueNeeded as need:
        desk.turn.need, desk.turn.answer = need, 2
    shoot(app, f"italia-ask{suffix}")
    desk.turn.need, desk.local = None, ""
    turn_panel._sea_setup(desk, state)
    desk.sea_setup.defender = "carthaginians"
    desk.sea_setup.fleets, desk.sea_setup.cargo = (
        {"attacker": 2, "defender": 1},
        {"attacker": 2, "defender": 0},
    )
    desk.sea_setup.leaders["attacker"] = 1
    shoot(app, f"italia-sea-setup{suffix}")
    desk.local, desk.sea_setup.rivals = "sea-order", {"greeks": 2, "etruscans": 1}
    desk.sea_setup.rival = "greeks"
    shoot(app, f"italia-sea-order{suffix}")
    desk.local = "sea-setup"
    session.do(desk.sea_opening(session.state))
    desk.local = ""
    session.do(ia.RollSeaRound())
    shoot(app, f"italia-sea{suffix}")
    while session.state.sea is not None:
        session.do(ia.CloseBattle() if not session.state.sea.defender.fleets else ia.RollSeaRound())
        if session.state.sea is not None and not session.state.sea.attacker.fleets:
            session.do(ia.CloseBattle())
    turn_panel._leader_page(desk, session.state)
    desk.turn.leader, desk.turn.zone = "Fabius", "rome"
    shoot(app, f"italia-leader{suffix}")
    session.do(ia.StartCampaign("Fabius", "rome", gold=3))
    session.do(ia.CampaignMove("etruria"))
    desk.local, desk.turn.campaign_gold = "", 2
    shoot(app, f"italia-campaign{suffix}")
    turn_panel._czones(desk, "move")
    desk.turn.zone = "umbria"
    shoot(app, f"italia-czones{suffix}")
    desk.local, desk.turn.campaign_gold = "", 0
    session.do(ia.EndCampaign())


def _italia_turn_ten(app: App, shoot: Shoot, suffix: str) -> None:
    """Turn 10's page (campaign or pass), and the legion switching after the Optimates' first move."""
    state, desk = app.session.state, app.game.view.desk
    if state.turn != 10:
        return
    if state.at == 0 and not state.campaigned and not state.granted:
        shoot(app, f"italia-ten{suffix}")
    going = state.campaign
    if going is not None and going.moves and not going.switches:
        desk.local, desk.turn.legions = "switch", 3
        shoot(app, f"italia-switch{suffix}")
        desk.local = ""


def italy4345_screens(suffix: str, shoot: Shoot = save, size: tuple[int, int] = SIZE) -> None:
    """Italy '43-'45: the start screen with it chosen, then every page its autoplay bot meets through
    taps (each the first time it shows, and once more entered in full), over the first offensive."""
    from companion.games.italy4345 import Game as ItalyGame
    from companion.games.italy4345 import Options as ItalyOptions
    from companion.tables import find_table
    from companion.tables.italy4345.pages import screen_name

    app = App(None, size, headless=True, new_session=lambda game, options: None)
    app.lobby.start_screen.game = "italy4345"
    shoot(app, f"italy4345-start{suffix}")
    app.close()
    module, shot = find_table("italy4345"), set()
    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(SimPrinter(), Path(spool) / "q.jsonl")
        game = ItalyGame(edition("italy4345"), ItalyOptions(seed=3))
        app = App(Session(game, Devices(SimDie(), service)), size, headless=True)
        app.animate, rng = False, random.Random(3)
        while game.state.offensives_done < 1:
            action = module.bot(game.state, rng)
            for _tap in range(40):
                name = screen_name(app.game.view, app.session)
                if name not in shot:
                    shot.add(name)
                    shoot(app, f"italy4345-{name}{suffix}")
                target = module.next_tap(app, action)
                if target is None:
                    break
                if target in [b.rect.center for b in app.buttons] and f"{name}-entered" not in shot:
                    shot.add(f"{name}-entered")  # the panel's button next: the page as entered in full
                    shoot(app, f"italy4345-{name}-entered{suffix}")
                decisions = len(game.records)
                app.tap(target)
                app.draw()
                if len(game.records) != decisions:
                    break
        _printed(service)
        app.draw()
        shoot(app, f"italy4345-next-card{suffix}")
        _tap_marker(app, ("adjust-open",))  # Adjust with a city chosen: its pieces and its marks
        _tap_marker(app, ("area", "milano"))
        _tap_marker(app, ("mark", "loyalty"))
        shoot(app, f"italy4345-adjust-area{suffix}")
        _tap_marker(app, ("back",))
        app.game.menu.toggle()  # the menu, the legend over the page
        shoot(app, f"italy4345-menu{suffix}")
        app.close()


def _tap_marker(app: App, marker: object) -> None:
    app.draw()
    view = app.game.view
    app.tap(next(b for b in [*view.spots, *app.buttons] if b.action == marker).rect.center)
    app.draw()


def every_screen(shoot: Shoot, size: tuple[int, int], suffix: str = "") -> None:
    """Every screen the app shows, at one size, in the language in use."""
    start_screen(suffix, shoot, size)
    italia_screens(suffix, shoot, size)
    settings_screen(suffix, shoot, size)
    camera_screen(suffix, shoot, size)
    table_decks_screens(suffix, shoot, size)
    odds_screen(suffix, shoot, size)
    help_screens(suffix, shoot, size)
    novara_screens(suffix, shoot, size)
    italy4345_screens(suffix, shoot, size)
    capture(size, SCREENS, suffix, shoot=shoot)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for language, suffix in (("en", ""), ("it", "-it")):  # every screen in both languages
        i18n.use(language)
        every_screen(save, SIZE, suffix)
    i18n.use("en")
    capture((1280, 720), ("act",), "-1280x720", setup=False)
    print(f"screenshots in {OUT.relative_to(ROOT)}: {', '.join(sorted(p.name for p in OUT.glob('*.png')))}")


if __name__ == "__main__":
    main()
