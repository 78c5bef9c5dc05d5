"""Other tools' conventions, reproduced by bleucore (never imported at run time), so that a user can see which
rule makes another tool's number differ from sacreBLEU's: ``Conventions`` (one field per rule), ``TOOLS`` (each
tool's default call), ``score_as_tools`` and ``waterfall`` (one rule changed per step); ``compare_mt_bleu``
(compare-mt 0.2.10's BLEU, for its buckets)."""

from __future__ import annotations

from .catalog import TOOLS, Tool, ToolScore, score_as_tools, tool, tools_for
from .compare_mt import COMPARE_MT_BLEU_RULES, compare_mt_bleu
from .conventions import FIELD_ORDER, SACREBLEU, SPLITS, Conventions
from .scoring import ConventionScore, ConventionScorer
from .waterfall import FIELD_WHY, Step, Waterfall, measured_words, printed, value_words, waterfall

__all__ = [
    "COMPARE_MT_BLEU_RULES",
    "FIELD_ORDER",
    "FIELD_WHY",
    "SACREBLEU",
    "SPLITS",
    "TOOLS",
    "ConventionScore",
    "ConventionScorer",
    "Conventions",
    "Step",
    "Tool",
    "ToolScore",
    "Waterfall",
    "compare_mt_bleu",
    "measured_words",
    "printed",
    "score_as_tools",
    "tool",
    "tools_for",
    "value_words",
    "waterfall",
]
