"""The report's size check, before any statistics are computed: its systems' lines together (``limits.
MAX_REPORT_LINES``), whose per-line statistics it holds (each system's text is read once and let go)."""

from __future__ import annotations

from .. import limits

__all__ = ["ReportTooLarge", "check_report_size"]


class ReportTooLarge(ValueError):
    """More system lines than one report holds the statistics of: the counts and the limit, and what to do."""

    def __init__(self, systems: int, segments: int, most: int) -> None:
        self.systems, self.segments, self.most = systems, segments, most
        fits = max(1, most // max(1, segments))
        super().__init__(
            f"{systems:,} systems of {segments:,} segments are {systems * segments:,} lines; a report holds the "
            f"statistics of at most {most:,} (here {fits:,} systems): report on fewer systems at once (the best "
            "ones, or groups that share a baseline), or split the test set (by document or --labels domain) into "
            "parts of fewer segments"
        )


def check_report_size(systems: int, segments: int) -> None:
    """ReportTooLarge once ``systems`` x ``segments`` passes ``limits.MAX_REPORT_LINES``."""
    if systems * segments > limits.MAX_REPORT_LINES:
        raise ReportTooLarge(systems, segments, limits.MAX_REPORT_LINES)
