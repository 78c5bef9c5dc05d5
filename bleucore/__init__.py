"""bleucore: exact, explainable BLEU (Papineni et al. 2002), numbers identical to sacreBLEU 2.6 and NLTK 3.10.

Usage: ``corpus_bleu(["the cat sat on the mat"], [["the cat sat on the mat"]]).score`` gives 100.0 (sacreBLEU's scale);
``explain(candidate, references, BleuOptions(tokenize="none"))`` gives the full breakdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_attributes
from .limits import (
    HELD,
    MAX_DOCTOR_CHARS,
    MAX_DOCTOR_LINES,
    MAX_DOCTOR_TOTAL_CHARS,
    MAX_DOCTOR_TOTAL_LINES,
    MAX_HELD_CHARS,
    MAX_HELD_LINES,
    MAX_HELD_STATISTICS,
    MAX_HELD_TOTAL_CHARS,
    MAX_HELD_TOTAL_LINES,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_REFERENCES,
    MAX_RESAMPLES,
    MAX_SEGMENT_CHARS,
    MAX_TER_WORD_PAIRS,
    HeldLimits,
)

#: Module -> its public names, loaded on first use (PEP 562) so `python -m bleucore --help` stays fast.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "metrics.bleu.breakdown": ("NgramRow", "Occurrence", "OrderExplanation"),
    "metrics.bleu.diagnosis": ("Fix", "ZeroDiagnosis", "diagnose"),
    "metrics.bleu.explanation": ("SentenceExplanation", "explain"),
    "metrics.bleu.fast": ("statistics_from_tokens",),
    "metrics.bleu.from_text": ("corpus_bleu", "corpus_statistics", "sentence_bleu", "sentence_bleus"),
    "metrics.bleu.lengths": ("brevity_penalty", "reference_length", "simplified_brevity_penalty"),
    "metrics.bleu.options": ("BleuOptions", "uniform_weights"),
    "metrics.bleu.score": ("BLEUScore", "compute_bleu", "score_statistics"),
    "metrics.bleu.sentence_rows": ("sentence_scores_from_statistics",),
    "metrics.bleu.signatures": ("signature",),
    "metrics.bleu.stats": ("Statistics",),
    "metrics.bleu.variants": ("VariantScore", "compare_variants"),
    "metrics.inputs": ("check_streams",),
    "reading.checks": ("check_held_text", "check_held_total"),
    "reading.errors": ("HeldSizeError",),
    "tokenizers": ("tokenize", "tokenize_lines"),
    "version": ("__version__",),  # read from the package metadata on first use (bleucore/version.py)
}

if TYPE_CHECKING:
    from .metrics.bleu.breakdown import NgramRow, Occurrence, OrderExplanation
    from .metrics.bleu.diagnosis import Fix, ZeroDiagnosis, diagnose
    from .metrics.bleu.explanation import SentenceExplanation, explain
    from .metrics.bleu.fast import statistics_from_tokens
    from .metrics.bleu.from_text import corpus_bleu, corpus_statistics, sentence_bleu, sentence_bleus
    from .metrics.bleu.lengths import brevity_penalty, reference_length, simplified_brevity_penalty
    from .metrics.bleu.options import BleuOptions, uniform_weights
    from .metrics.bleu.score import BLEUScore, compute_bleu, score_statistics
    from .metrics.bleu.sentence_rows import sentence_scores_from_statistics
    from .metrics.bleu.signatures import signature
    from .metrics.bleu.stats import Statistics
    from .metrics.bleu.variants import VariantScore, compare_variants
    from .metrics.inputs import check_streams
    from .reading.checks import check_held_text, check_held_total
    from .reading.errors import HeldSizeError
    from .tokenizers import tokenize, tokenize_lines
    from .version import __version__


__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())


__all__ = [
    "HELD",
    "MAX_DOCTOR_CHARS",
    "MAX_DOCTOR_LINES",
    "MAX_DOCTOR_TOTAL_CHARS",
    "MAX_DOCTOR_TOTAL_LINES",
    "MAX_HELD_CHARS",
    "MAX_HELD_LINES",
    "MAX_HELD_STATISTICS",
    "MAX_HELD_TOTAL_CHARS",
    "MAX_HELD_TOTAL_LINES",
    "MAX_LINES",
    "MAX_LINE_CHARS",
    "MAX_REFERENCES",
    "MAX_RESAMPLES",
    "MAX_SEGMENT_CHARS",
    "MAX_TER_WORD_PAIRS",
    "BLEUScore",
    "BleuOptions",
    "Fix",
    "HeldLimits",
    "HeldSizeError",
    "NgramRow",
    "Occurrence",
    "OrderExplanation",
    "SentenceExplanation",
    "Statistics",
    "VariantScore",
    "ZeroDiagnosis",
    "__version__",
    "brevity_penalty",
    "check_held_text",
    "check_held_total",
    "check_streams",
    "compare_variants",
    "compute_bleu",
    "corpus_bleu",
    "corpus_statistics",
    "diagnose",
    "explain",
    "reference_length",
    "score_statistics",
    "sentence_bleu",
    "sentence_bleus",
    "sentence_scores_from_statistics",
    "signature",
    "simplified_brevity_penalty",
    "statistics_from_tokens",
    "tokenize",
    "tokenize_lines",
    "uniform_weights",
]
