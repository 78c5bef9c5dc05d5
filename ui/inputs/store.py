"""The server-side store that keeps a browser session's uploaded files and page states, so Corpus and Compare
never ask for the same files twice: across sidebar navigation, the Explore hand-off and Back, a language
switch and a page reload.

Bounded three ways, each checked before a file is kept: ``MAX_SESSION_BYTES`` and ``MAX_SESSION_FILES`` per
session (a file beyond them is used for the run but not kept, with a message), ``MAX_STORE_BYTES`` over all
sessions (the least recently used other sessions are evicted first) and ``IDLE_SECONDS`` without use. A
session is found by an unguessable key and belongs to an owner (a digest of the browser's cookie), so a
copied address opened in another browser finds nothing. Pure Python; ``ui.inputs.kept`` is the Streamlit side.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ui.inputs.uploads import TextFile

MAX_SESSION_BYTES = 64 * 1024 * 1024
MAX_SESSION_FILES = 32
MAX_STORE_BYTES = 512 * 1024 * 1024
IDLE_SECONDS = 6 * 3600


def text_bytes(file: TextFile) -> int:
    """A file's size as kept: its UTF-8 bytes, one newline per line."""
    return sum(len(line.encode("utf-8")) + 1 for line in file.lines)


@dataclass(frozen=True)
class KeptFile:
    """One kept file: an id unique within its session, the file and its size."""

    file_id: str
    file: TextFile
    size: int


class StoreFull(ValueError):
    """A file that does not fit this session's share of the store: it is used now but not kept."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason  # "bytes" or "files"


@dataclass
class _Session:
    owner: str
    used: float
    files: dict[str, list[KeptFile]] = field(default_factory=dict)
    states: dict[str, Any] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return sum(f.size for files in self.files.values() for f in files)

    @property
    def count(self) -> int:
        return sum(len(files) for files in self.files.values())


class InputStore:
    """Files (per slot: an uploader of a page) and page states per session key, thread-safe."""

    def __init__(
        self,
        max_bytes: int = MAX_STORE_BYTES,
        session_bytes: int = MAX_SESSION_BYTES,
        session_files: int = MAX_SESSION_FILES,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_bytes, self.session_bytes, self.session_files = max_bytes, session_bytes, session_files
        self.idle_seconds, self.clock = idle_seconds, clock
        self._sessions: dict[str, _Session] = {}
        self._lock = threading.Lock()

    def claim(self, key: str, owner: str) -> bool:
        """True when ``key`` is free or already ``owner``'s (then it is kept for them); False when another owns it."""
        with self._lock:
            self._evict_idle()
            session = self._sessions.get(key)
            if session is None:
                self._sessions[key] = _Session(owner, self.clock())
                return True
            return session.owner == owner

    def files(self, key: str, owner: str, slot: str) -> list[KeptFile]:
        """The files kept in ``slot``, in the order they were added ([] for another owner or an evicted session)."""
        with self._lock:
            session = self._use(key, owner)
            return list(session.files.get(slot, [])) if session else []

    def set_files(self, key: str, owner: str, slot: str, files: list[KeptFile]) -> None:
        """Keep ``files`` as the slot's files; StoreFull (nothing changed) when the session's limits are passed."""
        with self._lock:
            session = self._use(key, owner)
            if session is None:
                session = self._sessions[key] = _Session(owner, self.clock())
            others = session.size - sum(f.size for f in session.files.get(slot, []))
            count = session.count - len(session.files.get(slot, []))
            total = others
            for position, kept in enumerate(files):
                total += kept.size
                if total > self.session_bytes:
                    raise StoreFull(kept.file.name, "bytes")
                if count + position + 1 > self.session_files:
                    raise StoreFull(kept.file.name, "files")
            session.files[slot] = list(files)
            self._evict_for_size(key)

    def file_count(self, key: str, owner: str) -> int:
        """How many files the session keeps in all its slots (0 for another owner or an evicted session)."""
        with self._lock:
            session = self._use(key, owner)
            return session.count if session else 0

    def state(self, key: str, owner: str, page: str) -> Any | None:
        """The last state the page saved in this session (None if none)."""
        with self._lock:
            session = self._use(key, owner)
            return session.states.get(page) if session else None

    def set_state(self, key: str, owner: str, page: str, state: Any) -> None:
        """Keep the page's last state (a small frozen dataclass: pasted texts are bounded by the page's limits)."""
        with self._lock:
            session = self._use(key, owner)
            if session is not None:
                session.states[page] = state

    @property
    def size(self) -> int:
        with self._lock:
            return sum(s.size for s in self._sessions.values())

    def _use(self, key: str, owner: str) -> _Session | None:
        self._evict_idle()
        session = self._sessions.get(key)
        if session is None or session.owner != owner:
            return None
        session.used = self.clock()
        return session

    def _evict_idle(self) -> None:
        now = self.clock()
        for key in [k for k, s in self._sessions.items() if now - s.used > self.idle_seconds]:
            del self._sessions[key]

    def _evict_for_size(self, keep: str) -> None:
        total = sum(s.size for s in self._sessions.values())
        for key in sorted((k for k in self._sessions if k != keep), key=lambda k: self._sessions[k].used):
            if total <= self.max_bytes:
                return
            total -= self._sessions.pop(key).size
