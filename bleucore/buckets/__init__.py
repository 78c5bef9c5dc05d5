"""Where systems differ: scores per bucket of reference length, word frequency and label, with paired-bootstrap
intervals and significance marks per bucket, on compare-mt 0.2.10's buckets (Neubig et al. 2019); a bucket of fewer than
``MIN_TESTED_LINES`` lines shows its numbers untested."""

from __future__ import annotations

from .analyses import MAX_LABELS, WORD_MEASURES, frequency_buckets, label_buckets, length_buckets
from .bootstrap import MIN_TESTED_LINES
from .bounds import FREQUENCY_CUTOFFS, LENGTH_CUTOFFS, bucket_index, bucket_names
from .inputs import BucketSettings, TooManyLabels
from .table import Analysis, Bucket, BucketAnalysis, BucketValue
from .words import id_word_statistics, word_counts, word_measures, word_statistics

__all__ = [
    "FREQUENCY_CUTOFFS",
    "LENGTH_CUTOFFS",
    "MAX_LABELS",
    "MIN_TESTED_LINES",
    "WORD_MEASURES",
    "Analysis",
    "Bucket",
    "BucketAnalysis",
    "BucketSettings",
    "BucketValue",
    "TooManyLabels",
    "bucket_index",
    "bucket_names",
    "frequency_buckets",
    "id_word_statistics",
    "label_buckets",
    "length_buckets",
    "word_counts",
    "word_measures",
    "word_statistics",
]
