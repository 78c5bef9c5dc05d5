"""Corpus's cached computations: the analysis of one input and its downloads (``ui.corpus.analysis``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import pandas as pd
import streamlit as st

from bleucore import BleuOptions, Statistics
from bleucore.metrics.bleu import BLEU
from ui.corpus import analysis as corpus_analysis
from ui.metrics.analysis import MetricScores
from ui.metrics.bleu.options_key import OptionsKey, from_key, options_key
from ui.options.metrics import MetricKey, metric_of
from ui.shell.cache_limits import MAX_INPUT_ENTRIES, TTL_SECONDS


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _analysis(
    input_digest: str,
    corpus_key: OptionsKey,
    sentence_key: OptionsKey,
    nrefs: int,
    _stats: Statistics,
    _hypotheses: tuple[str, ...],
    _references: tuple[tuple[str, ...], ...],
) -> corpus_analysis.CorpusAnalysis:

    return corpus_analysis.analyse(
        _stats, from_key(corpus_key), from_key(sentence_key), nrefs, _hypotheses, _references
    )


def analysis(
    input_digest: str,
    corpus_options: BleuOptions,
    sentence_options: BleuOptions,
    stats: Statistics,
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
) -> corpus_analysis.CorpusAnalysis:
    """``corpus_analysis.analyse`` of one input (``references`` are its reference streams), cached."""
    return _analysis(
        input_digest,
        options_key(corpus_options),
        options_key(sentence_options),
        len(references),
        stats,
        tuple(hypotheses),
        tuple(tuple(stream) for stream in references),
    )


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _downloads(
    input_digest: str,
    keys: tuple[OptionsKey, OptionsKey],
    metric_keys: tuple[tuple[str, str], ...],
    _analysis: corpus_analysis.CorpusAnalysis,
    _files: dict[str, object],
    _metrics: Sequence[MetricScores],
) -> tuple[bytes, bytes]:
    corpus_options = from_key(keys[0])
    nrefs = sum(str(column).startswith("reference ") for column in _analysis.table.columns)
    options: dict[str, object] = {
        "corpus": asdict(corpus_options),
        "sentence": asdict(from_key(keys[1])),
        # What sacreBLEU 2.6 prints for the corpus settings (None where it has no equivalent).
        "sacrebleu_signature": BLEU(corpus_options).sacrebleu_equivalent(nrefs).signature,
    }

    return corpus_analysis.downloads(_analysis, options, _files, _metrics)


def downloads(
    input_digest: str,
    corpus_options: BleuOptions,
    sentence_options: BleuOptions,
    result: corpus_analysis.CorpusAnalysis,
    files: dict[str, object],
    metrics: Sequence[MetricScores] = (),
) -> tuple[bytes, bytes]:
    """(CSV of the sentence table, JSON of the result) with the other picked metrics, cached with the
    analyses they come from (a metric by its label and signature: every option that changes it)."""
    metric_keys = tuple((m.label, m.corpus.signature if m.corpus is not None else str(m.error)) for m in metrics)
    return _downloads(
        input_digest, (options_key(corpus_options), options_key(sentence_options)), metric_keys, result, files, metrics
    )


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _metric_buckets(
    input_digest: str, key: MetricKey, corpus_key: OptionsKey, label: str, _stats: Any, _lengths: Any, _scores: Any
) -> pd.DataFrame:

    return corpus_analysis.length_buckets(metric_of(key), _stats, _lengths, _scores, label)


def metric_buckets(
    input_digest: str, key: MetricKey, corpus_options: BleuOptions, result: MetricScores, stats: Any, lengths: Any
) -> pd.DataFrame:
    """``corpus_analysis.length_buckets`` of a metric other than BLEU, by the lines' ``lengths`` (reference 1's words
    under ``corpus_options``' tokenizer, ``CorpusAnalysis.lengths``); cached per digest, metric and those options."""
    return _metric_buckets(
        input_digest, key, options_key(corpus_options), result.label, stats, lengths, result.sentences
    )
