"""Per-segment sufficient statistics of BLEU: c, r, clipped matches and totals per order.

As in sacreBLEU (``BLEU._compute_segment_statistics``), corpus BLEU is computed from the sum of
these statistics, so sentence BLEU, corpus BLEU and resampling share one path (Post 2018).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .lengths import reference_length
from .ngrams import clipped_counts, count_ngrams

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
#: One segment's (c, r, matches per order, totals per order), as ``segment_counts`` gives it.
SegmentCounts = tuple[int, float, list[int], list[int]]


@dataclass(frozen=True)
class Statistics:
    """Sufficient statistics of S segments for orders 1..K.

    ``hyp_len`` (S,) c per segment; ``ref_len`` (S,) r per segment (integral except for the
    ``average`` rule); ``matches`` (S, K) sum of Count_clip; ``totals`` (S, K) sum of Count.
    """

    hyp_len: IntArray
    ref_len: FloatArray
    matches: IntArray
    totals: IntArray

    def __post_init__(self) -> None:
        segments = self.hyp_len.shape[0]
        if self.ref_len.shape != (segments,) or self.matches.shape != self.totals.shape:
            raise ValueError(
                f"inconsistent statistics: {segments} hypothesis lengths, {self.ref_len.shape[0]} reference "
                f"lengths, matches {self.matches.shape}, totals {self.totals.shape}"
            )
        if self.matches.shape[0] != segments:
            raise ValueError(f"{segments} hypothesis lengths but {self.matches.shape[0]} rows of matches")

    @property
    def segments(self) -> int:
        """S, the number of segments."""
        return int(self.hyp_len.shape[0])

    @property
    def max_order(self) -> int:
        """K, the number of n-gram orders held."""
        return int(self.matches.shape[1])

    def total(self) -> Statistics:
        """The corpus statistics: one row, the column sums (corpus BLEU is not a mean of sentence BLEU)."""
        return Statistics(
            hyp_len=self.hyp_len.sum(keepdims=True),
            ref_len=np.array([float(np.sum(self.ref_len))]),
            matches=self.matches.sum(axis=0, keepdims=True),
            totals=self.totals.sum(axis=0, keepdims=True),
        )

    def row(self, index: int) -> Statistics:
        """The statistics of one segment."""
        sl = slice(index, index + 1)
        return Statistics(self.hyp_len[sl], self.ref_len[sl], self.matches[sl], self.totals[sl])

    def take(self, indices: npt.ArrayLike) -> Statistics:
        """The statistics of some segments (for resampling), in the order given."""
        idx = np.asarray(indices, dtype=np.int64)
        return Statistics(self.hyp_len[idx], self.ref_len[idx], self.matches[idx], self.totals[idx])

    def orders(self, max_order: int) -> Statistics:
        """The statistics restricted to orders 1..max_order (a lower N needs no recount)."""
        if not 1 <= max_order <= self.max_order:
            raise ValueError(f"statistics hold orders 1..{self.max_order}, asked for 1..{max_order}")
        return Statistics(self.hyp_len, self.ref_len, self.matches[:, :max_order], self.totals[:, :max_order])

    @staticmethod
    def of_segments(counts: Sequence[SegmentCounts], max_order: int) -> Statistics:
        """The arrays of each segment's ``segment_counts`` (c, r, matches, totals), in order: the reference loop
        that ``fast``'s arrays are tested against, and the faster path for a few tokens."""
        segments = len(counts)
        hyp_len = np.zeros(segments, dtype=np.int64)
        ref_len = np.zeros(segments, dtype=np.float64)
        matches = np.zeros((segments, max_order), dtype=np.int64)
        totals = np.zeros((segments, max_order), dtype=np.int64)
        for i, (c, r, m, t) in enumerate(counts):
            hyp_len[i], ref_len[i] = c, r
            matches[i], totals[i] = m, t
        return Statistics(hyp_len, ref_len, matches, totals)

    @staticmethod
    def concatenate(parts: Sequence[Statistics]) -> Statistics:
        """Segments of several chunks, in order (chunks of a stream, partitions of a cluster)."""
        if not parts:
            raise ValueError("cannot concatenate 0 statistics")
        return Statistics(
            np.concatenate([p.hyp_len for p in parts]),
            np.concatenate([p.ref_len for p in parts]),
            np.concatenate([p.matches for p in parts]),
            np.concatenate([p.totals for p in parts]),
        )


def segment_counts(
    hypothesis: Sequence[str], references: Sequence[Sequence[str]], max_order: int, ref_length: str = "closest"
) -> SegmentCounts:
    """(c, r, matches, totals) of one tokenized segment: matches[n-1] = sum of min(Count, Max_Ref_Count)."""
    if not references:
        raise ValueError("a segment needs at least 1 reference, got 0")
    matches = [0] * max_order
    totals = [0] * max_order
    for gram, count in count_ngrams(hypothesis, max_order).items():
        totals[len(gram) - 1] += count
    for gram, count in clipped_counts(hypothesis, references, max_order).items():
        matches[len(gram) - 1] += count
    hyp_len = len(hypothesis)
    ref_len = reference_length(hyp_len, [len(r) for r in references], ref_length)
    return hyp_len, ref_len, matches, totals
