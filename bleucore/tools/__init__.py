"""Other tools' conventions, reproduced by bleucore (never imported at run time), so that a user can see which
rule makes another tool's number differ from sacreBLEU's: ``Conventions`` (one field per rule), ``TOOLS`` (each
tool's default call), ``score_as_tools`` and ``waterfall`` (one rule changed per step); the same for chrF and TER
(``FAMILIES``: ``ChrfConventions``, ``TerConventions``, their tools, scorers and waterfalls); ``compare_mt_bleu``
(compare-mt 0.2.10's BLEU, for its buckets)."""

from __future__ import annotations

from .catalog import TOOLS, Tool, ToolScore, score_as_tools, tool, tools_for
from .chrf_rules import CHRF_TOOLS, ChrfConventions
from .chrf_scoring import ChrfScorer
from .compare_mt import COMPARE_MT_BLEU_RULES, compare_mt_bleu
from .conventions import FIELD_ORDER, SACREBLEU, SPLITS, Conventions
from .families import FAMILIES, METRICS, ToolFamily, family
from .metric_tools import MetricStep, MetricTool, MetricToolScore, MetricWaterfall, score_metric_tools
from .scoring import ConventionScore, ConventionScorer
from .ter_rules import TER_TOOLS, TerConventions
from .ter_scoring import TerScorer
from .waterfall import FIELD_WHY, Step, Waterfall, measured_words, printed, value_words, waterfall

__all__ = [
    "CHRF_TOOLS",
    "COMPARE_MT_BLEU_RULES",
    "FAMILIES",
    "FIELD_ORDER",
    "FIELD_WHY",
    "METRICS",
    "SACREBLEU",
    "SPLITS",
    "TER_TOOLS",
    "TOOLS",
    "ChrfConventions",
    "ChrfScorer",
    "ConventionScore",
    "ConventionScorer",
    "Conventions",
    "MetricStep",
    "MetricTool",
    "MetricToolScore",
    "MetricWaterfall",
    "Step",
    "TerConventions",
    "TerScorer",
    "Tool",
    "ToolFamily",
    "ToolScore",
    "Waterfall",
    "compare_mt_bleu",
    "family",
    "measured_words",
    "printed",
    "score_as_tools",
    "score_metric_tools",
    "tool",
    "tools_for",
    "value_words",
    "waterfall",
]
