"""`companion italy4345 ...`: good input gives its answer, a bad file one line naming the file, the field
and the fault, exit 2. The table module is not in the registry yet (no screens), so the parser is built
from its add_commands here. The edition used by the offensive is the INVENTED test fixture."""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

import pytest

from companion.games.italy4345 import RULES, Game, Options, Pass, Reveal, deck
from companion.tables.italy4345 import add_commands
from tests.games.italy4345.bot import choices
from tests.games.italy4345.helpers import FIXTURES, battle_in_napoli, fixture_edition


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="companion")
    add_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["italy4345", *argv])
    code: int = args.handler(args)
    return code


@pytest.fixture(autouse=True)
def owner_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "owner"
    monkeypatch.setenv("COMPANION_ITALY4345_DATA", str(folder))
    return folder


def as_owner(folder: Path) -> None:
    """The INVENTED fixture files copied as if the owner had filled them (their fixture mark dropped)."""
    folder.mkdir(exist_ok=True)
    for path in FIXTURES.glob("*.toml"):
        (folder / path.name).write_text(path.read_text().replace("fixture = true\n", ""))


def test_data_init_copies_the_templates_and_data_check_says_what_is_missing(
    owner_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("data", "init") == 0
    assert sorted(p.name for p in owner_folder.iterdir()) == [
        "cities.toml",
        "events.toml",
        "map.toml",
        "offensives.toml",
        "setup.toml",
    ]
    assert run("data", "check") == 0
    assert "Map: not given" in capsys.readouterr().out
    (owner_folder / "cities.toml").write_text("[milano]\ndisk = 3\n")
    assert run("data", "check") == 2
    assert capsys.readouterr().err.strip().endswith('cities.toml: milano.disk: must be true, false or "?"')


def test_deck_check_names_the_first_wrong_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    order = deck.build(8)
    order[17], order[3] = order[3], order[17]
    (tmp_path / "order.json").write_text(json.dumps(order))
    assert run("deck", "check", str(tmp_path / "order.json")) == 1
    assert capsys.readouterr().out.startswith(
        "Position 4: Card 4 is an offensive card where pile 1 has an event"
    )
    (tmp_path / "bad.json").write_text("{")
    assert run("deck", "check", str(tmp_path / "bad.json")) == 2
    assert capsys.readouterr().err.strip() == (
        f"companion: {tmp_path / 'bad.json'}: is not JSON (Expecting property name enclosed in double quotes "
        "at line 1, column 2)"
    )
    (tmp_path / "long.json").write_text("[" + "9" * 5000 + "]")
    assert run("deck", "check", str(tmp_path / "long.json")) == 2
    assert "holds a number too long to be any count in the game" in capsys.readouterr().err


def test_deck_odds_and_battle(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("deck", "odds", "--revealed", "38") == 0
    assert capsys.readouterr().out.strip() == "Offensive: 1 in 7 that it is the next card. (1/7)"
    assert run("deck", "odds", "--revealed", "39", "--offensive-at", "37") == 0
    assert capsys.readouterr().out.strip() == "No offensive card is left in the deck. (0/1)"
    assert run("battle", "--terrain", "mountain", "--aa", "3", "--ger", "2") == 0
    assert (
        capsys.readouterr().out.splitlines()[0]
        == "Anglo-American side 3, Axis 3: the Anglo-American side loses (a tie)"
    )


def test_a_bad_state_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "state.json"
    game = Game(fixture_edition(), Options())
    data = json.loads(RULES.dumps(game.state))
    path.write_text(json.dumps({**data, "resources": {"ger": -1, "rsi": 0, "cln": 0, "aut": 0}}))
    assert run("score", str(path)) == 2
    assert (
        capsys.readouterr().err.strip() == f"companion: {path}: resources: must give each faction 0 or more"
    )


def test_score_asks_for_a_missing_city_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "state.json"
    game = Game(fixture_edition(), Options())  # its cities hold Axis troops; the shipped cities.toml is "?"
    path.write_text(RULES.dumps(game.state))
    assert run("score", str(path)) == 2
    assert re.search(r"state.json: cities\.\w+\.intact\.production: not given", capsys.readouterr().err)


def at_an_offensive(long: bool = False) -> Game:
    game = Game(fixture_edition(), Options(deck_mode="companion", seed=2, long_deck=long))
    while game.state.step != "offensive":
        step = game.state.step
        symbol = step == "symbols"
        game.play(Reveal() if step == "reveal" else choices(game, random.Random(0))[0] if symbol else Pass())
    return game


def test_the_offensive_runs_over_the_owners_map_and_writes_its_ticket(
    owner_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state.json"
    state.write_text(RULES.dumps(at_an_offensive().state))
    assert run("offensive", str(state)) == 2
    assert "map.toml: not filled" in capsys.readouterr().err
    as_owner(owner_folder)
    receipt = tmp_path / "ticket.bin"
    assert run("offensive", str(state), "--receipt", str(receipt)) == 0
    after = json.loads(capsys.readouterr().out)
    assert after["step"] == "score" and after["areas"]["rds"]["aa"] == 0
    data = receipt.read_bytes()
    assert b"OFFENSIVE 1 of 5  power 3" in data and b"CLN 12" in data
    assert b"Area-31 5 v 1: AA -2, Axis -1\n" in data and b"Napoli 4 v 5" in data  # named as on screen
    assert not re.search(rb"area-\d|napoli|roma", data)  # never the map's ids


def test_the_offensive_command_sends_axis_troops_with_nowhere_to_go_to_the_reserve(
    owner_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A-24 with nobody to ask: the run confirms it itself; it ended the round with the battle unfought
    and stopped at a redistribution nothing could satisfy."""
    as_owner(owner_folder)
    state = tmp_path / "state.json"
    state.write_text(RULES.dumps(battle_in_napoli(liberated_around=True).state))
    assert run("offensive", str(state)) == 0
    after = json.loads(capsys.readouterr().out)
    assert after["step"] == "score" and after["areas"]["napoli"]["liberated"]
    assert after["areas"]["napoli"]["ger"] == 0


@pytest.mark.parametrize("long", [False, True])
def test_the_offensive_ticket_says_how_many_offensives_the_game_has(long: bool) -> None:
    """Both decks hold five offensive cards (spec 1.3, §9.3), the game ends at rules.toml's count; a game
    whose count is another (3: INVENTED by this test) or unknown says so, never a printed "of 5"."""
    from dataclasses import replace

    from companion.games.italy4345.report import offensive_report
    from companion.tables.italy4345.commands import run_offensive
    from companion.tickets.italy4345 import offensive_ticket
    from hardware.document import Text

    game = at_an_offensive(long)
    start = len(game.records)
    run_offensive(game)
    report = offensive_report(game.edition, game.steps(start))

    def title(offensives: int | None) -> str:
        ticket = offensive_ticket(report, game.state, offensives)
        return next(b.text for b in ticket.blocks if isinstance(b, Text))

    assert game.edition.rules.offensives == 5 and title(game.edition.rules.offensives).startswith(
        "OFFENSIVE 1 of 5"
    )
    invented = replace(game.edition.rules, offensives=3)
    assert title(invented.offensives).startswith("OFFENSIVE 1 of 3")
    assert title(None).startswith("OFFENSIVE 1  power")
