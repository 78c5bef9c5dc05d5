"""The result of a bucket analysis: buckets, and one value per bucket, system and metric with its bootstrap
interval and, against the baseline, its paired-bootstrap p-value (Koehn 2004), untested in a bucket of fewer than
``bootstrap.MIN_TESTED_LINES`` lines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .bootstrap import MIN_TESTED_LINES

__all__ = ["Analysis", "Bucket", "BucketAnalysis", "BucketValue"]

Analysis = Literal["length", "frequency", "label"]


@dataclass(frozen=True)
class Bucket:
    """One bucket: its name as compare-mt prints it, the 0-based segments it holds (for frequency: the segments
    whose reference has a word of the bucket) and its size (segments; for frequency, reference words)."""

    name: str
    segments: tuple[int, ...]
    size: int

    @property
    def lines(self) -> int:
        """The lines the bucket's values are computed from (for frequency, those holding a word of the bucket)."""
        return len(self.segments)


@dataclass(frozen=True)
class BucketValue:
    """A system's value in a bucket under one metric (None: no data in the bucket), its 95% percentile interval
    over the bootstrap resamples, and the p-value of its difference from the baseline (None on the baseline, and
    where the bucket has too few lines to be tested: ``tested`` False)."""

    analysis: Analysis
    bucket: str
    system: str
    metric: str
    value: float | None
    ci: tuple[float, float] | None
    p_value: float | None = None
    delta: float | None = None
    tested: bool = True

    def significant(self, alpha: float = 0.05) -> bool:
        """True when the difference from the baseline was tested and has p < alpha."""
        return self.tested and self.p_value is not None and self.p_value < alpha

    def to_dict(self) -> dict[str, Any]:
        """The record of ``--json``: analysis, bucket, system, metric, value, ci (the issue's six keys, in order),
        then p_value and delta, and whether the bucket was tested (``tested`` false: too few lines, p_value null); value
        and ci are None (JSON null) for a bucket with no data, never NaN."""
        return {
            "analysis": self.analysis,
            "bucket": self.bucket,
            "system": self.system,
            "metric": self.metric,
            "value": self.value,
            "ci": list(self.ci) if self.ci is not None else None,
            "p_value": self.p_value,
            "delta": self.delta,
            "tested": self.tested,
        }


@dataclass(frozen=True)
class BucketAnalysis:
    """One analysis (by reference length, word frequency or label) of every system against the baseline."""

    analysis: Analysis
    buckets: tuple[Bucket, ...]
    values: tuple[BucketValue, ...]
    systems: tuple[str, ...]
    baseline: str
    metrics: tuple[str, ...]
    n_samples: int
    seed: int | None
    #: how the numbers are computed, in one sentence per rule (shown beside the table, written in the report)
    method: tuple[str, ...] = ()
    #: decimals of the metrics printed with other than ``digits`` (an imported metric's 0-1 scores: 4)
    metric_digits: tuple[tuple[str, int], ...] = ()
    #: lines a bucket needs for its differences to be tested
    min_lines: int = MIN_TESTED_LINES

    def tested(self, bucket: str) -> bool:
        """True when ``bucket`` has lines enough for its differences from the baseline to be tested."""
        return self.bucket(bucket).lines >= self.min_lines

    @property
    def size_counts(self) -> Literal["lines", "reference words"]:
        """What each bucket's ``size`` counts: for word frequency the words of reference 1, else lines."""
        return "reference words" if self.analysis == "frequency" else "lines"

    @property
    def digits(self) -> int:
        """Decimals a value is printed with: 4 for word frequency's measures (0-1), 2 for scores on the 0-100 scale."""
        return 4 if self.analysis == "frequency" else 2

    def digits_of(self, metric: str) -> int:
        """Decimals a value of ``metric`` is printed with."""
        return dict(self.metric_digits).get(metric, self.digits)

    def value(self, bucket: str, system: str, metric: str) -> BucketValue:
        """The value of ``system`` in ``bucket`` under ``metric``."""
        for v in self.values:
            if v.bucket == bucket and v.system == system and v.metric == metric:
                return v
        raise KeyError((bucket, system, metric))

    def bucket(self, name: str) -> Bucket:
        """The bucket called ``name``."""
        for b in self.buckets:
            if b.name == name:
                return b
        raise KeyError(name)

    def records(self) -> list[dict[str, Any]]:
        """Every value as a JSON record, bucket by bucket, with its bucket's ``size``."""
        sizes = {b.name: b.size for b in self.buckets}
        return [{**v.to_dict(), "size": sizes[v.bucket]} for v in self.values]
