"""What the Compare page computes from each system's statistics and tokens: corpus and sentence
BLEU per system, per-line differences, and the n-grams one system matches and the other misses.

Pure functions of bleucore results (no Streamlit; tested directly); the ``cache.py`` beside it caches them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from bleucore import BleuOptions, BLEUScore, Statistics
from bleucore.metrics.bleu import Ngram, Undefined, count_ngrams, max_reference_counts
from bleucore.tokenizers import tokenize_lines
from ui.corpus.analysis import corpus_or_error, sentence_scores


def matched_ngram_counts(
    hypotheses: Sequence[Sequence[str]], references: Sequence[Sequence[Sequence[str]]], max_order: int
) -> Counter[Ngram]:
    """Sum over segments of Count_clip(g) for every n-gram g (n <= max_order) of tokenized hypotheses.

    ``references[i]`` holds the tokenized references of segment i. These are exactly the matches
    BLEU counts, split by n-gram: summed per order they give the corpus ``counts``.
    """
    matched: Counter[Ngram] = Counter()
    for hyp, refs in zip(hypotheses, references):
        # Counter & Counter keeps min(Count(g), Max_Ref_Count(g)) = Count_clip(g), positive counts only.
        matched += count_ngrams(hyp, max_order) & max_reference_counts(refs, max_order)
    return matched


def matched_ngrams(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: BleuOptions
) -> Counter[Ngram]:
    """matched_ngram_counts of one system's text, tokenized as ``options`` say (orders up to stats_order)."""
    hyp_tokens = tokenize_lines(hypotheses, options.tokenize, options.lowercase)
    streams = [tokenize_lines(stream, options.tokenize, options.lowercase) for stream in references]
    per_segment = [tuple(stream[i] for stream in streams) for i in range(len(hyp_tokens))]
    return matched_ngram_counts(hyp_tokens, per_segment, options.stats_order)


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
    #: why the corpus score is undefined, as a code the UI words in the session's language
    corpus_error_reason: Undefined | None = None


def system_scores(
    name: str, stats: Statistics, corpus_options: BleuOptions, sentence_options: BleuOptions, nrefs: int
) -> SystemScores:
    """Corpus BLEU and sentence BLEU of one system."""
    corpus, error, reason = corpus_or_error(stats, corpus_options, nrefs)
    return SystemScores(name, corpus, error, sentence_scores(stats, sentence_options, nrefs).scores, reason)


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
