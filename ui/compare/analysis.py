"""What the Compare page computes from each system's statistics and tokens: corpus and sentence
BLEU per system, per-line differences, and the n-grams one system matches and the other misses
(bleucore's ``matched_ngrams`` of each, set side by side).

Pure functions of bleucore results (no Streamlit; tested directly); the ``cache.py`` beside it caches them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np
import pandas as pd

from bleucore import BleuOptions, BLEUScore, Statistics
from bleucore.metrics.bleu import Ngram, Undefined
from ui.metrics.bleu.sentences import corpus_or_error, sentence_scores


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


def sentence_differences(baseline: np.ndarray, system: np.ndarray) -> pd.DataFrame:
    """Per line: the sentence score (any metric) of the baseline, of the system, and system minus baseline."""
    return pd.DataFrame(
        {
            "line": np.arange(1, baseline.size + 1, dtype=np.int64),
            "baseline": baseline,
            "system": system,
            "difference": system - baseline,
        }
    )


def sentence_table(
    texts: dict[str, tuple[str, ...]], references: list[tuple[str, ...]], per_metric: dict[str, dict[str, np.ndarray]]
) -> pd.DataFrame:
    """The sentence scores to download: per line, each reference, each system's text and each system's score by each
    metric (``per_metric``: metric label -> system name -> score per line), in the page's order."""
    columns: dict[str, object] = {"line": np.arange(1, len(references[0]) + 1, dtype=np.int64)}
    columns.update({f"reference {j}": list(ref) for j, ref in enumerate(references, start=1)})
    for name, lines in texts.items():
        columns[f"{name} text"] = list(lines)
        columns.update({f"{name} {label}": scores[name] for label, scores in per_metric.items()})
    return pd.DataFrame(columns)
