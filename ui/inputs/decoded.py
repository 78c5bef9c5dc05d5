"""A kept file's lines as the store holds them (UTF-8 bytes) and as a page uses them (a tuple of strings), and the
bounded cache of decoded files: a file in use is decoded once, not on every run, and the cache counts what its
strings really take in memory (``resident_bytes``: Python widens a whole string to 2 or 4 bytes a character when
one character needs it, so a line with one emoji takes four times its ASCII size), so its budget bounds memory."""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict

#: What the cache's own entry costs beyond its strings and tuple (a dict slot, the key).
_ENTRY_BYTES = 200


def encode_lines(lines: tuple[str, ...]) -> bytes:
    """The lines as stored: UTF-8, one "\\n" between lines (a line holds none: it was split on "\\n")."""
    return "\n".join(lines).encode("utf-8", "surrogatepass")


def decode_lines(data: bytes, count: int) -> tuple[str, ...]:
    """``encode_lines``'s inverse for a file of ``count`` lines (0 lines and one empty line encode alike)."""
    return tuple(data.decode("utf-8", "surrogatepass").split("\n")) if count else ()


def resident_bytes(lines: tuple[str, ...]) -> int:
    """Memory the lines take as Python objects: every string with its header, and the tuple."""
    return sys.getsizeof(lines) + sum(map(sys.getsizeof, lines)) + _ENTRY_BYTES


class DecodedFiles:
    """Decoded files by content digest, the least recently used dropped first once ``budget`` bytes are held."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._files: OrderedDict[str, tuple[tuple[str, ...], int]] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def get(self, digest: str) -> tuple[str, ...] | None:
        """The lines of the file with ``digest``, if held (now the most recently used)."""
        with self._lock:
            found = self._files.get(digest)
            if found is None:
                return None
            self._files.move_to_end(digest)
            return found[0]

    def put(self, digest: str, lines: tuple[str, ...]) -> None:
        """Hold ``lines`` (not if they alone pass the budget), dropping the least recently used files to fit."""
        size = resident_bytes(lines)
        with self._lock:
            if digest in self._files or size > self.budget:
                return
            while self._files and self._held + size > self.budget:
                _lines, dropped = self._files.popitem(last=False)[1]
                self._held -= dropped
            self._files[digest] = (lines, size)
            self._held += size

    @property
    def held(self) -> int:
        """Bytes the held files take (``resident_bytes``)."""
        return self._held
