"""Significance over sufficient statistics, for any metric: the paired tests and bootstrap confidence of
sacreBLEU 2.6 (``paired``), the one table of systems against a baseline built from them (``table``) and sacreBLEU's
resampling defaults (``defaults``, light: the command line's ``--help`` reads them without numpy).

Loaded on first use (PEP 562)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_attributes
from .defaults import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED

if TYPE_CHECKING:
    from .paired import (
        ConfidenceResult,
        PairedTestResult,
        bootstrap_confidence,
        bootstrap_counts,
        estimate_ci,
        exceedance_p_value,
        paired_approximate_randomization,
        paired_bootstrap,
        sacrebleu_scores,
    )
    from .table import SignificanceRow, SignificanceTable, significance_table

_EXPORTS: dict[str, tuple[str, ...]] = {
    "paired": (
        "ConfidenceResult",
        "PairedTestResult",
        "bootstrap_confidence",
        "bootstrap_counts",
        "estimate_ci",
        "exceedance_p_value",
        "paired_approximate_randomization",
        "paired_bootstrap",
        "sacrebleu_scores",
    ),
    "table": ("SignificanceRow", "SignificanceTable", "significance_table"),
}
__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())
__all__ = [
    "AR_TRIALS",
    "BOOTSTRAP_SAMPLES",
    "SEED",
    "ConfidenceResult",
    "PairedTestResult",
    "SignificanceRow",
    "SignificanceTable",
    "bootstrap_confidence",
    "bootstrap_counts",
    "estimate_ci",
    "exceedance_p_value",
    "paired_approximate_randomization",
    "paired_bootstrap",
    "sacrebleu_scores",
    "significance_table",
]
