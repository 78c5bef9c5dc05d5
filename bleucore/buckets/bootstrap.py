"""The paired bootstrap of every bucket (Koehn 2004): each system's sums per bucket over the same resamples of the
whole test set, the interval of a bucket's resampled values and its p-value against the baseline.

The intervals differ from compare-mt 0.2.10's on purpose: compare-mt draws half-size resamples
(``sample_ratio=0.5``) within each bucket, one system at a time; here every resample is sacreBLEU's full-size draw
of the whole test set (``np.random.default_rng(seed).choice(S, (n, S))``), shared by every bucket, system and
metric, so the systems are compared on the same draws (a paired test) and the interval is the 2.5 and 97.5
percentiles of the resampled bucket values (compare-mt's order statistics ``x[int(.025 n)]``, ``x[int(.975 n)]``).
The p-value is sacreBLEU's paired-bootstrap rule on the bucket's values, except that a bucket where the two
systems agree exactly gets p = 1 (sacreBLEU's rule would call a system different from itself).

A bucket of fewer than ``MIN_TESTED_LINES`` lines gets its value and interval but no test (no p-value, no mark): a
full-size resample holds a varying handful of its lines (none at all one time in e^n), so its resampled values take
few distinct values and the test calls two systems of the same quality different far more often than its level
(two same-quality systems, 200 generated corpora, ``scripts/bucket_false_marks.py``: a bucket of 2 lines marked 50%
of the time with BLEU, of 3 lines 28%, of 5 lines 19%; from 10 to 100 lines 8-15%, flat, as the whole test set's).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..significance import bootstrap_counts, exceedance_p_value

__all__ = ["MIN_TESTED_LINES", "FloatArray", "IntArray", "group_sums", "interval", "p_value"]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]
#: Lines (segments) a bucket needs for its difference from the baseline to be tested (docs/limits.md).
MIN_TESTED_LINES = 20


def interval(values: FloatArray) -> tuple[float, float]:
    """The 2.5 and 97.5 percentiles of a bucket's resampled ``values`` (compare-mt's order statistics)."""
    ordered = np.sort(values)
    return float(ordered[int(ordered.size * 0.025)]), float(ordered[min(ordered.size - 1, int(ordered.size * 0.975))])


def p_value(resampled: FloatArray, baseline: FloatArray, observed: float) -> float:
    """sacreBLEU's paired-bootstrap p-value of ``observed`` (system minus baseline) from the resampled values of the
    system and of the baseline; 1 when the two agree exactly."""
    if observed == 0.0:
        return 1.0
    diffs = np.abs(resampled - baseline)
    return exceedance_p_value(diffs - diffs.mean(), abs(observed))


def group_sums(
    per_system: Sequence[FloatArray], groups: Sequence[IntArray], n_samples: int, seed: int | None
) -> list[list[FloatArray]]:
    """sums[k][b]: the sums of system k's rows in group b over each resample (n x D_k), the same draws for all.

    The segments are put in group order once (each group a contiguous block) and every system's columns side by
    side, so each batch of draws costs one gather of its counts and one matrix product per group."""
    segments = per_system[0].shape[0]
    widths = [rows.shape[1] for rows in per_system]
    order = np.concatenate([np.asarray(g, dtype=np.intp) for g in groups]) if groups else np.zeros(0, np.intp)
    bounds = np.cumsum([0, *(len(g) for g in groups)])
    ordered = np.hstack([rows[order] for rows in per_system]) if order.size else np.zeros((0, sum(widths)))
    parts: list[list[FloatArray]] = [[] for _ in groups]
    for counts in bootstrap_counts(segments, n_samples, np.random.default_rng(seed)):
        drawn = counts[:, order]
        for b in range(len(groups)):
            low, high = bounds[b], bounds[b + 1]
            if high > low:
                parts[b].append(drawn[:, low:high] @ ordered[low:high])
    edges = np.cumsum([0, *widths])
    whole = [np.vstack(p) if p else None for p in parts]
    return [
        [w[:, edges[k] : edges[k + 1]] if w is not None else np.zeros((0, 0)) for w in whole]
        for k in range(len(per_system))
    ]
