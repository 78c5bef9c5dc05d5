"""Lines to flat integer token ids for the vectorized statistics (``bleucore.fast``).

Imported on first use (``bleucore.tokenizers`` lists it lazily), so its numpy costs nothing to ``--help``.
Text is read as UTF-8 bytes where it can be (``utf8_words``): each distinct word is decoded and tokenized once,
and no Python object is made per occurrence."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import accumulate, chain, count, islice
from typing import TYPE_CHECKING

import numpy as np

from ..limits import MAX_LINE_CHARS
from . import tokenize_lines, tokenize_texts
from .registry import get_tokenizer
from .utf8_words import KEY_BYTES, HashIndex, WordGroups, decode_words, group_words, split_words

if TYPE_CHECKING:
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]

__all__ = ["TokenEncoder", "tokenize_flat"]

# Characters tried, in order, as the line separator of TokenEncoder (one that no line holds).
_SEPARATORS = ("\x00", "\x01", "\ufdd0", "\ufdd1", "\U0010fffe")


class TokenEncoder:
    """Lines to flat integer token ids, one vocabulary shared by every call (hypotheses and
    references must share it for their n-grams to match).

    ``encode(lines)`` returns ``(ids, lengths)``: the ids of all tokens of all lines in order and
    the number of tokens of each line; ``vocabulary[i]`` is the token of id i. The tokens are
    exactly ``tokenize_lines(lines, tokenizer, lowercase)``.

    For a word-local tokenizer (``Tokenizer.word_local``: ``none``, ``13a``, ``char``) each *distinct* word is
    tokenized once, by the tokenizer's ``tokenize_words`` (not at all if it holds none of its ``rule_bytes``), and
    remembered; the ids of every occurrence are then gathered with numpy. ``encode_utf8`` finds and groups the
    words of UTF-8 bytes with numpy (``utf8_words``); ``encode`` takes that path for lines that encode to UTF-8
    and hold no "\\n", else splits the joined text on whitespace (a separator word between lines) and looks every
    word up in a dictionary (and tokenizes text the tokenizer's ``words_are_local`` refuses line by line). Other
    tokenizers (MeCab, intl, zh) turn the lines into whitespace-separated strings (``Tokenizer.tokenize_texts``),
    whose words, their tokens, an encoder of ``none`` then reads as above.
    """

    def __init__(self, tokenizer: str = "13a", lowercase: bool = False) -> None:
        self._tokenizer = get_tokenizer(tokenizer)
        self._name = tokenizer
        self._lowercase = lowercase
        # A tokenizer that is not word-local: the words of its output are its tokens, read by a none encoder.
        self._texts = None if self._tokenizer.word_local else TokenEncoder("none")
        self._token_ids: defaultdict[str, int] = defaultdict()
        # Word id 0 is the line separator (no tokens); word w has the token ids
        # _word_tokens[_word_start[w] : _word_start[w] + _word_len[w]].
        self._word_ids: defaultdict[str, int] = defaultdict()
        self._word_len = np.zeros(1, dtype=np.int64)
        self._word_start = np.zeros(1, dtype=np.int64)
        self._word_tokens = np.zeros(0, dtype=np.int64)
        # Words met as UTF-8 bytes: by 64-bit hash (its exact key, utf8_words, in _word_keys[:, id] to check it
        # against) or, when longer than KEY_BYTES, by their bytes.
        self._hashed_words = HashIndex()
        self._long_words: dict[bytes, int] = {}
        self._word_keys = np.zeros((4, 1), dtype=np.uint64)

    @property
    def word_local(self) -> bool:
        """True if the tokenizer splits each word alone (``encode_utf8`` can read undecoded bytes)."""
        return self._tokenizer.word_local

    @property
    def vocabulary(self) -> list[str]:
        """The token of each id."""
        return list(self._token_ids) if self._texts is None else self._texts.vocabulary

    @property
    def words(self) -> int:
        """Distinct words remembered so far (callers may start a new encoder past a limit)."""
        return int(self._word_len.size) - 1 if self._texts is None else self._texts.words

    @staticmethod
    def _ids(table: defaultdict[str, int], items: Sequence[str], sep: str, sep_id: int, first_id: int) -> IntArray:
        """Ids of ``items`` by ``table``, new items numbered from ``first_id``; ``sep`` (in no
        table) gets ``sep_id`` and is not stored."""
        table.default_factory = count(first_id).__next__
        table[sep] = sep_id
        try:
            return np.fromiter(map(table.__getitem__, items), dtype=np.int64, count=len(items))
        finally:
            table.default_factory = None
            del table[sep]

    def encode_streams(self, streams: Sequence[Sequence[str]]) -> list[tuple[IntArray, IntArray]]:
        """``encode`` of each stream (references and systems); a tokenizer that is not word-local analyses all their
        lines in one batch (MeCab: one batch for its worker processes)."""
        if self._texts is None or len(streams) < 2:
            return [self.encode(stream) for stream in streams]
        texts = tokenize_texts([line for stream in streams for line in stream], self._name, self._lowercase)
        ends = list(accumulate(map(len, streams)))
        return [self._texts.encode(texts[end - len(stream) : end]) for stream, end in zip(streams, ends)]

    def encode(self, lines: Sequence[str]) -> tuple[IntArray, IntArray]:
        """``(ids, lengths)`` of ``lines`` (see the class docstring)."""
        if self._texts is not None:
            return self._texts.encode(tokenize_texts(lines, self._name, self._lowercase))
        if self._tokenizer.word_local and lines:
            try:
                data: bytes | None = "\n".join(lines).encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate: the dictionary path below
                data = None
            if data is not None and data.count(b"\n") == len(lines) - 1:
                encoded = self.encode_utf8(data, len(lines))
                if encoded is not None:
                    return encoded
            prepared = [line.lower() for line in lines] if self._lowercase else list(lines)
            for sep in _SEPARATORS:
                if sep in self._word_ids or sep in self._token_ids:
                    continue
                joined = f" {sep} ".join(prepared)
                if joined.count(sep) != len(prepared) - 1:
                    continue
                if not self._tokenizer.words_are_local(joined):
                    break
                return self._encode_words(joined.split(), sep)
        tokens = tokenize_lines(lines, self._name, self._lowercase)
        lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
        table = self._token_ids
        table.default_factory = count(len(table)).__next__
        try:
            ids = np.fromiter(
                map(table.__getitem__, chain.from_iterable(tokens)), dtype=np.int64, count=int(lengths.sum())
            )
        finally:
            table.default_factory = None
        return ids, lengths

    def _tokenize_words(self, words: list[str], sep: str, plain: npt.NDArray[np.bool_] | None = None) -> None:
        """Tokenize and remember new words (none holds ``sep`` or whitespace), the next word ids in order; a word
        marked ``plain`` holds none of the tokenizer's ``rule_bytes``: its one token is itself."""
        plain = np.zeros(len(words), dtype=bool) if plain is None else plain
        plain_at, ruled_at = np.flatnonzero(plain), np.flatnonzero(~plain)
        ruled = [words[i] for i in ruled_at.tolist()] if plain_at.size else words
        tokens = self._tokenizer.tokenize_words(ruled, sep) if ruled else []
        ids = self._ids(self._token_ids, tokens, sep, -1, len(self._token_ids))
        ends = np.append(np.flatnonzero(ids < 0), ids.size)
        ruled_len = np.diff(ends, prepend=-1) - 1 if ruled else np.zeros(0, dtype=np.int64)
        if ruled_len.size != len(ruled):
            raise ValueError(f"tokenizer {self._name!r}: tokenize_words gave {ruled_len.size} words for {len(ruled)}")
        lengths = np.ones(len(words), dtype=np.int64)
        lengths[ruled_at] = ruled_len
        starts = np.cumsum(lengths) - lengths
        flat = np.empty(int(lengths.sum()), dtype=np.int64)
        flat[
            np.repeat(starts[ruled_at] - (np.cumsum(ruled_len) - ruled_len), ruled_len)
            + np.arange(int(ruled_len.sum()))
        ] = ids[ids >= 0]
        if plain_at.size:
            flat[starts[plain_at]] = self._ids(
                self._token_ids, [words[i] for i in plain_at.tolist()], sep, -1, len(self._token_ids)
            )
        self._word_len = np.concatenate([self._word_len, lengths])
        self._word_start = np.concatenate([self._word_start, starts + self._word_tokens.size])
        self._word_tokens = np.concatenate([self._word_tokens, flat])
        self._word_keys = np.concatenate([self._word_keys, np.zeros((4, len(words)), dtype=np.uint64)], axis=1)

    def _encode_words(self, words: list[str], sep: str) -> tuple[IntArray, IntArray]:
        word_ids = self._word_ids
        first = len(word_ids)
        wids = self._ids(word_ids, words, sep, 0, int(self._word_len.size))
        if len(word_ids) > first:  # the words seen for the first time, in id order
            self._tokenize_words(list(islice(word_ids, first, None)), sep)
        return self._gather(wids, np.append(np.flatnonzero(wids == 0), wids.size))

    def _gather(self, wids: IntArray, line_words: IntArray) -> tuple[IntArray, IntArray]:
        """The token ids of the words ``wids`` in order, and the tokens of each line (``line_words[i]``: the
        number of words before the end of line i)."""
        word_len = self._word_len[wids]
        ends = np.zeros(wids.size + 1, dtype=np.int64)
        np.cumsum(word_len, out=ends[1:])
        total = int(ends[-1])
        source = np.repeat(self._word_start[wids] - ends[:-1], word_len)
        source += np.arange(total, dtype=np.int64)
        return self._word_tokens[source], np.diff(ends[line_words], prepend=0)

    def encode_utf8(self, data: bytes, lines: int) -> tuple[IntArray, IntArray] | None:
        """``encode`` of the ``lines`` lines of UTF-8 ``data`` (split at b"\\n"; the last line's newline is
        optional), without decoding the text; None where the text must be decoded first: a tokenizer that is
        not word-local, bytes that are not UTF-8, a line longer than ``MAX_LINE_CHARS`` bytes (the decoded path
        checks the limit in characters) or two words with one hash."""
        encoded = self.encode_utf8_streams([data], lines)
        return None if encoded is None else encoded[0]

    def encode_utf8_streams(self, streams: Sequence[bytes], lines: int) -> list[tuple[IntArray, IntArray]] | None:
        """``encode_utf8`` of several streams of ``lines`` lines each (hypotheses and references of one chunk) in
        one pass: their words are grouped and looked up together."""
        if not self._tokenizer.word_local or lines < 1 or not streams:
            return None
        counts = [d.count(b"\n") for d in streams]  # lines, or lines - 1 if the last has no newline
        for breaks_in in counts:
            if breaks_in not in (lines - 1, lines):
                raise ValueError(f"{breaks_in} line breaks in a text of {lines} lines")
        data = b"".join(d if count == lines else d + b"\n" for d, count in zip(streams, counts))
        breaks = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10)
        if int(np.max(np.diff(breaks, prepend=-1))) - 1 > MAX_LINE_CHARS:
            return None
        starts, ends = split_words(data)
        if starts.size:
            groups = group_words(data, starts, ends)
            wids = None if groups is None else self._group_word_ids(data, starts, ends, groups)
            if groups is None or wids is None:
                return None
            ids, lengths = self._gather(wids[groups.group], np.searchsorted(starts, breaks))
        else:
            ids, lengths = np.zeros(0, dtype=np.int64), np.zeros(breaks.size, dtype=np.int64)
        cuts = np.cumsum(lengths.reshape(len(streams), lines).sum(axis=1))[:-1]
        return list(zip(np.split(ids, cuts), np.split(lengths, len(streams))))

    def _group_word_ids(self, data: bytes, starts: IntArray, ends: IntArray, groups: WordGroups) -> IntArray | None:
        """The word id of each group, new words decoded, tokenized and remembered; None if a new word is not
        UTF-8 or a hash is another word's."""
        first = groups.first
        keys = groups.keys[:, first]
        long_groups = np.flatnonzero(keys[3] > KEY_BYTES)
        wids = self._hashed_words.find(groups.hash)
        long_bytes = [data[a:b] for a, b in zip(starts[first[long_groups]].tolist(), ends[first[long_groups]].tolist())]
        wids[long_groups] = [self._long_words.get(word, -1) for word in long_bytes]
        known = np.flatnonzero(wids >= 0)
        if not np.array_equal(self._word_keys[:, wids[known]], keys[:, known]):
            return None  # a hash met before belongs to another word (long words were matched by bytes)
        new = np.flatnonzero(wids < 0)
        if not new.size:
            return wids
        new = new[np.argsort(first[new])]  # new words numbered in order of first occurrence
        decoded = decode_words(data, starts[first[new]], ends[first[new]], self._tokenizer.rule_bytes)
        if decoded is None or not self._tokenizer.words_are_local(" ".join(decoded[0])):
            return None
        words, plain = decoded
        if self._lowercase:
            words = [word.lower() for word in words]
        text = "".join(words)
        sep = next((s for s in _SEPARATORS if s not in self._token_ids and s not in text), None)
        if sep is None:
            return None
        next_id = int(self._word_len.size)
        self._tokenize_words(words, sep, plain)
        wids[new] = np.arange(next_id, next_id + new.size)
        self._word_keys[:, wids[new]] = keys[:, new]
        short = new[keys[3, new] <= KEY_BYTES]
        self._hashed_words.add(groups.hash[short], wids[short])
        long_index = {g: i for i, g in enumerate(long_groups.tolist())}
        for g in new[keys[3, new] > KEY_BYTES].tolist():
            self._long_words[long_bytes[long_index[g]]] = int(wids[g])
        return wids


def tokenize_flat(lines: Sequence[str], tokenizer: str = "13a", lowercase: bool = False) -> tuple[list[str], IntArray]:
    """All tokens of ``lines`` in one list and the offsets (``len(lines) + 1`` of them) where each
    line's tokens start: ``tokens[offsets[i]:offsets[i + 1]] == tokenize(lines[i], ...)``."""
    encoder = TokenEncoder(tokenizer, lowercase)
    ids, lengths = encoder.encode(lines)
    vocabulary = encoder.vocabulary
    offsets = np.zeros(lengths.size + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return list(map(vocabulary.__getitem__, ids.tolist())), offsets
