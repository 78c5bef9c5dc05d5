"""What the report says of a bucket too small to test (``bleucore.buckets.MIN_TESTED_LINES``): its numbers are shown,
its differences from the baseline are not tested, and the reader is told why."""

from __future__ import annotations

from ..buckets import Bucket, BucketAnalysis

__all__ = ["untested", "untested_rule"]


def untested_rule(analysis: BucketAnalysis) -> str:
    """The rule, once per table."""
    return (
        f"a bucket of fewer than {analysis.min_lines} lines is not tested: its interval rests on a handful of lines, "
        "and the test would mark differences that are chance"
    )


def untested(analysis: BucketAnalysis, bucket: Bucket) -> str:
    """Beside an untested bucket's size: how many lines it has."""
    lines = "1 line" if bucket.lines == 1 else f"{bucket.lines:,} lines"
    return f"{lines}: not tested"
