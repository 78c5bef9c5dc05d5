"""Where two systems differ: each system's score per bucket of segments (reference length, a label) under any
metric, and its word precision, recall and F per word-frequency bucket, with paired-bootstrap intervals and
significance marks per bucket (compare-mt 0.2.10's buckets, Neubig et al. 2019; Koehn 2004's test, ``bootstrap``).

Buckets, their names and the word counting rules are compare-mt's, so its numbers can be checked (``bounds``,
``words``). A bucket's score is the metric's corpus score of the bucket's segments, their statistics summed as
sacreBLEU sums a corpus's (compare-mt has its own BLEU: ``bleucore.tools.compare_mt``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from typing import Any

import numpy as np

from ..limits import MAX_LABELS
from ..metrics import Metric
from ..tokenizers import TokenEncoder, tokenize_lines
from .bootstrap import MIN_TESTED_LINES, FloatArray, IntArray, group_sums, interval, p_value
from .bounds import FREQUENCY_CUTOFFS, LENGTH_CUTOFFS, bucket_index, bucket_names
from .inputs import BucketSettings, TooManyLabels, check_inputs, check_text, chosen_baseline
from .table import Analysis, Bucket, BucketAnalysis, BucketValue
from .words import id_word_statistics, word_counts, word_measures

__all__ = ["MAX_LABELS", "WORD_MEASURES", "frequency_buckets", "label_buckets", "length_buckets"]

#: The word measures of the frequency analysis, as compare-mt names them.
WORD_MEASURES = ("fmeas", "prec", "rec")
_NO_LABEL = "other"  # compare-mt's bucket for a label outside its label set (here: an empty line)


def _segment_buckets(
    analysis: Analysis,
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    metrics: Sequence[Metric],
    names: Sequence[str],
    index: IntArray,
    baseline: str | None,
    settings: BucketSettings,
    statistics: Mapping[str, Sequence[Any]] | None,
    method: tuple[str, ...],
) -> BucketAnalysis:
    system_names = tuple(systems)
    baseline = chosen_baseline(system_names, baseline)
    groups = [np.flatnonzero(index == b) for b in range(len(names))]
    buckets = tuple(Bucket(name, tuple(int(i) for i in g), int(g.size)) for name, g in zip(names, groups))
    values: list[BucketValue] = []
    columns: list[list[FloatArray]] = []  # per metric, per system
    for metric in metrics:
        stats = statistics.get(metric.printed_label) if statistics else None
        if stats is None:
            stats = [metric.statistics_for(name, lines, references) for name, lines in systems.items()]
        columns.append([metric.columns(s) for s in stats])
    # One pass over the resamples for every metric and system: each system's columns side by side.
    stacked = [np.hstack([per_metric[k] for per_metric in columns]) for k in range(len(system_names))]
    sums = group_sums(stacked, groups, settings.n_samples, settings.seed)
    edges = np.cumsum([0, *(per_metric[0].shape[1] for per_metric in columns)])
    base_k = system_names.index(baseline)
    for m, metric in enumerate(metrics):
        low, high = edges[m], edges[m + 1]
        for b, (bucket, members) in enumerate(zip(buckets, groups)):
            if members.size == 0:
                values += [
                    BucketValue(analysis, bucket.name, s, metric.printed_label, None, None, tested=False)
                    for s in system_names
                ]
                continue
            observed = [float(metric.row_scores(c[members].sum(axis=0, keepdims=True))[0]) for c in columns[m]]
            resampled = [
                metric.row_scores(sums[k][b][:, low:high]).astype(np.float64) for k in range(len(system_names))
            ]
            tested = members.size >= MIN_TESTED_LINES
            for k, system in enumerate(system_names):
                is_base = k == base_k
                delta = None if is_base else observed[k] - observed[base_k]
                p = None
                if not is_base and tested:
                    p = p_value(resampled[k], resampled[base_k], observed[k] - observed[base_k])
                values.append(
                    BucketValue(
                        analysis,
                        bucket.name,
                        system,
                        metric.printed_label,
                        observed[k],
                        interval(resampled[k]),
                        p,
                        delta,
                        tested,
                    )
                )
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
    lengths = [len(words) for words in tokenize_lines(references[0], settings.tokenize, settings.lowercase)]
    method = (
        f"A segment's length is the number of words of reference 1 after the {settings.tokenize} tokenizer.",
        "A bucket's score is the metric's corpus score of its segments.",
    )
    return _segment_buckets(
        "length",
        systems,
        references,
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
    index = np.array([position[label] for label in clean], dtype=np.intp)
    method = ("A label's score is the metric's corpus score of the segments with that label.",)
    return _segment_buckets("label", systems, references, metrics, names, index, baseline, settings, statistics, method)


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
    encoder = TokenEncoder(settings.tokenize, settings.lowercase)  # one vocabulary: reference 1 and every system
    reference = encoder.encode(references[0])
    outputs = [encoder.encode(lines) for lines in systems.values()]
    vocabulary = encoder.vocabulary
    if training is None:
        counts = np.bincount(reference[0], minlength=len(vocabulary))
        source = "reference 1"
    else:
        counted = Counter[str]()
        lines, first = iter(training), 1
        while chunk := list(islice(lines, 10_000)):  # a chunk at a time: only the counts are kept
            check_text(chunk, "the training corpus", first)
            counted.update(word_counts(tokenize_lines(chunk, settings.tokenize, settings.lowercase)))
            first += len(chunk)
        counts = np.array([counted.get(word, 0) for word in vocabulary], dtype=np.int64)
        source = "the training corpus"
    names = bucket_names(cutoffs)
    word_bucket = bucket_index(counts, cutoffs).astype(np.int64)
    per_system = [id_word_statistics(reference, output, word_bucket, len(names)) for output in outputs]
    flat = [s.reshape(s.shape[0], -1).astype(np.float64) for s in per_system]
    everyone = np.arange(flat[0].shape[0])
    sums = [group[0] for group in group_sums(flat, [everyone], settings.n_samples, settings.seed)]
    shape = (3, len(names))
    observed = [word_measures(s.sum(axis=0)) for s in per_system]
    resampled = [word_measures(s.reshape(-1, *shape)) for s in sums]
    ref_totals = per_system[0][:, 0, :].sum(axis=0)
    buckets = tuple(
        Bucket(name, tuple(int(i) for i in np.flatnonzero(per_system[0][:, 0, b] > 0)), int(ref_totals[b]))
        for b, name in enumerate(names)
    )
    base_k = system_names.index(baseline)
    values: list[BucketValue] = []
    for b, bucket in enumerate(buckets):
        empty = ref_totals[b] == 0  # no reference word: no recall, and precision of words that cannot match
        for m, measure in enumerate(WORD_MEASURES):
            which = (2, 0, 1)[m]  # word_measures gives (precision, recall, F)
            for k, system in enumerate(system_names):
                if empty:
                    values.append(BucketValue("frequency", bucket.name, system, measure, None, None, tested=False))
                    continue
                value = float(observed[k][which][b])
                is_base = k == base_k
                base_value = float(observed[base_k][which][b])
                delta = None if is_base else value - base_value
                tested = bucket.lines >= MIN_TESTED_LINES
                p = None
                if not is_base and tested:
                    p = p_value(resampled[k][which][:, b], resampled[base_k][which][:, b], value - base_value)
                spread = interval(resampled[k][which][:, b])
                values.append(BucketValue("frequency", bucket.name, system, measure, value, spread, p, delta, tested))
    method = (
        f"Words are the {settings.tokenize} tokenizer's tokens{', lowercased' if settings.lowercase else ''}; a word's "
        f"frequency is its count in {source}.",
        "An output word matches while the output has used fewer copies of it than reference 1 has (compare-mt's rule).",
    )
    return BucketAnalysis(
        "frequency",
        buckets,
        tuple(values),
        system_names,
        baseline,
        WORD_MEASURES,
        settings.n_samples,
        settings.seed,
        method,
    )
