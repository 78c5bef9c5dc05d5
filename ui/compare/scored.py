"""Every metric picked on Compare, scored for every system the same way (``ScoredMetric``), whatever it is: BLEU
under the sidebar's options, chrF, chrF++ and TER under theirs, and an imported metric (COMET's scores read from a
file, ``ui.metrics.imported``). Each section of the page (significance, ranking, sentences, examples, buckets, the
report) loops over these, so an imported metric is a metric like the others everywhere."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import streamlit as st

from bleucore import BleuOptions, Statistics
from bleucore.metrics import Metric
from ui.compare import cache
from ui.compare.analysis import SystemScores
from ui.inputs.uploads import TextFile, digest
from ui.metrics import views as metric_views
from ui.metrics.bleu import cache as bleu_cache
from ui.metrics.bleu import wording
from ui.metrics.bleu.options_key import options_key
from ui.options.metrics import MetricKey, MetricSettings, metric_of
from ui.shell.i18n import _

if TYPE_CHECKING:
    from ui.metrics.imported.section import ImportedScores


@dataclass(frozen=True)
class ScoredMetric:
    """One picked metric over every system: its id in the metric choice, its label (``BLEU``, ``chrF2``, ``TER``,
    ``COMET``), its cache key, the bleucore metric (an imported one with its scores), each system's (text digest,
    statistics) and sentence scores, the message of each system it cannot score, and chrF's or TER's options (for the
    examples' pictures; None for BLEU and an imported metric)."""

    metric_id: str
    label: str
    key: MetricKey
    metric: Metric
    statistics: dict[str, tuple[str, Any]]
    sentences: dict[str, np.ndarray]
    undefined: dict[str, str] = field(default_factory=dict)
    options: Any = None

    @property
    def higher_is_better(self) -> bool:
        return self.metric.higher_is_better

    @property
    def digits(self) -> int:
        """Decimals of its values (2 on the 0-100 scale, 4 for an imported metric's)."""
        return self.metric.digits

    @property
    def complete(self) -> bool:
        """Every system has a corpus score (the buckets and the ranking need one)."""
        return not self.undefined

    @property
    def from_file(self) -> bool:
        """An imported metric: its scores were read from a file, not computed here."""
        return self.metric.name == "imported"


def bleu_statistics(
    systems: Sequence[TextFile], refs: Sequence[TextFile], options: BleuOptions
) -> dict[str, tuple[str, Statistics]]:
    """Per system: (digest of system + references, BLEU's statistics), with a progress bar for large inputs."""
    total = len(systems) * math.ceil(len(refs[0]) / bleu_cache.LINES_PER_CACHED_CHUNK)
    bar = st.progress(0.0, text=_("Counting n-grams")) if total > 2 else None
    out: dict[str, tuple[str, Statistics]] = {}
    for k, system in enumerate(systems):
        input_digest = digest([system, *refs])

        def progress(done: int, lines: int, k: int = k, name: str = system.name) -> None:
            if bar is not None:
                bar.progress(
                    min(1.0, (k + done / max(lines, 1)) / len(systems)),
                    text=_("Counting n-grams of {name}: {done:,} of {lines:,} lines").format(
                        name=name, done=done, lines=lines
                    ),
                )

        stats = bleu_cache.statistics(input_digest, system.lines, [r.lines for r in refs], options, progress)
        out[system.name] = (input_digest, stats)
    if bar is not None:
        bar.empty()
    return out


def bleu(
    systems: Sequence[TextFile], refs: Sequence[TextFile], corpus_options: BleuOptions, sentence_options: BleuOptions
) -> tuple[ScoredMetric, dict[str, SystemScores]]:
    """BLEU of every system under the sidebar's options, and each system's BLEU scores (for sacreBLEU's lines)."""
    stats = bleu_statistics(systems, refs, corpus_options)
    scores = {
        name: cache.system_scores(d, name, corpus_options, sentence_options, len(refs), s)
        for name, (d, s) in stats.items()
    }
    undefined = {
        name: _(
            "BLEU of {name} is undefined with these options: {err}. Choose another smoothing method in the sidebar."
        ).format(name=name, err=wording.reason_text(s.corpus_error_reason, s.corpus_error or ""))
        for name, s in scores.items()
        if s.corpus is None
    }
    key = ("bleu", options_key(corpus_options))
    sentences = {name: s.sentences for name, s in scores.items()}
    return ScoredMetric("bleu", "BLEU", key, metric_of(key), dict(stats), sentences, undefined), scores


def built_in(
    metric_id: str, systems: Sequence[TextFile], refs: Sequence[TextFile], settings: MetricSettings
) -> tuple[ScoredMetric, dict[str, Any]]:
    """chrF, chrF++ or TER of every system under the page's options, and each system's scores (for its lines)."""
    key, stats, scores = metric_views.compare_inputs(metric_id, systems, refs, settings)
    undefined = {
        name: _(
            "{metric} of {name} is undefined: {error}. Check its file and references, or the metric's options."
        ).format(metric=s.label, name=name, error=s.error)
        for name, s in scores.items()
        if s.corpus is None
    }
    metric = metric_of(key)
    sentences = {name: s.sentences for name, s in scores.items()}
    scored = ScoredMetric(metric_id, metric.printed_label, key, metric, stats, sentences, undefined, metric.options)
    return scored, scores


def imported(entry: ImportedScores, systems: Sequence[TextFile], refs: Sequence[TextFile]) -> ScoredMetric:
    """An imported metric's segment scores as every system's statistics (its sentence scores are the segments')."""
    metric = entry.metric
    references = [r.lines for r in refs]
    stats: dict[str, tuple[str, Any]] = {}
    sentences: dict[str, np.ndarray] = {}
    for system in systems:
        statistics = metric.statistics_for(system.name, system.lines, references)
        stats[system.name] = (digest([system, *refs]), statistics)
        sentences[system.name] = metric.segment_values(statistics)
    return ScoredMetric(entry.metric_id, entry.label, entry.key, metric, stats, sentences)
