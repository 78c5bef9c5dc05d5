"""The server-side store that keeps a browser session's uploaded files and page states, so Corpus and Compare
never ask for the same files twice: across sidebar navigation, the Explore hand-off and Back, a language
switch, a page reload and a restart of the server.

Files and states live in SQLite (``ui.inputs.database``), in a folder that outlives the server process; a file is
kept as its UTF-8 bytes and decoded on use into a bounded cache (``ui.inputs.decoded``), so memory is bounded by
``MAX_DECODED_BYTES`` whatever the files' characters. Bounded on disk three ways (``ui.inputs.limits``), each checked
before a file is kept: ``MAX_SESSION_BYTES`` and ``MAX_SESSION_FILES`` per session (a file beyond them is not kept and
its name is kept instead, so the page can say so), ``MAX_STORE_BYTES`` over all sessions (the least recently used
other sessions are removed first) and ``IDLE_SECONDS`` without use. A removed session leaves its key, owner and why
(``status``). A session is found by an unguessable key and belongs to an owner (a digest of the browser's cookie), so
a copied address opened in another browser finds nothing. Pure Python; ``ui.inputs.kept`` is the Streamlit side.
"""

from __future__ import annotations

import contextlib
import hashlib
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ui.inputs.database import EVICTED, EXPIRED, connect, evict_for_size, live, remove, stored_bytes, sweep, transaction
from ui.inputs.decoded import DecodedFiles, decode_lines, encode_lines
from ui.inputs.limits import (
    GONE_SECONDS,
    IDLE_SECONDS,
    MAX_DECODED_BYTES,
    MAX_SESSION_BYTES,
    MAX_SESSION_FILES,
    MAX_STORE_BYTES,
)
from ui.inputs.textfile import TextFile

__all__ = ["EVICTED", "EXPIRED", "KEPT", "OTHER", "UNKNOWN", "InputStore", "KeptFile", "StoreFull", "text_bytes"]

#: A session's last use is written again only when it is older than this (a read is not a write on every run).
TOUCH_SECONDS = 1.0
#: How often every session is checked for expiry (besides the one being read).
SWEEP_SECONDS = 60.0
#: What ``status`` says of a key besides ``EXPIRED`` and ``EVICTED``: this owner's live session, another's, or a key
#: this store has no trace of (another store folder, or removed long ago).
KEPT, OTHER, UNKNOWN = "kept", "other", "unknown"


def text_bytes(file: TextFile) -> int:
    """A file's size as kept: its UTF-8 bytes, one newline per line."""
    return sum(len(line.encode("utf-8", "surrogatepass")) + 1 for line in file.lines)


@dataclass(frozen=True)
class KeptFile:
    """One kept file: an id unique within its session, the file and its size."""

    file_id: str
    file: TextFile
    size: int


class StoreFull(ValueError):
    """A file that does not fit this session's share of the store: it is not kept."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason  # "bytes" or "files"


class InputStore:
    """Files (per slot: an uploader of a page), the names of files not kept, and page states per session key, in a
    SQLite database at ``path`` (None: in memory); safe for many threads and, on one folder, for several servers."""

    def __init__(
        self,
        path: Path | None = None,
        max_bytes: int = MAX_STORE_BYTES,
        session_bytes: int = MAX_SESSION_BYTES,
        session_files: int = MAX_SESSION_FILES,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.time,
        memory_bytes: int = MAX_DECODED_BYTES,
    ) -> None:
        self.max_bytes, self.session_bytes, self.session_files = max_bytes, session_bytes, session_files
        self.idle_seconds, self.clock = idle_seconds, clock
        self.decoded = DecodedFiles(memory_bytes)
        self._db = connect(path)
        self._lock = threading.Lock()
        self._swept = float("-inf")
        #: The last state written per (key, page), with the database's version then: not written again while neither
        #: changed (another server's commit changes the version; a session made again forgets its states).
        self._states: dict[tuple[str, str], tuple[str, int]] = {}

    @contextlib.contextmanager
    def _session(self, key: str, owner: str, sweep_all: bool = False) -> Iterator[tuple[sqlite3.Connection, bool]]:
        """A transaction under the lock, and whether ``key`` is ``owner``'s live session (now used)."""
        with self._lock, transaction(self._db) as db:
            now = self.clock()
            if sweep_all or now - self._swept > SWEEP_SECONDS:
                self._swept = now
                sweep(db, now, self.idle_seconds, GONE_SECONDS)
            yield db, live(db, key, owner, now, self.idle_seconds, TOUCH_SECONDS)

    def claim(self, key: str, owner: str) -> bool:
        """True when ``key`` is free or already ``owner``'s (then it is kept for them); False when another owns it
        or it names a removed session (a key is never given out twice)."""
        with self._session(key, owner) as (db, mine):
            if mine:
                return True
            if db.execute(
                "SELECT 1 FROM sessions WHERE key = ? UNION SELECT 1 FROM gone WHERE key = ?", (key, key)
            ).fetchone():
                return False
            db.execute("INSERT INTO sessions (key, owner, used) VALUES (?, ?, ?)", (key, owner, self.clock()))
            return True

    def status(self, key: str, owner: str) -> str:
        """``KEPT`` for the owner's live session, ``EXPIRED`` or ``EVICTED`` for the owner's removed one, ``OTHER``
        for another's (live or removed), ``UNKNOWN`` for a key this store has no trace of."""
        with self._session(key, owner) as (db, mine):
            if mine:
                return KEPT
            row = db.execute(
                "SELECT owner, NULL FROM sessions WHERE key = ? UNION ALL SELECT owner, reason FROM gone WHERE key = ?",
                (key, key),
            ).fetchone()
        if row is None:
            return UNKNOWN
        return OTHER if row[0] != owner else str(row[1])

    def files(self, key: str, owner: str, slot: str) -> list[KeptFile]:
        """The files kept in ``slot``, in the order they were added ([] for another owner or a removed session)."""
        with self._session(key, owner) as (db, mine):
            rows = (
                db.execute(
                    "SELECT file_id, name, lines, size, digest FROM files WHERE key = ? AND slot = ? ORDER BY position",
                    (key, slot),
                ).fetchall()
                if mine
                else []
            )
            return [KeptFile(i, TextFile(name, self._lines(db, digest, n)), size) for i, name, n, size, digest in rows]

    def set_files(
        self, key: str, owner: str, slot: str, files: Sequence[KeptFile], partial: bool = False
    ) -> list[tuple[KeptFile, str]]:
        """Keep ``files`` as the slot's files, in order (a session removed meanwhile starts again; a file id names one
        file's contents: a file kept before under its id is not written again). A file past the
        session's limits is not kept: without ``partial`` that is StoreFull and nothing changes; with it, every file
        that fits is kept and the others are returned with why ("bytes" or "files"; [] when all are kept)."""
        with self._session(key, owner) as (db, mine):
            if not mine:
                self._states = {k: v for k, v in self._states.items() if k[0] != key}
                db.execute("DELETE FROM gone WHERE key = ? AND owner = ?", (key, owner))
                db.execute(
                    "INSERT OR REPLACE INTO sessions (key, owner, used) VALUES (?, ?, ?)", (key, owner, self.clock())
                )
            row = db.execute(
                "SELECT COALESCE(SUM(size), 0), COUNT(*) FROM files WHERE key = ? AND slot <> ?", (key, slot)
            )
            total, count = (int(n) for n in row.fetchone())
            kept, left = [], []
            for file in files:
                reason = "bytes" if total + file.size > self.session_bytes else "files"
                if total + file.size <= self.session_bytes and count < self.session_files:
                    kept.append(file)
                    total, count = total + file.size, count + 1
                elif partial:
                    left.append((file, reason))
                else:
                    raise StoreFull(file.file.name, reason)
            self._write_slot(db, key, slot, kept)
            evict_for_size(db, key, self.max_bytes, self.clock())
        return left

    def file_count(self, key: str, owner: str) -> int:
        """How many files the session keeps in all its slots (0 for another owner or a removed session)."""
        with self._session(key, owner) as (db, mine):
            return int(db.execute("SELECT COUNT(*) FROM files WHERE key = ?", (key,)).fetchone()[0]) if mine else 0

    def unkept(self, key: str, owner: str, slot: str) -> list[tuple[str, str]]:
        """The names of the files given in ``slot`` and not kept, with why ("bytes" or "files"), in order."""
        with self._session(key, owner) as (db, mine):
            rows = db.execute(
                "SELECT name, reason FROM unkept WHERE key = ? AND slot = ? ORDER BY position", (key, slot)
            )
            return [(str(name), str(reason)) for name, reason in rows.fetchall()] if mine else []

    def set_unkept(self, key: str, owner: str, slot: str, names: Sequence[tuple[str, str]]) -> None:
        """Remember the names of the slot's files that were not kept (and why), until they are kept or removed."""
        with self._session(key, owner) as (db, mine):
            if mine:
                db.execute("DELETE FROM unkept WHERE key = ? AND slot = ?", (key, slot))
                db.executemany(
                    "INSERT INTO unkept (key, slot, position, name, reason) VALUES (?, ?, ?, ?, ?)",
                    [(key, slot, i, name, reason) for i, (name, reason) in enumerate(names)],
                )

    def state(self, key: str, owner: str, page: str) -> str | None:
        """The last state the page saved in this session (None if none)."""
        with self._session(key, owner) as (db, mine):
            row = (
                db.execute("SELECT data FROM states WHERE key = ? AND page = ?", (key, page)).fetchone()
                if mine
                else None
            )
            return None if row is None else str(row[0])

    def set_state(self, key: str, owner: str, page: str, state: str) -> None:
        """Keep the page's last state (its link's fields as JSON, pasted texts included: bounded by the page's
        limits), counted in the store's bytes; not written again while it is the state written last."""
        with self._lock:
            if self._states.get((key, page)) == (state, self._version()):
                return
        with self._session(key, owner) as (db, mine):
            if not mine:
                return
            size = len(state.encode("utf-8", "surrogatepass"))
            db.execute(
                "INSERT OR REPLACE INTO states (key, page, data, size) VALUES (?, ?, ?, ?)", (key, page, state, size)
            )
            evict_for_size(db, key, self.max_bytes, self.clock())
            if len(self._states) > 4096:
                self._states.clear()
            self._states[(key, page)] = (state, self._version())

    def remove(self, key: str, owner: str, reason: str = EXPIRED) -> None:
        """Remove the owner's session now, as if for ``reason`` (``EXPIRED`` or ``EVICTED``)."""
        with self._session(key, owner) as (db, mine):
            if mine:
                remove(db, key, reason, self.clock())

    @property
    def size(self) -> int:
        """Bytes kept over all sessions: every file's and every page state's."""
        with self._lock:
            return stored_bytes(self._db)

    def _version(self) -> int:
        """The database's version as this connection sees it: it changes when another connection commits."""
        return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    def _lines(self, db: sqlite3.Connection, digest: str, count: int) -> tuple[str, ...]:
        """A kept file's lines: from the cache of decoded files, else decoded from its bytes (and cached)."""
        lines = self.decoded.get(digest)
        if lines is None:
            row = db.execute("SELECT data FROM files WHERE digest = ? LIMIT 1", (digest,)).fetchone()
            lines = decode_lines(bytes(row[0]), count) if row else ()
            self.decoded.put(digest, lines)
        return lines

    def _write_slot(self, db: sqlite3.Connection, key: str, slot: str, files: Sequence[KeptFile]) -> None:
        """The slot's rows as ``files``: a file kept before is only moved, a new one written once; a name kept now is
        no longer one "not kept"."""
        had = {row[0] for row in db.execute("SELECT file_id FROM files WHERE key = ? AND slot = ?", (key, slot))}
        gone = [(key, slot, file_id) for file_id in had - {f.file_id for f in files}]
        db.executemany("DELETE FROM files WHERE key = ? AND slot = ? AND file_id = ?", gone)
        for position, kept in enumerate(files):
            if kept.file_id in had:
                db.execute(
                    "UPDATE files SET position = ? WHERE key = ? AND slot = ? AND file_id = ?",
                    (position, key, slot, kept.file_id),
                )
                continue
            data = encode_lines(kept.file.lines)
            digest = hashlib.blake2b(data, digest_size=16).hexdigest()
            db.execute(
                "INSERT INTO files (key, slot, file_id, position, name, lines, size, digest, data) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (key, slot, kept.file_id, position, kept.file.name, len(kept.file), kept.size, digest, data),
            )
            self.decoded.put(digest, kept.file.lines)
        names = [(key, slot, f.file.name) for f in files]
        db.executemany("DELETE FROM unkept WHERE key = ? AND slot = ? AND name = ?", names)
