"""Where two systems differ: each system's score per bucket of segments (reference length, a label) under any
metric, and its word precision, recall and F per word-frequency bucket, with paired-bootstrap intervals and
significance marks per bucket (compare-mt 0.2.10's buckets, Neubig et al. 2019; Koehn 2004's test, ``bootstrap``).

Buckets, their names and the word counting rules are compare-mt's, so its numbers can be checked (``bounds``,
``words``). A bucket's score is the metric's corpus score of the bucket's segments, their statistics summed as
sacreBLEU sums a corpus's (compare-mt has its own BLEU: ``bleucore.tools.compare_mt``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ..limits import MAX_LABELS
from ..metrics import Metric
from ..tokenizers import tokenize_lines
from .bootstrap import MIN_TESTED_LINES, FloatArray, IntArray, group_sums, interval, p_value
from .bounds import FREQUENCY_CUTOFFS, LENGTH_CUTOFFS, bucket_index, bucket_names
from .frequency import WORD_MEASURES, WordCounter, frequency_analysis
from .inputs import BucketSettings, TooManyLabels, check_inputs, check_text, chosen_baseline
from .table import Analysis, Bucket, BucketAnalysis, BucketValue

__all__ = [
    "MAX_LABELS",
    "WORD_MEASURES",
    "frequency_buckets",
    "label_analysis",
    "label_buckets",
    "label_index",
    "length_analysis",
    "length_buckets",
]

_NO_LABEL = "other"  # compare-mt's bucket for a label outside its label set (here: an empty line)


def _statistics(
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    metrics: Sequence[Metric],
    statistics: Mapping[str, Sequence[Any]] | None,
) -> dict[str, Sequence[Any]]:
    """Per metric label, each system's statistics: those given, else computed here."""
    given = statistics or {}
    return {
        m.printed_label: given.get(m.printed_label)
        or [m.statistics_for(name, lines, references) for name, lines in systems.items()]
        for m in metrics
    }


#: Bytes of bucket sums held at once (``_blocks``): a block of buckets is resampled together.
SUMS_BYTES = 32 * 2**20


def _blocks(buckets: Sequence[int], bucket_bytes: int) -> list[list[int]]:
    """``buckets`` in blocks whose sums (``bucket_bytes`` each) stay within ``SUMS_BYTES`` (at least one a block)."""
    size = max(1, SUMS_BYTES // max(1, bucket_bytes))
    return [list(buckets[i : i + size]) for i in range(0, len(buckets), size)]


def _segment_buckets(
    analysis: Analysis,
    system_names: tuple[str, ...],
    metrics: Sequence[Metric],
    names: Sequence[str],
    index: IntArray,
    baseline: str | None,
    settings: BucketSettings,
    statistics: Mapping[str, Sequence[Any]],
    method: tuple[str, ...],
) -> BucketAnalysis:
    baseline = chosen_baseline(system_names, baseline)
    groups = [np.flatnonzero(index == b) for b in range(len(names))]
    buckets = tuple(Bucket(name, tuple(int(i) for i in g), int(g.size)) for name, g in zip(names, groups))
    values: list[BucketValue] = []
    columns: list[list[FloatArray]] = []  # per metric, per system
    for metric in metrics:
        columns.append([metric.columns(s) for s in statistics[metric.printed_label]])
    # Passes over the resamples (the same draws each time) for every metric and system, each system's columns side by
    # side, a block of buckets at a time: the sums of every bucket at once took 65 MB for 40 systems.
    stacked = [np.hstack([per_metric[k] for per_metric in columns]) for k in range(len(system_names))]
    edges = np.cumsum([0, *(per_metric[0].shape[1] for per_metric in columns)])
    base_k = system_names.index(baseline)
    found: dict[tuple[int, int], list[BucketValue]] = {}
    for block in _blocks(
        [b for b, g in enumerate(groups) if g.size], settings.n_samples * int(edges[-1]) * len(system_names) * 8
    ):
        sums = group_sums(stacked, [groups[b] for b in block], settings.n_samples, settings.seed)
        for g, b in enumerate(block):
            bucket, members = buckets[b], groups[b]
            for m, metric in enumerate(metrics):
                low, high = edges[m], edges[m + 1]
                observed = [float(metric.row_scores(c[members].sum(axis=0, keepdims=True))[0]) for c in columns[m]]
                resampled = [
                    metric.row_scores(sums[k][g][:, low:high]).astype(np.float64) for k in range(len(system_names))
                ]
                tested = members.size >= MIN_TESTED_LINES
                found[(m, b)] = [
                    BucketValue(
                        analysis,
                        bucket.name,
                        system,
                        metric.printed_label,
                        observed[k],
                        interval(resampled[k]),
                        None
                        if k == base_k or not tested
                        else p_value(resampled[k], resampled[base_k], observed[k] - observed[base_k]),
                        None if k == base_k else observed[k] - observed[base_k],
                        tested,
                    )
                    for k, system in enumerate(system_names)
                ]
        del sums
    for m, metric in enumerate(metrics):
        for b, bucket in enumerate(buckets):
            values += found.get((m, b)) or [
                BucketValue(analysis, bucket.name, s, metric.printed_label, None, None, tested=False)
                for s in system_names
            ]
    labels = tuple(m.printed_label for m in metrics)
    digits = tuple((m.printed_label, m.digits) for m in metrics if m.digits != 2)
    return BucketAnalysis(
        analysis,
        buckets,
        tuple(values),
        system_names,
        baseline,
        labels,
        settings.n_samples,
        settings.seed,
        method,
        digits,
    )


def length_buckets(
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    metrics: Sequence[Metric],
    *,
    baseline: str | None = None,
    settings: BucketSettings = BucketSettings(),
    cutoffs: Sequence[int] = LENGTH_CUTOFFS,
    statistics: Mapping[str, Sequence[Any]] | None = None,
) -> BucketAnalysis:
    """Each metric's corpus score per bucket of reference-1 length in ``settings.tokenize`` words (compare-mt's
    ``bucket_type=length``). ``statistics``: per metric label, each system's statistics, when already computed."""
    check_inputs(systems, references, settings.n_samples)
    stats = _statistics(systems, references, metrics, statistics)
    return length_analysis(
        tuple(systems), references, metrics, stats, baseline=baseline, settings=settings, cutoffs=cutoffs
    )


def length_analysis(
    system_names: Sequence[str],
    references: Sequence[Sequence[str]],
    metrics: Sequence[Metric],
    statistics: Mapping[str, Sequence[Any]],
    *,
    baseline: str | None = None,
    settings: BucketSettings = BucketSettings(),
    cutoffs: Sequence[int] = LENGTH_CUTOFFS,
) -> BucketAnalysis:
    """``length_buckets`` of systems already checked, from their statistics (per metric label, in the order of
    ``system_names``): the systems' lines are not needed."""
    lengths = [len(words) for words in tokenize_lines(references[0], settings.tokenize, settings.lowercase)]
    method = (
        f"A segment's length is the number of words of reference 1 after the {settings.tokenize} tokenizer.",
        "A bucket's score is the metric's corpus score of its segments.",
    )
    return _segment_buckets(
        "length",
        tuple(system_names),
        metrics,
        bucket_names(cutoffs),
        bucket_index(lengths, cutoffs),
        baseline,
        settings,
        statistics,
        method,
    )


def label_buckets(
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    labels: Sequence[str],
    metrics: Sequence[Metric],
    *,
    baseline: str | None = None,
    settings: BucketSettings = BucketSettings(),
    statistics: Mapping[str, Sequence[Any]] | None = None,
) -> BucketAnalysis:
    """Each metric's corpus score per label (one label per segment: a domain, a source, a speaker), labels in
    order of first appearance; an empty label goes to compare-mt's ``other`` bucket (``settings.tokenize`` and
    ``settings.lowercase`` unused)."""
    segments = check_inputs(systems, references, settings.n_samples)
    names, index = label_index(labels, segments)
    stats = _statistics(systems, references, metrics, statistics)
    return label_analysis(tuple(systems), metrics, names, index, stats, baseline=baseline, settings=settings)


def label_index(labels: Sequence[str], segments: int) -> tuple[list[str], IntArray]:
    """The labels in order of first appearance (an empty one is ``other``) and each segment's label number; a
    ValueError unless there is one label per segment, the file is text and it has at most ``MAX_LABELS``."""
    if len(labels) != segments:
        raise ValueError(
            f"the labels file has {len(labels):,} line{'' if len(labels) == 1 else 's'} but the references have "
            f"{segments:,}: one label per line"
        )
    check_text(labels, "the labels file")
    clean = [label.strip() or _NO_LABEL for label in labels]
    names = list(dict.fromkeys(clean))
    if len(names) > MAX_LABELS:
        raise TooManyLabels(len(names), MAX_LABELS)
    position = {name: b for b, name in enumerate(names)}
    return names, np.array([position[label] for label in clean], dtype=np.intp)


def label_analysis(
    system_names: Sequence[str],
    metrics: Sequence[Metric],
    names: Sequence[str],
    index: IntArray,
    statistics: Mapping[str, Sequence[Any]],
    *,
    baseline: str | None = None,
    settings: BucketSettings = BucketSettings(),
) -> BucketAnalysis:
    """``label_buckets`` of systems already checked, from ``label_index``'s labels and the systems' statistics."""
    method = ("A label's score is the metric's corpus score of the segments with that label.",)
    return _segment_buckets("label", tuple(system_names), metrics, names, index, baseline, settings, statistics, method)


def frequency_buckets(
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    *,
    training: Iterable[str] | None = None,
    baseline: str | None = None,
    settings: BucketSettings = BucketSettings(),
    cutoffs: Sequence[int] = FREQUENCY_CUTOFFS,
) -> BucketAnalysis:
    """Word precision (``prec``), recall (``rec``) and F (``fmeas``) per bucket of word frequency, counted in
    reference 1 or in ``training`` (lines of a training corpus), with compare-mt's matching rule (``words``)."""
    check_inputs(systems, references, settings.n_samples)
    system_names = tuple(systems)
    baseline = chosen_baseline(system_names, baseline)
    counter = WordCounter(references[0], training, settings, cutoffs)
    return frequency_analysis(system_names, [counter.rows(lines) for lines in systems.values()], counter, baseline)
