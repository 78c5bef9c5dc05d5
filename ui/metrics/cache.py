"""Cached chrF, chrF++ and TER of whole inputs on Corpus and Compare, keyed by the input's digest and
``ui.options.metrics.MetricKey`` (the metric's name and its options)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from ui.metrics import analysis as metric_analysis
from ui.metrics.analysis import MetricScores
from ui.options.metrics import MetricKey
from ui.shell.cache_limits import MAX_SYSTEM_ENTRIES, TTL_SECONDS


@st.cache_data(max_entries=MAX_SYSTEM_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _metric_statistics(
    input_digest: str, key: MetricKey, _hypotheses: tuple[str, ...], _references: tuple[tuple[str, ...], ...]
) -> object:

    return metric_analysis.statistics(key, _hypotheses, _references)


def metric_statistics(
    input_digest: str, key: MetricKey, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
) -> object:
    """Per-segment statistics of one input under chrF, chrF++ or TER, cached per digest and metric."""
    return _metric_statistics(input_digest, key, tuple(hypotheses), tuple(tuple(r) for r in references))


@st.cache_data(max_entries=MAX_SYSTEM_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _metric_scores(input_digest: str, key: MetricKey, nrefs: int, _stats: object) -> MetricScores:

    return metric_analysis.metric_scores(key, _stats, nrefs)


def metric_scores(input_digest: str, key: MetricKey, nrefs: int, stats: object) -> MetricScores:
    """``metric_analysis.metric_scores`` (corpus and sentence scores) of one input, cached."""
    return _metric_scores(input_digest, key, nrefs, stats)
