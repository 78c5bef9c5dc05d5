"""A word-local tokenizer's token ids of lines whose words are already encoded (``encode_by_words``): each distinct
word of the ``none`` encoder's vocabulary tokenized once, then every line's tokens gathered from its words', since a
word-local tokenizer's tokens of a line are its words' tokens (``Tokenizer.word_local``). The doctor's tools count
13a this way from the words its rules encoded, instead of reading the text again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import numpy.typing as npt

    from .encoder import TokenEncoder

    IntArray = npt.NDArray[np.int64]

__all__ = ["encode_by_words"]


def encode_by_words(
    encoder: TokenEncoder, words: TokenEncoder, streams: Sequence[tuple[IntArray, IntArray]]
) -> list[tuple[IntArray, IntArray]] | None:
    """``encoder.encode(lines)`` of the lines whose ids and lengths by ``words`` (an encoder of ``none``: the words
    of ``str.split()``) are ``streams``; None where that cannot be done (a tokenizer that is not word-local, a word
    that is not UTF-8): the caller encodes the lines. The lines must hold no line break (13a joins a word broken by
    "-\\\\n" to the next)."""
    lines = words.vocabulary_lines()
    if not encoder.word_local or lines is None:
        return None
    count = lines.count(b"\n")
    per_word = encoder.encode_utf8(lines, count) if count else (np.zeros(0, np.int64), np.zeros(0, np.int64))
    if per_word is None:
        return None
    tokens, lengths = per_word
    starts = np.cumsum(lengths) - lengths
    out = []
    for ids, line_words in streams:
        occurrence = lengths[ids]
        ends = np.zeros(ids.size + 1, dtype=np.int64)
        np.cumsum(occurrence, out=ends[1:])
        source = np.repeat(starts[ids] - ends[:-1], occurrence) + np.arange(int(ends[-1]), dtype=np.int64)
        word_ends = np.zeros(line_words.size + 1, dtype=np.int64)
        np.cumsum(line_words, out=word_ends[1:])
        out.append((tokens[source], np.diff(ends[word_ends])))
    return out
