"""Paired significance tests over sufficient statistics: a system against a baseline on the same segments.

The two paired procedures of sacreBLEU 2.6 (``sacrebleu/significance.py``, Koehn 2004; Riezler &
Maxwell 2005), with its defaults and its random draws (``resampling``):

* ``paired_bootstrap``: 1,000 resamples of segment indices, ``np.random.default_rng(seed)
  .choice(S, size=(n, S))``; p = (1 + #{|d*| - mean |d*| > |d|}) / (n + 1), and each system's
  bootstrap mean and interval as ``confidence.estimate_ci``;
* ``paired_approximate_randomization``: 10,000 trials, ``rng.integers(2, size=(n, S),
  dtype=bool)`` says which segments swap; p = (1 + #{|a* - b*| > |d|}) / (n + 1).

The tests are generic over the metric (``metrics.Metric``; BleuOptions stand for BLEU): they
resample the rows of its ``columns`` and score the sums with its ``row_scores``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from ..metrics import Metric, as_metric
from ..metrics.bleu.options import BleuOptions
from ..metrics.bleu.row_scores import sacrebleu_scores
from ..metrics.bleu.stats import FloatArray, Statistics
from .confidence import estimate_ci
from .defaults import AR_TRIALS, BOOTSTRAP_SAMPLES
from .defaults import SEED as DEFAULT_SEED
from .resampling import BATCH_CELLS, bootstrap_scores, rows_per_batch, sample_count

__all__ = [
    "PairedTestResult",
    "bootstrap_result",
    "exceedance_p_value",
    "paired_approximate_randomization",
    "paired_bootstrap",
    "sacrebleu_scores",
]


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


def _check_pair(baseline: Statistics, system: Statistics) -> None:
    if baseline.segments != system.segments:
        raise ValueError(f"baseline has {baseline.segments} segments but the system has {system.segments}")
    if baseline.segments == 0:
        raise ValueError("a significance test needs at least 1 segment, got 0")


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
    n_samples = sample_count(n_samples, "bootstrap resamples")
    scores_bl, scores_sys = bootstrap_scores([baseline, system], metric, n_samples, seed)
    return bootstrap_result(baseline, system, metric, scores_bl, scores_sys, seed)


def bootstrap_result(
    baseline: Statistics,
    system: Statistics,
    metric: Metric,
    scores_bl: FloatArray,
    scores_sys: FloatArray,
    seed: int | None,
) -> PairedTestResult:
    """``paired_bootstrap``'s result from the two systems' scores on the same resamples (``bootstrap_scores`` with
    ``seed``), when they were computed for more systems at once (the report: every system on one set of draws)."""
    _check_pair(baseline, system)
    n_samples = int(scores_sys.size)
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
    n_trials = sample_count(n_trials, "approximate randomization trials")
    base_cols, sys_cols = metric.columns(baseline), metric.columns(system)
    delta = base_cols - sys_cols
    sys_total = sys_cols.sum(axis=0)
    both_total = base_cols.sum(axis=0) + sys_total
    segments = baseline.segments
    rng = np.random.default_rng(seed)
    # Bits are drawn 32 per random word and a call's leftover bits are dropped, so a batch must
    # hold a multiple of 32 cells for the stream to equal sacreBLEU's single draw.
    step = rows_per_batch(segments, multiple=32)
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
