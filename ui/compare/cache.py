"""Compare's cached computations: per-system scores, matched n-grams and the significance table, per text digest."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd
import streamlit as st

from bleucore import BleuOptions, Statistics
from bleucore.metrics.bleu import Ngram
from bleucore.metrics.bleu import matched_ngrams as matched_ngrams_of
from bleucore.significance import SignificanceTable, significance_table
from ui.compare import analysis as compare_analysis
from ui.metrics.bleu.cache import statistics_options
from ui.metrics.bleu.options_key import OptionsKey, from_key, options_key
from ui.options.metrics import MetricKey, metric_of
from ui.shell.cache_limits import MAX_INPUT_ENTRIES, MAX_SENTENCE_ENTRIES, TTL_SECONDS

if TYPE_CHECKING:
    from ui.state import compare as cps


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _matched_ngrams(
    input_digest: str, key: OptionsKey, _hypotheses: tuple[str, ...], _references: tuple[tuple[str, ...], ...]
) -> Counter[Ngram]:

    counts: Counter[Ngram] = matched_ngrams_of(_hypotheses, _references, from_key(key))
    return counts


def matched_ngrams(
    input_digest: str, options: BleuOptions, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
) -> Counter[Ngram]:
    """bleucore's ``matched_ngrams`` of one system's text, cached per digest and statistics options."""
    key = options_key(statistics_options(options))
    return _matched_ngrams(input_digest, key, tuple(hypotheses), tuple(tuple(r) for r in references))


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _ngram_table(
    digests: tuple[str, str],
    key: OptionsKey,
    orders: tuple[int, int | None],
    _hypotheses: tuple[Sequence[str], Sequence[str]],
    _references: Sequence[Sequence[str]],
) -> pd.DataFrame:

    baseline, system = (matched_ngrams(d, from_key(key), h, _references) for d, h in zip(digests, _hypotheses))
    return compare_analysis.ngram_differences(baseline, system, *orders)


def ngram_table(
    digests: tuple[str, str],
    options: BleuOptions,
    order: int | None,
    hypotheses: tuple[Sequence[str], Sequence[str]],
    references: Sequence[Sequence[str]],
) -> pd.DataFrame:
    """``compare_analysis.ngram_differences`` of two systems (``digests``: of each system's text and the references,
    ``hypotheses``: the baseline's lines, the system's) at one order (None: all), cached per pair, options and order:
    a rerun that shows the same pair reads the table, not both systems' counts of every n-gram."""
    key = options_key(statistics_options(options))
    return _ngram_table(digests, key, (options.max_order, order), hypotheses, references)


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
def _significance(
    key: MetricKey,
    digests: tuple[tuple[str, str], ...],
    baseline: str,
    nrefs: int,
    tests: tuple[int, int, int],
    _systems: dict[str, Any],
) -> SignificanceTable:

    return significance_table(metric_of(key), _systems, baseline, nrefs, *tests)


def significance(
    key: MetricKey, systems: Mapping[str, tuple[str, Any]], baseline: str, nrefs: int, settings: cps.CompareState
) -> SignificanceTable:
    """bleucore's ``significance_table`` of the systems (name -> (text digest, statistics)) under the metric
    ``key`` names, against ``baseline``, with the page's test settings; cached per digests, metric and settings."""
    digests = tuple((name, d) for name, (d, _stats) in systems.items())
    tests = (settings.n_samples, settings.n_trials, settings.seed)
    return _significance(key, digests, baseline, nrefs, tests, {name: stats for name, (_d, stats) in systems.items()})
