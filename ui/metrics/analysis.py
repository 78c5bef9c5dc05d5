"""chrF, chrF++ and TER of whole inputs beside BLEU: corpus and sentence scores, and the rows of
Compare's significance table for one of them.

Pure functions of bleucore results (no Streamlit; tested directly); the ``cache.py`` beside it caches them.
The numbers are bleucore's, equal to sacreBLEU 2.6's (``CHRF``, ``TER``, ``--paired-bs``,
``--paired-ar``); a TER difference is better when negative (fewer edits).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from bleucore.significance import paired_approximate_randomization, paired_bootstrap
from ui.metrics.choice import LOWER_IS_BETTER
from ui.metrics.options import MetricKey, metric_of

if TYPE_CHECKING:
    from bleucore.metrics import Score
    from bleucore.significance import PairedTestResult

#: The significance table's columns ("score" is the metric's corpus score).
COLUMNS = ["system", "role", "score", "delta", "direction", "mean", "ci", "lower", "upper", "p (bootstrap)", "p (AR)"]


@dataclass(frozen=True)
class MetricScores:
    """One input's corpus score under one metric (None and ``error`` when it cannot be scored)
    and its sentence scores (NaN where a segment cannot be scored)."""

    metric_id: str  # bleucore's name: "chrf" or "ter"
    label: str
    corpus: Score | None
    error: str | None
    sentences: np.ndarray


def statistics(key: MetricKey, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> Any:
    """Per-segment statistics of one input under the metric (``references[j][i]``: reference j of line i)."""
    return metric_of(key).statistics(hypotheses, references)


def metric_scores(key: MetricKey, stats: Any, nrefs: int) -> MetricScores:
    """The corpus score (sacreBLEU's ``corpus_score``) and every segment's sentence score."""
    scorer = metric_of(key)
    label = scorer.options.label
    try:
        corpus: Score | None = scorer.score_from_statistics(stats, nrefs)
        error = None
    except ValueError as err:
        corpus, error = None, str(err)
    try:
        sentences = np.array([s.score for s in scorer.sentence_scores(stats, nrefs)], dtype=np.float64)
    except ValueError:
        sentences = np.full(stats.segments, np.nan, dtype=np.float64)
    return MetricScores(key[0], label, corpus, error, sentences)


def paired_tests(
    key: MetricKey, baseline: Any, system: Any, n_samples: int, n_trials: int, seed: int
) -> tuple[PairedTestResult, PairedTestResult]:
    """Paired bootstrap and approximate randomization of ``system`` against ``baseline`` (sacreBLEU's)."""
    scorer = metric_of(key)
    bs = paired_bootstrap(baseline, system, scorer, n_samples, seed)
    ar = paired_approximate_randomization(baseline, system, scorer, n_trials, seed)
    return bs, ar


def direction(metric_id: str, delta: float) -> str:
    """"better", "worse" or "same" for a system's difference from the baseline (TER: lower is better)."""
    if delta == 0:
        return "same"
    better = delta < 0 if metric_id in LOWER_IS_BETTER else delta > 0
    return "better" if better else "worse"


def significance_rows(
    metric_id: str,
    names: Sequence[str],
    baseline: str,
    scores: Mapping[str, MetricScores],
    tests: Mapping[str, tuple[PairedTestResult, PairedTestResult] | str],
) -> pd.DataFrame:
    """One row per system that could be scored and tested (baseline first), with sacreBLEU's
    ``--paired-bs`` mean and interval (the baseline's from the first bootstrap: every pairing
    draws the same resamples) and p-values. ``tests[name]`` is the pair of results or an error."""
    base = scores[baseline].corpus
    results = [t for n, t in tests.items() if n != baseline and not isinstance(t, str)]
    rows: list[dict[str, object]] = []
    if base is not None:
        first = results[0][0] if results else None
        mean = first.baseline_mean if first is not None else None
        ci = first.baseline_ci if first is not None else None
        rows.append(_row(baseline, "baseline", base.score, None, None, mean, ci, None, None))
    for name in names:
        test = tests.get(name)
        score = scores[name].corpus
        if name == baseline or score is None or base is None or test is None or isinstance(test, str):
            continue
        bs, ar = test
        delta = score.score - base.score
        rows.append(
            _row(name, "system", score.score, delta, direction(metric_id, delta), bs.mean, bs.ci, bs.p_value, ar.p_value)
        )
    return pd.DataFrame(rows, columns=COLUMNS)


def _row(
    name: str, role: str, score: float, delta: float | None, way: str | None,
    mean: float | None, ci: float | None, p_bootstrap: float | None, p_randomization: float | None,
) -> dict[str, object]:  # fmt: skip
    lower = mean - ci if mean is not None and ci is not None else None
    upper = mean + ci if mean is not None and ci is not None else None
    values = (name, role, score, delta, way, mean, ci, lower, upper, p_bootstrap, p_randomization)
    return dict(zip(COLUMNS, values))
