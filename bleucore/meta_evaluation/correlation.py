"""How well a metric tracks human judgements: Pearson's r, Kendall's tau-b (Kendall 1945, with Knight's 1966
O(n log n) count of discordant pairs) and pairwise accuracy (Kocmi et al. 2021, "To Ship or Not to Ship": the share
of system pairs a metric orders as the human scores do, a tie matching only a tie).

Pure functions of two equal-length arrays (the metric's values and the human scores, higher better on both: the
caller negates a lower-is-better metric first). Numbers equal scipy's ``pearsonr`` and ``kendalltau`` (variant
"b"), which the tests check; scipy is not needed here."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["kendall_tau_b", "pairwise_accuracy", "pearson"]

FloatArray = npt.NDArray[np.float64]


def _pair(metric: Sequence[float] | FloatArray, human: Sequence[float] | FloatArray) -> tuple[FloatArray, FloatArray]:
    x, y = np.asarray(metric, dtype=np.float64), np.asarray(human, dtype=np.float64)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError(f"a correlation needs two lists of the same length, got {x.size} and {y.size} values")
    if not (np.isfinite(x).all() and np.isfinite(y).all()):
        raise ValueError("a correlation needs finite values (no NaN or infinity)")
    return x, y


def pearson(metric: Sequence[float] | FloatArray, human: Sequence[float] | FloatArray) -> float | None:
    """Pearson's r, or None where it is undefined (fewer than 2 values, or one side constant)."""
    x, y = _pair(metric, human)
    if x.size < 2:
        return None
    dx, dy = x - x.mean(), y - y.mean()
    # scipy's pearsonr normalises each side first, so that large values do not overflow the sums of squares.
    nx, ny = float(np.linalg.norm(dx)), float(np.linalg.norm(dy))
    if nx == 0.0 or ny == 0.0:
        return None
    r = float(np.dot(dx / nx, dy / ny))
    return max(-1.0, min(1.0, r))


def _dense_ranks(values: npt.NDArray[np.float64 | np.intp]) -> npt.NDArray[np.intp]:
    """1-based dense ranks of values already sorted."""
    ranks: npt.NDArray[np.intp] = np.r_[True, values[1:] != values[:-1]].cumsum(dtype=np.intp)
    return ranks


def _tied_pairs(ranks: npt.NDArray[np.intp]) -> int:
    """Pairs sharing a rank."""
    counts = np.bincount(ranks).astype(np.int64)
    return int((counts * (counts - 1) // 2).sum())


def _discordant(y: npt.NDArray[np.intp]) -> int:
    """Pairs i < j with y[i] > y[j] (inversions), counted with a Fenwick tree over y's ranks."""
    size = int(y.max()) + 1
    tree = [0] * (size + 1)
    inversions = 0
    for seen, value in enumerate(y.tolist()):
        below = 0  # how many earlier values are <= value
        i = value
        while i > 0:
            below += tree[i]
            i -= i & -i
        inversions += seen - below
        i = value
        while i <= size:
            tree[i] += 1
            i += i & -i
    return inversions


def kendall_tau_b(metric: Sequence[float] | FloatArray, human: Sequence[float] | FloatArray) -> float | None:
    """Kendall's tau-b, or None where it is undefined (fewer than 2 values, or every value tied on one side)."""
    x, y = _pair(metric, human)
    n = x.size
    if n < 2:
        return None
    order = np.argsort(y, kind="mergesort")
    x, y_ranks = x[order], _dense_ranks(y[order])
    order = np.argsort(x, kind="mergesort")  # stable: equal x keep y ascending, so they add no inversion
    x, y_ranks = x[order], y_ranks[order]
    x_ranks = _dense_ranks(x)
    total = n * (n - 1) // 2
    x_ties, y_ties = _tied_pairs(x_ranks), _tied_pairs(y_ranks)
    joint = np.r_[True, (x_ranks[1:] != x_ranks[:-1]) | (y_ranks[1:] != y_ranks[:-1]), True]
    runs = np.diff(np.flatnonzero(joint)).astype(np.int64)
    both_ties = int((runs * (runs - 1) // 2).sum())
    if x_ties == total or y_ties == total:
        return None
    concordant_minus_discordant = total - x_ties - y_ties + both_ties - 2 * _discordant(y_ranks)
    tau = concordant_minus_discordant / math.sqrt(total - x_ties) / math.sqrt(total - y_ties)
    return max(-1.0, min(1.0, tau))


def pairwise_accuracy(metric: Sequence[float] | FloatArray, human: Sequence[float] | FloatArray) -> float | None:
    """The share of the n(n-1)/2 pairs whose order (better, worse or tied) is the same by both; None below 2."""
    x, y = _pair(metric, human)
    if x.size < 2:
        return None
    i, j = np.triu_indices(x.size, k=1)
    agree = np.sign(x[i] - x[j]) == np.sign(y[i] - y[j])
    return float(agree.mean())
