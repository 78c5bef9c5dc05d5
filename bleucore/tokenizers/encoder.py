"""Lines to flat integer token ids for the vectorized statistics (``bleucore.fast``).

Imported on first use (``bleucore.tokenizers`` lists it lazily), so its numpy costs nothing to ``--help``.
Text is read as UTF-8 bytes where it can be (``utf8_words``): words and tokens are entries of one vocabulary keyed by
their bytes (``vocabulary``), each distinct word is tokenized once (decoded only if the tokenizer's rules can change
it), and no Python object is made per occurrence."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate, chain
from typing import TYPE_CHECKING

import numpy as np

from ..limits import MAX_LINE_CHARS
from . import tokenize_lines, tokenize_texts
from .registry import get_tokenizer
from .utf8_words import group_words, split_words
from .vocabulary import ByteVocabulary, GrowingArray

if TYPE_CHECKING:
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
    UIntArray = npt.NDArray[np.uint64]

__all__ = ["TokenEncoder", "tokenize_flat"]


class TokenEncoder:
    """Lines to flat integer token ids, one vocabulary shared by every call (hypotheses and
    references must share it for their n-grams to match).

    ``encode(lines)`` returns ``(ids, lengths)``: the ids of all tokens of all lines in order and
    the number of tokens of each line; ``vocabulary[i]`` is the string of id i. The tokens are
    exactly ``tokenize_lines(lines, tokenizer, lowercase)``.

    Words and tokens are entries of one ``ByteVocabulary``, keyed by their UTF-8 bytes: a token's id is the id of its
    bytes. For a word-local tokenizer (``Tokenizer.word_local``: ``none``, ``13a``, ``char``) each *distinct* word is
    tokenized once and its token ids remembered; a word that holds none of the tokenizer's ``rule_bytes`` is its own
    token and is never decoded, the others are decoded and tokenized by the tokenizer's ``tokenize_words``.
    ``encode_utf8`` finds and groups the words of UTF-8 bytes with numpy (``utf8_words``); ``encode`` takes that path
    for lines that encode to UTF-8 and hold no "\\n", else tokenizes the lines (``tokenize_lines``) and looks the
    tokens up by string. Other tokenizers (MeCab, intl, zh) turn the lines into whitespace-separated strings
    (``Tokenizer.tokenize_texts``), whose words, their tokens, an encoder of ``none`` then reads as above.
    """

    def __init__(self, tokenizer: str = "13a", lowercase: bool = False) -> None:
        self._tokenizer = get_tokenizer(tokenizer)
        self._name = tokenizer
        self._lowercase = lowercase
        # A tokenizer that is not word-local: the words of its output are its tokens, read by a none encoder.
        self._texts = None if self._tokenizer.word_local else TokenEncoder("none")
        self._entries = ByteVocabulary()
        # Entry e met as a word has the token ids _word_tokens[_word_start[e] : _word_start[e] + _word_len[e]];
        # _word_len[e] is -1 while it has been met as a token only.
        self._word_len = GrowingArray(np.int32)
        self._word_start = GrowingArray(np.int64)
        self._word_tokens = GrowingArray(np.int32)
        self._words = 0
        table = np.zeros(256, dtype=np.int64)  # 1 for a byte that makes a word other than its own token
        rule_bytes = self._tokenizer.rule_bytes  # b"" (none): every word is its own token; None: any byte may rule
        table[list(range(256) if rule_bytes is None else rule_bytes)] = 1
        if lowercase:  # a word with an upper-case letter or a byte beyond ASCII may change when lowercased
            table[list(range(ord("A"), ord("Z") + 1)) + list(range(128, 256))] = 1
        self._ruled_bytes = table

    @property
    def word_local(self) -> bool:
        """True if the tokenizer splits each word alone (``encode_utf8`` can read undecoded bytes)."""
        return self._tokenizer.word_local

    @property
    def fork_chunks(self) -> bool:
        """True if a forked copy may score half the chunks of a stream (``bleucore.stream``): a word-local tokenizer
        (the copy reads undecoded bytes) or one whose analysis is most of the time (``Tokenizer.analyser_bound``)."""
        return self._tokenizer.word_local or self._tokenizer.analyser_bound

    @property
    def vocabulary(self) -> list[str]:
        """The string of each id (every token's; a word that is not a token has an id too)."""
        return self._entries.strings() if self._texts is None else self._texts.vocabulary

    def vocabulary_lines(self, start: int = 0) -> bytes | None:
        """The vocabulary's UTF-8 bytes from id ``start`` on, one entry a line (each ended by b"\\n"); None for a
        tokenizer that is not word-local (its entries are another encoder's)."""
        return self._entries.joined(start) if self._texts is None else None

    def vocabulary_since(self, start: int) -> list[str]:
        """``vocabulary[start:]``, decoding only those entries (a caller following a growing vocabulary)."""
        return self._entries.strings(start) if self._texts is None else self._texts.vocabulary_since(start)

    @property
    def nbytes(self) -> int:
        """Bytes the vocabulary holds: callers may start a new encoder past a limit."""
        if self._texts is not None:
            return self._texts.nbytes
        arrays = (self._word_len, self._word_start, self._word_tokens)
        return self._entries.nbytes + sum(array.nbytes for array in arrays)

    @property
    def words(self) -> int:
        """Distinct words remembered so far (callers may start a new encoder past a limit)."""
        return self._words if self._texts is None else self._texts.words

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
            except UnicodeEncodeError:  # a lone surrogate: by string below
                data = None
            if data is not None and data.count(b"\n") == len(lines) - 1:
                encoded = self.encode_utf8(data, len(lines))
                if encoded is not None:
                    return encoded
        tokens = tokenize_lines(lines, self._name, self._lowercase)
        lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
        ids = self._entries.ids_of_strings(list(chain.from_iterable(tokens)))
        missing = len(self._entries) - len(self._word_len)  # entries added here are tokens, not yet met as words
        self._word_len.extend(np.full(missing, -1))
        self._word_start.extend(np.zeros(missing))
        return ids, lengths

    def _gather(self, wids: IntArray, words: IntArray, line_words: IntArray) -> tuple[IntArray, IntArray]:
        """The token ids of the words of a text in order, and the tokens of each line: word i of the text is the
        entry ``wids[words[i]]``; ``line_words[i]`` is the number of words before the end of line i. The tokens of
        the distinct words are gathered first, so that each occurrence reads a small table (cache-sized) rather than
        the whole vocabulary."""
        distinct_len = self._word_len.values[wids].astype(np.int64)
        distinct_ends = np.cumsum(distinct_len)
        distinct_starts = distinct_ends - distinct_len
        total = int(distinct_ends[-1]) if wids.size else 0
        source = np.repeat(self._word_start.values[wids] - distinct_starts, distinct_len)
        source += np.arange(total, dtype=np.int64)
        distinct_tokens = self._word_tokens.values[source].astype(np.int64)
        if bool((distinct_len == 1).all()):  # one token per word
            return distinct_tokens[words], np.diff(line_words, prepend=0)
        word_len = distinct_len[words]
        ends = np.zeros(words.size + 1, dtype=np.int64)
        np.cumsum(word_len, out=ends[1:])
        source = np.repeat(distinct_starts[words] - ends[:-1], word_len)
        source += np.arange(int(ends[-1]), dtype=np.int64)
        return distinct_tokens[source], np.diff(ends[line_words], prepend=0)

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
            first = None if groups is None else groups.first
            wids = None
            if groups is not None and first is not None:
                wids = self._word_entries(
                    data, starts[first], ends[first], groups.hash, np.take(groups.keys, first, axis=1)
                )
            if groups is None or wids is None:
                return None
            ids, lengths = self._gather(wids, groups.group, np.searchsorted(starts, breaks))
        else:
            ids, lengths = np.zeros(0, dtype=np.int64), np.zeros(breaks.size, dtype=np.int64)
        cuts = np.cumsum(lengths.reshape(len(streams), lines).sum(axis=1))[:-1]
        return list(zip(np.split(ids, cuts), np.split(lengths, len(streams))))

    def _entries_of(
        self, data: bytes, starts: IntArray, ends: IntArray, hashes: UIntArray, keys: UIntArray
    ) -> IntArray | None:
        """The entry of each distinct word ``data[starts[i]:ends[i]]`` (hashes and keys as ``group_words`` gives
        them), new ones added in order of ``starts``; None if a hash is another entry's."""
        ids = self._entries.find(data, starts, ends, hashes, keys)
        if ids is None:
            return None
        new = np.flatnonzero(ids < 0)
        if new.size:
            new = new[np.argsort(starts[new])]
            ids[new] = self._entries.add(data, starts[new], ends[new], hashes[new], np.ones(new.size, dtype=bool))
            self._word_len.extend(np.full(new.size, -1))
            self._word_start.extend(np.zeros(new.size))
        return ids

    def _word_entries(
        self, data: bytes, starts: IntArray, ends: IntArray, hashes: UIntArray, keys: UIntArray
    ) -> IntArray | None:
        """``_entries_of`` the distinct words, each tokenized (and its token ids remembered) when first met as a word;
        None if a new word is not UTF-8 or a hash is another entry's."""
        ids = self._entries_of(data, starts, ends, hashes, keys)
        if ids is None:
            return None
        fresh = np.flatnonzero(self._word_len.values[ids] < 0)
        if fresh.size and not self._tokenize(ids[fresh], data, starts[fresh], ends[fresh]):
            return None
        return ids

    def _tokenize(self, entries: IntArray, data: bytes, starts: IntArray, ends: IntArray) -> bool:
        """Remember the token ids of the words ``data[starts[i]:ends[i]]``, the entries ``entries``; False (nothing
        remembered) if a word is not UTF-8, the tokenizer refuses them or a token's hash is another entry's."""
        joined, word_ends = _joined(data, starts, ends)
        seen = np.cumsum(self._ruled_bytes[joined])[word_ends - 1]
        ruled = np.diff(seen, prepend=0) > 0
        try:  # every new word UTF-8 (else the caller decodes the text, naming the line and byte)
            joined.tobytes().decode("utf-8")
        except UnicodeDecodeError:
            return False
        counts = np.ones(entries.size, dtype=np.int64)
        tokens = entries.copy()
        if ruled.any():
            words = joined[np.repeat(ruled, np.diff(word_ends, prepend=0))].tobytes().decode("utf-8").split("\n")
            words.pop()  # after the last word's "\n"
            found = self._tokens_of([word.lower() for word in words] if self._lowercase else words)
            if found is None:
                return False
            ruled_counts, ruled_tokens = found
            counts[ruled] = ruled_counts
            at = np.cumsum(counts) - counts
            tokens = np.repeat(tokens, counts)
            ruled_at = np.repeat(at[ruled] - (np.cumsum(ruled_counts) - ruled_counts), ruled_counts)
            tokens[ruled_at + np.arange(ruled_tokens.size)] = ruled_tokens
        self._word_len.values[entries] = counts
        self._word_start.values[entries] = np.cumsum(counts) - counts + len(self._word_tokens)
        self._word_tokens.extend(tokens)
        self._words += entries.size
        return True

    def _tokens_of(self, words: list[str]) -> tuple[IntArray, IntArray] | None:
        """The number of tokens of each word and all their ids in order (new tokens added); None if the tokenizer
        refuses the words or a token's hash is another entry's."""
        if not self._tokenizer.words_are_local(" ".join(words)):
            return None
        data = self._tokenizer.tokenize_words(words).encode("utf-8", "surrogatepass")
        breaks = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10)
        if breaks.size != len(words) - 1:  # a word's tokens held a line break
            return None
        starts, ends = split_words(data)
        counts = np.diff(np.searchsorted(starts, breaks), prepend=0, append=starts.size)
        if not starts.size:
            return counts, np.zeros(0, dtype=np.int64)
        groups = group_words(data, starts, ends)
        if groups is None:
            return None
        first = groups.first
        ids = self._entries_of(data, starts[first], ends[first], groups.hash, np.take(groups.keys, first, axis=1))
        return None if ids is None else (counts, ids[groups.group])


def _joined(data: bytes, starts: IntArray, ends: IntArray) -> tuple[npt.NDArray[np.uint8], IntArray]:
    """The words ``data[starts[i]:ends[i]]`` as one array, each followed by "\\n", and where each ends (after it)."""
    sizes = ends - starts + 1
    out_ends = np.cumsum(sizes)
    padded = np.frombuffer(data + b"\n", dtype=np.uint8)
    source = np.repeat(starts - (out_ends - sizes), sizes) + np.arange(int(out_ends[-1]), dtype=np.int64)
    joined = padded[source]
    joined[out_ends - 1] = 10
    return joined, out_ends


def tokenize_flat(lines: Sequence[str], tokenizer: str = "13a", lowercase: bool = False) -> tuple[list[str], IntArray]:
    """All tokens of ``lines`` in one list and the offsets (``len(lines) + 1`` of them) where each
    line's tokens start: ``tokens[offsets[i]:offsets[i + 1]] == tokenize(lines[i], ...)``."""
    encoder = TokenEncoder(tokenizer, lowercase)
    ids, lengths = encoder.encode(lines)
    vocabulary = encoder.vocabulary
    offsets = np.zeros(lengths.size + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return list(map(vocabulary.__getitem__, ids.tolist())), offsets
