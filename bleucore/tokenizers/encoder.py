"""Lines to flat integer token ids for the vectorized statistics (``bleucore.fast``).

Imported on first use (``bleucore.tokenizers`` lists it lazily), so its numpy costs nothing to ``--help``."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import chain, count, islice
from typing import TYPE_CHECKING

import numpy as np

from . import tokenize_lines
from .registry import get_tokenizer

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

    For a word-local tokenizer (``Tokenizer.word_local``: ``none``, ``13a``, ``char``) the lines
    are split once on whitespace (a separator word between lines) and each *distinct* word is
    tokenized once, by the tokenizer's ``tokenize_words``, and remembered; the ids of every
    occurrence are then gathered with numpy. Other tokenizers (and text the tokenizer's
    ``words_are_local`` refuses) are tokenized line by line with ``tokenize_lines``.
    """

    def __init__(self, tokenizer: str = "13a", lowercase: bool = False) -> None:
        self._tokenizer = get_tokenizer(tokenizer)
        self._name = tokenizer
        self._lowercase = lowercase
        self._token_ids: defaultdict[str, int] = defaultdict()
        # Word id 0 is the line separator (no tokens); word w has the token ids
        # _word_tokens[_word_start[w] : _word_start[w] + _word_len[w]].
        self._word_ids: defaultdict[str, int] = defaultdict()
        self._word_len = np.zeros(1, dtype=np.int64)
        self._word_start = np.zeros(1, dtype=np.int64)
        self._word_tokens = np.zeros(0, dtype=np.int64)

    @property
    def vocabulary(self) -> list[str]:
        """The token of each id."""
        return list(self._token_ids)

    @property
    def words(self) -> int:
        """Distinct words remembered so far (callers may start a new encoder past a limit)."""
        return len(self._word_ids)

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

    def encode(self, lines: Sequence[str]) -> tuple[IntArray, IntArray]:
        """``(ids, lengths)`` of ``lines`` (see the class docstring)."""

        if self._tokenizer.word_local and lines:
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
            ids = np.fromiter(map(table.__getitem__, chain.from_iterable(tokens)), dtype=np.int64, count=int(lengths.sum()))
        finally:
            table.default_factory = None
        return ids, lengths

    def _tokenize_words(self, words: list[str], sep: str) -> None:
        """Tokenize and remember new words (none holds ``sep`` or whitespace)."""
        tokens = self._tokenizer.tokenize_words(words, sep)
        ids = self._ids(self._token_ids, tokens, sep, -1, len(self._token_ids))
        ends = np.append(np.flatnonzero(ids < 0), ids.size)
        lengths = np.diff(ends, prepend=-1) - 1
        if lengths.size != len(words):
            raise ValueError(f"tokenizer {self._name!r}: tokenize_words gave {lengths.size} words for {len(words)}")
        ids = ids[ids >= 0]
        starts = np.cumsum(lengths) - lengths + self._word_tokens.size
        self._word_len = np.concatenate([self._word_len, lengths])
        self._word_start = np.concatenate([self._word_start, starts])
        self._word_tokens = np.concatenate([self._word_tokens, ids])

    def _encode_words(self, words: list[str], sep: str) -> tuple[IntArray, IntArray]:
        word_ids = self._word_ids
        first = len(word_ids)
        wids = self._ids(word_ids, words, sep, 0, first + 1)
        if len(word_ids) > first:  # the words seen for the first time, in id order
            self._tokenize_words(list(islice(word_ids, first, None)), sep)
        word_len = self._word_len[wids]
        ends = np.cumsum(word_len)
        total = int(ends[-1]) if ends.size else 0
        line_ends = np.append(ends[wids == 0], total)
        lengths = np.diff(line_ends, prepend=0)
        source = np.repeat(self._word_start[wids] - (ends - word_len), word_len)
        source += np.arange(total, dtype=np.int64)
        return self._word_tokens[source], lengths


def tokenize_flat(
    lines: Sequence[str], tokenizer: str = "13a", lowercase: bool = False
) -> tuple[list[str], IntArray]:
    """All tokens of ``lines`` in one list and the offsets (``len(lines) + 1`` of them) where each
    line's tokens start: ``tokens[offsets[i]:offsets[i + 1]] == tokenize(lines[i], ...)``."""
    encoder = TokenEncoder(tokenizer, lowercase)
    ids, lengths = encoder.encode(lines)
    vocabulary = encoder.vocabulary
    offsets = np.zeros(lengths.size + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return list(map(vocabulary.__getitem__, ids.tolist())), offsets
