"""Italy '43-'45's tickets as the table reads them, in English and in Italian: a card's, an offensive's and
the final one, printed through the table's own path (`Italy4345Table.after`) over a whole game, name
cards, areas and factions as the screen does (who plays each, when the players typed their names), never
an engine's id, and each fits 100 mm of 58 mm paper, measured on the bytes python-escpos gets. The
edition, the game, the players' names, the card title and the long area ids are INVENTED for tests."""

from __future__ import annotations

import dataclasses
import random
import re
from functools import cache

import pytest

from companion import i18n
from companion.games.italy4345 import Battle, Game, Options
from companion.games.italy4345.battle import Result
from companion.games.italy4345.errors import Sentence, listed
from companion.games.italy4345.model import FACTIONS
from companion.games.italy4345.report import CivicDone, Cleanup, Fought, OffensiveReport
from companion.games.italy4345.scoring import Score
from companion.tables.italy4345.table import Italy4345Table
from companion.tickets.italy4345 import card_ticket, offensive_ticket
from hardware.document import Document
from tests.companion.test_tickets_italia import lines, paper
from tests.games.italy4345.bot import play_on
from tests.games.italy4345.helpers import fixture_edition

NAMES = ("Ada", "Bruno", "Carla", "Dino")  # INVENTED: the players' names typed before the game
ENGLISH = {  # words of the tickets' English that Italian never uses
    *("card", "of", "Order", "Eligible", "none", "OFFENSIVE", "power", "GAME", "OVER", "wins", "points"),
    *("at", "after", "cards", "Companion", "deck", "seed", "more", "lines", "Offensive", "Germany"),
    *("Autonomous", "the", "is", "troops", "lose", "side", "Pawn", "Assault", "Round", "passes", "Put"),
}
LONG_NAMES = ("Massimiliano Bon", "Bartolomeo Rossi", "Carlotta Ferrari", "Domenico Esposit")  # 16 each


@pytest.fixture(params=["en", "it"])
def language(request: pytest.FixtureRequest) -> object:
    i18n.use(request.param)
    yield request.param
    i18n.use("en")


@pytest.fixture
def italian() -> object:
    i18n.use("it")
    yield
    i18n.use("en")


@cache
def _record(names: tuple[str, ...], titled: bool) -> Game:
    """A whole game over the fixture map, the bot's decisions (seeded), to its winner."""
    edition = fixture_edition()
    if titled:
        titled_cards = edition.events.items()
        events = {k: dataclasses.replace(card, title="Titolo inventato") for k, card in titled_cards}
        edition = dataclasses.replace(edition, events=events)
    game = Game(edition, Options(deck_mode="companion", seed=2, names=names))
    play_on(game, random.Random(1), 3000)
    assert game.state.winner is not None
    return game


def printed(names: tuple[str, ...] = NAMES, titled: bool = False) -> tuple[Game, list[Document]]:
    """Every ticket of that game, built in the language in use as the table builds them after each
    decision (from the record: the game is played again decision by decision)."""
    record = _record(names, titled)
    game, table, tickets = Game(record.edition, record.options), Italy4345Table(), []
    for decision in record.records:
        before = game.state
        game.play(decision.action, decision.drawn)
        tickets += table.after(before, decision.action, [], game).tickets
    return game, tickets


def test_every_ticket_names_cards_areas_and_factions_never_an_id_and_fits_100_mm(language: str) -> None:
    game, tickets = printed()
    assert {t.title.split()[0] for t in tickets} == {"Card", "Offensive", "Game"}
    ids = sorted(game.state.areas)  # the map's ids: napoli, area-21, rds...
    for ticket in tickets:
        text = "\n".join(lines(ticket))
        assert "event-" not in text and "offensive-" not in text and "_" not in text, text
        raw = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
        assert not raw, (raw, text)
        assert paper(ticket) <= 100, (ticket.title, paper(ticket))
    assert any("Napoli" in "".join(lines(t)) for t in tickets)
    assert any("Area-21" in "".join(lines(t)) for t in tickets)  # a countryside area of the owner's map


def test_every_offensive_of_the_game_prints_whole_battles_scores_and_incomes(language: str) -> None:
    """The game's offensives (the first: 9 battles, 8 areas liberated, a civic action) print whole on
    100 mm: every battle, the scores and, but for the winner's, the incomes; no line counted as left
    out, and no ticket of the game is cut."""
    game, tickets = printed()
    offensives = [t for t in tickets if t.title.startswith("Offensive")]
    assert len(offensives) == 4
    battles = re.compile(r"\d+ (v|a) (Axis |Asse )?\d+")
    said = [lines(t) for t in offensives]
    fought = sum(1 for r in game.records if isinstance(r.action, Battle))
    assert fought == 13 and sum(1 for s in said for line in s if battles.search(line)) == fought
    for ticket, text in zip(offensives, said, strict=True):
        assert paper(ticket) <= 100, (ticket.title, paper(ticket))
        assert text.count("SCORES | nobody at 15") + text.count("PUNTEGGI | nessuno a quota 15") == (
            ticket is not offensives[-1]
        )
        assert sum(1 for line in text if line.split()[0] in ("INCOME", "ENTRATE")) == (
            ticket is not offensives[-1]
        )
    for ticket in tickets:
        assert not re.search(r"\.\.\. (\d+ more|ancora \d+|altr[ae] \d+)", "\n".join(lines(ticket))), lines(
            ticket
        )
    assert lines(offensives[-1])[-6:-4] in (
        ["SCORES", "Autonomous (Dino) wins."],
        ["PUNTEGGI", "Vince Autonomi (Dino)."],
    )


def test_the_players_names_are_on_the_card_and_final_tickets(language: str) -> None:
    _game, tickets = printed()
    card = next(t for t in tickets if t.title.startswith("Card"))
    final = next(t for t in tickets if t.title == "Game over")
    eligible = [line for line in lines(card) if ("(Ada)" in line or "(Bruno)" in line)]
    assert eligible, lines(card)
    text = "\n".join(lines(final))
    assert all(f"({name})" in text for name in NAMES), text


def test_an_italian_table_prints_italian_tickets(italian: None) -> None:
    _game, tickets = printed()
    card = lines(next(t for t in tickets if t.title == "Card 1"))
    assert card[:3] == ["ITALY '43-'45 | carta 1 di 45", "Evento 48", "Ordine: Germania, RSI, CLN, Autonomi"]
    assert "Idonee: RSI (Bruno), CLN (Carla)" in card
    assert "Non idonee: Germania (Ada), Autonomi (Dino)" in card
    assert "Germania 19 | RSI 10" in card and "Offensiva fra 8 carte (carta 9)." in card
    assert "Aggiungete 3 truppe anglo-americane in Regno del Sud." in card
    offensive = lines(next(t for t in tickets if t.title == "Offensive 1"))
    assert offensive[:2] == ["OFFENSIVA 1 di 5  potenza 3", "Area-31 4 a 1: AA -2, Asse -1"]
    napoli = offensive.index("Napoli 4 a 5: AA -1, Asse -1")
    assert offensive[napoli + 1] == "  3 ritirate in Area-21"
    assert offensive[-8:] == [
        "PUNTEGGI | nessuno a quota 15",
        "Aut. 13 = 4+4+1 +4 rimaste",
        "CLN 7 = 3+0+0+0 +4 rimaste",
        "RSI 4 = 4 pop. +0 fatte",
        "Ger. 2 = 2 prod. +0 fatte",
        "ENTRATE Ger. +2-1=21 RSI +1=16",
        "        CLN +3=12 Aut. +2=10",
        "Aut. Liberazione Area-04",
    ]
    small = lines(next(t for t in tickets if t.title == "Offensive 2"))  # room for spec 7's long form
    battle = ["Ripetizione 1", " Roma AA 3 a Asse 3", "  Lato AA -1 (AA 1)", "  Asse -1 (Ger. 1)"]
    assert small[1:6] == [*battle, "  2 ritirate in Area-12"]
    assert small[6:8] == ["Liberate: Napoli, Area-13, Roma,", " Area-03, Area-04"]  # broken between names
    final = lines(next(t for t in tickets if t.title == "Game over"))
    assert final[:3] == ["ITALY '43-'45  FINE PARTITA", "Vince Autonomi (Dino).", "15+ punti all'offensiva 4"]
    assert final[-2:] == ["36 carte su 45", "Mazzo del companion, seme 2"]
    for ticket in tickets:  # neither the heading's words nor the engine's sentences in English
        said = {word for line in lines(ticket) for word in re.findall(r"[A-Za-z]+", line)}
        assert not ENGLISH & said, (ENGLISH & said, lines(ticket))


def test_a_card_is_named_with_its_title_when_the_owners_card_file_gives_it(language: str) -> None:
    _game, tickets = printed(titled=True)
    card = lines(next(t for t in tickets if t.title == "Card 1"))
    assert card[1] == {"en": "Event 48: Titolo inventato", "it": "Evento 48: Titolo inventato"}[language]


def test_the_longest_tickets_fit_100_mm_in_both_languages(language: str) -> None:
    """The longest names typed, area ids longer than any map's, a card and an offensive of 80 lines
    each: the lines that do not fit are counted, the head and the tail always printed."""
    game, tickets = printed(LONG_NAMES)
    final = next(t for t in tickets if t.title == "Game over")
    assert paper(final) <= 100 and all(f"({name})" in "\n".join(lines(final)) for name in LONG_NAMES)
    state = game.state.copy()
    state.eligible, state.ineligible = ["ger", "rsi"], ["cln", "aut"]
    areas = [f"valle_d_aosta_e_alto_canavese_{n:02d}" for n in range(6)]  # INVENTED ids
    for area in areas:
        state.area(area)
    crowded = [Sentence("Assault: troops in {areas}.", areas=listed(areas)) for _ in range(80)]
    card = card_ticket(state, crowded)
    text = "\n".join(lines(card))
    assert paper(card) <= 100 and "Valle d aosta e alto canavese 05" in text and "_" not in text
    assert "(Massimiliano Bon)" in text and "(Domenico Esposit)" in text  # the tail: who is eligible


def test_a_giant_offensive_keeps_its_scores_and_incomes_and_counts_the_battles_left_out(
    language: str,
) -> None:
    """An offensive of 60 battles over long area ids (INVENTED: no map holds one) prints the first
    battles, counts the others as on the screen, and always the liberated areas, the scores, the
    incomes and the civic action, in 100 mm."""
    game, _tickets = printed(LONG_NAMES)
    state = game.state.copy()
    areas = [f"valle_d_aosta_e_alto_canavese_{n:02d}" for n in range(12)]  # INVENTED ids
    fought = Result(12, 9, "axis", False, ("aa", "cln"), ("rsi", "ger", "rsi"))  # INVENTED values
    report = OffensiveReport(3, 3, need=15, winner=None, incomes={"ger": 7, "rsi": 3, "cln": 2, "aut": 4})
    report.battles = [Fought(1 + n // 20, areas[n % 6], fought, 2, areas[n % 6 + 6]) for n in range(60)]
    report.liberated, report.cleanup = areas, Cleanup(1, 2, 3, 4)
    report.scores = {f: Score(f, (("troops", 9), ("bases", 1), ("offensives left", 2))) for f in FACTIONS}
    report.civics = [CivicDone("aut", "liberation", tuple(areas[:2]), 1)]
    said = lines(offensive_ticket(report, state, 5))
    text = "\n".join(said)
    assert paper(offensive_ticket(report, state, 5)) <= 100 and "_" not in text
    shown = sum(1 for line in said if line.startswith("Valle d aosta e alto canavese 0"))
    left = re.search(r"\.\.\. (?:altre )?(\d+) (?:more battles|battaglie)", text)
    assert left and 0 < shown < 60 and int(left.group(1)) == 60 - shown, text
    scores, incomes = said[-8:-3], said[-3:-1]
    assert scores[0] in ("SCORES | nobody at 15", "PUNTEGGI | nessuno a quota 15")
    assert [line.split(" = ")[0] for line in scores[1:]] == ["Ger. 12", "RSI 12", "CLN 12", "Aut. 12"]
    assert incomes[0].split()[1:] == ["Ger.", "+7-3=31", "RSI", "+3=40"] and incomes[1].split()[0] == "CLN"
    assert re.search(r"(Liberated|Liberate): 12 (areas|aree)", text), text  # too many to name
    assert "Liberazione" in said[-1] or "Liberation" in said[-1]
