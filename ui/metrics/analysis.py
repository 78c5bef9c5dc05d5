"""chrF, chrF++ and TER of whole inputs beside BLEU: corpus and sentence scores.

Pure functions of bleucore results (no Streamlit; tested directly); the ``cache.py`` beside it caches them.
The numbers are bleucore's, equal to sacreBLEU 2.6's ``CHRF`` and ``TER``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ui.options.metrics import MetricKey, metric_of

if TYPE_CHECKING:
    from bleucore.metrics import Score


@dataclass(frozen=True)
class MetricScores:
    """One input's corpus score under one metric (None and ``error`` when it cannot be scored)
    and its sentence scores (NaN where a segment cannot be scored)."""

    metric_id: str  # bleucore's name: "chrf" or "ter"
    label: str
    corpus: Score | None
    error: str | None
    sentences: np.ndarray
    key: MetricKey | None = None  # the metric and its options (``ui.options.metrics.metric_of``)


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
    return MetricScores(key[0], label, corpus, error, sentences, key)
