"""Every ``st.cache_data`` of the app: bounded caches around bleucore and the pure analysis modules.

Each wrapper is keyed by ``ui.options_key.options_key`` of the options it uses and, for texts,
by a content digest (``ui.uploads.digest``); the bulky inputs are underscore arguments that
Streamlit does not hash. Statistics are keyed by ``statistics_options`` (only what they depend
on), so changing the smoothing reuses them. Nothing here calls ``st.*`` apart from the cache
decorator, and nothing reads widgets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import streamlit as st

from bleucore import BleuOptions, SentenceExplanation, Statistics, VariantScore, corpus_statistics
from bleucore.metrics.bleu.explanation import explain
from bleucore.metrics.bleu.ngrams import Ngram
from bleucore.metrics.bleu.options import uniform_weights
from ui.options_key import OptionsKey, from_key, options_key
from ui.tokenizer_rows import TokenizerRow, all_tokenizer_rows
from ui.uploads import TextFile, decode_bytes

if TYPE_CHECKING:  # at run time imported where used: Explore's first view needs none of them (pandas, significance)
    from bleucore.metrics.chrf.explanation import ChrfExplanation
    from bleucore.metrics.ter.explanation import TerExplanation
    from bleucore.significance import ConfidenceResult, PairedTestResult
    from ui import compare_analysis, corpus_analysis
    from ui.metric_analysis import MetricScores
    from ui.metric_options import MetricKey

#: Entries of the per-sentence caches (Explore, Learn, the Corpus page's explained line, tests).
MAX_SENTENCE_ENTRIES = 64
#: Entries of the whole-input caches (one per input and options).
MAX_INPUT_ENTRIES = 16
MAX_CHUNK_ENTRIES = 256
TTL_SECONDS = 3600
#: Segments per cached statistics chunk: the unit of caching and of the progress bar.
LINES_PER_CACHED_CHUNK = 2000


# --- one sentence ---------------------------------------------------------------------------


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _explain(candidate: str, references: tuple[str, ...], key: OptionsKey) -> SentenceExplanation:
    return explain(candidate, references, from_key(key))


def explain_text(candidate: str, references: Sequence[str], options: BleuOptions) -> SentenceExplanation:
    """bleucore.explain, cached; raises ValueError like it (e.g. nltk-method6 with p3 = 0)."""
    return _explain(candidate, tuple(references), options_key(options))


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _variants(candidate: str, references: tuple[str, ...], key: OptionsKey) -> tuple[VariantScore, ...]:
    return _explain(candidate, references, key).variants()


def variants_text(candidate: str, references: Sequence[str], options: BleuOptions) -> tuple[VariantScore, ...]:
    """bleucore.compare_variants for one candidate (statistics of orders 1..max(N, 5)), cached."""
    return _variants(candidate, tuple(references), options_key(options))


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _tokenizer_rows(candidate: str, references: tuple[str, ...], key: OptionsKey) -> tuple[TokenizerRow, ...]:
    return all_tokenizer_rows(candidate, references, from_key(key))


def tokenizer_rows(candidate: str, references: Sequence[str], options: BleuOptions) -> tuple[TokenizerRow, ...]:
    """The candidate under every tokenizer, each one's p_n and BLEU (``ui.tokenizer_rows``), cached."""
    return _tokenizer_rows(candidate, tuple(references), options_key(options.with_changes(tokenize="none")))


# --- files and statistics -------------------------------------------------------------------


@st.cache_data(max_entries=4, ttl=TTL_SECONDS, show_spinner=False)
def text_files(paths: tuple[str, ...]) -> tuple[TextFile, ...]:
    """Files on the server (the bundled sample), decoded once, named by their file names."""
    return tuple(decode_bytes(Path(path).read_bytes(), Path(path).name) for path in paths)


def statistics_options(options: BleuOptions) -> BleuOptions:
    """Only what the statistics depend on: tokenizer, case, orders held, reference-length rule."""
    return BleuOptions(
        tokenize=options.tokenize,
        lowercase=options.lowercase,
        weights=uniform_weights(options.stats_order),
        ref_length=options.ref_length,
    )


@st.cache_data(max_entries=MAX_CHUNK_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _chunk_statistics(
    input_digest: str, start: int, stop: int, key: OptionsKey, _hyps: tuple[str, ...], _refs: tuple[tuple[str, ...], ...]
) -> Statistics:
    return corpus_statistics(_hyps, _refs, from_key(key))


def statistics(
    input_digest: str,
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: BleuOptions,
    on_progress: Callable[[int, int], None] | None = None,
) -> Statistics:
    """Per-segment statistics of a whole input, computed (and cached) LINES_PER_CACHED_CHUNK segments at a time.

    ``input_digest`` must identify the texts; ``on_progress(done, total)`` is called after each chunk.
    """
    key = options_key(statistics_options(options))
    total = len(hypotheses)
    parts = []
    for start in range(0, max(total, 1), LINES_PER_CACHED_CHUNK):
        stop = min(start + LINES_PER_CACHED_CHUNK, total)
        hyps = tuple(hypotheses[start:stop])
        refs = tuple(tuple(stream[start:stop]) for stream in references)
        parts.append(_chunk_statistics(input_digest, start, stop, key, hyps, refs))
        if on_progress is not None:
            on_progress(stop, total)
    return Statistics.concatenate(parts)


# --- the Corpus page ------------------------------------------------------------------------


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _analysis(
    input_digest: str,
    corpus_key: OptionsKey,
    sentence_key: OptionsKey,
    nrefs: int,
    _stats: Statistics,
    _hypotheses: tuple[str, ...],
    _first_references: tuple[str, ...],
) -> corpus_analysis.CorpusAnalysis:
    from ui import corpus_analysis

    return corpus_analysis.analyse(
        _stats, from_key(corpus_key), from_key(sentence_key), nrefs, _hypotheses, _first_references
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
        input_digest, options_key(corpus_options), options_key(sentence_options), len(references),
        stats, tuple(hypotheses), tuple(references[0]),
    )  # fmt: skip


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _downloads(
    input_digest: str,
    keys: tuple[OptionsKey, OptionsKey],
    metric_keys: tuple[tuple[str, str], ...],
    _analysis: corpus_analysis.CorpusAnalysis,
    _files: dict[str, object],
    _metrics: Sequence[MetricScores],
) -> tuple[bytes, bytes]:
    options: dict[str, object] = {"corpus": list(keys[0]), "sentence": list(keys[1])}
    from ui import corpus_analysis

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


# --- the Compare page -----------------------------------------------------------------------


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _matched_ngrams(
    input_digest: str, key: OptionsKey, _hypotheses: tuple[str, ...], _references: tuple[tuple[str, ...], ...]
) -> Counter[Ngram]:
    from ui import compare_analysis

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
    from ui import compare_analysis

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
    from bleucore.significance import bootstrap_confidence

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
    from bleucore.significance import paired_approximate_randomization, paired_bootstrap

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


# --- chrF, chrF++ and TER beside BLEU (Corpus and Compare) ----------------------------------------
# Keyed by the input's digest and ``ui.metric_options.MetricKey`` (the metric's name and its options).


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _metric_statistics(
    input_digest: str, key: MetricKey, _hypotheses: tuple[str, ...], _references: tuple[tuple[str, ...], ...]
) -> object:
    from ui import metric_analysis

    return metric_analysis.statistics(key, _hypotheses, _references)


def metric_statistics(
    input_digest: str, key: MetricKey, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
) -> object:
    """Per-segment statistics of one input under chrF, chrF++ or TER, cached per digest and metric."""
    return _metric_statistics(input_digest, key, tuple(hypotheses), tuple(tuple(r) for r in references))


@st.cache_data(max_entries=MAX_INPUT_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _metric_scores(input_digest: str, key: MetricKey, nrefs: int, _stats: object) -> MetricScores:
    from ui import metric_analysis

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
    from ui import metric_analysis

    return metric_analysis.paired_tests(key, _baseline, _system, n_samples, n_trials, seed)


def metric_paired(
    digests: tuple[str, str], key: MetricKey, n_samples: int, n_trials: int, seed: int, baseline: object, system: object
) -> tuple[PairedTestResult, PairedTestResult]:
    """Both paired tests of a system against the baseline under chrF, chrF++ or TER, cached per
    (baseline digest, system digest, metric, settings)."""
    return _metric_paired(digests[0], digests[1], key, n_samples, n_trials, seed, baseline, system)


# --- chrF and TER beside BLEU (Explore) ----------------------------------------------------------


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def chrf_sentence_score(candidate: str, references: tuple[str, ...], word_order: int) -> float:
    """Sentence chrF2 (word_order 0) or chrF2++ (2) with sacreBLEU's other defaults, cached."""
    from bleucore.metrics import get_metric
    from bleucore.metrics.chrf import ChrfOptions

    return float(get_metric("chrf", ChrfOptions(word_order=word_order)).sentence_score(candidate, references).score)


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def chrf_explanation(candidate: str, references: tuple[str, ...]) -> ChrfExplanation:
    """``explain_chrf`` with sacreBLEU's default chrF2 options, cached."""
    from bleucore.metrics.chrf import ChrfOptions
    from bleucore.metrics.chrf.explanation import explain_chrf

    return explain_chrf(candidate, references, ChrfOptions())


@st.cache_data(max_entries=MAX_SENTENCE_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def ter_explanation(candidate: str, references: tuple[str, ...]) -> TerExplanation:
    """``explain_ter`` with sacreBLEU's default TER options, cached (the score and the tab share it)."""
    from bleucore.metrics.ter.explanation import explain_ter

    return explain_ter(candidate, references)
