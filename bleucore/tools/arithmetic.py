"""BLEU of counted n-grams under each tool's rules: which reference length is a line's r, the score of summed counts
by bleucore's ``compute_bleu`` (Papineni et al. 2002), every line's score at once (``sentence_rows``, vectorised) and
NLTK 3.10's ``method0`` floor for a zero precision (``nltk.translate.bleu_score``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import numpy as np

from ..metrics.bleu.lengths import brevity_penalty, simplified_brevity_penalty
from ..metrics.bleu.options import BleuOptions
from ..metrics.bleu.score import compute_bleu
from ..metrics.bleu.sentence_rows import sentence_rows
from ..metrics.bleu.stats import Statistics
from .conventions import Conventions

__all__ = ["reference_lengths", "score_counts", "sentence_scores", "tiny_scores"]

#: (brevity, zero_precision) -> bleucore's variant; simplified with skipped zeros is composed in ``score_counts``.
_VARIANTS = {
    ("standard", "zero"): "standard",
    ("standard", "exp"): "standard",
    ("standard", "skip"): "tutorial",
    ("simplified", "zero"): "simplified",
    ("simplified", "exp"): "simplified",
}


def reference_lengths(hyp_len: np.ndarray, ref_lens: np.ndarray, rule: str) -> np.ndarray:
    """r per line: closest to c (ties to the shorter or to the first listed reference) or the shortest."""
    if rule == "shortest":
        return np.asarray(ref_lens.min(axis=1))
    distance = np.abs(ref_lens - hyp_len[:, None])
    if rule == "closest-first":
        return np.asarray(ref_lens[np.arange(len(hyp_len)), distance.argmin(axis=1)])
    tie_to_shorter = np.where(distance == distance.min(axis=1, keepdims=True), ref_lens, np.iinfo(np.int64).max)
    return np.asarray(tie_to_shorter.min(axis=1))


def sentence_scores(
    hyp_len: np.ndarray, ref_len: np.ndarray, matches: np.ndarray, totals: np.ndarray, conventions: Conventions
) -> np.ndarray:
    """Each line's BLEU in points, as ``score_counts`` gives it row by row (``sentence_rows``: bit for bit, faster)."""
    key = (conventions.brevity, conventions.zero_precision)
    if key not in _VARIANTS:
        return np.array(
            [
                score_counts(int(c), int(r), m, t, conventions)
                for c, r, m, t in zip(hyp_len, ref_len, matches.tolist(), totals.tolist())
            ]
        )
    options = BleuOptions(tokenize="none", smooth_method="exp" if key[1] == "exp" else "none", variant=_VARIANTS[key])
    stats = Statistics(hyp_len, ref_len.astype(np.float64), matches, totals)
    return sentence_rows(stats, options).score


def score_counts(c: int, r: int, matches: Sequence[int], totals: Sequence[int], conventions: Conventions) -> float:
    """BLEU in points of summed counts by bleucore's ``compute_bleu`` (sacreBLEU-exact for the standard rules)."""
    if conventions.zero_precision == "tiny":
        return float(
            tiny_scores(np.array([c]), np.array([r]), np.array([matches]), np.array([totals]), conventions.brevity)[0]
        )
    smooth = "exp" if conventions.zero_precision == "exp" else "none"
    key = (conventions.brevity, conventions.zero_precision)
    if key in _VARIANTS:
        options = BleuOptions(tokenize="none", smooth_method=smooth, variant=_VARIANTS[key])
        return compute_bleu(c, r, matches, totals, options).score
    # The simplified penalty with zero precisions left out: the tutorial variant's mean under min(1, c/r).
    tutorial = compute_bleu(
        c, r, matches, totals, BleuOptions(tokenize="none", smooth_method="none", variant="tutorial")
    )
    standard_bp = brevity_penalty(c, r)
    return tutorial.score * simplified_brevity_penalty(c, r) / standard_bp if standard_bp else 0.0


def tiny_scores(
    hyp_len: np.ndarray, ref_len: np.ndarray, matches: np.ndarray, totals: np.ndarray, brevity: str
) -> np.ndarray:
    """Each row's BLEU in points under NLTK 3.10's ``method0`` (``nltk.translate.bleu_score``): 0 when no unigram
    matches, else a zero p_n becomes ``sys.float_info.min`` (NLTK warns) and BP * exp(sum w_n log p_n)."""
    m, t = np.asarray(matches, dtype=np.float64), np.asarray(totals, dtype=np.float64)
    p = np.divide(m, t, out=np.zeros_like(m), where=t > 0)
    p = np.where(m > 0, p, sys.float_info.min)
    mean = np.exp((np.log(p) / m.shape[1]).sum(axis=1))
    c, r = np.asarray(hyp_len, dtype=np.float64), np.asarray(ref_len, dtype=np.float64)
    if brevity == "simplified":
        bp = np.where(c <= 0, 0.0, np.where(r <= 0, 1.0, np.minimum(1.0, c / np.maximum(r, 1.0))))
    else:
        bp = np.where(c > r, 1.0, np.where(c <= 0, 0.0, np.exp(1.0 - r / np.maximum(c, 1.0))))
    return np.asarray(np.where(m[:, 0] > 0, 100.0 * bp * mean, 0.0))
