"""What the Corpus and Compare pages compute, and bounded caches around it.

The computations are plain functions of bleucore results (tested directly); the cached wrappers
are keyed by a content digest of the input (``ui.uploads.digest``) and the plain option fields,
and take the bulky inputs as underscore arguments that Streamlit does not hash. Nothing here
calls ``st.*`` apart from the cache decorator, and nothing reads widgets.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

from bleucore import (
    BleuOptions,
    BLEUScore,
    SentenceExplanation,
    Statistics,
    compute_bleu,
    corpus_statistics,
    score_statistics,
)
from bleucore.metrics.bleu.explanation import explain
from bleucore.metrics.bleu.ngrams import Ngram, count_ngrams, max_reference_counts
from bleucore.metrics.bleu.messages import Undefined
from bleucore.metrics.bleu.options import uniform_weights
from bleucore.metrics.bleu.smoothing import UndefinedScore
from bleucore.significance import (
    bootstrap_confidence,
    paired_approximate_randomization,
    paired_bootstrap,
)
from bleucore.tokenizers import tokenize_lines
from ui.options_key import OptionsKey, from_key

StatsKey = tuple[str, bool, int, str]

MAX_ENTRIES = 16
MAX_CHUNK_ENTRIES = 256
TTL_SECONDS = 3600
#: Segments per statistics chunk: the unit of caching and of the progress bar.
CHUNK_LINES = 2000
#: Reference-length buckets (upper bounds, inclusive) of the "BLEU by sentence length" chart.
LENGTH_BUCKETS = (5, 10, 15, 20, 25, 30, 40, 50)


def stats_key(options: BleuOptions) -> StatsKey:
    """Only what the statistics depend on: tokenizer, case, orders held, reference-length rule."""
    return (options.tokenize, options.lowercase, options.stats_order, options.ref_length)


# --- statistics, chunk by chunk ---------------------------------------------------------------


@st.cache_data(max_entries=MAX_CHUNK_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def _chunk_statistics(
    input_digest: str, start: int, stop: int, key: StatsKey, _hyps: tuple[str, ...], _refs: tuple[tuple[str, ...], ...]
) -> Statistics:
    tok, lowercase, order, ref_length = key
    options = BleuOptions(tokenize=tok, lowercase=lowercase, weights=uniform_weights(order), ref_length=ref_length)
    return corpus_statistics(_hyps, _refs, options)


def statistics(
    input_digest: str,
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: BleuOptions,
    on_progress: Callable[[int, int], None] | None = None,
) -> Statistics:
    """Per-segment statistics of a whole input, computed (and cached) CHUNK_LINES segments at a time.

    ``input_digest`` must identify the texts; ``on_progress(done, total)`` is called after each chunk.
    """
    key = stats_key(options)
    total = len(hypotheses)
    parts = []
    for start in range(0, max(total, 1), CHUNK_LINES):
        stop = min(start + CHUNK_LINES, total)
        hyps = tuple(hypotheses[start:stop])
        refs = tuple(tuple(stream[start:stop]) for stream in references)
        parts.append(_chunk_statistics(input_digest, start, stop, key, hyps, refs))
        if on_progress is not None:
            on_progress(stop, total)
    return Statistics.concatenate(parts)


# --- the Corpus page's analysis -------------------------------------------------------------


@dataclass(frozen=True)
class SentenceScores:
    """Sentence BLEU of every segment (NaN where undefined) and why the first undefined one is."""

    scores: np.ndarray
    undefined: int
    reason: Undefined | None


def sentence_scores(stats: Statistics, options: BleuOptions, nrefs: int) -> SentenceScores:
    """bleucore.compute_bleu of every segment; a segment the options cannot score (NLTK's method 6
    with p3 = 0) gets NaN instead of stopping the whole table."""
    scores = np.empty(stats.segments, dtype=np.float64)
    matches, totals = stats.matches.tolist(), stats.totals.tolist()
    hyp_len, ref_len = stats.hyp_len.tolist(), stats.ref_len.tolist()
    undefined, reason = 0, None
    for i in range(stats.segments):
        try:
            scores[i] = compute_bleu(hyp_len[i], ref_len[i], matches[i], totals[i], options, nrefs).score
        except UndefinedScore as err:
            scores[i] = math.nan
            undefined += 1
            reason = reason or err.reason
    return SentenceScores(scores, undefined, reason)


def precision_columns(stats: Statistics, max_order: int) -> dict[str, np.ndarray]:
    """Unsmoothed p_n = matches / totals in percent, per segment; NaN where a segment has no n-gram of order n."""
    matches = stats.matches[:, :max_order].astype(np.float64)
    totals = stats.totals[:, :max_order].astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(totals > 0, 100.0 * matches / np.where(totals > 0, totals, 1.0), np.nan)
    return {f"p{n}": p[:, n - 1] for n in range(1, max_order + 1)}


def sentence_table(
    stats: Statistics, scores: np.ndarray, max_order: int, hypotheses: Sequence[str], first_references: Sequence[str]
) -> pd.DataFrame:
    """One row per segment in line order: line, BLEU, c, r, p1..pN, hypothesis, reference 1."""
    ref_len = stats.ref_len
    r: np.ndarray = ref_len.astype(np.int64) if np.all(np.mod(ref_len, 1.0) == 0) else ref_len
    columns: dict[str, object] = {
        "line": np.arange(1, stats.segments + 1, dtype=np.int64),
        "BLEU": scores,
        "c": stats.hyp_len.astype(np.int64),
        "r": r,
    }
    columns.update(precision_columns(stats, max_order))
    columns["hypothesis"] = list(hypotheses)
    columns["reference"] = list(first_references)
    return pd.DataFrame(columns)


def _bucket_labels() -> list[str]:
    labels, low = [], 0
    for high in LENGTH_BUCKETS:
        labels.append(f"{low}-{high}" if low == 0 else f"{low + 1}-{high}")
        low = high
    labels.append(f"{low + 1}+")
    return labels


BUCKET_LABELS = tuple(_bucket_labels())


def length_buckets(stats: Statistics, scores: np.ndarray, options: BleuOptions, nrefs: int) -> pd.DataFrame:
    """Per reference-length bucket (r): segments, corpus BLEU of those segments (summed statistics),
    mean sentence BLEU. Empty buckets are left out; an undefined BLEU is None."""
    index = np.searchsorted(np.array(LENGTH_BUCKETS, dtype=np.float64), stats.ref_len, side="left")
    rows = []
    for b, label in enumerate(BUCKET_LABELS):
        members = np.flatnonzero(index == b)
        if members.size == 0:
            continue
        try:
            bleu: float | None = score_statistics(stats.take(members), options, nrefs).score
        except ValueError:
            bleu = None
        member_scores = scores[members]
        defined = member_scores[~np.isnan(member_scores)]
        rows.append(
            {
                "bucket": label,
                "order": b,
                "segments": int(members.size),
                "corpus BLEU": bleu,
                "mean sentence BLEU": float(defined.mean()) if defined.size else None,
            }
        )
    return pd.DataFrame(rows, columns=["bucket", "order", "segments", "corpus BLEU", "mean sentence BLEU"])


@dataclass(frozen=True)
class CorpusAnalysis:
    """Everything the Corpus page shows about one input under one set of options."""

    corpus: BLEUScore | None
    corpus_error: str | None
    table: pd.DataFrame
    mean_sentence: float | None
    undefined: int
    undefined_reason: Undefined | None
    buckets: pd.DataFrame

    @property
    def worst_line(self) -> int:
        """The 1-based line of the lowest sentence BLEU (the first such line)."""
        scores = self.table["BLEU"].to_numpy()
        if np.all(np.isnan(scores)):
            return 1
        return int(np.nanargmin(scores)) + 1


def analyse(
    stats: Statistics,
    corpus_options: BleuOptions,
    sentence_options: BleuOptions,
    nrefs: int,
    hypotheses: Sequence[str],
    first_references: Sequence[str],
) -> CorpusAnalysis:
    """Corpus BLEU (summed statistics), sentence BLEU of every line, the table and the buckets."""
    try:
        corpus: BLEUScore | None = score_statistics(stats, corpus_options, nrefs)
        corpus_error = None
    except ValueError as err:
        corpus, corpus_error = None, str(err)
    sentences = sentence_scores(stats, sentence_options, nrefs)
    defined = sentences.scores[~np.isnan(sentences.scores)]
    return CorpusAnalysis(
        corpus=corpus,
        corpus_error=corpus_error,
        table=sentence_table(stats, sentences.scores, corpus_options.max_order, hypotheses, first_references),
        mean_sentence=float(defined.mean()) if defined.size else None,
        undefined=sentences.undefined,
        undefined_reason=sentences.reason,
        buckets=length_buckets(stats, sentences.scores, corpus_options, nrefs),
    )


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def cached_analysis(
    input_digest: str,
    corpus_key: OptionsKey,
    sentence_key: OptionsKey,
    nrefs: int,
    _stats: Statistics,
    _hypotheses: tuple[str, ...],
    _first_references: tuple[str, ...],
) -> CorpusAnalysis:
    """``analyse``, cached per input digest and options."""
    return analyse(_stats, from_key(corpus_key), from_key(sentence_key), nrefs, _hypotheses, _first_references)


def result_json(analysis: CorpusAnalysis, files: Mapping[str, object], options: Mapping[str, object]) -> str:
    """The downloadable result: corpus score (sacreBLEU's keys), options, files and every sentence."""
    table = analysis.table.astype(object).where(analysis.table.notna(), None)
    data = {
        "corpus": analysis.corpus.to_dict() if analysis.corpus else None,
        "corpus_error": analysis.corpus_error,
        "corpus_line": analysis.corpus.format() if analysis.corpus else None,
        "mean_sentence_bleu": analysis.mean_sentence,
        "options": options,
        "files": files,
        "sentences": table.to_dict(orient="records"),
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def cached_downloads(
    input_digest: str,
    corpus_key: OptionsKey,
    sentence_key: OptionsKey,
    _analysis: CorpusAnalysis,
    _files: dict[str, object],
) -> tuple[bytes, bytes]:
    """(CSV of the sentence table, JSON of the result), cached with the analysis they come from."""
    options = {"corpus": list(corpus_key), "sentence": list(sentence_key)}
    if _analysis.corpus is not None:
        options["signature"] = _analysis.corpus.signature  # type: ignore[assignment]
    csv = _analysis.table.to_csv(index=False).encode("utf-8")
    return csv, result_json(_analysis, _files, options).encode("utf-8")


@st.cache_data(max_entries=64, ttl=TTL_SECONDS, show_spinner=False)
def cached_explain(hypothesis: str, references: tuple[str, ...], key: OptionsKey) -> SentenceExplanation:
    """bleucore.explain of one line, cached (ValueError as bleucore raises it)."""
    return explain(hypothesis, references, from_key(key))


# --- the Compare page -----------------------------------------------------------------------


def matched_ngram_counts(
    hypotheses: Sequence[Sequence[str]], references: Sequence[Sequence[Sequence[str]]], max_order: int
) -> Counter[Ngram]:
    """Sum over segments of Count_clip(g) for every n-gram g (n <= max_order) of tokenized hypotheses.

    ``references[i]`` holds the tokenized references of segment i. These are exactly the matches
    BLEU counts, split by n-gram: summed per order they give the corpus ``counts``.
    """
    matched: Counter[Ngram] = Counter()
    for hyp, refs in zip(hypotheses, references):
        ref_counts = max_reference_counts(refs, max_order)
        for gram, count in count_ngrams(hyp, max_order).items():
            clip = min(count, ref_counts.get(gram, 0))
            if clip:
                matched[gram] += clip
    return matched


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def cached_matched_ngrams(
    input_digest: str, key: StatsKey, _hypotheses: tuple[str, ...], _references: tuple[tuple[str, ...], ...]
) -> Counter[Ngram]:
    """matched_ngram_counts of one system's text (tokenized with the page's options), cached."""
    tok, lowercase, order, _ = key
    hyp_tokens = tokenize_lines(_hypotheses, tok, lowercase)
    streams = [tokenize_lines(stream, tok, lowercase) for stream in _references]
    per_segment = [tuple(stream[i] for stream in streams) for i in range(len(hyp_tokens))]
    return matched_ngram_counts(hyp_tokens, per_segment, order)


def ngram_differences(
    baseline: Counter[Ngram], system: Counter[Ngram], max_order: int, order: int | None = None, top: int = 25
) -> pd.DataFrame:
    """The n-grams whose matched count differs most between two systems (system minus baseline).

    Columns: n-gram, n, baseline, system, difference; sorted by |difference|, then n-gram. Only
    orders <= max_order (or exactly ``order``) are listed; the top ``top`` gains and the top ``top``
    losses are kept.
    """
    rows = []
    for gram in set(baseline) | set(system):
        n = len(gram)
        if n > max_order or (order is not None and n != order):
            continue
        diff = system.get(gram, 0) - baseline.get(gram, 0)
        if diff:
            rows.append((" ".join(gram), n, baseline.get(gram, 0), system.get(gram, 0), diff))
    table = pd.DataFrame(rows, columns=["n-gram", "n", "baseline", "system", "difference"])
    if table.empty:
        return table
    gains = table[table["difference"] > 0].sort_values(["difference", "n-gram"], ascending=[False, True]).head(top)
    losses = table[table["difference"] < 0].sort_values(["difference", "n-gram"], ascending=[True, True]).head(top)
    both = pd.concat([gains, losses])
    order_index = both["difference"].abs().sort_values(ascending=False, kind="stable").index
    return both.loc[order_index].reset_index(drop=True)


@dataclass(frozen=True)
class SystemScores:
    """One system's corpus BLEU and sentence BLEU per line (NaN where undefined)."""

    name: str
    corpus: BLEUScore | None
    corpus_error: str | None
    sentences: np.ndarray


def system_scores(
    name: str, stats: Statistics, corpus_options: BleuOptions, sentence_options: BleuOptions, nrefs: int
) -> SystemScores:
    """Corpus BLEU and sentence BLEU of one system."""
    try:
        corpus: BLEUScore | None = score_statistics(stats, corpus_options, nrefs)
        error = None
    except ValueError as err:
        corpus, error = None, str(err)
    return SystemScores(name, corpus, error, sentence_scores(stats, sentence_options, nrefs).scores)


@st.cache_data(max_entries=MAX_ENTRIES, ttl=TTL_SECONDS, show_spinner=False)
def cached_system_scores(
    input_digest: str, name: str, corpus_key: OptionsKey, sentence_key: OptionsKey, nrefs: int, _stats: Statistics
) -> SystemScores:
    """system_scores, cached per system text digest and options."""
    return system_scores(name, _stats, from_key(corpus_key), from_key(sentence_key), nrefs)


def sentence_differences(baseline: SystemScores, system: SystemScores) -> pd.DataFrame:
    """Per line: sentence BLEU of the baseline, of the system, and system minus baseline."""
    return pd.DataFrame(
        {
            "line": np.arange(1, baseline.sentences.size + 1, dtype=np.int64),
            "baseline": baseline.sentences,
            "system": system.sentences,
            "difference": system.sentences - baseline.sentences,
        }
    )


@dataclass(frozen=True)
class Significance:
    """One system's corpus BLEU, bootstrap mean ± 95% half-width, and its p-values against the baseline
    (None for the baseline itself)."""

    score: float
    mean: float
    ci: float
    p_bootstrap: float | None = None
    p_randomization: float | None = None

    @property
    def lower(self) -> float:
        """mean - ci, sacreBLEU's interval."""
        return self.mean - self.ci

    @property
    def upper(self) -> float:
        """mean + ci."""
        return self.mean + self.ci


@st.cache_data(max_entries=64, ttl=TTL_SECONDS, show_spinner=False)
def cached_confidence(
    input_digest: str, key: OptionsKey, n_samples: int, seed: int, _stats: Statistics
) -> Significance:
    """The baseline's bootstrap mean and interval (sacreBLEU's --paired-bs row of the baseline)."""
    result = bootstrap_confidence(_stats, from_key(key), n_samples, seed)
    return Significance(result.score, result.mean, result.ci)


@st.cache_data(max_entries=64, ttl=TTL_SECONDS, show_spinner=False)
def cached_paired(
    baseline_digest: str,
    system_digest: str,
    key: OptionsKey,
    n_samples: int,
    n_trials: int,
    seed: int,
    _baseline: Statistics,
    _system: Statistics,
) -> Significance:
    """Paired bootstrap (mean, interval, p) and approximate randomization (p) of a system against the baseline."""
    options = from_key(key)
    bs = paired_bootstrap(_baseline, _system, options, n_samples, seed)
    ar = paired_approximate_randomization(_baseline, _system, options, n_trials, seed)
    return Significance(bs.system_score, float(bs.mean or 0.0), float(bs.ci or 0.0), bs.p_value, ar.p_value)
