"""Paired significance tests and bootstrap confidence intervals over sufficient statistics.

The three procedures of sacreBLEU 2.6 (``sacrebleu/significance.py``, Koehn 2004; Riezler &
Maxwell 2005; Clark et al. 2011), with its defaults and its random draws:

* ``paired_bootstrap``: 1,000 resamples of segment indices, ``np.random.default_rng(seed)
  .choice(S, size=(n, S))``; p = (1 + #{|d*| - mean |d*| > |d|}) / (n + 1);
* ``paired_approximate_randomization``: 10,000 trials, ``rng.integers(2, size=(n, S),
  dtype=bool)`` says which segments swap; p = (1 + #{|a* - b*| > |d|}) / (n + 1);
* ``bootstrap_confidence``: one system, mean and half the width of the 2.5..97.5 percentile
  interval (sacreBLEU's ``--confidence``).

The draws are made in batches of rows (the same stream as one big draw), and every batch is
summed with one ``np.bincount`` and one matrix product, so memory stays bounded (sacreBLEU
holds all n x S x F statistics at once: 4.9 GB for 100k segments). For sacreBLEU's
configurations (its smoothings, uniform weights, the standard variant, closest or shortest
reference length) the resamples are scored by ``sacrebleu_scores``, which repeats sacreBLEU's
float arithmetic operation for operation, including that its bootstrap sums are float32, so
p-values, means and intervals are sacreBLEU's to the last digit (while every summed statistic
stays below 2**24, where float32 sums are exact). Any other configuration scores each resample
with ``score.compute_bleu`` (``row_scores``).

The tests are generic over the metric (``metrics.Metric``; BleuOptions stand for BLEU): they
resample the rows of its ``columns`` and score the sums with its ``row_scores``.
"""

from __future__ import annotations

import operator
import statistics as pystats
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from ..metrics import Metric, as_metric
from ..metrics.bleu.options import BleuOptions
from ..metrics.bleu.row_scores import sacrebleu_scores
from ..metrics.bleu.stats import FloatArray, Statistics
from .defaults import AR_TRIALS, BOOTSTRAP_SAMPLES
from .defaults import SEED as DEFAULT_SEED

__all__ = [
    "ConfidenceResult",
    "PairedTestResult",
    "bootstrap_confidence",
    "bootstrap_counts",
    "estimate_ci",
    "exceedance_p_value",
    "paired_approximate_randomization",
    "paired_bootstrap",
    "sacrebleu_scores",
]

#: Cells (resamples x segments) drawn and summed at once: bounds the memory of every test.
BATCH_CELLS = 1 << 20
#: ... and for the bootstrap's own sums of integer statistics (``_bootstrap_sums``): arrays that stay in the CPU
#: cache (1,000 x 3,000 cells in 7 batches: 43 ms of CPU against 50 ms in 3).
BOOTSTRAP_CELLS = 1 << 17
#: Summed statistics (resamples x columns) scored at once: each scoring call has a fixed cost (1,000 resamples of
#: BLEU scored in one call instead of 24: 3-4 ms less of a 3,000-line paired test's 23 ms).
SCORED_CELLS = 1 << 20


@dataclass(frozen=True)
class PairedTestResult:
    """A system compared with a baseline on the same segments (scores on the 0-100 scale).

    ``mean``/``ci``: the system's bootstrap mean and 95% half-width (paired bootstrap only, as
    sacreBLEU); ``baseline_mean``/``baseline_ci`` the same for the baseline; ``p_value``: the
    probability of a difference at least this large by chance; ``seed`` None means OS entropy.
    """

    baseline_score: float
    system_score: float
    mean: float | None
    ci: float | None
    p_value: float
    method: Literal["bs", "ar"]
    n_samples: int
    seed: int | None
    baseline_mean: float | None = None
    baseline_ci: float | None = None

    @property
    def delta(self) -> float:
        """System score minus baseline score."""
        return self.system_score - self.baseline_score

    def significant(self, alpha: float = 0.05) -> bool:
        """True when p < alpha."""
        return self.p_value < alpha


@dataclass(frozen=True)
class ConfidenceResult:
    """One system's score with its bootstrap mean and 95% half-width: ``mean ± ci``."""

    score: float
    mean: float
    ci: float
    n_samples: int
    seed: int | None

    @property
    def interval(self) -> tuple[float, float]:
        """(mean - ci, mean + ci)."""
        return self.mean - self.ci, self.mean + self.ci


# --- draws -----------------------------------------------------------------------------------


def _count(n: int, what: str) -> int:
    try:
        value = operator.index(n)
    except TypeError:
        value = 0
    if isinstance(n, bool) or value < 1:
        raise ValueError(f"the number of {what} must be a positive integer, got {n!r}")
    return value


def _check_pair(baseline: Statistics, system: Statistics) -> None:
    if baseline.segments != system.segments:
        raise ValueError(f"baseline has {baseline.segments} segments but the system has {system.segments}")
    if baseline.segments == 0:
        raise ValueError("a significance test needs at least 1 segment, got 0")


def _rows_per_batch(segments: int, multiple: int = 1, cells: int = BATCH_CELLS) -> int:
    rows = max(1, cells // max(segments, 1))
    return max(multiple, rows // multiple * multiple)


def bootstrap_counts(
    segments: int,
    n_samples: int,
    rng: np.random.Generator,
    dtype: type[np.floating[Any]] = np.float64,
    batch_cells: int = BATCH_CELLS,
) -> Iterator[npt.NDArray[np.floating[Any]]]:
    """How often each segment is drawn in each bootstrap resample, a batch of rows at a time.

    The indices are sacreBLEU's ``rng.choice(S, size=(n, S), replace=True)`` drawn a few rows at a time (the
    same stream), counted with one ``np.bincount`` per batch: a resample's sums are its counts times the
    statistics, for the whole test set or any subset of its segments (the buckets of ``bleucore.buckets``).
    """
    step = _rows_per_batch(segments, cells=batch_cells)
    for start in range(0, n_samples, step):
        rows = min(step, n_samples - start)
        idx = rng.choice(segments, size=(rows, segments), replace=True)
        idx += (np.arange(rows, dtype=np.int64) * segments)[:, None]
        yield np.bincount(idx.ravel(), minlength=rows * segments).reshape(rows, segments).astype(dtype)


def _exact_in_float32(matrix: FloatArray, draws: int) -> bool:
    """True if every value of ``matrix`` is an integer and any sum of ``draws`` of them (with multiplicity) stays
    below 2**24: then float32 products and sums are exact, in any order, and equal float64's."""
    largest = float(np.abs(matrix).max()) if matrix.size else 0.0
    return largest * draws < 2**24 and bool(np.all(np.floor(matrix) == matrix))


def _bootstrap_sums(columns: FloatArray, n_samples: int, rng: np.random.Generator) -> Iterator[FloatArray]:
    """Sums of ``columns`` over each bootstrap resample (``bootstrap_counts``), in batches of rows.

    Integer statistics whose sums are exact in float32 (``_exact_in_float32``: the same sums in any order) are summed
    by ``np.einsum``, not BLAS: at this size BLAS hands the product to its thread pool, whose hand-off cost more
    than the product here (1,000 x 3,000 counts by 20 columns: 55-2,000 ms of CPU by batch size on a busy 2-core
    machine, against 43 ms for the whole test this way)."""
    segments = columns.shape[0]
    if not _exact_in_float32(columns, segments):
        for counts in bootstrap_counts(segments, n_samples, rng):
            yield counts @ columns
        return
    by_column = np.ascontiguousarray(columns.T, dtype=np.float32)
    for counts32 in bootstrap_counts(segments, n_samples, rng, np.float32, BOOTSTRAP_CELLS):
        yield np.einsum("rs,fs->rf", counts32, by_column).astype(np.float64)


def _bootstrap_scores(stats: list[Statistics], metric: Metric, n_samples: int, seed: int | None) -> list[FloatArray]:
    first = metric.columns(stats[0])
    width = first.shape[1]
    both = np.empty(
        (first.shape[0], width * len(stats)), dtype=first.dtype
    )  # filled a system at a time: one copy of the columns
    both[:, :width] = first
    del first
    for k, s in enumerate(stats[1:], start=1):
        both[:, k * width : (k + 1) * width] = metric.columns(s)
    rng = np.random.default_rng(seed)
    out: list[list[FloatArray]] = [[] for _ in stats]
    for sums in _regrouped(_bootstrap_sums(both, n_samples, rng), SCORED_CELLS // both.shape[1]):
        for k in range(len(stats)):
            out[k].append(metric.row_scores(sums[:, k * width : (k + 1) * width], float32=True))
    return [np.concatenate(parts) for parts in out]


def _regrouped(batches: Iterator[FloatArray], rows: int) -> Iterator[FloatArray]:
    """The rows of ``batches`` again, at least ``rows`` at a time (the last batch may hold fewer)."""
    held: list[FloatArray] = []
    count = 0
    for batch in batches:
        held.append(batch)
        count += batch.shape[0]
        if count >= rows:
            yield np.concatenate(held)
            held, count = [], 0
    if held:
        yield np.concatenate(held)


def estimate_ci(scores: FloatArray) -> tuple[float, float]:
    """sacreBLEU's ``estimate_ci``: (mean, half the width of the [n//40, n - n//40 - 1] sorted range)."""
    ordered = np.sort(scores)
    low = ordered.size // 40
    return float(ordered.mean()), float(0.5 * (ordered[ordered.size - low - 1] - ordered[low]))


def exceedance_p_value(statistic: FloatArray, observed: float) -> float:
    """(1 + #{statistic > observed}) / (n + 1), strictly greater as sacreBLEU (after multeval).

    A system compared with itself therefore gets the smallest p-value, 1 / (n + 1).
    """
    return (int(np.sum(statistic > observed)) + 1) / (statistic.size + 1)


def _observed_difference(baseline: Statistics, system: Statistics, metric: Metric) -> float:
    """|baseline - system| as the test statistic is computed (sacreBLEU's float64 path when vectorizable)."""
    sums = np.vstack([metric.columns(baseline).sum(axis=0), metric.columns(system).sum(axis=0)])
    scores = metric.row_scores(sums)
    return abs(float(scores[0]) - float(scores[1]))


# --- public tests ------------------------------------------------------------------------------


def paired_bootstrap(
    baseline: Statistics,
    system: Statistics,
    options: BleuOptions | Metric,
    n_samples: int = BOOTSTRAP_SAMPLES,
    seed: int | None = DEFAULT_SEED,
) -> PairedTestResult:
    """Paired bootstrap resampling (Koehn 2004) as sacreBLEU's ``--paired-bs``: same draws, same p-value."""
    _check_pair(baseline, system)
    metric = as_metric(options)
    n_samples = _count(n_samples, "bootstrap resamples")
    scores_bl, scores_sys = _bootstrap_scores([baseline, system], metric, n_samples, seed)
    diff = _observed_difference(baseline, system, metric)
    mean, ci = estimate_ci(scores_sys)
    baseline_mean, baseline_ci = estimate_ci(scores_bl)
    sample_diffs = np.abs(scores_sys - scores_bl)
    return PairedTestResult(
        baseline_score=metric.score_from_statistics(baseline).score,
        system_score=metric.score_from_statistics(system).score,
        mean=mean,
        ci=ci,
        p_value=exceedance_p_value(sample_diffs - sample_diffs.mean(), diff),
        method="bs",
        n_samples=n_samples,
        seed=seed,
        baseline_mean=baseline_mean,
        baseline_ci=baseline_ci,
    )


def paired_approximate_randomization(
    baseline: Statistics,
    system: Statistics,
    options: BleuOptions | Metric,
    n_trials: int = AR_TRIALS,
    seed: int | None = DEFAULT_SEED,
) -> PairedTestResult:
    """Paired approximate randomization (Riezler & Maxwell 2005) as sacreBLEU's ``--paired-ar``.

    Each trial swaps a random half of the segments between the two systems; the p-value is the
    share of trials whose |score difference| exceeds the real one (sacreBLEU's +1 rule).
    """
    _check_pair(baseline, system)
    metric = as_metric(options)
    n_trials = _count(n_trials, "approximate randomization trials")
    base_cols, sys_cols = metric.columns(baseline), metric.columns(system)
    delta = base_cols - sys_cols
    sys_total = sys_cols.sum(axis=0)
    both_total = base_cols.sum(axis=0) + sys_total
    segments = baseline.segments
    rng = np.random.default_rng(seed)
    # Bits are drawn 32 per random word and a call's leftover bits are dropped, so a batch must
    # hold a multiple of 32 cells for the stream to equal sacreBLEU's single draw.
    step = _rows_per_batch(segments, multiple=32)
    sub = max(1, BATCH_CELLS // segments)
    stat_parts: list[FloatArray] = []
    for start in range(0, n_trials, step):
        rows = min(step, n_trials - start)
        swap = rng.integers(2, size=(rows, segments), dtype=bool)
        for lo in range(0, rows, sub):
            chosen = swap[lo : lo + sub].astype(np.float64)
            shuf_a = sys_total + chosen @ delta  # baseline where chosen, system elsewhere
            shuf_b = both_total - shuf_a
            scores_a = metric.row_scores(shuf_a)
            scores_b = metric.row_scores(shuf_b)
            stat_parts.append(np.abs(scores_a - scores_b))
    diff = _observed_difference(baseline, system, metric)
    return PairedTestResult(
        baseline_score=metric.score_from_statistics(baseline).score,
        system_score=metric.score_from_statistics(system).score,
        mean=None,
        ci=None,
        p_value=exceedance_p_value(np.concatenate(stat_parts), diff),
        method="ar",
        n_samples=n_trials,
        seed=seed,
    )


def bootstrap_confidence(
    stats: Statistics,
    options: BleuOptions | Metric,
    n_samples: int = BOOTSTRAP_SAMPLES,
    seed: int | None = DEFAULT_SEED,
) -> ConfidenceResult:
    """The score with its bootstrap mean ± 95% half-width, as sacreBLEU's ``--confidence``."""
    if stats.segments == 0:
        raise ValueError("a confidence interval needs at least 1 segment, got 0")
    n_samples = _count(n_samples, "bootstrap resamples")
    metric = as_metric(options)
    (scores,) = _bootstrap_scores([stats], metric, n_samples, seed)
    ordered = np.sort(scores)
    low = ordered.size // 40
    mean = pystats.mean(ordered.tolist())  # sacreBLEU's Score.estimate_ci uses statistics.mean ...
    if ordered.dtype == np.float32:  # ... which returns float32 for float32 scores (chrF, TER)
        mean = float(np.float32(mean))
    return ConfidenceResult(
        score=metric.score_from_statistics(stats).score,
        mean=mean,
        ci=float(0.5 * (ordered[ordered.size - low - 1] - ordered[low])),  # in the scores' precision
        n_samples=n_samples,
        seed=seed,
    )
