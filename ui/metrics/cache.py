"""Cached chrF, chrF++ and TER of whole inputs on Corpus and Compare, keyed by the input's digest and
``ui.metrics.options.MetricKey`` (the metric's name and its options)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from bleucore.significance import PairedTestResult
from ui.metrics import analysis as metric_analysis
from ui.metrics.analysis import MetricScores
from ui.metrics.options import MetricKey
from ui.shell.cache_limits import MAX_INPUT_ENTRIES, MAX_SENTENCE_ENTRIES, TTL_SECONDS


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _metric_statistics(
    input_digest: str, key: MetricKey, _hypotheses: tuple[str, ...], _references: tuple[tuple[str, ...], ...]
) -> object:

    return metric_analysis.statistics(key, _hypotheses, _references)


def metric_statistics(
    input_digest: str, key: MetricKey, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
) -> object:
    """Per-segment statistics of one input under chrF, chrF++ or TER, cached per digest and metric."""
    return _metric_statistics(input_digest, key, tuple(hypotheses), tuple(tuple(r) for r in references))


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _metric_scores(input_digest: str, key: MetricKey, nrefs: int, _stats: object) -> MetricScores:

    return metric_analysis.metric_scores(key, _stats, nrefs)


def metric_scores(input_digest: str, key: MetricKey, nrefs: int, stats: object) -> MetricScores:
    """``metric_analysis.metric_scores`` (corpus and sentence scores) of one input, cached."""
    return _metric_scores(input_digest, key, nrefs, stats)


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _metric_paired(
    baseline_digest: str,
    system_digest: str,
    key: MetricKey,
    n_samples: int,
    n_trials: int,
    seed: int,
    _baseline: object,
    _system: object,
) -> tuple[PairedTestResult, PairedTestResult]:

    return metric_analysis.paired_tests(key, _baseline, _system, n_samples, n_trials, seed)


def metric_paired(
    digests: tuple[str, str], key: MetricKey, n_samples: int, n_trials: int, seed: int, baseline: object, system: object
) -> tuple[PairedTestResult, PairedTestResult]:
    """Both paired tests of a system against the baseline under chrF, chrF++ or TER, cached per
    (baseline digest, system digest, metric, settings)."""
    return _metric_paired(digests[0], digests[1], key, n_samples, n_trials, seed, baseline, system)

