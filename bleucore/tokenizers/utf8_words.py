"""The whitespace-separated words of UTF-8 bytes, found and grouped with numpy (``TokenEncoder``'s fast path).

``str.split()`` separates words at the characters for which ``str.isspace()`` holds: in ASCII ``\\t \\n \\v \\f
\\r``, ``\\x1c``-``\\x1f`` and the space; beyond ASCII U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029,
U+202F, U+205F and U+3000, whose UTF-8 sequences are marked too. So ``split_words`` gives exactly the UTF-8
encodings of ``data.decode().split()``. A UTF-8 sequence never holds an ASCII byte, so ``data`` is valid UTF-8 if
and only if each of its words is (``TokenEncoder`` decodes each distinct word once and falls back otherwise).

``group_words`` groups equal words without a Python object per occurrence: a word's first 24 bytes, read as three
little-endian integers, and its length are an exact key (for words of up to 24 bytes), mixed into one 64-bit
hash; one sort of (hash, position) brings equal hashes together and every occurrence's key is compared with its
group's first, so two different words that share a hash are reported (``None``), never merged. Longer words are
grouped by their bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
    UIntArray = npt.NDArray[np.uint64]
    ByteArray = npt.NDArray[np.uint8]

__all__ = [
    "KEY_BYTES",
    "HashIndex",
    "WordGroups",
    "decode_words",
    "group_words",
    "keys_of",
    "split_words",
    "wide_spaces",
    "word_hashes",
]

#: Bytes of a word that its exact key holds; longer words are grouped by their bytes.
KEY_BYTES = 24
_LOW_MASKS = np.array([(1 << (8 * i)) - 1 for i in range(8)] + [(1 << 64) - 1], dtype=np.uint64)
_MIX = (0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB, 0xD6E8FEB86659FD93)


def _wide_space_mask(buf: ByteArray, space: npt.NDArray[np.bool_]) -> None:
    """Mark the bytes of non-ASCII whitespace in ``space``: U+0085 and U+00A0 (``c2 85``, ``c2 a0``), U+1680
    (``e1 9a 80``), U+2000-U+200A, U+2028, U+2029, U+202F (``e2 80 80``-``8a``, ``a8``, ``a9``, ``af``), U+205F
    (``e2 81 9f``) and U+3000 (``e3 80 80``), looked for only where a byte c2, e1, e2 or e3 starts a sequence."""
    lead = np.flatnonzero((buf == 0xC2) | ((buf >= 0xE1) & (buf <= 0xE3)))
    if not lead.size:
        return
    last = buf.size - 1
    first, second, third = buf[lead], buf[np.minimum(lead + 1, last)], buf[np.minimum(lead + 2, last)]
    two = (lead < last) & (first == 0xC2) & ((second == 0x85) | (second == 0xA0))
    space_e2_80 = ((third >= 0x80) & (third <= 0x8A)) | (third == 0xA8) | (third == 0xA9) | (third == 0xAF)
    three = (lead + 1 < last) & (
        ((first == 0xE2) & (second == 0x80) & space_e2_80)
        | ((first == 0xE1) & (second == 0x9A) & (third == 0x80))
        | ((first == 0xE2) & (second == 0x81) & (third == 0x9F))
        | ((first == 0xE3) & (second == 0x80) & (third == 0x80))
    )
    for width, found in ((2, lead[two]), (3, lead[three])):
        for offset in range(width):
            space[found + offset] = True


def wide_spaces(buf: ByteArray) -> npt.NDArray[np.bool_]:
    """The bytes of ``buf`` (UTF-8) that belong to whitespace beyond ASCII (``str.isspace``), as a mask."""
    space = np.zeros(buf.size, dtype=bool)
    _wide_space_mask(buf, space)
    return space


def split_words(data: bytes) -> tuple[IntArray, IntArray]:
    """Start and end offsets (``data[start:end]``) of the words of ``data``, as ``str.split()`` separates them."""
    buf = np.frombuffer(data, dtype=np.uint8)
    space = np.ones(buf.size + 2, dtype=bool)  # a space before and after the text
    inner = space[1:-1]
    np.logical_and(buf <= 32, (buf >= 28) | ((buf >= 9) & (buf <= 13)), out=inner)
    _wide_space_mask(buf, inner)
    bounds = np.flatnonzero(space[1:] != space[:-1])  # a word starts or ends
    return bounds[0::2], bounds[1::2]


@dataclass(frozen=True)
class WordGroups:
    """Occurrences grouped by word: ``group[i]`` is occurrence i's group; group g's first occurrence is
    ``first[g]`` and its 64-bit ``hash[g]`` (0 for a word longer than ``KEY_BYTES``, grouped by its bytes); ``keys``
    holds each occurrence's exact key (3 x 64-bit integers and the length; see the module docstring)."""

    group: IntArray
    first: IntArray
    hash: UIntArray
    keys: UIntArray


def keys_of(data: bytes | bytearray, starts: IntArray, lengths: IntArray, padded: bool = False) -> UIntArray:
    """4 x W: each word's first 24 bytes as three little-endian integers (zero past its end) and its length.
    ``padded``: ``data`` ends with ``KEY_BYTES`` bytes that are no word's (not copied to add them)."""
    buffer = data if padded else data + bytes(KEY_BYTES)
    wide = np.ndarray(shape=(len(buffer) - 7,), dtype="<u8", buffer=buffer, strides=(1,))
    keys = np.empty((4, starts.size), dtype=np.uint64)
    for part in range(3):
        np.bitwise_and(wide[starts + 8 * part], _LOW_MASKS[np.clip(lengths - 8 * part, 0, 8)], out=keys[part])
    keys[3] = lengths
    return keys


def _hash(keys: UIntArray) -> UIntArray:
    """A 64-bit mix of each column of ``keys`` (multiply, xor-shift: splitmix64's constants)."""
    h: UIntArray = keys[0] * np.uint64(_MIX[0])
    for part in range(1, 4):
        h ^= h >> np.uint64(31)
        h ^= keys[part]
        h *= np.uint64(_MIX[part])
    h ^= h >> np.uint64(29)
    return h


def same_columns(keys: UIntArray, columns: IntArray, other: UIntArray | None = None) -> bool:
    """True if ``keys[:, columns]`` equals ``other`` (default: ``keys``), compared a row at a time (``take``: about
    3 times faster than the 2-D gather)."""
    other = keys if other is None else other
    return all(np.array_equal(row.take(columns), other_row) for row, other_row in zip(keys, other))


def word_hashes(data: bytes, starts: IntArray, ends: IntArray) -> UIntArray:
    """The hash ``group_words`` gives each word ``data[starts[i]:ends[i]]`` (0 for a word longer than ``KEY_BYTES``)."""
    lengths = ends - starts
    with np.errstate(over="ignore"):
        hashes = _hash(keys_of(data, starts, lengths))
    hashes[lengths > KEY_BYTES] = 0
    return hashes


def group_words(data: bytes, starts: IntArray, ends: IntArray) -> WordGroups | None:
    """The words ``data[starts[i]:ends[i]]`` grouped by equality (groups in no particular order), or None if two
    different words share a hash (the caller then counts another way)."""
    count = starts.size
    lengths = ends - starts
    keys = keys_of(data, starts, lengths)
    with np.errstate(over="ignore"):
        hashes = _hash(keys)
    is_long = lengths > KEY_BYTES
    long_words = np.flatnonzero(is_long)
    hashes[long_words] = 0  # each long occurrence gets a group of its own below, merged by bytes
    pos_bits = max(1, int(count - 1).bit_length())
    low = np.uint64((1 << pos_bits) - 1)
    packed = (hashes & ~low) | np.arange(count, dtype=np.uint64)
    packed.sort()
    position = (packed & low).astype(np.int64)
    top = packed & ~low
    new = np.empty(count, dtype=bool)
    new[:1] = True
    np.not_equal(top[1:], top[:-1], out=new[1:])
    if long_words.size:
        new |= is_long[position]
    rank = np.cumsum(new) - 1
    group = np.empty(count, dtype=np.int64)
    group[position] = rank
    first = position[new]
    if not same_columns(keys, first[group]):
        return None
    if long_words.size:
        group, first = _merge_long(data, starts, ends, long_words, group, first)
    group_hash = hashes[first]
    return WordGroups(group, first, group_hash, keys)


def _merge_long(
    data: bytes, starts: IntArray, ends: IntArray, long_words: IntArray, group: IntArray, first: IntArray
) -> tuple[IntArray, IntArray]:
    """Give equal long words (one group each so far) one group: the group of their first occurrence."""
    seen: dict[bytes, int] = {}
    for i, start, end in zip(long_words.tolist(), starts[long_words].tolist(), ends[long_words].tolist()):
        owner = seen.setdefault(data[start:end], i)
        if owner != i:
            group[i] = group[owner]
    used = np.zeros(first.size, dtype=bool)
    used[group] = True
    if used.all():
        return group, first
    renumber = np.cumsum(used) - 1
    return renumber[group], first[used]


def decode_words(
    data: bytes, starts: IntArray, ends: IntArray, rule_bytes: bytes | None = None
) -> tuple[list[str], npt.NDArray[np.bool_] | None] | None:
    """The words ``data[starts[i]:ends[i]]`` decoded from UTF-8 (one decode of the words joined by "\\n") and, given
    ``rule_bytes``, which words hold none of them (``Tokenizer.rule_bytes``); None if a word is not UTF-8."""
    sizes = ends - starts + 1  # each word and the byte after it, which becomes the "\\n"
    out_ends = np.cumsum(sizes)
    padded = np.frombuffer(data + b"\n", dtype=np.uint8)
    source = np.repeat(starts - (out_ends - sizes), sizes) + np.arange(int(out_ends[-1]), dtype=np.int64)
    joined = padded[source]
    joined[out_ends - 1] = 10
    try:
        words = joined.tobytes().decode("utf-8").split("\n")[:-1]
    except UnicodeDecodeError:
        return None
    if rule_bytes is None:
        return words, None
    table = np.zeros(256, dtype=np.int64)
    table[list(rule_bytes)] = 1
    seen = np.cumsum(table[joined])[out_ends - 1]  # rule bytes up to each word's end
    return words, np.diff(seen, prepend=0) == 0


class HashIndex:
    """64-bit hashes -> ids, in sorted arrays (``np.searchsorted``): no Python object per entry."""

    def __init__(self) -> None:
        self._hashes = np.zeros(0, dtype=np.uint64)
        self._ids = np.zeros(0, dtype=np.int32)  # ids below 2**31 (TokenEncoder's vocabularies are bounded)

    def __len__(self) -> int:
        return int(self._hashes.size)

    @property
    def nbytes(self) -> int:
        return int(self._hashes.nbytes + self._ids.nbytes)

    def find(self, hashes: UIntArray) -> IntArray:
        """The id of each hash, -1 where it has none."""
        if not self._hashes.size:
            return np.full(hashes.size, -1, dtype=np.int64)
        at = np.minimum(np.searchsorted(self._hashes, hashes), self._hashes.size - 1)
        return np.where(self._hashes[at] == hashes, self._ids[at].astype(np.int64), -1)

    def add(self, hashes: UIntArray, ids: IntArray) -> None:
        """Add hashes that it does not hold, distinct, with their ids."""
        order = np.argsort(hashes)
        at = np.searchsorted(self._hashes, hashes[order])
        self._hashes = np.insert(self._hashes, at, hashes[order])
        self._ids = np.insert(self._ids, at, ids[order].astype(np.int32))
