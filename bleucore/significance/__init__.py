"""Significance over sufficient statistics, for any metric: the paired tests and bootstrap confidence of
sacreBLEU 2.6 (``paired``), and the one table of systems against a baseline built from them (``table``)."""

from __future__ import annotations

from ..resampling import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED
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
