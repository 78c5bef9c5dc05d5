"""Which metric to trust: where two metrics agree on a system's change from the baseline (``agreement``), and how
well each tracks human judgements at the system and the segment level (``correlation``), pure functions of arrays;
each metric's corpus and sentence values per system (``values``), the report's rows and records built from them
(``rows``: agreement, and correlations against ``--human``), the segments where an imported metric and a built-in
one disagree most with what shows why (``examples``), and the typed errors of bad input (``errors``); WMT25's
meta-evaluation against human scores: soft pairwise accuracy at the system level (``soft_pairwise``, on the paired
permutation tests of ``permutation``; Thompson et al. 2024) and tie-calibrated pairwise accuracy at the segment level
(``ties``; Deutsch et al. 2023), both equal to mt-metrics-eval's. The report and the Compare page build their records
from them."""

from __future__ import annotations

from .agreement import Agreement, disagreements, sign_agreement
from .correlation import kendall_tau_b, pairwise_accuracy, pearson
from .errors import MIN_SYSTEMS, TooFewSystems, UnknownHuman
from .examples import SEVERITIES, DisagreementExample, difference_scale, disagreement_examples, marked_pieces
from .permutation import PERMUTATION_SEED, PERMUTATIONS, pairwise_p_values, permutation_signs
from .rows import AgreementRow, MetaRow, agreement_rows, human_rows
from .soft_pairwise import PairConfidence, SoftPairwiseAccuracy, soft_pairwise_accuracy
from .ties import TieCalibratedAccuracy, tie_calibrated_accuracy
from .values import MetricValues, metric_values, sentence_metric, sentence_values

__all__ = [
    "MIN_SYSTEMS",
    "PERMUTATIONS",
    "PERMUTATION_SEED",
    "SEVERITIES",
    "Agreement",
    "AgreementRow",
    "DisagreementExample",
    "MetaRow",
    "MetricValues",
    "PairConfidence",
    "SoftPairwiseAccuracy",
    "TieCalibratedAccuracy",
    "TooFewSystems",
    "UnknownHuman",
    "agreement_rows",
    "difference_scale",
    "disagreement_examples",
    "disagreements",
    "human_rows",
    "kendall_tau_b",
    "marked_pieces",
    "metric_values",
    "pairwise_accuracy",
    "pairwise_p_values",
    "pearson",
    "permutation_signs",
    "sentence_metric",
    "sentence_values",
    "sign_agreement",
    "soft_pairwise_accuracy",
    "tie_calibrated_accuracy",
]
