"""chrF's additive per-segment statistics: per order, hypothesis, reference and matched n-grams.

As sacreBLEU (``CHRF._compute_segment_statistics``), a segment with several references keeps the
statistics of the reference whose sentence chrF is highest (the first on a tie); the corpus score
is chrF of the column sums, so chunks, partitions and resamples only add rows.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..inputs import check_streams, reference_mask
from ..row_statistics import RowStatistics
from .fscore import f_scores
from .ngrams import segment_counts
from .options import ChrfOptions

__all__ = ["ChrfStatistics", "best_reference", "statistics"]

IntArray = npt.NDArray[np.int64]


BoolArray = npt.NDArray[np.bool_]


class ChrfStatistics(RowStatistics):
    """``rows``: (S, 3K) integers, per order ``[hyp, ref, match]`` (character orders, then word
    orders), sacreBLEU's layout."""


def best_reference(
    per_reference: Sequence[IntArray], options: ChrfOptions, present: BoolArray | None = None
) -> IntArray:
    """Per segment, the index of the reference with the highest sentence chrF (the first on a tie), among those
    ``present`` (R, S; None: all)."""
    scores = np.stack([f_scores(stats, options) for stats in per_reference])
    if present is not None:
        scores = np.where(present, scores, -np.inf)
    chosen: IntArray = np.argmax(scores, axis=0).astype(np.int64)
    return chosen


def statistics(hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: ChrfOptions) -> ChrfStatistics:
    """Per-segment statistics of ``hypotheses`` against reference streams (``references[j][i]``)."""
    check_streams(hypotheses, references)
    if not hypotheses:
        return ChrfStatistics(np.zeros((0, 3 * options.order), dtype=np.int64))
    present = reference_mask(references)  # a None reference is skipped for its segment, as sacreBLEU does
    if present is not None:
        references = [[line or "" for line in stream] for stream in references]
    per_reference = segment_counts(hypotheses, references, options)
    if len(per_reference) == 1:
        return ChrfStatistics(per_reference[0])
    chosen = best_reference(per_reference, options, None if present is None else np.asarray(present))
    stacked = np.stack(per_reference)
    return ChrfStatistics(stacked[chosen, np.arange(len(hypotheses))])
