"""What the Corpus page shows, computed from per-segment statistics: sentence BLEU, the table,
the length buckets (compare-mt's, as the bucket section and the report have them), the worst line and the downloads.

Pure functions of bleucore results (no Streamlit; tested directly); the ``cache.py`` beside it caches them.
Sentence BLEU is bleucore's ``score.iter_row_scores`` of each segment's row of statistics; a
segment the options cannot score (NLTK's method 6 with p3 = 0) is NaN in the table and counted
as undefined, never shown as a number.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from bleucore import BleuOptions, BLEUScore, Statistics
from bleucore.buckets import LENGTH_CUTOFFS, bucket_index, bucket_names
from bleucore.metrics import Metric
from bleucore.metrics.bleu import BLEU, Undefined
from bleucore.tokenizers import tokenize_lines
from ui.metrics.bleu.sentences import corpus_or_error, sentence_scores
from ui.options.metrics import metric_of

if TYPE_CHECKING:
    from ui.metrics.analysis import MetricScores


def precision_columns(stats: Statistics, max_order: int) -> dict[str, np.ndarray]:
    """Unsmoothed p_n = matches / totals in percent, per segment; NaN where a segment has no n-gram of order n."""
    matches = stats.matches[:, :max_order].astype(np.float64)
    totals = stats.totals[:, :max_order].astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(totals > 0, 100.0 * matches / np.where(totals > 0, totals, 1.0), np.nan)
    return {f"p{n}": p[:, n - 1] for n in range(1, max_order + 1)}


def sentence_table(
    stats: Statistics,
    scores: np.ndarray,
    max_order: int,
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    precisions: np.ndarray | None = None,
) -> pd.DataFrame:
    """One row per segment in line order: line, BLEU, c, r, p1..pN, hypothesis, reference 1 .. reference k
    (``references[j][i]``: reference j+1 of line i). p_n are ``precisions`` (as the sentence score uses them,
    ``SentenceScores.precisions``) when given, else unsmoothed (``precision_columns``)."""
    ref_len = stats.ref_len
    r: np.ndarray = ref_len.astype(np.int64) if np.all(np.mod(ref_len, 1.0) == 0) else ref_len
    columns: dict[str, object] = {
        "line": np.arange(1, stats.segments + 1, dtype=np.int64),
        "BLEU": scores,
        "c": stats.hyp_len.astype(np.int64),
        "r": r,
    }
    if precisions is None:
        columns.update(precision_columns(stats, max_order))
    else:
        columns.update({f"p{n}": precisions[:, n - 1] for n in range(1, max_order + 1)})
    columns["hypothesis"] = list(hypotheses)
    columns.update({f"reference {j + 1}": list(stream) for j, stream in enumerate(references)})
    return pd.DataFrame(columns)


def reference_lengths(reference: Sequence[str], tokenize: str, lowercase: bool) -> np.ndarray:
    """Each line's length as compare-mt's length buckets count it (``bleucore.buckets.length_buckets``, the bucket
    section and the report): the words of reference 1 under BLEU's tokenizer."""
    return np.array([len(words) for words in tokenize_lines(reference, tokenize, lowercase)], dtype=np.int64)


def length_buckets(metric: Metric, stats: Any, lengths: np.ndarray, scores: np.ndarray, label: str) -> pd.DataFrame:
    """Per compare-mt length bucket of the lines' ``lengths`` (``reference_lengths``; the buckets and their names are
    ``bleucore.buckets``'): segments, the metric's corpus score of those segments (their statistics summed, as the
    corpus score is) and their mean sentence score, in columns ``corpus <label>`` and ``mean sentence <label>``.
    Empty buckets are left out; an undefined score is None."""
    index = bucket_index(lengths, LENGTH_CUTOFFS)
    columns = metric.columns(stats)
    rows = []
    for b, bucket in enumerate(bucket_names(LENGTH_CUTOFFS)):
        members = np.flatnonzero(index == b)
        if members.size == 0:
            continue
        try:
            value: float | None = float(metric.row_scores(columns[members].sum(axis=0, keepdims=True))[0])
        except ValueError:
            value = None
        member_scores = scores[members]
        defined = member_scores[~np.isnan(member_scores)]
        rows.append((bucket, b, int(members.size), value, float(defined.mean()) if defined.size else None))
    return pd.DataFrame(rows, columns=["bucket", "order", "segments", f"corpus {label}", f"mean sentence {label}"])


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
    #: each line's length in compare-mt's length buckets (``reference_lengths``), for every metric's buckets
    lengths: np.ndarray
    #: why the corpus score is undefined, as a code the UI words in the session's language
    corpus_error_reason: Undefined | None = None

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
    references: Sequence[Sequence[str]],
) -> CorpusAnalysis:
    """Corpus BLEU (summed statistics), sentence BLEU of every line, the table and the buckets."""
    corpus, corpus_error, corpus_error_reason = corpus_or_error(stats, corpus_options, nrefs)
    sentences = sentence_scores(stats, sentence_options, nrefs)
    lengths = reference_lengths(references[0], corpus_options.tokenize, corpus_options.lowercase)
    defined = sentences.scores[~np.isnan(sentences.scores)]
    return CorpusAnalysis(
        corpus=corpus,
        corpus_error=corpus_error,
        table=sentence_table(
            stats, sentences.scores, corpus_options.max_order, hypotheses, references, sentences.precisions
        ),
        mean_sentence=float(defined.mean()) if defined.size else None,
        undefined=sentences.undefined,
        undefined_reason=sentences.reason,
        buckets=length_buckets(BLEU(corpus_options), stats, lengths, sentences.scores, "BLEU"),
        lengths=lengths,
        corpus_error_reason=corpus_error_reason,
    )


def with_metric_columns(table: pd.DataFrame, columns: Mapping[str, np.ndarray]) -> pd.DataFrame:
    """The sentence table with other metrics' sentence scores right after BLEU's column (in line order)."""
    if not columns:
        return table
    at = list(table.columns).index("BLEU") + 1
    return table.iloc[:, :at].assign(**columns).join(table.iloc[:, at:])


def metric_result(metric: MetricScores, nrefs: int) -> dict[str, object]:
    """One other metric in the JSON result: sacreBLEU's keys, its line, its options by name, bleucore's signature and
    the one sacreBLEU 2.6 gives the same settings (None, with the settings it lacks, where it has none), or why the
    score is undefined."""
    about: dict[str, object] = {}
    if metric.key is not None:
        scorer = metric_of(metric.key)
        equivalent = scorer.sacrebleu_equivalent(nrefs)
        about = {
            "options": asdict(scorer.options),
            "sacrebleu_signature": equivalent.signature,
            "sacrebleu_missing": list(equivalent.missing),
        }
    if metric.corpus is None:
        return {"name": metric.label, "score": None, "error": metric.error, **about}
    return {**metric.corpus.to_dict(), "line": metric.corpus.format(), "signature": metric.corpus.signature, **about}


def reference_names(files: Mapping[str, object]) -> list[str]:
    """The reference files' names in a result's ``files`` (``{"hypothesis": name, "references": [names]}``)."""
    names = files.get("references")
    return [str(name) for name in names] if isinstance(names, list) else []


def result_json(
    analysis: CorpusAnalysis,
    files: Mapping[str, object],
    options: Mapping[str, object],
    metrics: Sequence[MetricScores] = (),
) -> str:
    """The downloadable result: corpus score (sacreBLEU's keys), the other picked metrics' corpus scores,
    options, files and every sentence (with the other metrics' sentence scores)."""
    table = with_metric_columns(analysis.table, {m.label: m.sentences for m in metrics})
    table = table.astype(object).where(table.notna(), None)
    data = {
        "corpus": analysis.corpus.to_dict() if analysis.corpus else None,
        "corpus_error": analysis.corpus_error,
        "corpus_line": analysis.corpus.format() if analysis.corpus else None,
        "mean_sentence_bleu": analysis.mean_sentence,
        "metrics": [metric_result(m, len(reference_names(files))) for m in metrics],
        "options": options,
        "files": files,
        "sentences": table.to_dict(orient="records"),
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def downloads(
    analysis: CorpusAnalysis,
    options: dict[str, object],
    files: Mapping[str, object],
    metrics: Sequence[MetricScores] = (),
) -> tuple[bytes, bytes]:
    """(CSV of the sentence table, JSON of the result), both with the other picked metrics; ``options``
    gains the corpus signature."""
    if analysis.corpus is not None:
        options = {**options, "signature": analysis.corpus.signature}
    table = with_metric_columns(analysis.table, {m.label: m.sentences for m in metrics})
    csv = table.to_csv(index=False).encode("utf-8")
    return csv, result_json(analysis, files, options, metrics).encode("utf-8")
