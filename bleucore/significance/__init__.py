"""Significance over sufficient statistics, for any metric: the paired tests (``paired``) and bootstrap confidence
(``confidence``) of sacreBLEU 2.6 on its draws (``resampling``), the one table of systems against a baseline built
from them (``table``) and sacreBLEU's resampling defaults (``defaults``, light: the command line's ``--help`` reads
them without numpy).

Loaded on first use (PEP 562)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_attributes
from .defaults import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED

if TYPE_CHECKING:
    from .confidence import ConfidenceResult, bootstrap_confidence, estimate_ci
    from .paired import (
        PairedTestResult,
        exceedance_p_value,
        paired_approximate_randomization,
        paired_bootstrap,
        sacrebleu_scores,
    )
    from .resampling import bootstrap_counts
    from .table import SignificanceRow, SignificanceTable, significance_table

_EXPORTS: dict[str, tuple[str, ...]] = {
    "confidence": ("ConfidenceResult", "bootstrap_confidence", "estimate_ci"),
    "paired": (
        "PairedTestResult",
        "exceedance_p_value",
        "paired_approximate_randomization",
        "paired_bootstrap",
        "sacrebleu_scores",
    ),
    "resampling": ("bootstrap_counts",),
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
