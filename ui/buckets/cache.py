"""Cached bucket analyses (``bleucore.buckets``) of Compare's systems or Corpus's one hypothesis, per text digest,
metric keys and resampling settings; the statistics the page already holds are passed in, not recomputed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from bleucore.buckets import BucketAnalysis, BucketSettings, frequency_buckets, label_buckets, length_buckets
from ui.inputs.uploads import TextFile, digest
from ui.options.metrics import MetricKey, metric_of
from ui.shell.cache_limits import MAX_SENTENCE_ENTRIES, TTL_SECONDS


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _buckets(
    kind: str,
    keys: tuple[MetricKey, ...],
    digests: tuple[tuple[str, str], ...],
    baseline: str,
    settings: BucketSettings,
    extra_digest: str,
    _systems: dict[str, tuple[str, ...]],
    _references: tuple[tuple[str, ...], ...],
    _stats: dict[str, list[Any]],
    _extra: tuple[str, ...] | None,
) -> BucketAnalysis:

    if kind == "frequency":
        return frequency_buckets(_systems, _references, training=_extra, baseline=baseline, settings=settings)
    metrics = [metric_of(key) for key in keys]
    if kind == "label":
        return label_buckets(
            _systems, _references, _extra or (), metrics, baseline=baseline, settings=settings, statistics=_stats
        )
    return length_buckets(_systems, _references, metrics, baseline=baseline, settings=settings, statistics=_stats)


def bucket_analysis(
    kind: str,
    metrics: Mapping[MetricKey, Mapping[str, tuple[str, Any]]],
    systems: Mapping[str, TextFile],
    references: Sequence[TextFile],
    baseline: str,
    settings: BucketSettings,
    extra: TextFile | None = None,
) -> BucketAnalysis:
    """bleucore's buckets of ``kind``: by length or label (``extra``: the labels) under each metric (key -> name ->
    (text digest, statistics), the statistics the page already holds), or by word frequency under BLEU's
    tokenizer (counted in reference 1 or in ``extra``, a training corpus; ``metrics`` unused)."""
    digests = tuple((name, digest([f, *references])) for name, f in systems.items())
    stats = {metric_of(key).printed_label: [per[name][1] for name in systems] for key, per in metrics.items()}
    return _buckets(
        kind,
        tuple(metrics),
        digests,
        baseline,
        settings,
        digest([extra]) if extra is not None else "",
        {n: tuple(f.lines) for n, f in systems.items()},
        tuple(tuple(r.lines) for r in references),
        stats,
        tuple(extra.lines) if extra is not None else None,
    )
