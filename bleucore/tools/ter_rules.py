"""TER's rules, one field each, and the tools people compare TER numbers with, each as the rules of its default
call (read from its code): sacreBLEU 2.6 (``TER()``) and torchmetrics 1.9 (``TranslationEditRate()``). Both
lowercase by default (sacreBLEU's ``case_sensitive=False``, torchmetrics' ``lowercase=True``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .metric_tools import MetricTool

__all__ = ["TER_FIELD_ORDER", "TER_FIELD_WHY", "TER_TOOLS", "TER_VALUE_WORDS", "TerConventions"]


@dataclass(frozen=True)
class TerConventions:
    """One tool's TER rules (Snover et al. 2006; Tercom as sacreBLEU reimplements it).

    ``case``: ``lower`` (both tools' default) or ``cased``. ``shifted``: which side's words the shift search moves,
    the ``hypothesis`` toward the reference (Tercom, sacreBLEU) or the ``reference`` toward the hypothesis
    (torchmetrics 1.9 calls its edit-rate function with the two swapped; the greedy search then finds other shifts,
    and an empty hypothesis costs no edit, since the guard for an empty reference reads the hypothesis).
    ``longest_shift``: the most words one shift moves (Tercom's 10; torchmetrics tries ``range(1, 10)``: 9).
    """

    case: Literal["lower", "cased"] = "lower"
    shifted: Literal["hypothesis", "reference"] = "hypothesis"
    longest_shift: int = 10


TER_FIELD_ORDER = ("case", "shifted", "longest_shift")
TER_FIELD_WHY = {
    "case": "lowercasing both sides lets 'The' match 'the'",
    "shifted": "the greedy shift search is not symmetric: moving the reference's words finds other shifts, and an "
    "empty hypothesis then costs no edit",
    "longest_shift": "a span of 10 words out of place is one shift with 10-word shifts, and several edits without",
}
TER_VALUE_WORDS = {
    ("case", "lower"): "lowercased",
    ("case", "cased"): "cased",
    ("shifted", "hypothesis"): "the hypothesis' words shifted",
    ("shifted", "reference"): "the reference's words shifted",
    ("longest_shift", 10): "shifts of up to 10 words",
    ("longest_shift", 9): "shifts of up to 9 words",
}
TER_TOOLS: tuple[MetricTool, ...] = (
    MetricTool("sacrebleu", "sacreBLEU 2.6 TER", "sacrebleu REF -i HYP -m ter", TerConventions(), 100.0, 2),
    MetricTool(
        "torchmetrics",
        "torchmetrics TranslationEditRate",
        "TranslationEditRate()(hyps, [[r, ...] for each line])",
        TerConventions(shifted="reference", longest_shift=9),
        float32=True,
        quirks=(
            "lowercases by default (lowercase=True), as sacreBLEU's TER does",
            "the reference's words are shifted toward the hypothesis (its arguments are swapped), and an empty "
            "hypothesis costs no edit",
            "a shift moves at most 9 words (range(1, 10)), not Tercom's 10",
            "computed in 32-bit floats",
        ),
    ),
)
