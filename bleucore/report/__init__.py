"""A report to keep: corpus scores with intervals and significance marks against a baseline, and the bucket
analyses of ``bleucore.buckets``, as one self-contained HTML file, a LaTeX table (booktabs) and JSON records.
``python -m bleucore.report REF... -i SYS...`` (``bleucore-report``) writes them from files."""

from __future__ import annotations

from .build import Report, build_report
from .charts import bucket_chart
from .html import html_report, render_svg
from .latex import latex_escape, latex_table
from .statistics import SetupCheck

__all__ = [
    "Report",
    "SetupCheck",
    "bucket_chart",
    "build_report",
    "html_report",
    "latex_escape",
    "latex_table",
    "render_svg",
]
