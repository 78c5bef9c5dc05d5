"""chrF's rules, one field each, and the tools people compare chrF numbers with, each as the rules of its default
call (read from its code): sacreBLEU 2.6 (``CHRF()``: chrF2; ``CHRF(word_order=2)``: chrF2++), NLTK 3.10
(``corpus_chrf`` and ``sentence_chrf``), torchmetrics 1.9 (``CHRFScore()``) and Hugging Face ``evaluate``'s ``chrf``
(sacreBLEU's ``CHRF`` inside)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .metric_tools import MetricTool

__all__ = ["CHRF_FIELD_ORDER", "CHRF_FIELD_WHY", "CHRF_TOOLS", "CHRF_VALUE_WORDS", "ChrfConventions"]

Whitespace = Literal["removed", "ascii-space"]
EmptyOrders = Literal["skipped", "counted"]
ZeroOverlap = Literal["kept", "dropped"]
Averaging = Literal["effective-order", "mean-f", "mean-f-eps"]


@dataclass(frozen=True)
class ChrfConventions:
    """One tool's chrF rules (Popović 2015, 2017).

    ``word_order``: 0 (chrF) or 2 (chrF++: word unigrams and bigrams beside the 6 character orders).
    ``whitespace``: every whitespace character left out of the character n-grams (sacreBLEU, NLTK), or the line
    stripped and then only the space (torchmetrics: a tab or a no-break space inside a line is a character).
    ``case``: ``cased`` or ``lower``. ``references``: every reference (the best one per line) or the first only.
    ``empty_orders``: an order the reference has no n-gram of leaves the hypothesis' n-grams of that order out too
    (``skipped``, sacreBLEU) or counts them (``counted``). ``zero_overlap``: a line sharing no n-gram with any
    reference keeps its reference's n-grams in the corpus recall (``kept``) or adds none (``dropped``: torchmetrics
    1.9, Lightning-AI/torchmetrics#3480). ``averaging``: the F of the precision and recall averaged over the orders
    that have n-grams (``effective-order``, sacreBLEU), the mean of the orders' F (``mean-f``, chrF++.py and
    torchmetrics: 0 for an order without n-grams), or the same with 1e-16 for such an order (``mean-f-eps``, NLTK).
    ``beta``: recall counts beta times as much as precision. ``aggregate``: F of the summed counts (``corpus``) or
    the mean of the lines' F (``sentence-mean``, NLTK's ``corpus_chrf`` too).
    """

    word_order: int = 0
    whitespace: Whitespace = "removed"
    case: Literal["cased", "lower"] = "cased"
    references: Literal["all", "first"] = "all"
    empty_orders: EmptyOrders = "skipped"
    zero_overlap: ZeroOverlap = "kept"
    averaging: Averaging = "effective-order"
    beta: int = 2
    aggregate: Literal["corpus", "sentence-mean"] = "corpus"


#: The fields in the order the waterfall changes them (the counts first, the formula last).
CHRF_FIELD_ORDER = (
    "word_order",
    "whitespace",
    "case",
    "references",
    "empty_orders",
    "zero_overlap",
    "averaging",
    "beta",
    "aggregate",
)
#: What each rule does, in one sentence (the command line's words).
CHRF_FIELD_WHY = {
    "word_order": "word unigrams and bigrams are two more orders in the average, and words match less often than "
    "characters",
    "whitespace": "a tab or no-break space left in the character n-grams matches only the same character",
    "case": "lowercasing both sides lets 'The' match 'the'",
    "references": "with every reference, each line keeps the one it scores best against",
    "empty_orders": "a reference too short for an order: counting the hypothesis' n-grams of that order anyway "
    "lowers precision",
    "zero_overlap": "a line that matches nothing and adds no reference n-grams raises recall (the bug of "
    "Lightning-AI/torchmetrics#3480)",
    "averaging": "the F of averaged precision and recall is not the average of the orders' F",
    "beta": "a larger beta weighs recall more against precision",
    "aggregate": "the mean of the lines' scores weighs a short line as much as a long one",
}
CHRF_VALUE_WORDS = {
    ("word_order", 0): "chrF (characters only)",
    ("word_order", 2): "chrF++ (characters and words)",
    ("whitespace", "removed"): "all whitespace left out",
    ("whitespace", "ascii-space"): "only spaces left out",
    ("case", "cased"): "cased",
    ("case", "lower"): "lowercased",
    ("references", "all"): "every reference",
    ("references", "first"): "the first reference only",
    ("empty_orders", "skipped"): "orders the reference lacks skipped",
    ("empty_orders", "counted"): "orders the reference lacks counted",
    ("zero_overlap", "kept"): "references of unmatched lines kept",
    ("zero_overlap", "dropped"): "references of unmatched lines dropped",
    ("averaging", "effective-order"): "F of the averaged P and R",
    ("averaging", "mean-f"): "mean of the orders' F",
    ("averaging", "mean-f-eps"): "mean of the orders' F (1e-16 for an empty order)",
    ("beta", 2): "beta 2",
    ("beta", 3): "beta 3",
    ("aggregate", "corpus"): "corpus F",
    ("aggregate", "sentence-mean"): "mean of sentence F",
}

_NLTK = ChrfConventions(
    references="first", empty_orders="counted", averaging="mean-f-eps", beta=3, aggregate="sentence-mean"
)
CHRF_TOOLS: tuple[MetricTool, ...] = (
    MetricTool("sacrebleu", "sacreBLEU 2.6 chrF2", "sacrebleu REF -i HYP -m chrf", ChrfConventions(), 100.0, 2),
    MetricTool(
        "sacrebleu-chrf++",
        "sacreBLEU 2.6 chrF2++",
        "sacrebleu REF -i HYP -m chrf --chrf-word-order 2",
        ChrfConventions(word_order=2),
        100.0,
        2,
    ),
    MetricTool(
        "nltk-corpus",
        "NLTK 3.10 corpus_chrf",
        "corpus_chrf([r for r in refs[0]], hyps)",
        _NLTK,
        quirks=(
            "the mean of the sentence scores (a macro average), not F of summed counts",
            "one reference; beta 3; an order without n-grams scores 1e-16",
        ),
    ),
    MetricTool(
        "nltk-sentence-mean",
        "NLTK 3.10 sentence_chrf, averaged",
        "mean(sentence_chrf(r, h) for each line)",
        _NLTK,
        quirks=("the same number as corpus_chrf, to the last digits of rounding",),
    ),
    MetricTool(
        "torchmetrics",
        "torchmetrics CHRFScore",
        "CHRFScore()(hyps, [[r, ...] for each line])",
        ChrfConventions(
            word_order=2, whitespace="ascii-space", empty_orders="counted", zero_overlap="dropped", averaging="mean-f"
        ),
        float32=True,
        quirks=(
            "chrF++ by default (n_word_order=2)",
            "a line sharing no n-gram with any reference adds its hypothesis n-grams but not its reference's "
            "(Lightning-AI/torchmetrics#3480, fixed after 1.9.0): the score is too high",
            "computed in 32-bit floats",
        ),
    ),
    MetricTool(
        "hf-evaluate",
        "Hugging Face evaluate chrf",
        'evaluate.load("chrf").compute(predictions=hyps, references=refs)',
        ChrfConventions(),
        100.0,
        quirks=("sacreBLEU's CHRF inside; every line needs the same number of references",),
    ),
)
