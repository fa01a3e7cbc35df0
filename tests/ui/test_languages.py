"""English and Italian through gettext: the catalogs are complete and compiled, and the screen
switches language from the settings screen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion import i18n  # noqa: E402
from companion.ui.app import App  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use("en")


def test_every_text_on_screen_has_its_italian_and_the_catalog_is_compiled():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "catalogs.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout


def test_the_settings_screen_switches_the_language_and_remembers_it():
    chosen: list[str] = []
    app = App(None, headless=True, new_session=lambda game, options: None, choose_language=chosen.append)
    try:
        app.draw()
        assert {"New game", "Settings"} <= {b.label for b in app.buttons}
        next(b for b in app.buttons if b.label == "Settings").on_tap()
        app.draw()
        next(b for b in app.buttons if b.label == "Italiano").on_tap()
        assert chosen == ["it"] and i18n.language == "it"
        app.draw()
        assert {"Indietro", "Controlla"} <= {b.label for b in app.buttons}
        next(b for b in app.buttons if b.label == "Indietro").on_tap()
        app.draw()
        assert {"Nuova partita", "Impostazioni", "Base", "Avanzata"} <= {b.label for b in app.buttons}
    finally:
        app.close()


def test_plurals_follow_the_language():
    i18n.use("it")
    assert (
        i18n.ngettext("{name}: {count} action", "{name}: {count} actions", 1).format(name="Carlo", count=1)
        == "Carlo: 1 azione"
    )
    assert (
        i18n.ngettext("{name}: {count} action", "{name}: {count} actions", 3).format(name="Carlo", count=3)
        == "Carlo: 3 azioni"
    )
    i18n.use("klingon")
    assert i18n.language == "en" and i18n._("New game") == "New game"


def test_the_engines_refusals_reach_the_screen_in_italian(edition):
    import random

    from companion.games.milano1848 import actions as a
    from companion.games.milano1848.bots import random_bot
    from companion.games.milano1848.errors import Sentence
    from companion.games.milano1848.game import Game
    from companion.games.milano1848.legal import legal_actions
    from companion.games.milano1848.reducer import check
    from companion.games.milano1848.setup import Options

    i18n.use("it")
    tries = [
        a.Move(99),
        a.Conquer(),
        a.FightSoldiers(),
        a.FightRadetzky(),
        a.Refresh(),
        a.Continue(),
        a.Stop(),
        a.PlacePatriot(1),
        a.Answer(("italy-01",)),
        a.Promote(3),
        a.UseHelp("italy-01"),
        a.Strengthen("rifle", ()),
    ]
    seen = 0
    for seed in range(6):
        game = Game(edition, Options(players=1 + seed % 5, mode=("basic", "advanced")[seed % 2], seed=seed))
        rng = random.Random(seed)
        while game.state.step != "over" and len(game.records) < 120:
            legal = legal_actions(game.state)
            for action in tries:
                reason = check(game.state, action) if action not in legal else None
                if reason is None:
                    continue
                assert isinstance(reason, Sentence), reason
                said = i18n.translate(reason)
                assert said != str(reason) and "refused" not in said, said  # every part found in the catalog
                seen += 1
            game.play(random_bot(game.state, rng))
    assert seen > 1000


def test_the_printer_line_speaks_the_tables_language(tmp_path):
    import time

    from companion.ui.game import printer_text
    from hardware.document import Document, Text
    from hardware.printer import PrintService
    from hardware.sim.printer import SimPrinter

    printer = SimPrinter()
    service = PrintService(printer, tmp_path / "q.jsonl", retry_s=0.05)
    try:
        i18n.use("it")
        assert printer_text(service) == "Stampante pronta."
        printer.online = False
        service.submit(Document("t", (Text("x"),)))
        service.submit(Document("t", (Text("y"),)))
        deadline = time.monotonic() + 5
        while service.last_state != "offline" and time.monotonic() < deadline:
            time.sleep(0.02)
        assert printer_text(service) == "Stampante scollegata, 2 scontrini in attesa."
        i18n.use("en")
        assert printer_text(service) == service.status == "Printer offline, 2 tickets waiting."
    finally:
        service.close()


def test_an_italia_nations_sentences_agree_with_a_singular_nation_too():
    """Italia's nations are plural (Romani, Sanniti) but Italia II has Bisanzio and Patrimonium: an
    Italian sentence must not put a plural verb after the nation's name ("Bisanzio si sottomettono")."""
    import re

    catalog = (ROOT / "companion" / "locale" / "it" / "LC_MESSAGES" / "companion.po").read_text("utf-8")
    plural_after_name = re.compile(
        r"\{(nation|master|heir)\}:? (si |non )?(sono|hanno|entrano|controllano|sottomettono|ribellano|"
        r"possono|devono|attaccano|usciti|liberi)\b"
    )
    found = [
        line for line in catalog.splitlines() if line.startswith("msgstr") and plural_after_name.search(line)
    ]
    assert not found, "\n".join(found)
