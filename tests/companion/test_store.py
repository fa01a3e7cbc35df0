"""The journal: what a table notices is that nothing is ever lost, whatever happens to the card."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from companion.app_command import Sessions
from companion.assets import edition
from companion.cli import main
from companion.games.milano1848 import stateio
from companion.games.milano1848.bots import greedy_bot
from companion.games.milano1848.game import Game
from companion.games.milano1848.records import dump_record
from companion.games.milano1848.setup import Options
from companion.session import Devices, Session
from companion.store import DATABASE, Journal, Store
from hardware.faces import BLANK


def _session(store: Store, devices: Devices, seed: int = 3) -> Session:
    game = Game(edition("milano1848"), Options(players=3, seed=seed))
    return Session(game, devices, journal=Journal.start(store, game))


def _play(session: Session, decisions: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(decisions):
        if session.over:
            return
        assert session.do(greedy_bot(session.state, rng)), session.message


def test_a_resumed_game_is_exactly_where_the_table_left_it_undo_included(tmp_path, devices):
    store = Store(tmp_path / "state")
    session = _session(store, devices)
    _play(session, 60)
    assert session.undo() or session.undo()  # a revealed card asks twice
    store.close()
    again = Store(tmp_path / "state")
    saved = again.in_progress()
    assert saved is not None and saved.actions == len(session.game.records)
    assert stateio.dumps(again.load(saved.id).state) == stateio.dumps(session.state)


def test_a_finished_game_is_not_offered_for_resuming_and_leaves_a_backup(tmp_path, devices):
    store = Store(tmp_path)
    session = _session(store, devices)
    _play(session, 2000)
    assert session.over and store.in_progress() is None
    saved = store.games()[0]
    assert saved.winner == session.state.winner
    assert (tmp_path / "backups" / f"game-{saved.id}.jsonl").read_text() == dump_record(session.game)


def test_a_full_sd_card_refuses_the_action_in_one_sentence_and_corrupts_nothing(tmp_path, devices):
    store = Store(tmp_path)
    session = _session(store, devices)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages + 1}")  # SQLite's own "database or disk is full"
    rng = random.Random(1)
    refused = None
    for _ in range(500):
        before = stateio.dumps(session.state)
        if not session.do(greedy_bot(session.state, rng)):
            refused = before
            break
    assert refused is not None, "the card never filled up"
    assert session.message.startswith("The SD card is full: free some space to go on")
    assert "did not happen" in session.message
    assert stateio.dumps(session.state) == refused  # taken back: the screen and the journal agree
    assert store.integrity() == "ok"
    saved = store.in_progress()
    assert saved is not None and saved.actions == len(session.game.records)
    store.db.execute("PRAGMA max_page_count = 1073741823")  # space freed: the game goes on
    assert session.do(greedy_bot(session.state, rng))


def test_undo_that_cannot_be_saved_does_not_happen(tmp_path, devices):
    store = Store(tmp_path)
    session = _session(store, devices)
    _play(session, 5)
    records = len(session.game.records)
    store.db.execute("PRAGMA query_only = ON")  # the journal turned read-only underneath
    session._undo_armed = True
    assert not session.undo()
    assert (
        session.message.startswith("The journal is read-only.") and "Undo did not happen" in session.message
    )
    assert len(session.game.records) == records


@pytest.mark.parametrize("damage", ["garbage", "truncated", "zeroed-page"])
def test_a_damaged_journal_is_moved_aside_and_the_backup_brought_back(tmp_path, devices, damage):
    store = Store(tmp_path)
    session = _session(store, devices)
    while session.state.round < 3:
        _play(session, 1)
    store.close()
    path = tmp_path / DATABASE
    _damage(path, damage)
    repaired = Store(tmp_path)
    assert "The journal was damaged" in repaired.notice and "journal-damaged-" in repaired.notice
    assert "is restored: Resume goes on from there." in repaired.notice
    assert list(tmp_path.glob("journal-damaged-*.db"))  # kept, never deleted
    saved = repaired.in_progress()
    assert saved is not None and saved.round == 3  # the backup written after round 2's Austrian turn
    assert repaired.integrity() == "ok"


def _damage(path, how: str) -> None:
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    if how == "garbage":
        path.write_bytes(b"this is not a database" * 100)
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 2 + 100])
    else:
        page = 4096
        path.write_bytes(data[: 2 * page] + bytes(page) + data[3 * page :])


def test_no_backup_means_a_new_game_is_the_way_on(tmp_path):
    (tmp_path / DATABASE).write_bytes(b"\x00" * 5000)
    store = Store(tmp_path)
    assert store.notice.endswith("No backup was found: start a new game.")
    assert store.games() == []


def test_the_die_face_survives_a_restart(tmp_path, devices):
    store = Store(tmp_path)
    session = _session(store, devices)
    rng = random.Random(2)
    while not any(e.kind == "revealed" for e in session.last_events):
        session.do(greedy_bot(session.state, rng))
    shown = devices.die.face
    assert shown.name in ("swords", "map", "cannonball")
    store.close()
    again = Store(tmp_path)
    devices.die.show(BLANK)  # the power went
    Sessions(again, devices).resume()
    assert devices.die.face == shown


@pytest.mark.parametrize("kept", ["pips-7", "swords", '{"name": "swords", "rows": [1, 2]}', "[" * 5000])
def test_a_damaged_die_face_setting_does_not_stop_resume(tmp_path, devices, kept):
    store = Store(tmp_path)
    _play(_session(store, devices), 5)
    store.remember("die.face", kept)
    session = Sessions(store, devices).resume()
    assert session.message.startswith("Resumed: round") and devices.die.face == BLANK


def test_games_commands_list_show_export_import_delete(tmp_path, capsys):
    assert main(["run", "--terminal", "--record", str(tmp_path / "game.jsonl")]) == 0
    capsys.readouterr()
    assert main(["games", "import", str(tmp_path / "game.jsonl")]) == 0
    assert capsys.readouterr().out.startswith("imported as game 1: ")
    assert main(["games", "list"]) == 0
    assert "game 1: " in capsys.readouterr().out
    assert main(["games", "show", "1"]) == 0
    assert "Radetzky in zone" in capsys.readouterr().out
    assert main(["games", "export", "1", "--out", str(tmp_path / "again.jsonl")]) == 0
    assert (tmp_path / "again.jsonl").read_text() == (tmp_path / "game.jsonl").read_text()
    assert main(["games", "delete", "1"]) == 0
    capsys.readouterr()
    assert main(["games", "show", "1"]) == 2
    assert (
        capsys.readouterr().err
        == "companion: There is no game 1; `companion games list` shows the saved ones.\n"
    )


@pytest.mark.parametrize(
    "content, fault",
    [
        ("", "the record is empty"),
        ('{"format": "companion/milano1848-record", "version": 1, "options": {"players": 9}}\n', "players"),
        ("[" * 100000 + "\n", "nested too deeply"),
        (
            '{"format": "companion/milano1848-record", "version": 1, "options": {"players": 2}}\n'
            '{"action": 5}\n',
            "line 2",
        ),
    ],
)
def test_a_hostile_record_is_refused_in_one_line_and_nothing_is_saved(tmp_path, capsys, content, fault):
    (tmp_path / "bad.jsonl").write_text(content)
    assert main(["games", "import", str(tmp_path / "bad.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and fault in err and "Traceback" not in err
    assert main(["games", "list"]) == 0
    assert "no saved games" in capsys.readouterr().out


def test_a_huge_record_is_refused_before_it_is_read(tmp_path, capsys):
    big = tmp_path / "big.jsonl"
    with big.open("wb") as file:
        file.truncate(64 << 20)
    assert main(["games", "import", str(big)]) == 2
    assert "larger than" in capsys.readouterr().err


def test_a_journal_from_a_newer_companion_is_left_alone(tmp_path):
    with sqlite3.connect(tmp_path / DATABASE) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(Exception, match="newer companion"):
        Store(tmp_path)
    assert not list(tmp_path.glob("journal-damaged-*"))


def test_the_record_header_in_the_journal_is_the_documented_one(tmp_path, devices):
    store = Store(tmp_path)
    session = _session(store, devices)
    header = json.loads(store.export(store.in_progress().id).splitlines()[0])  # type: ignore[union-attr]
    assert header == session.game.header()


def test_a_question_mark_a_screen_put_on_the_die_is_not_shown_again_after_a_restart(tmp_path, devices):
    """ShowDie is a screen's moment (a roll being set up), not a decision: after a power cut the die
    shows the last decision's face, not a question nobody is asking any more."""
    from companion.tables.base import ShowDie
    from hardware.faces import QUESTION, pips

    store = Store(tmp_path / "state")
    session = _session(store, devices)
    session._show([pips(3)])  # what the last decision showed
    session.perform(ShowDie((QUESTION,)))
    assert devices.die.face == QUESTION  # the table sees the question now
    assert session.journal is not None and session.journal.last_shown() == pips(3)
