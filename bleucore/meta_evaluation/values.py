"""Each metric's numbers the meta-evaluation reads, system by system: the corpus value and every segment's sentence
score (``MetricValues``), from the statistics the report or the Compare page already holds.

A built-in metric's sentence score is sacreBLEU 2.6's sentence score with its defaults (``sentence_metric``): BLEU as
``sacrebleu.sentence_bleu`` scores a sentence (exp smoothing, effective order; the report's tokenizer kept), chrF and
TER as their corpus options score one segment. An imported metric's sentence score is its segment value, and its
xCOMET error spans come along (``errors``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..metrics import Metric
from ..metrics.inputs import reference_count

if TYPE_CHECKING:
    from ..metrics.imported.scores import ErrorSpan

__all__ = ["MetricValues", "is_imported", "metric_values", "sentence_metric", "sentence_values"]

FloatArray = npt.NDArray[np.float64]


def is_imported(metric: Metric) -> bool:
    """True for a metric whose scores were computed elsewhere (``ImportedMetric``: looked up by system, not text)."""
    return type(metric).statistics_for is not Metric.statistics_for


def sentence_metric(metric: Metric) -> Metric:
    """``metric`` as sacreBLEU 2.6 scores one sentence by default: BLEU with ``sentence_bleu``'s smoothing (exp) and
    effective order, whatever the corpus options' (an NLTK smoothing could leave a sentence unscored), keeping what
    the statistics were counted with (tokenizer, case, n-gram orders); every other metric as it is (chrF's and TER's
    sentence score is their corpus score of one segment)."""
    options = metric.options
    if metric.name == "bleu" and (options.smooth_method, options.smooth_value, options.effective_order) != (
        "exp",
        None,
        True,
    ):
        return type(metric)(replace(options, smooth_method="exp", smooth_value=None, effective_order=True))
    return metric


def sentence_values(metric: Metric, stats: Any) -> FloatArray:
    """Each segment's sentence score under ``metric`` (``sentence_metric``'s rules), from its statistics at once:
    every metric's ``row_scores`` of each segment's own row is its ``sentence_scores``, without a score object per
    segment."""
    sentence = sentence_metric(metric)
    values: FloatArray = np.asarray(sentence.row_scores(sentence.columns(stats)), dtype=np.float64)
    return values


@dataclass(frozen=True)
class MetricValues:
    """One metric's ``corpus`` value (None where its options cannot score the system) and ``segments`` (sentence
    scores) per system, in the order of the systems;
    ``label`` as tables print it, its direction, whether it was ``imported``, and an imported metric's error spans
    per system where its file had them (``errors``: system -> each segment's spans)."""

    label: str
    higher_is_better: bool
    imported: bool
    corpus: Mapping[str, float | None]
    segments: Mapping[str, FloatArray]
    errors: Mapping[str, tuple[tuple[ErrorSpan, ...], ...]] = field(default_factory=dict)

    @property
    def systems(self) -> tuple[str, ...]:
        return tuple(self.segments)

    def oriented(self, values: FloatArray | Sequence[float]) -> FloatArray:
        """``values`` with the sign that makes higher better (a lower-is-better metric's negated)."""
        array = np.asarray(values, dtype=np.float64)
        return array if self.higher_is_better else -array


def _corpus_value(metric: Metric, stats: Any, nrefs: int | str) -> float | None:
    """The corpus score, or None where the options cannot give one (the report's table says why)."""
    try:
        return float(metric.score_from_statistics(stats, nrefs).score)
    except ValueError:
        return None


def metric_values(
    metric: Metric,
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    statistics: Sequence[Any] | None = None,
) -> MetricValues:
    """``MetricValues`` of ``metric`` for ``systems`` (name -> lines) against reference streams; ``statistics``: each
    system's statistics already computed (in the order of ``systems``), else computed here (``statistics_for``)."""
    names = list(systems)
    if statistics is None:
        statistics = [metric.statistics_for(name, systems[name], references) for name in names]
    if len(statistics) != len(names):
        raise ValueError(f"statistics of {len(statistics)} systems for {len(names)} systems")
    nrefs = reference_count(references)
    corpus = {name: _corpus_value(metric, stats, nrefs) for name, stats in zip(names, statistics)}
    segments = {name: sentence_values(metric, stats) for name, stats in zip(names, statistics)}
    imported = is_imported(metric)
    errors = {}
    held = getattr(metric, "scores", {}) if imported else {}
    for name in names:
        spans = getattr(held.get(name), "errors", None)
        if spans is not None:
            errors[name] = spans
    return MetricValues(metric.printed_label, metric.higher_is_better, imported, corpus, segments, errors)
