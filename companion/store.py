"""The journal: every game's record in SQLite, committed before the table sees its effect.

WAL mode with `synchronous=FULL`: once `append` returns, the decision survives a power cut.
A damaged database is moved aside at start (never deleted) and the newest backup, a JSON Lines
record written after every Austrian turn, is brought back so the game can go on.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.games.base import PlayedGame
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

    @property
    def in_progress(self) -> bool:
        return self.winner is None

    @property
    def title(self) -> str:
        """The game's name, from the record's format ("?" for a format this companion does not know)."""
        try:
            return rules_of(self.header).title
        except DataError:
            return f"? ({self.header.get('format')!s:.60})"

    def describe(self) -> str:
        """One line for a list: which game, when, who, how far."""
        options = self.header.get("options", {})
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.updated))
        how = f"{self.winner.capitalize()} won" if self.winner else "in progress"
        return (
            f"game {self.id}: {self.title}, {when}, {options.get('players', '?')} player(s), "
            f"{options.get('mode', '?')}, round {self.round}, {self.actions} actions, {how}"
        )


class Store:
    """The journal database in `directory` (created if missing), with its backups beside it."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.path = self.directory / DATABASE
        self.backups = self.directory / "backups"
        self.notice = ""  # a sentence for the start screen: what happened to a damaged journal
        try:
            self.backups.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                f"The journal directory {self.directory} cannot be created ({exc.strerror})."
            ) from None
        self.db = self._open_checked()

    def _open_checked(self) -> sqlite3.Connection:
        try:
            return self._open()
        except sqlite3.OperationalError as exc:  # locked, no permission, disk full: the file may be fine
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
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            db.executescript(SCHEMA)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def _move_aside(self) -> Path:
        aside = self.path.with_name(f"journal-damaged-{time.strftime('%Y%m%d-%H%M%S')}.db")
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
            raise StoreError(_sentence(exc)) from None

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
        """Every saved game, the latest first."""
        rows = self.db.execute(
            "SELECT id, header, started, updated, round, winner, "
            "(SELECT COUNT(*) FROM records WHERE game = games.id) FROM games ORDER BY updated DESC, id DESC"
        )
        return [SavedGame(row[0], json.loads(row[1]), *row[2:]) for row in rows]

    def game(self, game_id: int) -> SavedGame:
        for saved in self.games():
            if saved.id == game_id:
                return saved
        raise StoreError(f"There is no game {game_id}; `companion games list` shows the saved ones.")

    def in_progress(self) -> SavedGame | None:
        """The game to offer for resuming: the latest one not finished."""
        return next((g for g in self.games() if g.in_progress), None)

    def export(self, game_id: int) -> str:
        """The game as its JSON Lines record (docs/formats.md)."""
        saved = self.game(game_id)
        rows = self.db.execute("SELECT record FROM records WHERE game = ? ORDER BY seq", (game_id,))
        return "\n".join([json.dumps(saved.header)] + [row[0] for row in rows]) + "\n"

    def load(self, game_id: int) -> PlayedGame:
        """The saved game replayed from its records (its engine found from the record's format):
        exactly where the table left it."""
        try:
            return load_record(self.export(game_id))[1]
        except DataError as exc:
            raise StoreError(
                f"Game {game_id} cannot be replayed ({exc}); `companion games export` keeps its record."
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
        self.game(game_id)
        with self._transaction():
            self.db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        (self.backups / f"game-{game_id}.jsonl").unlink(missing_ok=True)

    def backup(self, game_id: int) -> Path:
        """Write the game's record beside the database (atomically); restored if the database is damaged."""
        path = self.backups / f"game-{game_id}.jsonl"
        try:
            with tempfile.NamedTemporaryFile("w", dir=self.backups, delete=False, encoding="utf-8") as tmp:
                tmp.write(self.export(game_id))
                tmp.flush()
                os.fsync(tmp.fileno())
            os.replace(tmp.name, path)
        except OSError as exc:
            Path(tmp.name).unlink(missing_ok=True)
            raise StoreError(f"The backup of game {game_id} cannot be written ({exc.strerror}).") from None
        return path

    def setting(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def remember(self, key: str, value: str) -> None:
        with self._transaction():
            self.db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, value))

    def integrity(self) -> str:
        return str(self.db.execute("PRAGMA integrity_check").fetchone()[0])

    def close(self) -> None:
        self.db.close()


def _sentence(exc: sqlite3.DatabaseError) -> str:
    text = str(exc)
    if "full" in text:
        return "The SD card is full: free some space to go on."
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

    @classmethod
    def start(
        cls, store: Store, game: PlayedGame, trace: Callable[[int, PlayedGame], None] | None = None
    ) -> Journal:
        return cls(store, store.create(game.header()), trace)

    def recorded(self, game: PlayedGame, checkpoint: bool = False) -> None:
        """Commit the game's last decision; at a checkpoint (the game's table says which decisions
        are worth it) also a backup beside the database. StoreError: it is not saved (the caller
        takes it back)."""
        record = game.records[-1]
        round_, winner = rules_of(game.header()).standing(game.state)
        self.store.append(self.game_id, len(game.records), record.to_dict(), round_, winner)
        if self.trace is not None:
            self.trace(len(game.records), game)
        if checkpoint:
            try:
                self.store.backup(self.game_id)
            except StoreError:
                pass  # the journal has it; a backup is a spare; a full card is reported at the next commit

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
