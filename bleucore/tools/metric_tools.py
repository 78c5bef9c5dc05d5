"""chrF's and TER's implementations lined up as BLEU's are (``catalog``): each tool's default call as a set of rules
(``chrf_rules.ChrfConventions``, ``ter_rules.TerConventions``), its number on the files by bleucore's own counting,
and the waterfall from one tool's number to another's, one rule a step. The tools are read from their code, never
imported: sacreBLEU 2.6, NLTK 3.10, torchmetrics 1.9, Hugging Face ``evaluate``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from decimal import Decimal
from typing import Any, Protocol

__all__ = [
    "MetricScorer",
    "MetricStep",
    "MetricTool",
    "MetricToolScore",
    "MetricWaterfall",
    "metric_waterfall",
    "score_metric_tools",
]


class MetricScorer(Protocol):
    """Scores the files under any set of the metric's rules, in points (0-100)."""

    def score(self, conventions: Any) -> float: ...


@dataclass(frozen=True)
class MetricTool:
    """One chrF or TER tool's default call: as ``catalog.Tool`` (``scale`` 1 for a 0-1 number, ``digits`` printed,
    ``float32`` arithmetic, ``quirks`` in words)."""

    key: str
    name: str
    call: str
    conventions: Any
    scale: float = 1.0
    digits: int | None = None
    float32: bool = False
    quirks: tuple[str, ...] = ()


@dataclass(frozen=True)
class MetricToolScore:
    """A tool's number: ``points`` on the 0-100 scale, ``value`` on the tool's, ``printed`` as the tool prints it;
    ``failure`` None (these tools score any pair of files the command line accepts)."""

    tool: MetricTool
    points: float | None
    value: float | None
    printed: str
    failure: str | None = None


def _tool_score(tool: MetricTool, points: float) -> MetricToolScore:
    value = points * tool.scale / 100.0
    if tool.digits is not None:
        printed = f"{value:.{tool.digits}f}"
    else:
        printed = f"{value:.4f}" if tool.float32 else repr(value)
    return MetricToolScore(tool, points, value, printed)


def score_metric_tools(tools: Sequence[MetricTool], scorer: MetricScorer) -> list[MetricToolScore]:
    """Each tool's number on the scorer's files."""
    return [_tool_score(t, scorer.score(t.conventions)) for t in tools]


@dataclass(frozen=True)
class MetricStep:
    """One rule changed from ``before`` to ``after``, the scores (points) before and after it, and why."""

    field: str
    before: object
    after: object
    score_before: float
    score_after: float
    why: str

    @property
    def delta(self) -> float:
        return self.score_after - self.score_before

    def printed_delta(self, digits: int = 2) -> Decimal:
        """The change between the two scores as printed: the printed steps add up to the printed ends."""
        return Decimal(f"{self.score_after:.{digits}f}") - Decimal(f"{self.score_before:.{digits}f}")

    def text(self, words: Mapping[tuple[str, object], str]) -> str:
        """The step in one English line: the rule's values in words, the change and why."""
        before = words.get((self.field, self.before), f"{self.field} {self.before}")
        after = words.get((self.field, self.after), f"{self.field} {self.after}")
        return f"{before} -> {after}: {self.printed_delta():+} ({self.why})"


@dataclass(frozen=True)
class MetricWaterfall:
    """From ``start`` to ``end``: their scores (points) and the steps between them."""

    start: MetricTool
    end: MetricTool
    start_score: float
    end_score: float
    steps: tuple[MetricStep, ...]
    words: Mapping[tuple[str, object], str]

    def text(self) -> str:
        lines = [f"{self.start.name}: {self.start_score:.2f}"]
        lines += [f"  {step.text(self.words)}" for step in self.steps]
        lines.append(f"{self.end.name}: {self.end_score:.2f}")
        return "\n".join(lines)


def metric_waterfall(
    start: MetricTool,
    end: MetricTool,
    scorer: MetricScorer,
    order: Sequence[str],
    why: Mapping[str, str],
    words: Mapping[tuple[str, object], str],
) -> MetricWaterfall:
    """The steps from ``start``'s rules to ``end``'s, one field of ``order`` at a time."""
    current = start.conventions
    first = before = scorer.score(current)
    steps = []
    names = {f.name for f in fields(current)}
    for name in order:
        if name not in names or getattr(current, name) == getattr(end.conventions, name):
            continue
        changed = replace(current, **{name: getattr(end.conventions, name)})
        after = scorer.score(changed)
        steps.append(MetricStep(name, getattr(current, name), getattr(changed, name), before, after, why[name]))
        current, before = changed, after
    return MetricWaterfall(start, end, first, before, tuple(steps), words)
