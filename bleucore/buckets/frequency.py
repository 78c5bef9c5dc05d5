"""Word accuracy per word-frequency bucket, a system at a time: ``WordCounter`` holds what every system is counted
against (reference 1's token ids and each word's frequency, in reference 1 or a training corpus read a chunk at a
time) and turns one system's lines into its rows (segments x 3 x buckets: reference words, output words, matches,
compare-mt's rules in ``words``), so a report need not hold every system's text at once; ``frequency_analysis``
makes the bucket analysis of every system's rows (precision, recall, F with paired-bootstrap intervals)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import islice

import numpy as np

from ..tokenizers import TokenEncoder, tokenize_lines
from .bootstrap import MIN_TESTED_LINES, group_sums, interval, p_value
from .bounds import FREQUENCY_CUTOFFS, bucket_index, bucket_names
from .inputs import BucketSettings, check_text
from .table import Bucket, BucketAnalysis, BucketValue
from .words import IntArray, id_word_statistics, word_counts, word_measures

__all__ = ["WORD_MEASURES", "WordCounter", "frequency_analysis"]

#: The word measures of the frequency analysis, as compare-mt names them.
WORD_MEASURES = ("fmeas", "prec", "rec")


class WordCounter:
    """Reference 1 encoded once, and each word's frequency bucket (its count in reference 1 or in ``training``, a
    training corpus's lines, counted a chunk at a time); ``rows(lines)``: one system's word statistics. One token
    vocabulary serves reference 1 and every system, so a word's id stays its own."""

    def __init__(
        self,
        reference: Sequence[str],
        training: Iterable[str] | None = None,
        settings: BucketSettings = BucketSettings(),
        cutoffs: Sequence[int] = FREQUENCY_CUTOFFS,
    ) -> None:
        self.settings = settings
        self.names = bucket_names(cutoffs)
        self._cutoffs = cutoffs
        self._encoder = TokenEncoder(settings.tokenize, settings.lowercase)
        self._reference = self._encoder.encode(reference)
        self._training: Counter[str] | None = None
        if training is None:
            self._counts = np.bincount(self._reference[0], minlength=len(self._encoder.vocabulary)).astype(np.int64)
            self.source = "reference 1"
        else:
            counted = Counter[str]()
            lines, first = iter(training), 1
            while chunk := list(islice(lines, 10_000)):  # a chunk at a time: only the counts are kept
                check_text(chunk, "the training corpus", first)
                counted.update(word_counts(tokenize_lines(chunk, settings.tokenize, settings.lowercase)))
                first += len(chunk)
            self._training = counted
            self._counts = np.array([counted.get(word, 0) for word in self._encoder.vocabulary], dtype=np.int64)
            self.source = "the training corpus"

    def _word_buckets(self, size: int) -> IntArray:
        """The bucket of each word id below ``size``, the words met since the last call counted first (0 in
        reference 1; in the training corpus, their count there)."""
        if size > self._counts.size:
            if self._training is None:
                found = np.zeros(size - self._counts.size, dtype=np.int64)
            else:
                new = self._encoder.vocabulary[self._counts.size : size]
                found = np.array([self._training.get(word, 0) for word in new], dtype=np.int64)
            self._counts = np.concatenate([self._counts, found])
        return bucket_index(self._counts, self._cutoffs).astype(np.int64)

    def rows(self, lines: Sequence[str]) -> IntArray:
        """One system's rows: per segment and bucket, reference words, output words and matches."""
        output = self._encoder.encode(lines)
        size = max(self._counts.size, int(output[0].max()) + 1 if output[0].size else 0)
        rows = id_word_statistics(self._reference, output, self._word_buckets(size), len(self.names))
        return rows.astype(np.int32)  # counts of one segment's words; a report holds one array per system


def frequency_analysis(
    system_names: Sequence[str], per_system: Sequence[IntArray], counter: WordCounter, baseline: str
) -> BucketAnalysis:
    """Word precision (``prec``), recall (``rec``) and F (``fmeas``) per frequency bucket of every system, from its
    rows (``WordCounter.rows``, in the order of ``system_names``), with intervals and p-values against ``baseline``
    on the same resamples."""
    settings, names = counter.settings, counter.names
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
    base_k = list(system_names).index(baseline)
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
    lowercased = ", lowercased" if settings.lowercase else ""
    method = (
        f"Words are the {settings.tokenize} tokenizer's tokens{lowercased}; a word's frequency is its count in "
        f"{counter.source}.",
        "An output word matches while the output has used fewer copies of it than reference 1 has (compare-mt's rule).",
    )
    return BucketAnalysis(
        "frequency",
        buckets,
        tuple(values),
        tuple(system_names),
        baseline,
        WORD_MEASURES,
        settings.n_samples,
        settings.seed,
        method,
    )
