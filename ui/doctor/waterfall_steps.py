"""The waterfall from one tool's number to another's as the page shows it, for BLEU's tools (bleucore.tools'
``waterfall``) and for chrF's and TER's (their family's): each step's rule and values in words, its change as printed,
why the rule moves the score and what it changed in these files' counts, in the session's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from bleucore.doctor import Report
from bleucore.tools import FIELD_ORDER, ConventionScorer, MetricTool, Tool, family, waterfall
from ui.doctor import metric_tools_wording as metric_words
from ui.doctor.tools_wording import WHY, measured, tool_name, value_words
from ui.shell.i18n import N_, _

#: BLEU's rules by field, for the order its waterfall changes them in.
_BLEU_RULES = {
    "tokenize": N_("tokens"),
    "case": N_("case"),
    "references": N_("references"),
    "ref_length": N_("reference length"),
    "phantom_ngrams": N_("phantom n-grams"),
    "zero_precision": N_("zero precisions"),
    "brevity": N_("brevity penalty"),
    "aggregate": N_("corpus or mean of sentences"),
}


@dataclass(frozen=True)
class ShownStep:
    """One rule changed: its values before and after in words, the scores around it (points), the printed change,
    why the rule moves the score and what it changed in these files' counts."""

    before: str
    after: str
    score_before: float
    score_after: float
    delta: Decimal
    why: str
    measured: str


@dataclass(frozen=True)
class ShownWaterfall:
    """From one tool (its name and score) to another, the steps between them."""

    start: str
    end: str
    start_score: float
    end_score: float
    steps: tuple[ShownStep, ...]


def tools_of(result: Report) -> dict[str, Tool | MetricTool]:
    """The report's tools by key, in the table's order (BLEU's: sacreBLEU with the chosen tokenizer too)."""
    return {score.tool.key: score.tool for score in result.scores}


def shown_waterfall(result: Report, start: str, end: str) -> ShownWaterfall:
    """The steps from tool ``start`` to tool ``end`` of the report, on the counts its scorer keeps."""
    tools, scorer = tools_of(result), result.scorer
    first, last = tools[start], tools[end]
    if isinstance(scorer, ConventionScorer) and isinstance(first, Tool) and isinstance(last, Tool):
        bleu = waterfall(first, last, scorer=scorer)
        steps = tuple(
            ShownStep(
                value_words(s.field, s.before),
                value_words(s.field, s.after),
                s.score_before,
                s.score_after,
                s.printed_delta(),
                _(WHY[s.field]),
                measured(s),
            )
            for s in bleu.steps
        )
        return ShownWaterfall(tool_name(first), tool_name(last), bleu.start_score.score, bleu.end_score.score, steps)
    if scorer is None or isinstance(scorer, ConventionScorer) or isinstance(first, Tool) or isinstance(last, Tool):
        raise ValueError(f"no waterfall from {start} to {end}: the report's tools and scorer are not one metric's")
    metric = result.metric
    other = family(metric).waterfall(first, last, scorer)
    shown, conventions = [], first.conventions
    for s in other.steps:
        after = replace(conventions, **{s.field: s.after})
        shown.append(
            ShownStep(
                metric_words.value_words(metric, s.field, s.before),
                metric_words.value_words(metric, s.field, s.after),
                s.score_before,
                s.score_after,
                s.printed_delta(),
                _(metric_words.WHY[metric][s.field]),
                metric_words.measured(scorer, conventions, after),
            )
        )
        conventions = after
    return ShownWaterfall(tool_name(first), tool_name(last), other.start_score, other.end_score, tuple(shown))


def rule_order(metric: str) -> str:
    """The metric's rules in the order its waterfall changes them, in words."""
    names: Sequence[str] = FIELD_ORDER if metric == "bleu" else family(metric).order
    rules = _BLEU_RULES if metric == "bleu" else metric_words.RULES[metric]
    return ", ".join(_(rules[name]) for name in names)
