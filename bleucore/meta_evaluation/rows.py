"""The meta-evaluation's rows and their JSON records, from each metric's ``MetricValues``:

* ``agreement_rows``: for each system against the baseline, and each imported metric against each built-in one, the
  share of segments, among those where both metrics' sentence-level differences from the baseline are non-zero, where
  the two differences have the same sign (``agreement.sign_agreement``; TER's and any lower-is-better metric's sign
  flipped); records ``{"analysis": "agreement", "bucket": "all", "system", "metric", "versus", "value", "size"}``.
* ``human_rows`` (``human``: one imported metric holding human judgements, DA, ESA or MQM-derived): every other
  metric's Pearson r, Kendall tau-b and pairwise accuracy (Kocmi et al. 2021) against it over the systems' corpus
  values, and Kendall tau-b over every segment of every system, pooled; lower-is-better values negated first (on
  both sides), so agreement reads as positive. WMT25's two measures beside them: soft pairwise accuracy at the system
  level (``soft_pairwise``: the permutation tests' p-values of every pair of systems, people's against the metric's)
  and tie-calibrated pairwise accuracy at the segment level (``ties``: acc_eq averaged per segment, with its tie
  threshold). Records ``{"analysis": "meta", "metric", "versus", "level": "system", "pearson", "kendall",
  "pairwise_accuracy", "soft_pairwise_accuracy", "size"}`` and ``{..., "level": "segment", "kendall", "acc_eq",
  "tie_threshold", "acc_eq_untied", "size"}``, where ``size`` is the number of systems or of segments pooled."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from .agreement import sign_agreement
from .correlation import kendall_tau_b, pairwise_accuracy, pearson
from .errors import check_human
from .permutation import permutation_signs
from .soft_pairwise import SoftPairwiseAccuracy, soft_pairwise_accuracy
from .ties import TieCalibratedAccuracy, tie_calibrated_accuracy
from .values import FloatArray, MetricValues

__all__ = ["AgreementRow", "MetaRow", "agreement_rows", "human_rows"]


@dataclass(frozen=True)
class AgreementRow:
    """How often the imported metric ``metric`` and the built-in ``versus`` move the same way on ``system``'s
    segments against the baseline: ``value`` (None where no segment moves on both), over ``size`` segments."""

    system: str
    metric: str
    versus: str
    value: float | None
    size: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "analysis": "agreement",
            "bucket": "all",
            "system": self.system,
            "metric": self.metric,
            "versus": self.versus,
            "value": self.value,
            "size": self.size,
        }


@dataclass(frozen=True)
class MetaRow:
    """``metric`` against the human judgement ``versus`` at one ``level``: over ``size`` systems (``system``:
    Pearson, Kendall tau-b, pairwise accuracy, and soft pairwise accuracy with every pair's two p-values in ``spa``)
    or ``size`` segments pooled (``segment``: Kendall tau-b, and acc_eq per segment with its tie threshold and counts
    in ``acc_eq``). None where a correlation is undefined (a constant side)."""

    metric: str
    versus: str
    level: Literal["system", "segment"]
    kendall: float | None
    size: int
    pearson: float | None = None
    pairwise_accuracy: float | None = None
    spa: SoftPairwiseAccuracy | None = None
    acc_eq: TieCalibratedAccuracy | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"analysis": "meta", "metric": self.metric, "versus": self.versus, "level": self.level}
        if self.level == "system":
            out.update(pearson=self.pearson, kendall=self.kendall, pairwise_accuracy=self.pairwise_accuracy)
            out["soft_pairwise_accuracy"] = self.spa.value if self.spa is not None else None
        else:
            out["kendall"] = self.kendall
            ties = self.acc_eq
            out.update(
                acc_eq=ties.value if ties else None,
                tie_threshold=ties.epsilon if ties else None,
                acc_eq_untied=ties.untied if ties else None,
            )
        out["size"] = self.size
        return out


def agreement_rows(values: Sequence[MetricValues], baseline: str) -> tuple[AgreementRow, ...]:
    """Every system but ``baseline`` (in order), under every imported metric against every built-in one."""
    imported = [v for v in values if v.imported]
    builtin = [v for v in values if not v.imported]
    out = []
    for v in imported:
        for w in builtin:
            for system in v.systems:
                if system == baseline:
                    continue
                result = sign_agreement(
                    (v.segments[system], v.segments[baseline], v.higher_is_better),
                    (w.segments[system], w.segments[baseline], w.higher_is_better),
                )
                out.append(AgreementRow(system, v.label, w.label, result.value, result.size))
    return tuple(out)


def _corpus(values: MetricValues, systems: Sequence[str]) -> FloatArray | None:
    """The systems' corpus values, higher better; None where one is undefined."""
    found = [values.corpus[s] for s in systems]
    return None if any(v is None for v in found) else values.oriented([v for v in found if v is not None])


def human_rows(values: Sequence[MetricValues], human: str) -> tuple[MetaRow, ...]:
    """Every metric but ``human`` against it: a system-level row, then a segment-level row, metric by metric
    (``errors.check_human``'s errors for a ``human`` that is no imported metric, or too few systems)."""
    check_human(human, tuple(v.label for v in values if v.imported), len(values[0].systems) if values else 0)
    people = next(v for v in values if v.imported and v.label == human)
    systems = people.systems
    human_corpus = _corpus(people, systems)
    human_segments = people.oriented(np.concatenate([people.segments[s] for s in systems]))
    by_system = {s: people.oriented(people.segments[s]) for s in systems}
    signs = permutation_signs(len(by_system[systems[0]]))  # the same sign flips for every metric, as mt-metrics-eval
    out = []
    for v in values:
        if v is people:
            continue
        corpus = _corpus(v, systems)
        segments = v.oriented(np.concatenate([v.segments[s] for s in systems]))
        scores = {s: v.oriented(v.segments[s]) for s in systems}
        spa = soft_pairwise_accuracy(by_system, scores, signs=signs)
        if corpus is None or human_corpus is None:  # a system the metric cannot score: no system-level number
            out.append(MetaRow(v.label, human, "system", None, len(systems), spa=spa))
        else:
            out.append(
                MetaRow(
                    v.label,
                    human,
                    "system",
                    kendall_tau_b(corpus, human_corpus),
                    len(systems),
                    pearson(corpus, human_corpus),
                    pairwise_accuracy(corpus, human_corpus),
                    spa=spa,
                )
            )
        ties = tie_calibrated_accuracy(by_system, scores)
        kendall = kendall_tau_b(segments, human_segments)
        out.append(MetaRow(v.label, human, "segment", kendall, int(segments.size), acc_eq=ties))
    return tuple(out)
