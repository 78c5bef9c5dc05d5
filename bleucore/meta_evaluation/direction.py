"""Is an imported metric's direction right? A forgotten ``--lower-better`` (MetricX, MQM error points, TER) turns
every ranking upside down and every correlation negative without a word, so ``direction_warnings`` says so when

* the metric's name is one of a known lower-is-better metric (``LOWER_IS_BETTER``: MQM, MetricX, TER) while it is
  taken as higher-is-better (``name``), or
* its systems' values, oriented by its direction, correlate negatively (Pearson's r < 0, three systems or more) with
  BLEU's (else the first built-in metric's, oriented by its own direction) across the systems (``correlation``):
  either its direction is wrong, or the two metrics order these systems the other way round.

Both are warnings, never errors: an MQM-derived score can be negated (0 best, higher better), and two metrics may
disagree."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .correlation import pearson
from .values import MetricValues

__all__ = [
    "LOWER_IS_BETTER",
    "MIN_CORRELATED_SYSTEMS",
    "DirectionWarning",
    "direction_warnings",
    "lower_is_better_name",
]

#: Known lower-is-better metrics: a word of a metric's name starting with MQM or MetricX (``MetricX-24``,
#: ``mqm_score``) or equal to TER or HTER (``lower_is_better_name``).
LOWER_IS_BETTER = ("MQM", "MetricX", "TER")
#: Systems a correlation across systems needs to be worth a warning.
MIN_CORRELATED_SYSTEMS = 3

Kind = Literal["name", "correlation"]


@dataclass(frozen=True)
class DirectionWarning:
    """``metric`` (taken as ``higher_is_better``) may have the wrong direction: its name is the known lower-is-better
    ``known`` (``kind`` name), or its values correlate with ``versus``'s across ``systems`` systems with Pearson's
    ``pearson`` < 0, both oriented by their directions (``kind`` correlation)."""

    metric: str
    kind: Kind
    higher_is_better: bool
    known: str | None = None
    versus: str | None = None
    pearson: float | None = None
    systems: int = 0

    @property
    def code(self) -> str:
        return "lower-is-better-name" if self.kind == "name" else "negative-correlation"

    def text(self) -> str:
        """The warning in English (the command line's, the report's); a page words its fields itself."""
        if self.kind == "name":
            return (
                f"{self.metric} is taken as higher-is-better, but {self.known} is an error score (lower is better): "
                f"if its scores are errors, give --lower-better {self.metric}, or every ranking and correlation is "
                "turned around"
            )
        given = "higher-is-better" if self.higher_is_better else "lower-is-better"
        return (
            f"{self.metric}, taken as {given}, correlates negatively with {self.versus} across the {self.systems} "
            f"systems (Pearson's r = {self.pearson:.2f}, both oriented so that higher is better): check its "
            f"direction (if it is wrong, {self.fix}), or the two metrics order these systems the other way round"
        )

    @property
    def fix(self) -> str:
        """The command line's way to turn the direction around: a metric taken as lower-is-better was given
        ``--lower-better``, or is MetricX's JSONL, which says so itself."""
        if self.higher_is_better:
            return f"give --lower-better {self.metric}"
        return f"leave out --lower-better {self.metric}, or give --higher-better {self.metric} for MetricX's JSONL"

    def to_dict(self) -> dict[str, object]:
        """The report's JSON record of the warning."""
        return {
            "analysis": "warning",
            "code": self.code,
            "severity": "warning",
            "metric": self.metric,
            "systems": [],
            "lines": [],
            "message": self.text(),
            "fix": f"if its direction is wrong, {self.fix}",
        }


def lower_is_better_name(name: str) -> str | None:
    """The known lower-is-better metric ``name`` names (``LOWER_IS_BETTER``), else None; a COMET model trained on MQM
    (``wmt21-comet-mqm``) is higher-is-better, as every COMET."""
    words = re.split(r"[^0-9a-z]+", name.lower())
    if any(word.startswith(("comet", "xcomet")) for word in words):
        return None
    for word in words:
        if word in ("ter", "hter"):
            return "TER"
        if word.startswith("mqm"):
            return "MQM"
        if word.startswith("metricx"):
            return "MetricX"
    return None


def _versus(values: Sequence[MetricValues]) -> MetricValues | None:
    builtin = [v for v in values if not v.imported]
    return next((v for v in builtin if v.label == "BLEU"), builtin[0] if builtin else None)


def direction_warnings(values: Sequence[MetricValues]) -> tuple[DirectionWarning, ...]:
    """The warnings of every imported metric of ``values`` (each metric's corpus value per system; ``segments`` are
    not read), in their order: its name first, then its correlation with BLEU's."""
    versus = _versus(values)
    out = []
    for metric in (v for v in values if v.imported):
        known = lower_is_better_name(metric.label)
        if known is not None and metric.higher_is_better:
            out.append(DirectionWarning(metric.label, "name", True, known=known))
        if versus is None:
            continue
        systems = [s for s in metric.corpus if metric.corpus[s] is not None and versus.corpus.get(s) is not None]
        if len(systems) < MIN_CORRELATED_SYSTEMS:
            continue
        ours = metric.oriented([float(metric.corpus[s] or 0.0) for s in systems])
        theirs = versus.oriented([float(versus.corpus[s] or 0.0) for s in systems])
        r = pearson(ours, theirs)
        if r is not None and r < 0:
            out.append(
                DirectionWarning(
                    metric.label, "correlation", metric.higher_is_better, None, versus.label, r, len(systems)
                )
            )
    return tuple(out)
