"""One system's bootstrap confidence interval, as sacreBLEU 2.6's ``--confidence`` (``sacrebleu/significance.py``,
Koehn 2004): the mean of 1,000 resampled scores and half the width of their 2.5..97.5 percentile interval
(sacreBLEU's ``estimate_ci``), on sacreBLEU's draws (``resampling``)."""

from __future__ import annotations

import statistics as pystats
from dataclasses import dataclass

import numpy as np

from ..metrics import Metric, as_metric
from ..metrics.bleu.options import BleuOptions
from ..metrics.bleu.stats import FloatArray, Statistics
from .defaults import BOOTSTRAP_SAMPLES
from .defaults import SEED as DEFAULT_SEED
from .resampling import bootstrap_scores, sample_count

__all__ = ["ConfidenceResult", "bootstrap_confidence", "estimate_ci"]


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


def estimate_ci(scores: FloatArray) -> tuple[float, float]:
    """sacreBLEU's ``estimate_ci``: (mean, half the width of the [n//40, n - n//40 - 1] sorted range)."""
    ordered = np.sort(scores)
    low = ordered.size // 40
    return float(ordered.mean()), float(0.5 * (ordered[ordered.size - low - 1] - ordered[low]))


def bootstrap_confidence(
    stats: Statistics,
    options: BleuOptions | Metric,
    n_samples: int = BOOTSTRAP_SAMPLES,
    seed: int | None = DEFAULT_SEED,
) -> ConfidenceResult:
    """The score with its bootstrap mean ± 95% half-width, as sacreBLEU's ``--confidence``."""
    if stats.segments == 0:
        raise ValueError("a confidence interval needs at least 1 segment, got 0")
    n_samples = sample_count(n_samples, "bootstrap resamples")
    metric = as_metric(options)
    (scores,) = bootstrap_scores([stats], metric, n_samples, seed)
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
