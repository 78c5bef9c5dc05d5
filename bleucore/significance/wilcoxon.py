"""The one-sided Wilcoxon signed-rank test (Wilcoxon 1945) that WMT25 ranks systems with, computed as
``scipy.stats.wilcoxon(d, alternative="greater")`` computes it with its defaults (scipy 1.17, ``_wilcoxon.py``), in
numpy: bleucore does not depend on scipy; the tests compare the two on many samples.

scipy's defaults, step by step:

* ``zero_method="wilcox"``: zero differences are dropped from the ranking (they count in the sample size only);
* the absolute non-zero differences get average ranks (ties share their mean rank); the statistic is r+, the sum of
  the ranks of the positive differences;
* ``method="auto"``: more than 50 differences (zeros included) -> the normal approximation; up to 50 without a zero
  or a tie -> the exact null distribution (p = P(R+ >= floor(r+))); up to 13 with a zero or a tie -> the exact
  permutation test over all 2^n sign flips; from 14 to 50 with a zero or a tie -> the normal approximation;
* the normal approximation: z = (r+ - n(n+1)/4) / sqrt((n(n+1)(2n+1) - sum(t^3 - t)/2) / 24) over the n non-zero
  differences and the sizes t of their tie groups, ``correction=False`` (no continuity correction), p = 1 - Phi(z);
  with no non-zero difference z is 0/0 and p is NaN (never significant), except in the permutation test (p = 1).
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

__all__ = ["EXACT_MAX", "PERMUTATION_MAX", "wilcoxon_greater"]

FloatArray = npt.NDArray[np.float64]
#: scipy's ``method="auto"``: the exact distribution up to 50 differences, ...
EXACT_MAX = 50
#: ... and the exact permutation test up to 13 when there are zeros or ties (2^13 sign flips < its 9,999 resamples).
PERMUTATION_MAX = 13


def _normal_sf(z: float) -> float:
    """1 - Phi(z), as scipy's ``special.ndtr(-z)`` (cephes' ``ndtr``)."""
    if math.isnan(z):
        return math.nan
    x = -z * math.sqrt(0.5)
    if abs(x) < math.sqrt(0.5):
        return 0.5 + 0.5 * math.erf(x)
    y = 0.5 * math.erfc(abs(x))
    return 1.0 - y if x > 0 else y


def _exact_distribution(n: int) -> FloatArray:
    """P(R+ = r) for r = 0 .. n(n+1)/2 without ties or zeros (scipy's ``_get_wilcoxon_distr``, the same sums)."""
    c = np.ones(1, dtype=np.float64)
    for k in range(1, n + 1):
        previous = c
        c = np.zeros(k * (k + 1) // 2 + 1, dtype=np.float64)
        m = len(previous)
        c[:m] = previous * 0.5
        c[-m:] += previous * 0.5
    return c


def _exact_sf(r_plus: float, n: int) -> float:
    """P(R+ >= floor(r_plus)) of the exact distribution (scipy's ``WilcoxonDistribution.sf``)."""
    pmf = _exact_distribution(n)
    k = math.floor(r_plus)
    if k <= n * (n + 1) / 4:
        return float(pmf[k:].sum())
    return float(1 - pmf[:k].sum())


def _permutation_p(doubled_ranks: npt.NDArray[np.int64], r_plus: float) -> float:
    """The share of the sign flips of the non-zero differences whose r+ reaches ``r_plus`` (every flip of a zero
    difference gives the same r+, so counting subsets of the non-zero ones gives scipy's share of all 2^n flips)."""
    counts = np.zeros(int(doubled_ranks.sum()) + 1, dtype=np.int64)
    counts[0] = 1
    for rank in doubled_ranks.tolist():
        counts[rank:] = counts[rank:] + counts[:-rank]  # the right side is computed before the assignment
    reached = int(counts[round(2 * r_plus) :].sum())
    return reached / 2.0 ** len(doubled_ranks)


def wilcoxon_greater(differences: npt.ArrayLike) -> float:
    """The p-value of ``scipy.stats.wilcoxon(differences, alternative="greater")`` (its defaults): small when the
    differences tend to be positive (the first system of each pair better). NaN for no difference at all, and where
    every difference is 0 with more than 13 of them, as scipy."""
    d = np.asarray(differences, dtype=np.float64).reshape(-1)
    size = d.size
    if size == 0:
        return math.nan
    if np.isnan(d).any():
        return math.nan  # scipy's nan_policy="propagate"
    nonzero = d[d != 0]
    count = nonzero.size
    magnitudes = np.abs(nonzero)
    order = np.argsort(magnitudes, kind="stable")
    ordered = magnitudes[order]
    starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1]))) if count else np.zeros(0, np.intp)
    groups = np.diff(np.append(starts, count))
    ranks = np.empty(count, dtype=np.float64)
    ranks[order] = np.repeat(starts + 1 + (groups - 1) / 2, groups)
    r_plus = float(np.sum((nonzero > 0).astype(np.float64) * ranks))
    has_ties = bool((groups > 1).any())
    zeros = size - count
    if size <= EXACT_MAX and not has_ties and zeros == 0:
        return _exact_sf(r_plus, count)
    if size <= PERMUTATION_MAX:
        return _permutation_p(np.round(2 * ranks).astype(np.int64), r_plus)
    n = float(count)
    mean = n * (n + 1.0) * 0.25
    variance = n * (n + 1.0) * (2.0 * n + 1.0)
    ties = float(np.sum(groups.astype(np.float64) ** 3 - groups))
    with np.errstate(invalid="ignore", divide="ignore"):
        se = math.sqrt((variance - ties / 2) / 24)
        z = (r_plus - mean) / se if se else math.nan
    return _normal_sf(z)
