"""The store's SQLite database: its tables, one connection opened for safe sharing, and its transactions.

SQLite from the standard library: a file in a folder set by the configuration (``ui.inputs.identity``) that outlives
the server process, in WAL mode so that readers never wait for a writer, with a busy timeout so that two servers on
one folder take turns. One connection per store, used under a lock: every statement is short, and a file's bytes
are read only when its decoded lines are not in memory (``ui.inputs.decoded``). A session's rows go with it
(``ON DELETE CASCADE``); ``gone`` remembers a removed session's key, owner and why, so a reload can say so.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

#: Bump with any change of the tables below: a database of another version is set aside and a new one started.
SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    key TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    used REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_used ON sessions (used);
CREATE TABLE IF NOT EXISTS files (
    key TEXT NOT NULL REFERENCES sessions (key) ON DELETE CASCADE,
    slot TEXT NOT NULL,
    file_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    lines INTEGER NOT NULL,
    size INTEGER NOT NULL,
    digest TEXT NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (key, slot, file_id)
);
CREATE TABLE IF NOT EXISTS states (
    key TEXT NOT NULL REFERENCES sessions (key) ON DELETE CASCADE,
    page TEXT NOT NULL,
    data TEXT NOT NULL,
    size INTEGER NOT NULL,
    PRIMARY KEY (key, page)
);
CREATE TABLE IF NOT EXISTS unkept (
    key TEXT NOT NULL REFERENCES sessions (key) ON DELETE CASCADE,
    slot TEXT NOT NULL,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (key, slot, position)
);
CREATE TABLE IF NOT EXISTS gone (
    key TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    reason TEXT NOT NULL,
    at REAL NOT NULL
);
"""
#: How long a statement waits for another server's write to end before it fails (ms).
BUSY_MS = 10_000


def connect(path: Path | None) -> sqlite3.Connection:
    """The database at ``path`` (None: in memory, for tests), its tables made; a file that is not this version's
    database (another schema, or not a database) is renamed aside and a new one started."""
    if path is None:
        return _prepared(":memory:")
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return _prepared(str(path))
    except sqlite3.DatabaseError:
        path.rename(path.with_name(f"{path.name}.unreadable-{int(time.time())}"))
        for extra in ("-wal", "-shm"):
            path.with_name(path.name + extra).unlink(missing_ok=True)
        return _prepared(str(path))


def _prepared(target: str) -> sqlite3.Connection:
    db = sqlite3.connect(target, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")  # WAL: a commit survives a crash of the process, not of the machine
        db.execute("PRAGMA foreign_keys = ON")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA_VERSION):
            raise sqlite3.DatabaseError(f"schema version {version}, not {SCHEMA_VERSION}")
        with transaction(db):
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except sqlite3.DatabaseError:
        db.close()
        raise
    return db


@contextlib.contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A write transaction, taken at once (``BEGIN IMMEDIATE``), so a check and the write it allows are one step even
    with two servers on one folder; rolled back if anything fails."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


#: Why a session was removed, as ``gone`` remembers it: after ``IDLE_SECONDS`` without use, or to make room.
EXPIRED, EVICTED = "expired", "evicted"


def live(db: sqlite3.Connection, key: str, owner: str, now: float, idle: float, touch: float) -> bool:
    """True when ``key`` is ``owner``'s session and was used within ``idle`` seconds (then its last use is now, written
    when older than ``touch`` seconds); a session idle longer is removed here."""
    row = db.execute("SELECT owner, used FROM sessions WHERE key = ?", (key,)).fetchone()
    if row is None or row[0] != owner:
        return False
    if now - row[1] > idle:
        remove(db, key, EXPIRED, now)
        return False
    if now - row[1] >= touch:
        db.execute("UPDATE sessions SET used = ? WHERE key = ?", (now, key))
    return True


def remove(db: sqlite3.Connection, key: str, reason: str, now: float) -> None:
    """Remove a session with its files and states, and remember its key, owner and ``reason``."""
    db.execute("INSERT OR REPLACE INTO gone SELECT key, owner, ?, ? FROM sessions WHERE key = ?", (reason, now, key))
    db.execute("DELETE FROM sessions WHERE key = ?", (key,))


def sweep(db: sqlite3.Connection, now: float, idle: float, remembered: float) -> None:
    """Remove every session idle longer than ``idle`` seconds, and forget removals older than ``remembered``."""
    for (key,) in db.execute("SELECT key FROM sessions WHERE used < ?", (now - idle,)).fetchall():
        remove(db, key, EXPIRED, now)
    db.execute("DELETE FROM gone WHERE at < ?", (now - remembered,))


def stored_bytes(db: sqlite3.Connection, key: str | None = None) -> int:
    """Bytes of every file and page state kept (of session ``key`` only, if given)."""
    if key is None:
        row = db.execute(
            "SELECT (SELECT COALESCE(SUM(size), 0) FROM files) + (SELECT COALESCE(SUM(size), 0) FROM states)"
        )
        return int(row.fetchone()[0])
    row = db.execute(
        "SELECT (SELECT COALESCE(SUM(size), 0) FROM files WHERE key = ?)"
        " + (SELECT COALESCE(SUM(size), 0) FROM states WHERE key = ?)",
        (key, key),
    )
    return int(row.fetchone()[0])


def evict_for_size(db: sqlite3.Connection, keep: str, limit: int, now: float) -> None:
    """Remove the least recently used sessions other than ``keep`` until what is kept fits in ``limit`` bytes."""
    total = stored_bytes(db)
    if total <= limit:
        return
    for (key,) in db.execute("SELECT key FROM sessions WHERE key <> ? ORDER BY used", (keep,)).fetchall():
        total -= stored_bytes(db, key)
        remove(db, key, EVICTED, now)
        if total <= limit:
            return
