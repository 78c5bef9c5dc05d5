"""Which metric to trust: where two metrics agree on a system's change from the baseline (``agreement``), and how
well each tracks human judgements at the system and the segment level (``correlation``), pure functions of arrays;
each metric's corpus and sentence values per system (``values``), the report's rows and records built from them
(``rows``: agreement, and correlations against ``--human``), the segments where an imported metric and a built-in
one disagree most with what shows why (``examples``), whether an imported metric's direction looks wrong
(``direction``: a forgotten ``--lower-better``), and the typed errors of bad input (``errors``). The report
and the Compare page build their records from them."""

from __future__ import annotations

from .agreement import Agreement, disagreements, sign_agreement
from .correlation import kendall_tau_b, pairwise_accuracy, pearson
from .direction import LOWER_IS_BETTER, DirectionWarning, direction_warnings, lower_is_better_name
from .errors import MIN_SYSTEMS, TooFewSystems, UnknownHuman
from .examples import SEVERITIES, DisagreementExample, difference_scale, disagreement_examples, marked_pieces
from .rows import AgreementRow, MetaRow, agreement_rows, human_rows
from .values import MetricValues, metric_values, sentence_metric, sentence_values

__all__ = [
    "LOWER_IS_BETTER",
    "MIN_SYSTEMS",
    "SEVERITIES",
    "Agreement",
    "AgreementRow",
    "DirectionWarning",
    "DisagreementExample",
    "MetaRow",
    "MetricValues",
    "TooFewSystems",
    "UnknownHuman",
    "agreement_rows",
    "difference_scale",
    "direction_warnings",
    "disagreement_examples",
    "disagreements",
    "human_rows",
    "kendall_tau_b",
    "lower_is_better_name",
    "marked_pieces",
    "metric_values",
    "pairwise_accuracy",
    "pearson",
    "sentence_metric",
    "sentence_values",
    "sign_agreement",
]
