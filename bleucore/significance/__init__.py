"""Significance over sufficient statistics, for any metric: the paired tests (``paired``) and bootstrap confidence
(``confidence``) of sacreBLEU 2.6 on its draws (``resampling``), the one table of systems against a baseline built
from them (``table``), with beside each delta how likely people agree with it (``thresholds``: Kocmi et al.
2024), N systems ranked in clusters as WMT25 ranks them (``ranking``, with the one-sided Wilcoxon signed-rank test of
``wilcoxon``) and by several metrics at once (``auto_rank``: WMT25's AutoRank), and sacreBLEU's resampling defaults
(``defaults``, light: the command line's ``--help`` reads them without numpy).

Loaded on first use (PEP 562)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_attributes
from .defaults import AR_TRIALS, BOOTSTRAP_SAMPLES, SEED

if TYPE_CHECKING:
    from .auto_rank import AutoRank, AutoRankRow, autorank
    from .confidence import ConfidenceResult, bootstrap_confidence, estimate_ci
    from .paired import (
        PairedTestResult,
        exceedance_p_value,
        paired_approximate_randomization,
        paired_bootstrap,
        sacrebleu_scores,
    )
    from .ranking import Ranking, RankRow, pairwise_bootstrap_p, rank_systems
    from .resampling import bootstrap_counts, bootstrap_scores
    from .table import SignificanceRow, SignificanceTable, significance_table
    from .thresholds import HumanAgreement, ThresholdModel, human_agreement, threshold_model
    from .wilcoxon import wilcoxon_greater

_EXPORTS: dict[str, tuple[str, ...]] = {
    "auto_rank": ("AutoRank", "AutoRankRow", "autorank"),
    "confidence": ("ConfidenceResult", "bootstrap_confidence", "estimate_ci"),
    "thresholds": ("HumanAgreement", "ThresholdModel", "human_agreement", "threshold_model"),
    "paired": (
        "PairedTestResult",
        "exceedance_p_value",
        "paired_approximate_randomization",
        "paired_bootstrap",
        "sacrebleu_scores",
    ),
    "ranking": ("RankRow", "Ranking", "pairwise_bootstrap_p", "rank_systems"),
    "resampling": ("bootstrap_counts", "bootstrap_scores"),
    "table": ("SignificanceRow", "SignificanceTable", "significance_table"),
    "wilcoxon": ("wilcoxon_greater",),
}
__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())
__all__ = [
    "AR_TRIALS",
    "BOOTSTRAP_SAMPLES",
    "SEED",
    "AutoRank",
    "AutoRankRow",
    "ConfidenceResult",
    "HumanAgreement",
    "PairedTestResult",
    "RankRow",
    "Ranking",
    "SignificanceRow",
    "SignificanceTable",
    "ThresholdModel",
    "autorank",
    "bootstrap_confidence",
    "bootstrap_counts",
    "bootstrap_scores",
    "estimate_ci",
    "exceedance_p_value",
    "human_agreement",
    "paired_approximate_randomization",
    "paired_bootstrap",
    "pairwise_bootstrap_p",
    "rank_systems",
    "sacrebleu_scores",
    "significance_table",
    "threshold_model",
    "wilcoxon_greater",
]
