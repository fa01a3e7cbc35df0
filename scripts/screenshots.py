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

OUT = ROOT / "docs" / "screenshots"
SCREENS = ("place", "act", "answer", "continue", "austria", "over")


def capture(size: tuple[int, int], names: tuple[str, ...], suffix: str = "", setup: bool = True) -> None:
    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(SimPrinter(), Path(spool) / "q.jsonl")
        session = Session(Game(edition("milano1848"), Options(players=4, seed=6)), Devices(SimDie(), service))
        app = App(session, size, headless=True)
        app.game.view.animate = False  # still screens; the Austrian turn's animation is not one of them
        if setup:
            app.screenshot(str(OUT / f"setup{suffix}.png"))  # the companion's deal, for the table to set up
        app.draw()
        for page in ("setup-players", ""):  # the set-up's pages: Next, then Done
            app.tap(app.buttons[0].rect.center)
            app.draw()
            if setup and page:
                app.screenshot(str(OUT / f"{page}{suffix}.png"))
        rng, wanted = random.Random(3), list(names)
        while wanted:
            step = session.state.step
            if step == wanted[0]:
                if step == "act" and session.state.round == 1 and not session.message:
                    session.do(a.Move(99))  # show a refusal on the turn screen, as a player would meet it
                _settle(session)
                _printed(service)
                app.screenshot(str(OUT / f"{step}{suffix}.png"))
                wanted.pop(0)
                continue
            if step == "over":
                break
            session.do(greedy_bot(session.state, rng))
        app.close()
        service.close()


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


def settings_screen(suffix: str) -> None:
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
    app = App(
        None, (800, 480), headless=True, new_session=lambda game, options: None, check_devices=lambda: checks
    )
    app.lobby.showing_settings = True
    app.lobby.settings.checks = (
        checks  # an illustration of the table (a Pi with its die unplugged), not a reading
    )
    app.screenshot(str(OUT / f"settings{suffix}.png"))
    app.close()


def camera_screen(suffix: str) -> None:
    """Desk mode with the simulated camera: a card being dragged to the lens."""
    import pygame

    from companion import config as configuration
    from companion.devices import open_devices

    with tempfile.TemporaryDirectory() as spool:
        config = configuration.parse('[camera]\nsource = "simulated"\n', "screenshots")
        opened = open_devices(config, Path(spool), lambda name: None)
        session = Session(Game(edition("milano1848"), Options(players=3, seed=4)), opened.devices)
        app = App(session, (800, 480), headless=True)
        app.game.view.animate, rng = False, random.Random(5)
        while session.state.step != "answer":
            session.do(greedy_bot(session.state, rng))
        app.frame()
        card = next(b for b in app.buttons if b.action is not None)
        target = (app.game.lens.rect.centerx + 30, app.game.lens.rect.centery - 40)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card.rect.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, button=1))
        app.frame()
        app.screenshot(str(OUT / f"camera{suffix}.png"))
        app.close()
        opened.close()


def table_decks_screens(suffix: str) -> None:
    """The table's own decks: naming the setup's Zone cards, then an Austria card by its icon."""
    from companion.tables.milano1848.choices import TABLE_DECKS

    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(SimPrinter(), Path(spool) / "q.jsonl")
        app = App(
            None,
            (800, 480),
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
        app.screenshot(str(OUT / f"table-setup{suffix}.png"))
        for zone in (13, 14, 2, 10, 11, 15):
            app.tap(tuple(map(int, app.lobby.before_game.board.centres[zone])))
        session, rng = app.session, random.Random(1)
        while session.needed is None:
            session.do(greedy_bot(session.state, rng))
        app.screenshot(str(OUT / f"table-card{suffix}.png"))
        app.close()
        service.close()


def start_screen(suffix: str) -> None:
    app = App(None, (800, 480), headless=True, new_session=lambda game, options: None)
    app.lobby.start_screen.chosen.players = 3
    app.screenshot(str(OUT / f"start{suffix}.png"))
    app.draw()
    next(b for b in app.buttons if b.colour == theme.ALERT).on_tap()  # New game: the Patriots come next
    app.lobby.players.colours[:2] = [1, 0]
    app.screenshot(str(OUT / f"players{suffix}.png"))
    app.lobby.players.editing, app.lobby.players.names[2] = 2, "Anit"
    app.screenshot(str(OUT / f"keyboard{suffix}.png"))
    app.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for language, suffix in (("en", ""), ("it", "-it")):  # every screen in both languages
        i18n.use(language)
        start_screen(suffix)
        settings_screen(suffix)
        camera_screen(suffix)
        table_decks_screens(suffix)
        capture((800, 480), SCREENS, suffix)
    i18n.use("en")
    capture((1280, 720), ("act",), "-1280x720", setup=False)
    print(f"screenshots in {OUT.relative_to(ROOT)}: {', '.join(sorted(p.name for p in OUT.glob('*.png')))}")


if __name__ == "__main__":
    main()
