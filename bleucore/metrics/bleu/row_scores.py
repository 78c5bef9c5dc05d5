"""BLEU of many rows of statistics at once: the one scorer of resamples, trials and sentences.

A row is sacreBLEU's layout of (summed) sufficient statistics, ``[c, r, m_1..m_K, t_1..t_K]``
(``columns``). For sacreBLEU's configurations (its smoothings, uniform weights, the standard
variant, closest or shortest reference length) ``sacrebleu_scores`` repeats sacreBLEU's float
arithmetic operation for operation, vectorized over the rows, so significance tests give
sacreBLEU's numbers to the last digit; any other configuration is scored row by row with
``score.compute_bleu``.
"""

from __future__ import annotations

import math

import numpy as np

from .options import SACREBLEU_SMOOTHING, BleuOptions
from .score import iter_row_scores
from .stats import FloatArray, Statistics

__all__ = ["columns", "row_scores", "sacrebleu_scores", "vectorizable"]

#: sacreBLEU's ``my_log(0)``.
_LOG_ZERO = -9999999999.0


def columns(stats: Statistics, options: BleuOptions) -> FloatArray:
    """S x (2 + 2K) float64: c, r, matches, totals (sacreBLEU's layout), with the K orders
    ``row_scores`` reads for ``options``."""
    order = options.max_order if vectorizable(options) else options.stats_order
    if stats.max_order < order:
        raise ValueError(f"statistics hold orders 1..{stats.max_order}, the options need 1..{order}")
    return np.column_stack([stats.hyp_len, stats.ref_len, stats.matches[:, :order], stats.totals[:, :order]]).astype(
        np.float64
    )


def vectorizable(options: BleuOptions) -> bool:
    """True if ``sacrebleu_scores`` covers ``options`` (sacreBLEU's configurations)."""
    return (
        options.smooth_method in SACREBLEU_SMOOTHING
        and options.variant == "standard"
        and options.uniform
        and options.ref_length != "average"
    )


def _map(function: object, values: FloatArray) -> FloatArray:
    """``function`` (math.log or math.exp) on every value: the C library's, bit for bit as sacreBLEU."""
    return np.fromiter(map(function, values.tolist()), dtype=np.float64, count=values.size)  # type: ignore[call-overload]


def sacrebleu_scores(sums: FloatArray, options: BleuOptions, float32: bool = False) -> FloatArray:
    """BLEU (0-100) of each row of summed statistics ``[c, r, m_1..m_K, t_1..t_K]``, computed as
    sacreBLEU 2.6's ``BLEU.compute_bleu`` computes it (same operations in the same order).

    ``float32``: the counts are float32 numbers and precisions float32 arithmetic, as in
    sacreBLEU's bootstrap (it converts statistics to float32 and numpy 2 keeps float32); else
    float64 from integers, as its corpus score and approximate randomization. For sacreBLEU's
    smoothings with uniform weights and the standard variant only.
    """
    if not vectorizable(options):
        raise ValueError("sacrebleu_scores covers sacreBLEU's smoothings, uniform weights and the standard variant")
    order = options.max_order
    rows = sums.shape[0]
    dtype = np.float32 if float32 else np.float64
    correct = sums[:, 2 : 2 + order].astype(dtype)
    total = sums[:, 2 + order : 2 + 2 * order].astype(dtype)
    any_correct = (sums[:, 2 : 2 + order] != 0).any(axis=1)
    method = options.smooth_method
    value = options.effective_smooth_value or 0.0
    hundred = dtype(100.0)
    k_value = np.asarray(value, dtype=dtype)
    precisions = np.zeros((rows, order), dtype=dtype)
    stopped = np.zeros(rows, dtype=bool)
    eff_order = np.full(rows, order, dtype=np.int64)
    mteval = np.ones(rows, dtype=np.float64)  # sacreBLEU's smooth_mteval: 1, 2, 4, ...
    for n in range(order):
        if method == "add-k" and n > 0:
            np.add(correct[:, n], k_value, out=correct[:, n])
            np.add(total[:, n], k_value, out=total[:, n])
        has_total = total[:, n] != 0
        active = ~stopped & has_total
        stopped |= ~has_total
        if options.effective_order:
            eff_order[active] = n + 1
        zero = active & (correct[:, n] == 0)
        if method == "exp":
            mteval[zero] *= 2
            precisions[zero, n] = hundred / (mteval[zero].astype(dtype) * total[zero, n])
        elif method == "floor":
            precisions[zero, n] = dtype(100.0 * value) / total[zero, n]
        hit = active & ~zero
        precisions[hit, n] = hundred * correct[hit, n] / total[hit, n]
    wide = precisions.astype(np.float64)
    logs = np.full((rows, order), _LOG_ZERO)
    positive = wide != 0
    logs[positive] = _map(math.log, wide[positive])
    acc = np.zeros(rows)
    for n in range(order):  # Python's sum(): left to right
        acc = acc + np.where(n < eff_order, logs[:, n], 0.0)
    geo = _map(math.exp, acc / eff_order)
    sys_len, ref_len = np.trunc(sums[:, 0]), np.trunc(sums[:, 1])  # int() of the sums
    bp = np.ones(rows)
    short = sys_len < ref_len
    bp[short & (sys_len <= 0)] = 0.0
    penalised = short & (sys_len > 0)
    bp[penalised] = _map(math.exp, 1 - ref_len[penalised] / sys_len[penalised])
    scores: FloatArray = np.where(any_correct, bp * geo, 0.0)
    return scores


def row_scores(rows: FloatArray, options: BleuOptions, float32: bool = False) -> FloatArray:
    """BLEU (0-100) of each row of (summed) statistics ``[c, r, m_1..m_K, t_1..t_K]`` (``columns``):
    ``sacrebleu_scores`` for sacreBLEU's configurations, else ``score.compute_bleu`` row by row
    (a row that cannot be scored raises ``score.SegmentError``, a ValueError naming the row)."""
    if vectorizable(options):
        return sacrebleu_scores(rows, options, float32)
    scores = (score.score for score in iter_row_scores(rows, options))
    return np.fromiter(scores, dtype=np.float64, count=rows.shape[0])
