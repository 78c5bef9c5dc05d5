"""Distinct byte strings (UTF-8 words and tokens) numbered 0, 1, 2, ... in order of first sight, with no Python object
per entry: ``TokenEncoder``'s one vocabulary of words and tokens.

Every entry's bytes are kept in one pool; an entry of up to ``KEY_BYTES`` bytes is found by the 64-bit hash of its
exact key (``utf8_words``: its bytes and length) in a ``HashIndex`` and checked against the key read back from the
pool, a longer one by its bytes. A hash that belongs to another entry is reported (``find`` gives None), never taken
for it. The decoded paths (text that is not UTF-8-encodable as it is, lines the byte path leaves) look their tokens
up by string (``ids_of_strings``), in a table built from the pool on first use: both ways give one id per string.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import numpy as np

from .utf8_words import KEY_BYTES, HashIndex, keys_of, same_columns, split_words, word_hashes

if TYPE_CHECKING:
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
    UIntArray = npt.NDArray[np.uint64]
    BoolArray = npt.NDArray[np.bool_]

__all__ = ["ByteVocabulary", "GrowingArray"]


class GrowingArray:
    """A 1-D array appended to in place (its capacity doubles): no copy of everything per append."""

    def __init__(self, dtype: type[np.signedinteger[Any]] = np.int64, initial: Sequence[int] = ()) -> None:
        self._data = np.zeros(max(16, len(initial)), dtype=dtype)
        self._size = len(initial)
        self._data[: self._size] = initial

    def __len__(self) -> int:
        return self._size

    @property
    def values(self) -> npt.NDArray[Any]:
        """The values (a view: valid until the next append)."""
        return self._data[: self._size]

    @property
    def nbytes(self) -> int:
        return int(self._data.nbytes)

    def extend(self, values: npt.ArrayLike) -> None:
        added = np.asarray(values)
        end = self._size + added.size
        if end > self._data.size:
            grown = np.zeros(max(end, 2 * self._data.size), dtype=self._data.dtype)
            grown[: self._size] = self._data[: self._size]
            self._data = grown
        self._data[self._size : end] = added
        self._size = end


class ByteVocabulary:
    """Byte strings -> ids in order of first sight (``find`` and ``add`` on hashed words, ``ids_of_strings`` on
    decoded tokens); ``strings()`` decodes them back."""

    def __init__(self) -> None:
        # entry i is _pool[_starts[i] : _starts[i + 1]]; KEY_BYTES of padding end the pool (keys_of reads them)
        self._pool = bytearray(KEY_BYTES)
        self._starts = GrowingArray(np.int64, [0])
        self._index = HashIndex()  # entries of up to KEY_BYTES bytes whose hash no other entry holds
        self._long: dict[bytes, int] = {}  # entries longer than KEY_BYTES
        self._strings: dict[str, int] | None = None  # the decoded paths' table, built on first use

    def __len__(self) -> int:
        return len(self._starts) - 1

    @property
    def nbytes(self) -> int:
        """Bytes held (the pool, its offsets and the index; not the few long words' dictionary)."""
        return len(self._pool) + self._starts.nbytes + self._index.nbytes

    def strings(self, start: int = 0) -> list[str]:
        """Every entry from id ``start`` on decoded (an encoded lone surrogate as itself), in id order."""
        bounds = self._starts.values[start:].tolist()
        pool = bytes(self._pool[bounds[0] : bounds[-1]]) if bounds else b""
        first = bounds[0] if bounds else 0
        return [pool[a - first : b - first].decode("utf-8", "surrogatepass") for a, b in pairwise(bounds)]

    def joined(self, start: int = 0) -> bytes:
        """The bytes of every entry from id ``start`` on, each followed by b"\\n", in id order."""
        bounds = self._starts.values[start:]
        if bounds.size < 2:
            return b""
        pool = np.frombuffer(bytes(self._pool[int(bounds[0]) : int(bounds[-1])]), dtype=np.uint8)
        return np.insert(pool, bounds[1:] - bounds[0], 10).tobytes()

    def find(
        self, data: bytes, starts: IntArray, ends: IntArray, hashes: UIntArray, keys: UIntArray
    ) -> IntArray | None:
        """The id of each word ``data[starts[i]:ends[i]]`` (``hashes`` and ``keys`` as ``group_words`` gives them:
        hash 0 for a word longer than ``KEY_BYTES``), -1 for a word not held; None if a word's hash is another
        entry's."""
        ids = self._index.find(hashes)
        long_words = np.flatnonzero(keys[3] > KEY_BYTES)
        if long_words.size:
            found = [
                self._long.get(data[a:b], -1) for a, b in zip(starts[long_words].tolist(), ends[long_words].tolist())
            ]
            ids[long_words] = found
        known = np.flatnonzero((ids >= 0) & (keys[3] <= KEY_BYTES))
        if known.size:
            held = ids[known]
            bounds = self._starts.values
            held_keys = keys_of(self._pool, bounds[held], bounds[held + 1] - bounds[held], padded=True)
            if not same_columns(keys, known, held_keys):
                return None
        return ids

    def add(self, data: bytes, starts: IntArray, ends: IntArray, hashes: UIntArray, indexed: BoolArray) -> IntArray:
        """Hold the words ``data[starts[i]:ends[i]]`` (distinct, none held), numbered in order, and return their ids;
        a word of up to ``KEY_BYTES`` bytes is found by its hash from now on where ``indexed`` (no entry holds it)."""
        first = len(self)
        lengths = ends - starts
        if starts.size:
            before = np.cumsum(lengths) - lengths
            source = np.repeat(starts - before, lengths) + np.arange(int(lengths.sum()), dtype=np.int64)
            end = len(self._pool) - KEY_BYTES
            self._starts.extend(before + lengths + end)
            self._pool[end:end] = np.frombuffer(data, dtype=np.uint8)[source].tobytes()  # before the padding
        ids = np.arange(first, first + starts.size, dtype=np.int64)
        short = lengths <= KEY_BYTES
        self._index.add(hashes[short & indexed], ids[short & indexed])
        for i in np.flatnonzero(~short).tolist():
            self._long[data[int(starts[i]) : int(ends[i])]] = first + i
        if self._strings is not None:
            for i, word in zip(ids.tolist(), _decoded(data, starts, ends)):
                self._strings[word] = i
        return ids

    def ids_of_strings(self, strings: Sequence[str]) -> IntArray:
        """The id of each string (none holds whitespace), new ones added: exact whatever the hashes."""
        table = self._strings
        if table is None:
            table = self._strings = {word: i for i, word in enumerate(self.strings())}
        ids = np.fromiter(map(table.get, strings, [-1] * len(strings)), dtype=np.int64, count=len(strings))
        new = np.flatnonzero(ids < 0)
        if new.size:
            fresh = list(dict.fromkeys(strings[i] for i in new.tolist()))
            data = " ".join(fresh).encode("utf-8", "surrogatepass")
            starts, ends = split_words(data)
            hashes = word_hashes(data, starts, ends)
            _, first_of_hash = np.unique(hashes, return_index=True)
            alone = np.zeros(hashes.size, dtype=bool)
            alone[first_of_hash] = True  # the first word of each hash among them, if no entry holds it
            self.add(data, starts, ends, hashes, alone & (self._index.find(hashes) < 0))
            ids[new] = [table[strings[i]] for i in new.tolist()]
        return ids


def _decoded(data: bytes, starts: IntArray, ends: IntArray) -> list[str]:
    return [data[a:b].decode("utf-8", "surrogatepass") for a, b in zip(starts.tolist(), ends.tolist())]


def numbered(words: Sequence[str], table: dict[str, int], start: int = 0) -> tuple[IntArray, dict[str, int]]:
    """An id for each of ``words`` (equal words, equal ids): its id in ``table`` where it has one, else ``start`` plus
    its first position in ``words``; and ``table`` with the new words added (a new dictionary: made at C speed, with
    no Python loop per word)."""
    merged = dict(zip(reversed(words), range(start + len(words) - 1, start - 1, -1)))
    merged.update(table)
    return np.fromiter(map(merged.__getitem__, words), dtype=np.int64, count=len(words)), merged
