"""Compare's cached computations: per-system scores, matched n-grams and the paired tests, per text digest."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import streamlit as st

from bleucore import BleuOptions, Statistics
from bleucore.metrics.bleu import Ngram
from bleucore.significance import (
    ConfidenceResult,
    PairedTestResult,
    bootstrap_confidence,
    paired_approximate_randomization,
    paired_bootstrap,
)
from ui.compare import analysis as compare_analysis
from ui.metrics.bleu.cache import statistics_options
from ui.metrics.bleu.options_key import OptionsKey, from_key, options_key
from ui.shell.cache_limits import MAX_INPUT_ENTRIES, MAX_SENTENCE_ENTRIES, TTL_SECONDS


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _matched_ngrams(
    input_digest: str, key: OptionsKey, _hypotheses: tuple[str, ...], _references: tuple[tuple[str, ...], ...]
) -> Counter[Ngram]:

    return compare_analysis.matched_ngrams(_hypotheses, _references, from_key(key))


def matched_ngrams(
    input_digest: str, options: BleuOptions, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
) -> Counter[Ngram]:
    """``compare_analysis.matched_ngrams`` of one system's text, cached per digest and statistics options."""
    key = options_key(statistics_options(options))
    return _matched_ngrams(input_digest, key, tuple(hypotheses), tuple(tuple(r) for r in references))


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _system_scores(
    input_digest: str, name: str, corpus_key: OptionsKey, sentence_key: OptionsKey, nrefs: int, _stats: Statistics
) -> compare_analysis.SystemScores:

    return compare_analysis.system_scores(name, _stats, from_key(corpus_key), from_key(sentence_key), nrefs)


def system_scores(
    input_digest: str,
    name: str,
    corpus_options: BleuOptions,
    sentence_options: BleuOptions,
    nrefs: int,
    stats: Statistics,
) -> compare_analysis.SystemScores:
    """``compare_analysis.system_scores``, cached per system text digest and options."""
    return _system_scores(input_digest, name, options_key(corpus_options), options_key(sentence_options), nrefs, stats)


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _confidence(input_digest: str, key: OptionsKey, n_samples: int, seed: int, _stats: Statistics) -> ConfidenceResult:

    return bootstrap_confidence(_stats, from_key(key), n_samples, seed)


def confidence(
    input_digest: str, options: BleuOptions, n_samples: int, seed: int, stats: Statistics
) -> ConfidenceResult:
    """The baseline's bootstrap mean and interval (sacreBLEU's --paired-bs row of the baseline), cached."""
    return _confidence(input_digest, options_key(options), n_samples, seed, stats)


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _paired(
    baseline_digest: str,
    system_digest: str,
    key: OptionsKey,
    n_samples: int,
    n_trials: int,
    seed: int,
    _baseline: Statistics,
    _system: Statistics,
) -> tuple[PairedTestResult, PairedTestResult]:

    options = from_key(key)
    bs = paired_bootstrap(_baseline, _system, options, n_samples, seed)
    ar = paired_approximate_randomization(_baseline, _system, options, n_trials, seed)
    return bs, ar


def paired(
    digests: tuple[str, str],
    options: BleuOptions,
    n_samples: int,
    n_trials: int,
    seed: int,
    baseline: Statistics,
    system: Statistics,
) -> tuple[PairedTestResult, PairedTestResult]:
    """Paired bootstrap and paired approximate randomization of a system against the baseline, cached
    per (baseline digest, system digest)."""
    return _paired(digests[0], digests[1], options_key(options), n_samples, n_trials, seed, baseline, system)

