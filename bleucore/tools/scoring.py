"""BLEU of one set of ``Conventions`` on text: bleucore's own counting and scoring (Papineni et al. 2002) with
each tool's rules applied around them, so that two tools' numbers differ only by the rules that differ.

``ConventionScorer`` tokenizes and counts each distinct (tokenization, case, references) once, so the tools'
table and the waterfall's steps share the work; ``arithmetic`` scores its counts under each tool's rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from ..metrics.bleu.fast import ids_statistics
from ..metrics.bleu.lengths import brevity_penalty, simplified_brevity_penalty
from ..metrics.bleu.score import BLEUFigures
from ..metrics.inputs import check_streams
from ..tokenizers import TokenEncoder
from ..tokenizers.by_words import encode_by_words
from ..tokenizers.vocabulary import numbered
from .arithmetic import reference_lengths, score_counts, sentence_scores, tiny_scores
from .conventions import Case, Conventions, References
from .splits import (
    ENCODE_LINES,
    cased,
    differing_lines,
    has_ascii_upper,
    has_unicode_only_space,
    marked,
    single_spaced,
    split_encoded,
)

__all__ = ["ConventionScore", "ConventionScorer"]

#: The splits counted from token tuples; ``whitespace`` is bleucore's ``none`` tokenizer (``str.split``).
_TUPLE_SPLITS = ("ascii-whitespace", "single-space")


@dataclass(frozen=True)
class ConventionScore(BLEUFigures):
    """BLEU under one set of ``conventions``: the corpus counts (after the phantom-n-gram rule), their
    unsmoothed precisions, the corpus BP by the brevity rule and c and r (an integer: no rule averages), the
    lines (``sentences``) and how many of them have an order without a match (``zero_lines``: a 0 under the
    standard rule). ``score`` is the corpus score or, for a sentence-mean tool, the mean of the lines' scores."""

    ref_len: int
    conventions: Conventions
    sentences: int
    zero_lines: int = 0


class ConventionScorer:
    """Scores one hypothesis stream against its reference streams under any ``Conventions``.

    ``references[j][i]`` is reference j of line i (sacreBLEU's layout)."""

    def __init__(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], max_order: int = 4) -> None:
        check_streams(hypotheses, references)
        self.hypotheses = list(hypotheses)
        self.references = [list(stream) for stream in references]
        self.max_order = max_order
        self._words: dict[str, int] = {}  # the vocabulary of the ``_split`` tokenizations, shared by them
        self._text: str | None = None
        self._encoders: dict[tuple[str, str], TokenEncoder] = {}
        self._ids: dict[tuple[str, str], list[tuple[np.ndarray, np.ndarray]]] = {}
        self._same: dict[tuple[str, str], tuple[str, str]] = {}  # tokenization -> the first giving the same tokens
        self._counts: dict[tuple[str, str, str], tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}
        self._differs: dict[str, list[int]] = {}

    def _tokenization(self, conventions: Conventions) -> tuple[str, str]:
        """The key of the tokens (hypotheses, then each reference stream) under the tokenization and case rules;
        two rules giving the same tokens on this text share one key, so their counts are made once."""
        key = (conventions.tokenize, conventions.case)
        if key not in self._same:
            same = self._same_as(key)
            if same is not None and same != key:
                self._same[key] = self._tokenization(Conventions(tokenize=same[0], case=same[1]))  # type: ignore[arg-type]
            else:
                self._same[key] = key
        return self._same[key]

    def _same_as(self, key: tuple[str, str]) -> tuple[str, str] | None:
        """A simpler rule that gives the same tokens on this text, known from the text alone."""
        tokenize, case = key
        if self._text is None:
            self._text = "\n".join(line for stream in [self.hypotheses, *self.references] for line in stream)
        text = self._text
        if case == "ascii-lower" and not has_ascii_upper(text):
            return tokenize, "cased"
        if case == "ascii-lower" and text.isascii():
            return tokenize, "lower"
        if tokenize == "ascii-whitespace" and not has_unicode_only_space(text):
            return "whitespace", case
        if tokenize == "single-space" and single_spaced(text):
            return "whitespace", case
        return None

    def _statistics(self, c: Conventions) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Per line: c, the reference lengths (lines x refs), clipped matches and totals per order."""
        tokenize, case = self._tokenization(c)
        key = (tokenize, case, "all" if len(self.references) == 1 else c.references)
        if key in self._counts:
            return self._counts[key]
        if tokenize in _TUPLE_SPLITS:
            self._counts[key] = self._split_statistics(tokenize, case, c.references)
            return self._counts[key]
        hyp, *encoded = self._encoded(tokenize, case)
        encoded = encoded if c.references == "all" else encoded[:1]
        stats = ids_statistics(hyp, encoded, self.max_order)
        ref_lens = np.stack([np.asarray(lengths, dtype=np.int64) for _, lengths in encoded], axis=1)
        self._counts[key] = (stats.hyp_len, ref_lens, stats.matches, stats.totals)
        return self._counts[key]

    def _split_statistics(
        self, tokenize: str, case: str, references: References
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """A split rule's counts: ``str.split()``'s under the same case rule, with the lines where the rule's tokens
        may differ (``splits.differing_lines``: few, in most text) counted again under the rule."""
        base = self._statistics(Conventions(tokenize="whitespace", case=cast(Case, case), references=references))
        streams = [self.hypotheses, *(self.references if references == "all" else self.references[:1])]
        rows = sorted({i for j, stream in enumerate(streams) for i in self._differing(tokenize, j, stream)})
        if not rows:
            return base
        hyp, *encoded = self._split_ids([[stream[i] for i in rows] for stream in streams], tokenize, case)
        stats = ids_statistics(hyp, encoded, self.max_order)
        hyp_len, ref_lens, matches, totals = (array.copy() for array in base)
        hyp_len[rows], matches[rows], totals[rows] = stats.hyp_len, stats.matches, stats.totals
        ref_lens[rows] = np.stack([np.asarray(lengths, dtype=np.int64) for _, lengths in encoded], axis=1)
        return hyp_len, ref_lens, matches, totals

    def _differing(self, tokenize: str, j: int, stream: Sequence[str]) -> list[int]:
        """``splits.differing_lines`` of stream j (0: the hypotheses), found once per split rule."""
        key = f"{tokenize}:{j}"
        if key not in self._differs:
            self._differs[key] = differing_lines(stream, tokenize)
        return self._differs[key]

    def _encoded(self, tokenize: str, case: str) -> list[tuple[np.ndarray, np.ndarray]]:
        """(ids, lengths) of the hypotheses and each reference stream by a bleucore tokenizer (``whitespace``:
        ``none``) or a ``_split`` rule. Lowercased whitespace tokens are the cased ones folded, so their ids are
        remapped, not re-read."""
        key = (tokenize, case)
        if key not in self._ids:
            streams = [self.hypotheses, *self.references]
            if tokenize == "whitespace" and case != "cased":
                self._encoded(tokenize, "cased")
                vocabulary = self._encoders[(tokenize, "cased")].vocabulary
                words = [w.lower() for w in vocabulary] if case == "lower" else cased(vocabulary, case)
                remap, _ = numbered(words, {})
                self._ids[key] = [(remap[ids], lengths) for ids, lengths in self._ids[(tokenize, "cased")]]
            else:
                encoder = self._encoders[key] = TokenEncoder(
                    "none" if tokenize == "whitespace" else tokenize, case == "lower"
                )
                by_words = self._by_words(encoder) if case == "cased" and tokenize != "whitespace" else None
                self._ids[key] = by_words or [_encode(encoder, cased(s, case)) for s in streams]
        return self._ids[key]

    def _by_words(self, encoder: TokenEncoder) -> list[tuple[np.ndarray, np.ndarray]] | None:
        """A word-local tokenizer's ids from the ``str.split()`` words already encoded (each distinct word tokenized
        once: ``tokenizers.by_words``), when they are and no line holds a line break; None otherwise."""
        words = self._encoders.get(("whitespace", "cased"))
        if words is None or not encoder.word_local:
            return None
        if self._text is None:
            self._text = "\n".join(line for stream in [self.hypotheses, *self.references] for line in stream)
        if self._text.count("\n") != len(self.hypotheses) * (1 + len(self.references)) - 1:
            return None
        return encode_by_words(encoder, words, self._ids[("whitespace", "cased")])

    def _split_ids(
        self, streams: Sequence[Sequence[str]], tokenize: str, case: str
    ) -> list[tuple[np.ndarray, np.ndarray]]:
        """(ids, lengths) of each stream under a ``splits`` rule: the marked text by one ``none`` encoder that every
        split rule shares (so equal tokens have equal ids), or, for text that cannot be marked, the loop, sharing
        ``_words`` (whether text can be marked does not depend on the rule: every split rule takes the same path)."""
        texts = None if self._words else [marked(s, tokenize, case) for s in streams]
        if texts is None or any(text is None for text in texts):
            return [split_encoded(s, tokenize, case, self._words) for s in streams]
        encoder = self._encoders.setdefault(("split", ""), TokenEncoder("none"))
        return [_encode(encoder, text) for text in texts if text is not None]

    def adopt(self, encoder: TokenEncoder, streams: Sequence[tuple[np.ndarray, np.ndarray]]) -> None:
        """Take the ``str.split()`` token ids of the hypotheses and each reference stream (in that order) from an
        encoder of bleucore's ``none`` tokenizer that made them all (the doctor's rules read the same words): the
        whitespace tools then count them without encoding the text again."""
        if len(streams) != 1 + len(self.references) or any(
            lengths.size != len(lines) for (_, lengths), lines in zip(streams, [self.hypotheses, *self.references])
        ):
            raise ValueError("adopt: one (ids, lengths) per stream, a length per line")
        self._encoders[("whitespace", "cased")] = encoder
        self._ids[("whitespace", "cased")] = list(streams)

    def take_counts(self, other: ConventionScorer) -> None:
        """Keep the counts another scorer of the same lines made (a forked copy's): its tokenizations are not
        counted again here."""
        self._same.update(other._same)
        self._counts.update(other._counts)

    def release_tokens(self) -> None:
        """Drop the tokens and token ids, keep the counts: a kept scorer (the app caches one per input) then holds
        arrays of a few numbers per line; a rule combination not yet counted tokenizes again."""
        self._words.clear()
        self._text = None  # the joined text the shortcuts read: read again when needed
        self._ids.clear()
        self._encoders.clear()

    def score(self, conventions: Conventions) -> ConventionScore:
        """BLEU of the whole stream under ``conventions``."""
        hyp_len, ref_lens, matches, totals = self._statistics(conventions)
        ref_len = reference_lengths(hyp_len, ref_lens, conventions.ref_length)
        if conventions.phantom_ngrams:
            totals = np.maximum(totals, 1)
        c, r = int(hyp_len.sum()), int(ref_len.sum())
        m, t = matches.sum(axis=0).tolist(), totals.sum(axis=0).tolist()
        corpus = score_counts(c, r, m, t, conventions)
        if conventions.aggregate == "corpus" or not len(hyp_len):
            score = corpus
        elif conventions.zero_precision == "tiny":
            score = float(np.mean(tiny_scores(hyp_len, ref_len, matches, totals, conventions.brevity)))
        else:
            score = float(np.mean(sentence_scores(hyp_len, ref_len, matches, totals, conventions)))
        bp = simplified_brevity_penalty(c, r) if conventions.brevity == "simplified" else brevity_penalty(c, r)
        precisions = tuple(100.0 * mm / tt if tt else 0.0 for mm, tt in zip(m, t))
        zero_lines = int(np.count_nonzero((np.asarray(matches) == 0).any(axis=1))) if len(hyp_len) else 0
        return ConventionScore(score, tuple(m), tuple(t), precisions, bp, c, r, conventions, len(hyp_len), zero_lines)


def _encode(encoder: TokenEncoder, lines: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """``encoder.encode(lines)``, ``ENCODE_LINES`` lines at a time."""
    if len(lines) <= ENCODE_LINES:
        return encoder.encode(lines)
    parts = [encoder.encode(lines[start : start + ENCODE_LINES]) for start in range(0, len(lines), ENCODE_LINES)]
    return np.concatenate([ids for ids, _ in parts]), np.concatenate([lengths for _, lengths in parts])
