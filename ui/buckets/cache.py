"""Cached bucket analyses (``bleucore.buckets``) of Compare's systems or Corpus's one hypothesis, per text digest,
metric keys and resampling settings; the statistics the page already holds are passed in, not recomputed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from bleucore.buckets import BucketAnalysis, frequency_buckets, label_buckets, length_buckets
from bleucore.significance import BOOTSTRAP_SAMPLES, SEED
from ui.inputs.uploads import TextFile, digest
from ui.metrics.options import MetricKey, metric_of
from ui.shell.cache_limits import MAX_SENTENCE_ENTRIES, TTL_SECONDS


@dataclass(frozen=True)
class Resampling:
    """What the buckets need of a page's settings: resamples, seed and BLEU's tokenizer and case."""

    n_samples: int = BOOTSTRAP_SAMPLES
    seed: int | None = SEED
    tokenize: str = "13a"
    lowercase: bool = False


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _segment_buckets(
    kind: str,
    keys: tuple[MetricKey, ...],
    digests: tuple[tuple[str, str], ...],
    baseline: str,
    settings: Resampling,
    labels_digest: str,
    _systems: dict[str, tuple[str, ...]],
    _references: tuple[tuple[str, ...], ...],
    _stats: dict[str, list[Any]],
    _labels: tuple[str, ...],
) -> BucketAnalysis:

    metrics = [metric_of(key) for key in keys]
    if kind == "label":
        return label_buckets(_systems, _references, _labels, metrics, baseline=baseline, n_samples=settings.n_samples,
                             seed=settings.seed, statistics=_stats)  # fmt: skip
    return length_buckets(_systems, _references, metrics, baseline=baseline, tokenize=settings.tokenize,
                          lowercase=settings.lowercase, n_samples=settings.n_samples, seed=settings.seed,
                          statistics=_stats)  # fmt: skip


def segment_buckets(
    kind: str,
    metrics: Mapping[MetricKey, Mapping[str, tuple[str, Any]]],
    systems: Mapping[str, TextFile],
    references: Sequence[TextFile],
    baseline: str,
    settings: Resampling,
    labels: TextFile | None = None,
) -> BucketAnalysis:
    """bleucore's length (``kind`` "length") or label buckets of the systems under each metric (key -> name ->
    (text digest, statistics), the statistics the page already holds)."""
    digests = tuple((name, digest([f, *references])) for name, f in systems.items())
    stats = {metric_of(key).printed_label: [per[name][1] for name in systems] for key, per in metrics.items()}
    return _segment_buckets(
        kind, tuple(metrics), digests, baseline, settings, digest([labels]) if labels is not None else "",
        {n: tuple(f.lines) for n, f in systems.items()}, tuple(tuple(r.lines) for r in references), stats,
        tuple(labels.lines) if labels is not None else (),
    )  # fmt: skip


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _word_buckets(
    digests: tuple[tuple[str, str], ...],
    baseline: str,
    settings: Resampling,
    training_digest: str,
    _systems: dict[str, tuple[str, ...]],
    _references: tuple[tuple[str, ...], ...],
    _training: tuple[str, ...] | None,
) -> BucketAnalysis:

    return frequency_buckets(_systems, _references, training=_training, baseline=baseline, tokenize=settings.tokenize,
                             lowercase=settings.lowercase, n_samples=settings.n_samples, seed=settings.seed)  # fmt: skip


def word_buckets(
    systems: Mapping[str, TextFile], references: Sequence[TextFile], baseline: str, settings: Resampling,
    training: TextFile | None = None,
) -> BucketAnalysis:  # fmt: skip
    """bleucore's word-frequency buckets (counted in reference 1 or in ``training``), under BLEU's tokenizer."""
    digests = tuple((name, digest([f, *references])) for name, f in systems.items())
    return _word_buckets(
        digests, baseline, settings, digest([training]) if training is not None else "",
        {n: tuple(f.lines) for n, f in systems.items()}, tuple(tuple(r.lines) for r in references),
        tuple(training.lines) if training is not None else None,
    )  # fmt: skip
