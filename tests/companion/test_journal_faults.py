"""One bad byte, a full card, a folder that cannot be written: the journal keeps the table going
(issue 14 C1, C3, C11, C12)."""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion import store as store_module  # noqa: E402
from companion.app_command import Sessions  # noqa: E402
from companion.assets import edition  # noqa: E402
from companion.cli import main  # noqa: E402
from companion.games.milano1848 import stateio  # noqa: E402
from companion.games.milano1848.bots import greedy_bot  # noqa: E402
from companion.games.milano1848.game import Game  # noqa: E402
from companion.games.milano1848.records import dump_record  # noqa: E402
from companion.games.milano1848.setup import Options  # noqa: E402
from companion.session import Devices  # noqa: E402
from companion.store import DATABASE, Store, StoreError  # noqa: E402
from tests.companion.test_store import _play, _session  # noqa: E402


def _finished_record(seed: int = 4) -> str:
    game = Game(edition("milano1848"), Options(players=2, seed=seed))
    rng = random.Random(seed)
    while game.state.winner is None:
        game.play(greedy_bot(game.state, rng))
    return dump_record(game)


def _journal(directory: Path, devices: Devices) -> tuple[int, int]:
    """A journal with a finished game and a game in progress, closed as after a power cut: the
    finished game's id and the one in progress."""
    store = Store(directory)
    finished = store.import_text(_finished_record())
    session = _session(store, devices)
    _play(session, 12)
    game_id = store.in_progress().id  # type: ignore[union-attr]
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return finished, game_id


def _stored(path: Path, game_id: int, column: str, where: str) -> tuple[int, bytes]:
    """Where a stored text begins in the database file, and its bytes."""
    with sqlite3.connect(path) as db:
        text = db.execute(f"SELECT CAST({column} AS BLOB) FROM {where}", (game_id,)).fetchone()[0]
    offset = path.read_bytes().find(text)
    assert offset > 0
    return offset, text


def _flip(path: Path, offset: int, mask: int) -> None:
    data = bytearray(path.read_bytes())
    data[offset] ^= mask
    path.write_bytes(bytes(data))


@pytest.mark.slow
@pytest.mark.parametrize("mask", [0x01, 0x80])
def test_a_flipped_byte_in_a_games_header_leaves_that_game_listed_kept_and_deletable(tmp_path, devices, mask):
    """Every fourth byte of the header text, flipped in the file (integrity_check does not see it): the
    other game is untouched, the start screen asks what to resume without failing, the damaged
    game is listed, exported as stored and deleted."""
    finished, game_id = _journal(tmp_path / "pristine", devices)
    offset, header = _stored(tmp_path / "pristine" / DATABASE, game_id, "header", "games WHERE id = ?")
    pristine = Store(tmp_path / "pristine")
    finished_line = pristine.game(finished).describe()
    pristine.close()
    damaged_ones = 0
    for at in range(offset, offset + len(header), 4):
        shutil.rmtree(tmp_path / "state", ignore_errors=True)
        (tmp_path / "state").mkdir()
        shutil.copy(tmp_path / "pristine" / DATABASE, tmp_path / "state" / DATABASE)
        _flip(tmp_path / "state" / DATABASE, at, mask)
        store = Store(tmp_path / "state")
        assert store.notice == "" and store.integrity() == "ok"  # a damage SQLite cannot see
        listed = {saved.id: saved.describe() for saved in store.games()}
        assert listed[finished] == finished_line
        sessions = Sessions(store, devices)
        label = sessions.resumable()
        saved = store.game(game_id)
        if saved.damage:
            damaged_ones += 1
            assert listed[game_id].startswith(f"game {game_id}: damaged (") and label is None
        else:
            assert label is not None  # a header that still reads as an object is offered
            try:
                sessions.resume()  # replayed as it now says (a flipped seed digit is another game) ...
            except StoreError as exc:  # ... or refused in one sentence
                assert "\n" not in str(exc) and f"Game {game_id} cannot be replayed" in str(exc)
        assert (
            store.export_raw(game_id).split(b"\n")[0]
            == header[: at - offset] + bytes([header[at - offset] ^ mask]) + header[at - offset + 1 :]
        )
        store.delete(game_id)
        assert [s.id for s in store.games()] == [finished]
        store.close()
    assert damaged_ones > 20  # flips that break the JSON (a quote, a bracket) or its UTF-8 (0x80)


@pytest.mark.parametrize(
    "header, why",
    [
        (b'[1, "not an object"]', "line 1: the header must be a JSON object"),
        (b'{"format": "companion/milano1848-record", "version": 1, "opt\xe9ons": 5}', "not UTF-8"),
        (b'{"format": "companion/milano1848-record", "version": 1, "options": {"players": 3}', "not JSON"),
    ],
)
def test_the_commands_and_the_app_go_on_beside_a_damaged_header(
    tmp_path, devices, capsys, monkeypatch, header, why
):
    state = tmp_path / "companion-state"
    monkeypatch.setenv("COMPANION_STATE_DIR", str(state))
    finished, game_id = _journal(state, devices)
    with sqlite3.connect(state / DATABASE) as db:
        db.execute("UPDATE games SET header = CAST(? AS TEXT) WHERE id = ?", (header, game_id))
    assert main(["games", "list"]) == 0
    out = capsys.readouterr().out
    assert f"game {game_id}: damaged (" in out and why in out and f"game {finished}: Radetzky" in out
    assert f"`companion games delete {game_id}` removes it" in out
    assert main(["games", "export", str(game_id), "--out", str(tmp_path / "kept.jsonl")]) == 0
    assert (tmp_path / "kept.jsonl").read_bytes().split(b"\n")[0] == header  # as stored, not mended
    assert main(["games", "show", str(game_id)]) == 2
    assert f"Game {game_id} cannot be replayed" in capsys.readouterr().err
    _the_app_starts_and_plays(Store(state), devices, resume_offered=False)
    assert main(["games", "delete", str(game_id)]) == 0
    capsys.readouterr()
    assert main(["games", "list"]) == 0
    assert "damaged" not in capsys.readouterr().out


def _the_app_starts_and_plays(store: Store, devices: Devices, resume_offered: bool) -> str:
    """The start screen drawn, Resume tapped if offered (its notice returned), a new game begun."""
    from companion.ui.app import App

    sessions = Sessions(store, devices)
    app = App(None, headless=True, new_session=sessions.new, resume=(sessions.resumable, sessions.resume))
    try:
        app.draw()
        assert (sessions.resumable() is not None) == resume_offered
        notice = ""
        if resume_offered:
            resume = next(b for b in app.buttons if b.label.startswith("Resume"))
            app.tap(resume.rect.center)
            app.draw()
            notice = app.lobby.notice
        session = sessions.new("milano1848", Options(players=2, seed=9))
        app.begin(session)
        app.draw()
        _play(session, 3)
        return notice
    finally:
        app.close()


@pytest.mark.parametrize(
    "line", [b'{"action": {"kind": "pla', b"5", b'{"action": {"kind": "pl\xffce"}, "drawn": []}']
)
def test_a_damaged_decision_resume_says_it_cannot_be_replayed_and_the_rest_works(tmp_path, devices, line):
    finished, game_id = _journal(tmp_path, devices)
    with sqlite3.connect(tmp_path / DATABASE) as db:
        db.execute("UPDATE records SET record = CAST(? AS TEXT) WHERE game = ? AND seq = 4", (line, game_id))
    store = Store(tmp_path)
    notice = _the_app_starts_and_plays(store, devices, resume_offered=True)
    assert notice.startswith(f"Game {game_id} cannot be replayed (line 5") and "\n" not in notice
    assert notice.endswith(f"`companion games delete {game_id}` removes it.")
    assert store.export_raw(game_id).split(b"\n")[4] == line
    assert [s.id for s in store.games() if s.winner] == [finished]
    store.delete(game_id)


def test_a_damaged_setting_is_as_if_none_were_kept(tmp_path):
    store = Store(tmp_path)
    store.remember("language", "it")
    store.db.execute("UPDATE settings SET value = CAST(? AS TEXT) WHERE key = 'language'", (b"i\xff",))
    assert store.setting("language") is None


@pytest.mark.parametrize("blocked", ["at start", "during the game"])
def test_a_backups_folder_that_cannot_be_written_is_told_once_and_the_game_goes_on(
    tmp_path, devices, blocked
):
    """A file where the backups folder should be (root may write anywhere, a file stops root too)."""
    if blocked == "at start":
        (tmp_path / "backups").write_text("not a folder")
    store = Store(tmp_path)
    if blocked == "during the game":
        (tmp_path / "backups").rmdir()
        (tmp_path / "backups").write_text("not a folder")
    session = _session(store, devices)
    rng = random.Random(1)
    told = []
    while session.state.round < 4:
        assert session.do(greedy_bot(session.state, rng)), session.message
        if session.message:
            told.append((session.state.round, session.message))
    assert len(told) == 1 and told[0][0] == 2  # after the first Austrian turn, not after the next ones
    assert "The backup of game 1 cannot be written" in told[0][1] and "The game goes on" in told[0][1]
    again = Store(tmp_path)
    assert stateio.dumps(again.load(1).state) == stateio.dumps(session.state)


def test_two_journals_damaged_in_the_same_second_keep_both_copies(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module.time, "strftime", lambda *args: "20261201-000000")
    for garbage in (b"first damaged journal" * 300, b"second damaged journal" * 300):
        (tmp_path / DATABASE).write_bytes(garbage)
        store = Store(tmp_path)
        assert "moved to journal-damaged-20261201-000000" in store.notice
        store.close()
    kept = sorted(p.read_bytes()[:6] for p in tmp_path.glob("journal-damaged-*.db"))
    assert kept == [b"first ", b"second"]


def test_an_imported_game_gets_its_backup(tmp_path, capsys):
    record = tmp_path / "game.jsonl"
    record.write_text(_finished_record())
    assert main(["games", "import", str(record)]) == 0
    backups = Path(os.environ["COMPANION_STATE_DIR"]) / "backups"
    assert (backups / "game-1.jsonl").read_text() == record.read_text()


def test_games_show_and_list_print_control_characters_as_escapes(tmp_path, capsys):
    game = Game(edition("milano1848"), Options(players=2, seed=1, names=("\x1b[2J\x1b[31mEvil", "Ann\u202e")))
    record = tmp_path / "game.jsonl"
    record.write_text(dump_record(game))
    assert main(["games", "import", str(record)]) == 0
    assert main(["games", "list"]) == 0
    assert main(["games", "show", "1"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    assert "\\x1b[2J\\x1b[31mEvil in zone" in out and "Ann\\u202e in zone" in out


@pytest.fixture
def full_card(tmp_path):
    """A real filesystem of 4 MB (tmpfs, mounted here: the test needs root), and a way to fill it."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a tmpfs can only be mounted as root; test_store.py fills SQLite's own limit instead")
    card = tmp_path / "card"
    card.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(card)]).returncode:
        pytest.skip("no tmpfs can be mounted here")

    def fill() -> None:
        with open(card / "filler", "ab", buffering=0) as filler:
            try:
                while True:
                    filler.write(bytes(4096))
            except OSError:
                pass
        assert shutil.disk_usage(card).free == 0

    yield card, fill
    subprocess.run(["umount", "-l", str(card)], check=True)


def test_on_a_full_card_play_stops_in_one_line_and_deleting_an_old_game_lets_it_go_on(
    full_card, devices, capsys, monkeypatch
):
    card, fill = full_card
    monkeypatch.setenv("COMPANION_STATE_DIR", str(card / "state"))
    store = Store(card / "state")
    old = store.import_text(_finished_record())
    session = _session(store, devices)
    _play(session, 5)
    fill()
    rng = random.Random(2)
    while session.do(greedy_bot(session.state, rng)):
        pass
    refused = stateio.dumps(session.state)
    assert session.message.startswith("The SD card is full: free some space to go on")
    assert "`companion games delete ID`" in session.message and "\n" not in session.message
    assert main(["games", "list"]) == 0  # another process, as from a shell: reading works
    assert "in progress" in capsys.readouterr().out
    assert main(["games", "delete", str(old)]) == 0
    assert capsys.readouterr().out == f"game {old} deleted\n"
    assert stateio.dumps(session.state) == refused
    _play(session, 3, seed=2)  # the game goes on
    store.close()
    again = Store(card / "state")
    assert again.integrity() == "ok"
    assert stateio.dumps(again.load(again.in_progress().id).state) == stateio.dumps(session.state)  # type: ignore[union-attr]


def test_a_full_card_at_start_still_lets_every_games_command_work(full_card, capsys, monkeypatch):
    card, fill = full_card
    monkeypatch.setenv("COMPANION_STATE_DIR", str(card / "state"))
    record = Path(card.parent / "game.jsonl")
    record.write_text(_finished_record())
    for _ in range(3):
        assert main(["games", "import", str(record)]) == 0
    fill()
    capsys.readouterr()
    for argv in (
        ["games", "list"],
        ["games", "show", "2"],
        ["games", "export", "2"],
        ["games", "delete", "2"],
    ):
        assert main(argv) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main(["games", "list"]) == 0
    assert "game 2:" not in capsys.readouterr().out
    assert main(["games", "import", str(record)]) == 0  # the space the deletion gave back


def test_autoplay_on_a_full_card_stops_in_one_line_instead_of_asking_forever(tmp_path, devices):
    from companion.ui.app import App
    from companion.ui.autoplay import Stopped

    store = Store(tmp_path)
    session = _session(store, devices)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages + 1}")  # the full card as SQLite sees it
    asked = 0

    def bot(state, rng):  # type: ignore[no-untyped-def]
        nonlocal asked
        asked += 1
        assert asked < 5000, "the bot was asked again and again for a decision that cannot be saved"
        return greedy_bot(state, rng)

    app = App(session, headless=True)
    try:
        with pytest.raises(Stopped, match="^The SD card is full"):
            app.autoplay(rounds=20, bot=bot)
    finally:
        app.close()


def test_autoplay_resuming_a_game_that_cannot_be_replayed_is_one_line(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path))
    assert main(["run", "--headless", "--autoplay", "--rounds", "1"]) == 0
    with sqlite3.connect(tmp_path / DATABASE) as db:
        db.execute("UPDATE records SET record = CAST(? AS TEXT) WHERE seq = 3", (b'{"\xff',))
    capsys.readouterr()
    assert main(["run", "--headless", "--autoplay", "--resume", "--rounds", "2"]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("companion: Game 1 cannot be replayed (line 4: is not UTF-8") and err.count("\n") == 1
    )
    caught = int(Path("/proc/self/status").read_text().split("SigCgt:")[1].split()[0], 16)
    assert not caught & 1 << (signal.SIGTERM - 1)  # the screen closed: SDL's handler would outlive it


def test_deleting_games_gives_their_space_back_to_the_card(tmp_path):
    store = Store(tmp_path)
    record = _finished_record()
    ids = [store.import_text(record) for _ in range(10)]
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = (tmp_path / DATABASE).stat().st_size
    for game_id in ids[1:]:
        store.delete(game_id)
    assert (tmp_path / DATABASE).stat().st_size < before / 2  # the schema and one game stay
    assert (tmp_path / f"{DATABASE}-wal").stat().st_size == 0 and store.integrity() == "ok"
    assert stateio.dumps(store.load(ids[0]).state) == stateio.dumps(Store(tmp_path).load(ids[0]).state)
