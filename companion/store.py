"""The journal: every game's record in SQLite, committed before the table sees its effect.

WAL mode with `synchronous=FULL`: once `append` returns, the decision survives a power cut.
A damaged database is moved aside at start (never deleted) and the newest backup, a JSON Lines
record written after every Austrian turn, is brought back so the game can go on.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.games.base import PlayedGame
from companion.games.records import parse_header
from companion.games.vocabulary import DataError
from companion.records import load_record, rules_of

if TYPE_CHECKING:
    from hardware.faces import Face

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    header TEXT NOT NULL,           -- the record's header line (format, options, setup draws)
    started REAL NOT NULL,
    updated REAL NOT NULL,
    round INTEGER NOT NULL DEFAULT 1,
    winner TEXT                     -- NULL while the game is in progress
);
CREATE TABLE IF NOT EXISTS records (
    game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,           -- 1, 2, ... in the order played
    record TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
DATABASE = "journal.db"
RESERVE = "space-reserve"
RESERVE_BYTES = 1 << 20  # a deletion's journal and SQLite's shared memory fit many times over
FULL_BYTES = 64 << 10  # less free than this, and SQLite's shared memory (32 KiB) may not fit
CARD_FULL = "The SD card is full: free some space to go on (`companion games delete ID` removes an old game)."


class StoreError(Exception):
    """The journal cannot do what was asked; the message is one sentence for the screen."""


@dataclass(frozen=True)
class SavedGame:
    id: int
    header: dict[str, Any]
    started: float
    updated: float
    round: int
    winner: str | None
    actions: int
    damage: str = ""  # why the stored header cannot be read ("" when it can): the game is kept, not played

    @property
    def in_progress(self) -> bool:
        return self.winner is None and not self.damage

    @property
    def title(self) -> str:
        """The game's name, from the record's format ("?" for a format this companion does not know)."""
        try:
            return rules_of(self.header).title
        except DataError:
            return f"? ({self.header.get('format')!s:.60})"

    def describe(self) -> str:
        """One line for a list: which game, when, who, how far (or what is damaged, and the way out)."""
        when = _when(self.updated)
        if self.damage:
            return (
                f"game {self.id}: damaged ({self.damage}), {when}, {self.actions} actions; "
                f"`companion games export {self.id}` keeps it as stored, "
                f"`companion games delete {self.id}` removes it"
            )
        options = self.header.get("options")
        options = options if isinstance(options, dict) else {}
        how = f"{self.winner.capitalize()} won" if self.winner else "in progress"
        return (
            f"game {self.id}: {self.title}, {when}, {options.get('players', '?')!s:.20} player(s), "
            f"{options.get('mode', '?')!s:.20}, round {self.round}, {self.actions} actions, {how}"
        )

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> SavedGame:
        """A row of the games table whose header and winner are read as bytes: a damaged header is
        kept as the game's damage instead of stopping every list."""
        game_id, raw, started, updated, round_, winner, actions = row
        winner = None if winner is None else bytes(winner).decode("utf-8", "replace")
        try:
            return cls(game_id, parse_header(_text(raw, 1)), started, updated, round_, winner, actions)
        except DataError as exc:
            return cls(game_id, {}, started, updated, round_, winner, actions, damage=str(exc))


class Store:
    """The journal database in `directory` (created if missing), with its backups beside it."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.path = self.directory / DATABASE
        self.backups = self.directory / "backups"
        self.notice = ""  # a sentence for the start screen: what happened to a damaged journal
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                f"The journal directory {self.directory} cannot be created ({exc.strerror})."
            ) from None
        with suppress(OSError):  # no backups folder: each backup says so; the journal works without
            self.backups.mkdir(exist_ok=True)
        self.reserve = Reserve(self.directory / RESERVE)
        self.db = self._open_checked()
        self.reserve.keep()

    def _open_checked(self) -> sqlite3.Connection:
        try:
            return self._open_on_full_disk()
        except sqlite3.OperationalError as exc:  # locked, no permission, disk full: the file may be fine
            if _card_full(exc, self.directory):
                raise StoreError(CARD_FULL) from None
            raise StoreError(f"The journal {self.path} cannot be opened ({exc}).") from None
        except sqlite3.DatabaseError as exc:
            if "newer companion" in str(exc):
                raise StoreError(str(exc)) from None
            aside = self._move_aside()
            self.db = self._open()
            self.notice = (
                f"The journal was damaged ({exc}); it was moved to {aside.name}. " + self._restore_backup()
            )
            return self.db

    def _open_on_full_disk(self) -> sqlite3.Connection:
        """Opening needs room for SQLite's shared-memory file: on a full card the reserve gives it."""
        try:
            return self._open()
        except sqlite3.OperationalError as exc:
            if not _card_full(exc, self.directory) or not self.reserve.release():
                raise
        return self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=5)
        try:
            check = db.execute("PRAGMA integrity_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check: {check}")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise sqlite3.DatabaseError(
                    f"{self.path} was written by a newer companion (schema {version})"
                )
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA auto_vacuum=INCREMENTAL")  # a new journal: deleting a game frees the card
                db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            if version < SCHEMA_VERSION:  # nothing is written at an ordinary start: a full card still opens
                db.executescript(SCHEMA)
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def _move_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"journal-damaged-{stamp}.db")
        for number in itertools.count(2):  # a second damaged journal in the same second keeps both
            if not any(Path(f"{aside}{suffix}").exists() for suffix in ("", "-wal", "-shm")):
                break
            aside = self.path.with_name(f"journal-damaged-{stamp}-{number}.db")
        for suffix in ("", "-wal", "-shm"):
            source = Path(f"{self.path}{suffix}")
            if source.exists():
                os.replace(source, Path(f"{aside}{suffix}"))
        return aside

    def _restore_backup(self) -> str:
        backups = sorted(self.backups.glob("game-*.jsonl"), key=lambda p: p.stat().st_mtime)
        if not backups:
            return "No backup was found: start a new game."
        newest = backups[-1]
        try:
            game_id = self.import_text(newest.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, DataError) as exc:
            return f"The backup {newest.name} cannot be read either ({exc}): start a new game."
        saved = self.game(game_id)
        return (
            f"The backup {newest.name} (round {saved.round}, {saved.actions} actions) is restored: "
            "Resume goes on from there."
        )

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:  # SQLite rolls back by itself on a full disk
                    self.db.execute("ROLLBACK")
                raise
        except sqlite3.DatabaseError as exc:
            raise StoreError(_sentence(exc, self.directory)) from None

    def create(self, header: dict[str, Any]) -> int:
        """A new game; its id."""
        now = time.time()
        with self._transaction():
            cursor = self.db.execute(
                "INSERT INTO games (header, started, updated) VALUES (?, ?, ?)",
                (json.dumps(header), now, now),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def append(self, game_id: int, seq: int, record: dict[str, Any], round: int, winner: str | None) -> None:
        """Record decision number `seq`; committed to disk when this returns."""
        with self._transaction():
            self.db.execute("INSERT INTO records VALUES (?, ?, ?)", (game_id, seq, json.dumps(record)))
            self.db.execute(
                "UPDATE games SET updated = ?, round = ?, winner = ? WHERE id = ?",
                (time.time(), round, winner, game_id),
            )

    def pop(self, game_id: int, round: int) -> None:
        """Forget the game's last decision (Undo)."""
        with self._transaction():
            self.db.execute(
                "DELETE FROM records WHERE game = ? AND seq = (SELECT MAX(seq) FROM records WHERE game = ?)",
                (game_id, game_id),
            )
            self.db.execute(
                "UPDATE games SET updated = ?, round = ?, winner = NULL WHERE id = ?",
                (time.time(), round, game_id),
            )

    def games(self) -> list[SavedGame]:
        """Every saved game, the latest first; a game whose header is damaged is listed as such."""
        rows = self.db.execute(
            "SELECT id, CAST(header AS BLOB), started, updated, round, CAST(winner AS BLOB), "
            "(SELECT COUNT(*) FROM records WHERE game = games.id) FROM games ORDER BY updated DESC, id DESC"
        )
        return [SavedGame.from_row(row) for row in rows]

    def game(self, game_id: int) -> SavedGame:
        for saved in self.games():
            if saved.id == game_id:
                return saved
        raise StoreError(f"There is no game {game_id}; `companion games list` shows the saved ones.")

    def in_progress(self) -> SavedGame | None:
        """The game to offer for resuming: the latest one not finished (and not damaged)."""
        return next((g for g in self.games() if g.in_progress), None)

    def export_raw(self, game_id: int) -> bytes:
        """The game's record lines exactly as stored, damaged or not (`companion games export`)."""
        self.game(game_id)
        header = self.db.execute("SELECT CAST(header AS BLOB) FROM games WHERE id = ?", (game_id,))
        rows = self.db.execute(
            "SELECT CAST(record AS BLOB) FROM records WHERE game = ? ORDER BY seq", (game_id,)
        )
        return b"".join(bytes(row[0]) + b"\n" for row in [*header, *rows])

    def export(self, game_id: int) -> str:
        """The game as its JSON Lines record (docs/formats.md); DataError names a line that is not text."""
        lines = self.export_raw(game_id).split(b"\n")[:-1]
        return "".join(_text(line, number) + "\n" for number, line in enumerate(lines, start=1))

    def load(self, game_id: int) -> PlayedGame:
        """The saved game replayed from its records (its engine found from the record's format):
        exactly where the table left it."""
        try:
            return load_record(self.export(game_id))[1]
        except DataError as exc:
            raise StoreError(
                f"Game {game_id} cannot be replayed ({exc}): `companion games export {game_id}` keeps its "
                f"record, `companion games delete {game_id}` removes it."
            ) from None

    def import_text(self, text: str) -> int:
        """A JSON Lines record, checked by replaying it, as a new saved game; its id. DataError: what is
        wrong."""
        rules, game = load_record(text)
        round_, winner = rules.standing(game.state)
        game_id = self.create(game.header())
        with self._transaction():
            self.db.executemany(
                "INSERT INTO records VALUES (?, ?, ?)",
                [(game_id, n, json.dumps(r.to_dict())) for n, r in enumerate(game.records, start=1)],
            )
            self.db.execute("UPDATE games SET round = ?, winner = ? WHERE id = ?", (round_, winner, game_id))
        return game_id

    def delete(self, game_id: int) -> None:
        """Forget a game and its backup; the card gets the space back. On a full card the reserve
        makes room for SQLite's own journal of the deletion."""
        self.game(game_id)
        (self.backups / f"game-{game_id}.jsonl").unlink(missing_ok=True)
        try:
            self._delete(game_id)
        except StoreError:
            if not self.reserve.release():
                raise
            self._delete(game_id)
        with suppress(sqlite3.DatabaseError):  # space given back; what cannot be is reused by the journal
            self.db.executescript("PRAGMA incremental_vacuum;")  # stepped to the end: every free page
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.reserve.keep()

    def _delete(self, game_id: int) -> None:
        with self._transaction():
            self.db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def backup(self, game_id: int) -> Path:
        """Write the game's record beside the database (atomically); restored if the database is damaged."""
        path = self.backups / f"game-{game_id}.jsonl"
        try:
            text = self.export(game_id)
        except DataError as exc:
            raise StoreError(f"The backup of game {game_id} cannot be written ({exc}).") from None
        try:
            _write_atomically(path, text)
        except OSError as exc:
            raise StoreError(
                f"The backup of game {game_id} cannot be written in {self.backups} ({exc.strerror})."
            ) from None
        return path

    def setting(self, key: str) -> str | None:
        """A kept setting; None if none is kept, or the kept one is damaged past reading."""
        row = self.db.execute("SELECT CAST(value AS BLOB) FROM settings WHERE key = ?", (key,)).fetchone()
        try:
            return None if row is None else bytes(row[0]).decode("utf-8")
        except UnicodeDecodeError:
            return None

    def remember(self, key: str, value: str) -> None:
        with self._transaction():
            self.db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, value))

    def integrity(self) -> str:
        return str(self.db.execute("PRAGMA integrity_check").fetchone()[0])

    def close(self) -> None:
        self.db.close()


def _when(stamp: Any) -> str:
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))
    except (
        TypeError,
        ValueError,
        OverflowError,
        OSError,
    ):  # a damaged time: the rest of the line still helps
        return "at an unknown time"


def _text(raw: bytes | str, number: int) -> str:
    """A stored line as text; DataError if a damaged byte left it no longer UTF-8."""
    try:
        return raw if isinstance(raw, str) else bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(f"line {number}", "is not UTF-8 text (a damaged byte)") from None


def _write_atomically(path: Path, text: str) -> None:
    """The whole text in `path`, or the file as it was: a temporary file beside it, synced, renamed."""
    tmp = None
    try:
        with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, encoding="utf-8") as file:
            tmp = Path(file.name)
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(tmp, path)
    except OSError:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        raise


class Reserve:
    """Room kept on the card for the day it is full: released, it lets SQLite open the journal and
    journal a deletion, so `companion games delete` frees space on a full card. Made again when
    there is room for it twice over (never itself the file that fills the card)."""

    def __init__(self, path: Path, size: int = RESERVE_BYTES) -> None:
        self.path, self.size = path, size

    def keep(self) -> None:
        try:
            if self.path.exists() or shutil.disk_usage(self.path.parent).free < 2 * self.size:
                return
        except OSError:
            return
        partial = self.path.with_name(f"{self.path.name}.partial")
        try:
            with partial.open("wb") as file:
                file.write(bytes(self.size))  # written, not sparse: the blocks are taken now
            os.replace(partial, self.path)
        except OSError:
            with suppress(OSError):  # no reserve this time; the next start tries again
                partial.unlink(missing_ok=True)

    def release(self) -> bool:
        """Give the reserve's space back; False if there was none (nothing more to try)."""
        try:
            self.path.unlink()
        except OSError:
            return False
        return True


def _card_full(exc: sqlite3.DatabaseError, directory: Path) -> bool:
    """SQLite says "full" when a page does not fit, "disk I/O error" when its shared memory does not."""
    if "full" in str(exc):
        return True
    try:
        return "disk I/O" in str(exc) and shutil.disk_usage(directory).free < FULL_BYTES
    except OSError:
        return False


def _sentence(exc: sqlite3.DatabaseError, directory: Path) -> str:
    text = str(exc)
    if _card_full(exc, directory):
        return CARD_FULL
    if "readonly" in text or "read-only" in text:
        return "The journal is read-only."
    if "locked" in text:
        return "The journal is busy in another program (a second companion?)."
    return f"The journal cannot be written ({text})."


class Journal:
    """One game in the store: the session tells it after every decision and every undo."""

    def __init__(
        self, store: Store, game_id: int, trace: Callable[[int, PlayedGame], None] | None = None
    ) -> None:
        self.store, self.game_id, self.trace = store, game_id, trace
        self.backup_fault = ""  # the backup's fault, told once; "" while backups are written

    @classmethod
    def start(
        cls, store: Store, game: PlayedGame, trace: Callable[[int, PlayedGame], None] | None = None
    ) -> Journal:
        return cls(store, store.create(game.header()), trace)

    def recorded(self, game: PlayedGame, checkpoint: bool = False) -> str:
        """Commit the game's last decision; at a checkpoint (the game's table says which decisions
        are worth it) also a backup beside the database. StoreError: it is not saved (the caller
        takes it back). Returns a sentence for the table the first time a backup fails, else ""."""
        record = game.records[-1]
        round_, winner = rules_of(game.header()).standing(game.state)
        self.store.append(self.game_id, len(game.records), record.to_dict(), round_, winner)
        if self.trace is not None:
            self.trace(len(game.records), game)
        return self._backed_up() if checkpoint else ""

    def _backed_up(self) -> str:
        """The journal has the game; a backup is a spare, so its fault is told once and play goes on."""
        try:
            self.store.backup(self.game_id)
        except StoreError as exc:
            told, self.backup_fault = self.backup_fault, str(exc)
            return "" if told else f"{exc} The game goes on: the journal has every decision."
        self.backup_fault = ""
        return ""

    @property
    def colours(self) -> list[int] | None:
        """The Patriots' colours chosen for this game (indexes into the screen's palette), if kept."""
        kept = self.store.setting(f"game-{self.game_id}-colours")
        try:
            return [int(c) for c in kept.split(",")] if kept else None
        except ValueError:
            return None  # a damaged setting: the default colours do

    def keep_colours(self, colours: list[int]) -> None:
        try:
            self.store.remember(f"game-{self.game_id}-colours", ",".join(map(str, colours)))
        except StoreError:
            pass  # the colours are a nicety; the next commit reports a failing journal

    def shown(self, face: Face) -> None:
        """The die's face, shown again after a restart."""
        try:
            self.store.remember("die.face", json.dumps(face.to_dict()))
        except StoreError:
            pass  # a lost die face is shown again by the next reveal; the next commit reports the fault

    def last_shown(self) -> Face | None:
        """The die's face before a restart; None if none was kept or the kept one is unreadable."""
        from hardware.faces import Face

        kept = self.store.setting("die.face")
        try:
            return Face.from_dict(json.loads(kept)) if kept else None
        except (ValueError, RecursionError):  # damaged, or an older companion's: the next reveal shows one
            return None

    def undone(self, game: PlayedGame) -> None:
        """Forget the decision the game just took back. StoreError: it is still saved (the caller plays
        it again)."""
        self.store.pop(self.game_id, rules_of(game.header()).standing(game.state)[0])
