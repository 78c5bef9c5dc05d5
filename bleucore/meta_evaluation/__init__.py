"""Which metric to trust: where two metrics agree on a system's change from the baseline (``agreement``), and how
well each tracks human judgements at the system and the segment level (``correlation``). Pure functions of arrays;
the report and the Compare page build their records from them."""

from __future__ import annotations

from .agreement import Agreement, disagreements, sign_agreement
from .correlation import kendall_tau_b, pairwise_accuracy, pearson

__all__ = ["Agreement", "disagreements", "kendall_tau_b", "pairwise_accuracy", "pearson", "sign_agreement"]
