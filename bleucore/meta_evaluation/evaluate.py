"""Everything the report says about its metrics, computed at once from the statistics it holds
(``evaluate_metrics``): the agreement of every imported metric with every built-in one on each system's change from
the baseline, the top disagreement examples of each, and with ``human`` every metric's correlations with the human
judgement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..metrics import Metric
from .errors import check_human
from .examples import DisagreementExample, disagreement_examples
from .rows import AgreementRow, MetaRow, agreement_rows, human_rows
from .values import is_imported, metric_values

__all__ = ["EXAMPLES", "MetricsEvaluation", "evaluate_metrics", "human_check"]

#: Disagreement examples kept per system, imported metric and built-in metric.
EXAMPLES = 3


@dataclass(frozen=True)
class MetricsEvaluation:
    """The agreement rows, the disagreement examples (by imported metric, built-in metric and system, strongest
    first), the human judgement's name and the correlations with it (empty without ``human``)."""

    agreements: tuple[AgreementRow, ...] = ()
    examples: tuple[DisagreementExample, ...] = ()
    human: str | None = None
    meta: tuple[MetaRow, ...] = ()


def human_check(metrics: Sequence[Metric], human: str | None, systems: int) -> None:
    """The errors of a bad ``human`` (``errors.check_human``), before anything is computed."""
    if human is not None:
        check_human(human, tuple(m.printed_label for m in metrics if is_imported(m)), systems)


def evaluate_metrics(
    metrics: Sequence[Metric],
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str]],
    *,
    baseline: str,
    human: str | None = None,
    statistics: Mapping[str, Sequence[Any]] | None = None,
    examples: int = EXAMPLES,
) -> MetricsEvaluation:
    """The evaluation of ``metrics`` on ``systems`` (name -> lines) against reference streams; ``statistics``: per
    metric label, each system's statistics already computed (in the order of ``systems``). Nothing is computed
    without an imported metric."""
    human_check(metrics, human, len(systems))
    if not any(is_imported(m) for m in metrics):
        return MetricsEvaluation()
    values = [
        metric_values(m, systems, references, None if statistics is None else statistics[m.printed_label])
        for m in metrics
    ]
    found: list[DisagreementExample] = []
    for imported in (v for v in values if v.imported):
        for builtin in (v for v in values if not v.imported):
            for system in systems:
                found += disagreement_examples(imported, builtin, system, baseline, systems, references, examples)
    meta = human_rows(values, human) if human is not None else ()
    return MetricsEvaluation(agreement_rows(values, baseline), tuple(found), human, meta)
