"""The metrics whose tools the doctor lines up besides BLEU's (``catalog``): each metric's tools, how its files are
scored under any of its rules, the order its waterfall changes them in, and their words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .chrf_rules import CHRF_FIELD_ORDER, CHRF_FIELD_WHY, CHRF_TOOLS, CHRF_VALUE_WORDS
from .chrf_scoring import ChrfScorer
from .metric_tools import MetricScorer, MetricTool, MetricWaterfall, metric_waterfall
from .ter_rules import TER_FIELD_ORDER, TER_FIELD_WHY, TER_TOOLS, TER_VALUE_WORDS
from .ter_scoring import TerScorer

__all__ = ["FAMILIES", "METRICS", "ToolFamily", "family"]


@dataclass(frozen=True)
class ToolFamily:
    """One metric's tools and what its waterfall needs."""

    metric: str
    tools: tuple[MetricTool, ...]
    scorer: Callable[[Sequence[str], Sequence[Sequence[str]]], MetricScorer]
    order: tuple[str, ...]
    why: Mapping[str, str]
    words: Mapping[tuple[str, object], str]

    def tool(self, key: str) -> MetricTool:
        """The tool named ``key`` (ValueError naming the choices otherwise)."""
        for t in self.tools:
            if t.key == key:
                return t
        raise ValueError(f"unknown {self.metric} tool {key!r}; choose one of {', '.join(t.key for t in self.tools)}")

    def waterfall(self, start: MetricTool, end: MetricTool, scorer: MetricScorer) -> MetricWaterfall:
        """The steps from ``start``'s number to ``end``'s, one rule at a time, in ``order``."""
        return metric_waterfall(start, end, scorer, self.order, self.why, self.words)


FAMILIES = {
    "chrf": ToolFamily("chrf", CHRF_TOOLS, ChrfScorer, CHRF_FIELD_ORDER, CHRF_FIELD_WHY, CHRF_VALUE_WORDS),
    "ter": ToolFamily("ter", TER_TOOLS, TerScorer, TER_FIELD_ORDER, TER_FIELD_WHY, TER_VALUE_WORDS),
}
#: The doctor's metrics: BLEU (``catalog``) and those of ``FAMILIES``.
METRICS = ("bleu", *FAMILIES)


def family(metric: str) -> ToolFamily:
    """The tools of ``metric`` (chrf or ter)."""
    if metric not in FAMILIES:
        raise ValueError(f"unknown metric {metric!r}; choose one of {', '.join(METRICS)}")
    return FAMILIES[metric]
