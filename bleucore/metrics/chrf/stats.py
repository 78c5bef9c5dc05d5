"""chrF's additive per-segment statistics: per order, hypothesis, reference and matched n-grams.

As sacreBLEU (``CHRF._compute_segment_statistics``), a segment with several references keeps the
statistics of the reference whose sentence chrF is highest (the first on a tie); the corpus score
is chrF of the column sums, so chunks, partitions and resamples only add rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .fscore import f_scores
from .ngrams import segment_counts
from .options import ChrfOptions

__all__ = ["ChrfStatistics", "best_reference", "chrf_statistics"]

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class ChrfStatistics:
    """``counts``: (S, 3K) integers, per order ``[hyp, ref, match]`` (character orders, then word
    orders), sacreBLEU's layout."""

    counts: IntArray

    @property
    def segments(self) -> int:
        """S, the number of segments."""
        return int(self.counts.shape[0])

    def total(self) -> ChrfStatistics:
        """One row: the column sums (corpus chrF is not a mean of sentence chrF)."""
        return ChrfStatistics(self.counts.sum(axis=0, keepdims=True))

    def row(self, index: int) -> ChrfStatistics:
        """The statistics of one segment."""
        return ChrfStatistics(self.counts[index : index + 1])

    @staticmethod
    def concatenate(parts: Sequence[ChrfStatistics]) -> ChrfStatistics:
        """Segments of several chunks, in order."""
        if not parts:
            raise ValueError("cannot concatenate 0 statistics")
        return ChrfStatistics(np.concatenate([p.counts for p in parts]))


def _check(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> None:
    if isinstance(hypotheses, str) or isinstance(references, str):
        raise ValueError("give a sequence of hypothesis lines and a sequence of reference streams")
    if not references:
        raise ValueError("chrF needs at least 1 reference stream, got 0")
    for j, stream in enumerate(references, start=1):
        if isinstance(stream, str):
            raise ValueError("each reference stream must be a sequence of lines, got one string")
        if len(stream) != len(hypotheses):
            raise ValueError(f"{len(hypotheses)} hypotheses but {len(stream)} lines in reference {j}")


def best_reference(per_reference: Sequence[IntArray], options: ChrfOptions) -> IntArray:
    """Per segment, the index of the reference with the highest sentence chrF (the first on a tie)."""
    scores = np.stack([f_scores(stats, options) for stats in per_reference])
    chosen: IntArray = np.argmax(scores, axis=0).astype(np.int64)
    return chosen


def chrf_statistics(hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: ChrfOptions) -> ChrfStatistics:
    """Per-segment statistics of ``hypotheses`` against reference streams (``references[j][i]``)."""
    _check(hypotheses, references)
    if not hypotheses:
        return ChrfStatistics(np.zeros((0, 3 * options.order), dtype=np.int64))
    per_reference = segment_counts(hypotheses, references, options)
    if len(per_reference) == 1:
        return ChrfStatistics(per_reference[0])
    chosen = best_reference(per_reference, options)
    stacked = np.stack(per_reference)
    return ChrfStatistics(stacked[chosen, np.arange(len(hypotheses))])
