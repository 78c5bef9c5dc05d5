"""How much a line shares with another, for every line at once: the rules that ask which lines pair (merged lines,
a line in another language, a copied source) compare each line with its own counterpart and with its neighbours'.

Lines are lowercased ``str.split()`` words (characters for Chinese and Japanese, written without spaces), given ids
by one ``TokenEncoder`` for every stream of a setup, each stream encoded once (``LineWords.of(setup)`` keeps them on
the setup). ``dice`` is 2 * (words in common, clipped) / (words in both lines): 1 for the same words, 0 for none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..metrics.bleu.fast import ids_statistics
from ..tokenizers import TokenEncoder
from ..tokenizers.vocabulary import numbered
from .language import script

if TYPE_CHECKING:
    from .finding import Setup

__all__ = ["LineWords", "Resemblance", "dice"]

#: Lines encoded at once (the encoder's working arrays grow with one call's text).
_CHUNK = 10_000
#: Scripts written without spaces between words (``language.script``): Chinese, and Japanese (kana with Han).
_NO_SPACE_SCRIPTS = ("Han", "Kana")
_WORD = re.compile(r"\w+")


class LineWords:
    """Token ids of a setup's streams, by identity of the stream (the hypotheses, each reference, the source).

    Words (``none``) are encoded cased, the ids the scorer's ``str.split()`` tools count too (``adopted_by`` hands
    them over, so that the text is encoded once), and lowercased by folding the vocabulary; characters (``char``,
    for Chinese and Japanese) are encoded lowercased."""

    def __init__(self, tokenizer: str = "none") -> None:
        self.tokenizer = tokenizer
        self._encoder = TokenEncoder(tokenizer, lowercase=tokenizer != "none")
        self._streams: dict[int, tuple[Sequence[str], tuple[np.ndarray, np.ndarray]]] = {}
        self._folded: dict[str, int] = {}
        self._fold = np.zeros(0, dtype=np.int64)
        self._letters = np.zeros(0, dtype=np.int64)  # 1 for a vocabulary entry holding a letter
        self._lowered: dict[int, tuple[Sequence[str], tuple[np.ndarray, np.ndarray]]] = {}
        self._dice: dict[tuple[int, int, int], np.ndarray] = {}

    @classmethod
    def of(cls, setup: Setup) -> LineWords:
        """The setup's ``LineWords``, made on first use: characters when most of the text is Chinese or Japanese."""
        memo = setup.memo
        if "line_words" not in memo:
            sample = " ".join([*setup.hypotheses[:2000], *(line for s in setup.references for line in s[:2000])])
            memo["line_words"] = cls("char" if script(sample) in _NO_SPACE_SCRIPTS else "none")
        words: LineWords = memo["line_words"]
        return words

    def encoded(self, lines: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """(ids, lengths) of ``lines`` as encoded (cased words, or lowercased characters), encoded once."""
        key = id(lines)
        if key not in self._streams or self._streams[key][0] is not lines:
            parts = [self._encoder.encode(lines[i : i + _CHUNK]) for i in range(0, len(lines), _CHUNK)]
            if parts:
                encoded = np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
            else:
                encoded = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
            self._streams[key] = (lines, encoded)
        return self._streams[key][1]

    def lowered(self, lines: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """(ids, lengths) of ``lines`` with words that differ only in case given one id."""
        ids, lengths = self.encoded(lines)
        if self.tokenizer != "none":
            return ids, lengths
        key = id(lines)
        if key in self._lowered and self._lowered[key][0] is lines:
            return self._lowered[key][1]
        self._fold_new_words()
        self._lowered[key] = (lines, (self._fold[ids], lengths))
        return self._lowered[key][1]

    def _fold_new_words(self) -> None:
        """Extend ``_fold`` (a cased word's id -> its lowercased word's id) over the words encoded since the last call,
        lowered in one ``str.lower`` of their lines."""
        lines = self._encoder.vocabulary_lines(self._fold.size)
        if lines:
            lowered = lines.decode("utf-8", "surrogatepass").lower().split("\n")[:-1]
            ids, self._folded = numbered(lowered, self._folded, self._fold.size)
            self._fold = np.concatenate([self._fold, ids])

    def lettered(self, lines: Sequence[str]) -> np.ndarray:
        """Words of each line (``str.split()``'s) holding a letter (``str.isalpha``), from the word ids: each distinct
        word looked at once."""
        if self.tokenizer != "none":
            return np.fromiter((sum(any(map(str.isalpha, w)) for w in line.split()) for line in lines), np.int64)
        ids, lengths = self.encoded(lines)
        added = self._encoder.vocabulary_since(self._letters.size)
        if added:
            has = np.fromiter((any(map(str.isalpha, w)) for w in added), dtype=np.int64, count=len(added))
            self._letters = np.concatenate([self._letters, has])
        rows = np.repeat(np.arange(lengths.size), lengths)
        out: np.ndarray = np.bincount(rows, weights=self._letters[ids], minlength=lengths.size).astype(np.int64)
        return out

    def adopted_by(
        self, streams: Sequence[Sequence[str]]
    ) -> tuple[TokenEncoder, list[tuple[np.ndarray, np.ndarray]]] | None:
        """The encoder and the cased word ids of ``streams`` when all of them were encoded here (None otherwise):
        what ``ConventionScorer.adopt`` takes for its ``str.split()`` tokens."""
        if self.tokenizer != "none" or any(
            id(s) not in self._streams or self._streams[id(s)][0] is not s for s in streams
        ):
            return None
        return self._encoder, [self._streams[id(s)][1] for s in streams]

    def split_counts(self, lines: Sequence[str]) -> np.ndarray | None:
        """``len(line.split())`` of each line when these words are ``str.split()``'s and ``lines`` are encoded already
        (None otherwise: the caller splits)."""
        held = self._streams.get(id(lines))
        return held[1][1] if self.tokenizer == "none" and held is not None and held[0] is lines else None

    def lengths(self, lines: Sequence[str]) -> np.ndarray:
        """Words of each line."""
        return self.encoded(lines)[1]

    def dice(self, a: Sequence[str], b: Sequence[str], shift: int = 0) -> np.ndarray:
        """For each line i of ``a``, ``dice`` of it and line ``i + shift`` of ``b`` (0 where there is none), case
        ignored; computed once per pair."""
        key = (id(a), id(b), shift)
        if key not in self._dice:
            self._dice[key] = dice(self.lowered(a), shifted(self.lowered(b), shift, len(a)))
        return self._dice[key]


def shifted(encoded: tuple[np.ndarray, np.ndarray], shift: int, lines: int) -> tuple[np.ndarray, np.ndarray]:
    """The lines ``shift, shift + 1, ...`` of an encoded stream, ``lines`` of them (empty lines where it has none)."""
    ids, lengths = encoded
    starts = np.zeros(lengths.size + 1, dtype=np.int64)
    np.cumsum(lengths, out=starts[1:])
    first, last = max(0, shift), max(0, min(lengths.size, shift + lines))
    before = max(0, -shift)
    kept = lengths[first:last] if last > first else np.zeros(0, dtype=np.int64)
    before = min(before, lines)
    after = lines - before - kept.size
    out_lengths = np.concatenate([np.zeros(before, dtype=np.int64), kept, np.zeros(after, dtype=np.int64)])
    out_ids = ids[starts[first] : starts[last]] if last > first else np.zeros(0, dtype=np.int64)
    return out_ids, out_lengths


def dice(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Per line, 2 * clipped common words / (words of a + words of b); 0 for two empty lines."""
    if not a[1].size:
        return np.zeros(0)
    common = ids_statistics(a, [b], 1).matches[:, 0].astype(np.float64)
    both = (a[1] + b[1]).astype(np.float64)
    out: np.ndarray = np.divide(2.0 * common, both, out=np.zeros_like(common), where=both > 0)
    return out


def _units(line: str) -> tuple[frozenset[str], frozenset[str]]:
    """A line's lowercased words (without punctuation) and its character pairs (which still overlap where words
    differ by a particle or an ending, and in scripts written without spaces)."""
    words = _WORD.findall(line.lower())
    text = "".join(words)
    return frozenset(words), frozenset(text[i : i + 2] for i in range(len(text) - 1)) or frozenset(text)


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


class Resemblance:
    """How alike a hypothesis line and a reference line are: the Jaccard similarity of their words plus that of
    their character pairs (each line's units made once, when asked)."""

    def __init__(self, hypotheses: Sequence[str], references: Sequence[str]) -> None:
        self.hypotheses, self.references = hypotheses, references
        self._hyp: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
        self._ref: dict[int, tuple[frozenset[str], frozenset[str]]] = {}

    def __call__(self, i: int, j: int) -> float:
        """How alike hypothesis line i and reference line j are (0 to 2)."""
        if i not in self._hyp:
            self._hyp[i] = _units(self.hypotheses[i])
        if j not in self._ref:
            self._ref[j] = _units(self.references[j])
        (words_a, pairs_a), (words_b, pairs_b) = self._hyp[i], self._ref[j]
        return _jaccard(words_a, words_b) + _jaccard(pairs_a, pairs_b)
