"""chrF of one set of ``chrf_rules.ChrfConventions`` on text: bleucore's chrF n-gram counts (sacreBLEU 2.6's, per
line and reference) with each tool's rules applied around them. The counts of each (whitespace, case) pair are made
once, for chrF++'s eight orders; chrF is their first six."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..metrics.chrf.fscore import f_scores
from ..metrics.chrf.ngrams import char_text, segment_counts, word_pieces
from ..metrics.chrf.options import ChrfOptions
from ..metrics.inputs import check_streams
from .chrf_rules import ChrfConventions
from .splits import MARK_CHARS, marked_spaces

__all__ = ["ChrfScorer", "sentence_f"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
CHAR_ORDER, WORD_ORDER = 6, 2
#: chrF++.py's and torchmetrics' floor of a denominator, and NLTK's score of an order it cannot divide for.
EPS = 1e-16


def sentence_f(rows: npt.NDArray[np.generic], averaging: str, beta: int, word_order: int) -> FloatArray:
    """chrF (0-100) of each row of counts (per order ``[hyp, ref, match]``) under an averaging rule."""
    if averaging == "effective-order":
        return f_scores(rows, ChrfOptions(char_order=CHAR_ORDER, word_order=word_order, beta=beta))
    stats = np.asarray(rows, dtype=np.float64)
    hyp, ref, match = stats[:, 0::3], stats[:, 1::3], stats[:, 2::3]
    factor = float(beta) ** 2
    with np.errstate(divide="ignore", invalid="ignore"):
        prec = np.where(hyp > 0, match / hyp, 0.0)
        rec = np.where(ref > 0, match / ref, 0.0)
        if averaging == "mean-f":  # torchmetrics: P, R 0 without n-grams, the denominator at least 1e-16
            f = (1 + factor) * prec * rec / np.maximum(factor * prec + rec, EPS)
        else:  # NLTK: ZeroDivisionError (no hypothesis or reference n-gram, or no match) scores 1e-16
            denominator = factor * prec + rec
            f = np.where((hyp > 0) & (ref > 0) & (denominator > 0), (1 + factor) * (prec * rec) / denominator, EPS)
    result: FloatArray = 100.0 * f.sum(axis=1) / (stats.shape[1] // 3)
    return result


def _ascii_space_text(line: str) -> str:
    """torchmetrics' characters (``line.strip().replace(" ", "")``) as a line whose whitespace bleucore's chrF may
    remove: every other whitespace character inside the line becomes a private-use character of its own."""
    return marked_spaces(line.strip())


class ChrfScorer:
    """Scores one hypothesis stream against its reference streams (``references[j][i]``) under any chrF rules."""

    def __init__(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> None:
        check_streams(hypotheses, references)
        self.hypotheses = list(hypotheses)
        self.references = [list(stream) for stream in references]
        self._counts: dict[tuple[str, str], tuple[list[IntArray], IntArray]] = {}

    def _statistics(self, whitespace: str, case: str) -> tuple[list[IntArray], IntArray]:
        """Per reference (S, 24) counts, sacreBLEU's (a hypothesis count 0 where the reference has no n-gram of
        the order), and the hypothesis' own n-gram counts per order (S, 8)."""
        key = (whitespace, case)
        if key in self._counts:
            return self._counts[key]
        lower = case == "lower"
        options = ChrfOptions(char_order=CHAR_ORDER, word_order=WORD_ORDER, lowercase=lower)
        hyps, refs = self.hypotheses, self.references
        texts = [*hyps, *(line for stream in refs for line in stream)]
        # Text that holds the private-use marks already keeps bleucore's whitespace rule (no tool writes them).
        if whitespace == "ascii-space" and not any(MARK_CHARS.search(line) for line in texts):
            char_hyps = [_ascii_space_text(line) for line in hyps]
            char_refs = [[_ascii_space_text(line) for line in stream] for stream in refs]
        else:
            char_hyps, char_refs = hyps, refs
        chars = segment_counts(char_hyps, char_refs, ChrfOptions(char_order=CHAR_ORDER, lowercase=lower))
        words = segment_counts(hyps, refs, ChrfOptions(char_order=0, word_order=WORD_ORDER, lowercase=lower))
        per_reference = [np.concatenate([c, w], axis=1) for c, w in zip(chars, words)]
        char_len = np.fromiter((len(char_text(h, options)) for h in char_hyps), dtype=np.int64, count=len(hyps))
        word_len = np.fromiter((len(word_pieces(h, options)) for h in hyps), dtype=np.int64, count=len(hyps))
        orders = [(char_len, n) for n in range(1, CHAR_ORDER + 1)] + [(word_len, n) for n in range(1, WORD_ORDER + 1)]
        own = np.stack([np.maximum(length - n + 1, 0) for length, n in orders], axis=1)
        self._counts[key] = (per_reference, own)
        return self._counts[key]

    def rows(self, conventions: ChrfConventions) -> IntArray:
        """Each line's counts under the rules: its best reference's (or the first's), per order ``[hyp, ref,
        match]``."""
        c = conventions
        per_reference, own = self._statistics(c.whitespace, c.case)
        width = 3 * (CHAR_ORDER + c.word_order)
        arrays = [a[:, :width].copy() for a in (per_reference[:1] if c.references == "first" else per_reference)]
        if c.empty_orders == "counted":
            for a in arrays:
                a[:, 0::3] = own[:, : CHAR_ORDER + c.word_order]
        if len(arrays) == 1:
            chosen = arrays[0]
        else:
            scores = np.stack([sentence_f(a, c.averaging, c.beta, c.word_order) for a in arrays])
            best = np.argmax(scores, axis=0)  # the first on a tie
            chosen = np.stack(arrays)[best, np.arange(len(self.hypotheses))]
        if c.zero_overlap == "dropped":
            unmatched = ~np.any([a[:, 2::3].any(axis=1) for a in arrays], axis=0)
            chosen[unmatched, 1::3] = 0
        return chosen

    def score(self, conventions: ChrfConventions) -> float:
        """chrF (0-100) of the whole stream under the rules."""
        rows = self.rows(conventions)
        c = conventions
        if c.aggregate == "sentence-mean":
            return float(np.mean(sentence_f(rows, c.averaging, c.beta, c.word_order))) if len(rows) else 0.0
        return float(sentence_f(rows.sum(axis=0, keepdims=True), c.averaging, c.beta, c.word_order)[0])
