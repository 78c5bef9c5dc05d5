"""chrF's F-beta from summed statistics, as sacreBLEU 2.6's ``CHRF._compute_f_score``.

Statistics are a row of ``[hyp, ref, match]`` per order (character orders, then word orders).
Per order, P = match/hyp and R = match/ref (eps = 1e-16 where a count is 0). By default
(sacreBLEU >= 2.0) the score is F-beta of P and R averaged over the orders where both hypothesis
and reference have n-grams: 100 (1 + b^2) P R / (b^2 P + R). With ``eps_smoothing`` it is the
average of the per-order F-beta scores (chrF++.py, NLTK, Moses).

``f_scores`` computes many rows at once with the same floating-point operations in the same order,
so the numbers are sacreBLEU's to the last bit; ``float32`` repeats its bootstrap, which sums
statistics as float32 numbers and so computes in float32 (numpy 2 keeps float32).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from .options import ChrfOptions

__all__ = ["EPS", "f_score", "f_scores", "order_scores"]

FloatArray = npt.NDArray[np.float64]

#: sacreBLEU's epsilon for an order without hypothesis or reference n-grams.
EPS = 1e-16


def f_score(stats: Sequence[float], options: ChrfOptions) -> float:
    """chrF (0-100) of one row of statistics, as sacreBLEU (Python floats)."""
    factor = options.beta**2
    score = 0.0
    effective = 0
    avg_prec = avg_rec = 0.0
    for i in range(options.order):
        n_hyp, n_ref, n_match = stats[3 * i : 3 * i + 3]
        prec = n_match / n_hyp if n_hyp > 0 else EPS
        rec = n_match / n_ref if n_ref > 0 else EPS
        denom = factor * prec + rec
        score += ((1 + factor) * prec * rec / denom) if denom > 0 else EPS
        if n_hyp > 0 and n_ref > 0:
            avg_prec += prec
            avg_rec += rec
            effective += 1
    if options.eps_smoothing:
        return 100 * score / options.order
    if effective == 0:
        avg_prec = avg_rec = 0.0
    else:
        avg_prec /= effective
        avg_rec /= effective
    if avg_prec + avg_rec:
        return 100 * ((1 + factor) * avg_prec * avg_rec / ((factor * avg_prec) + avg_rec))
    return 0.0


def f_scores(rows: npt.NDArray[np.generic], options: ChrfOptions, float32: bool = False) -> FloatArray:
    """chrF (0-100) of each row of (summed) statistics, vectorized, bit for bit ``f_score``."""
    dtype = np.float32 if float32 else np.float64
    stats: npt.NDArray[Any] = np.asarray(rows).astype(dtype, copy=False)
    n = stats.shape[0]
    factor = options.beta**2
    eps = dtype(EPS)
    score: npt.NDArray[Any] = np.zeros(n, dtype=dtype)
    avg_prec: npt.NDArray[Any] = np.zeros(n, dtype=dtype)
    avg_rec: npt.NDArray[Any] = np.zeros(n, dtype=dtype)
    effective = np.zeros(n, dtype=np.int64)
    with np.errstate(divide="ignore", invalid="ignore"):
        for i in range(options.order):
            n_hyp, n_ref, n_match = stats[:, 3 * i], stats[:, 3 * i + 1], stats[:, 3 * i + 2]
            has_hyp, has_ref = n_hyp > 0, n_ref > 0
            prec = np.where(has_hyp, n_match / n_hyp, eps)
            rec = np.where(has_ref, n_match / n_ref, eps)
            if float32:
                # sacreBLEU's eps is a Python float: with a float32 count the arithmetic is float32,
                # but when both counts are 0 the term is computed in float64 and then added.
                neither = ~has_hyp & ~has_ref
                both_eps = np.float32((1 + factor) * EPS * EPS / (factor * EPS + EPS))
                only_rec = ~has_hyp & has_ref  # factor * eps is a float64 product, then float32
                denom = np.where(only_rec, np.float32(factor * EPS) + rec, dtype(factor) * prec + rec)
            else:
                denom = factor * prec + rec
            term = np.where(denom > 0, (1 + factor) * prec * rec / denom, eps)
            if float32:
                term = np.where(neither, both_eps, term)
            score = score + term
            both = has_hyp & has_ref
            avg_prec = np.where(both, avg_prec + prec, avg_prec)
            avg_rec = np.where(both, avg_rec + rec, avg_rec)
            effective += both
        if options.eps_smoothing:
            eps_score: FloatArray = 100 * score / options.order
            return eps_score
        safe = np.maximum(effective, 1).astype(dtype)  # a Python int in sacreBLEU: keeps float32
        avg_prec = np.where(effective > 0, avg_prec / safe, 0.0).astype(dtype)
        avg_rec = np.where(effective > 0, avg_rec / safe, 0.0).astype(dtype)
        fbeta = 100 * ((1 + factor) * avg_prec * avg_rec / ((factor * avg_prec) + avg_rec))
        result = np.where((avg_prec + avg_rec) != 0, fbeta, 0.0).astype(dtype)
    return cast(FloatArray, result)  # float32 in float32 mode, as sacreBLEU's bootstrap scores


def order_scores(stats: Sequence[float], options: ChrfOptions) -> list[tuple[float, float, float]]:
    """Per order: (P, R, F-beta) as plain numbers (0 where an order has no n-grams), for tables."""
    factor = options.beta**2
    out = []
    for i in range(options.order):
        n_hyp, n_ref, n_match = stats[3 * i : 3 * i + 3]
        prec = n_match / n_hyp if n_hyp > 0 else 0.0
        rec = n_match / n_ref if n_ref > 0 else 0.0
        denom = factor * prec + rec
        out.append((prec, rec, (1 + factor) * prec * rec / denom if denom > 0 else 0.0))
    return out
