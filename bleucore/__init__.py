"""bleucore: exact, explainable BLEU (Papineni et al. 2002), numbers identical to sacreBLEU 2.6 and NLTK 3.10.

Usage: ``corpus_bleu(["the cat sat on the mat"], [["the cat sat on the mat"]]).score`` gives 100.0 (sacreBLEU's scale);
``explain(candidate, references, BleuOptions(tokenize="none"))`` gives the full breakdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .registry import lazy_attributes

__version__ = "0.1.0"

#: Public name -> module. Loaded on first use (PEP 562) so `python -m bleucore --help` stays fast.
_EXPORTS: dict[str, str] = {
    "SentenceExplanation": "bleu",
    "check_streams": "bleu",
    "corpus_bleu": "bleu",
    "corpus_statistics": "bleu",
    "explain": "bleu",
    "sentence_bleu": "bleu",
    "sentence_bleus": "bleu",
    "Fix": "diagnosis",
    "ZeroDiagnosis": "diagnosis",
    "diagnose": "diagnosis",
    "NgramRow": "breakdown",
    "Occurrence": "breakdown",
    "OrderExplanation": "breakdown",
    "brevity_penalty": "lengths",
    "reference_length": "lengths",
    "simplified_brevity_penalty": "lengths",
    "BleuOptions": "options",
    "uniform_weights": "options",
    "BLEUScore": "score",
    "compute_bleu": "score",
    "score_statistics": "score",
    "sentence_scores_from_statistics": "score",
    "signature": "signatures",
    "Statistics": "stats",
    "statistics_from_tokens": "stats",
    "tokenize": "tokenizers",
    "tokenize_lines": "tokenizers",
    "VariantScore": "variants",
    "compare_variants": "variants",
}

if TYPE_CHECKING:
    from .bleu import SentenceExplanation, check_streams, corpus_bleu, corpus_statistics, explain, sentence_bleu, sentence_bleus
    from .diagnosis import Fix, ZeroDiagnosis, diagnose
    from .breakdown import NgramRow, Occurrence, OrderExplanation
    from .lengths import brevity_penalty, reference_length, simplified_brevity_penalty
    from .options import BleuOptions, uniform_weights
    from .score import BLEUScore, compute_bleu, score_statistics, sentence_scores_from_statistics
    from .signatures import signature
    from .stats import Statistics, statistics_from_tokens
    from .tokenizers import tokenize, tokenize_lines
    from .variants import VariantScore, compare_variants


__getattr__ = lazy_attributes(__name__, _EXPORTS, globals())


__all__ = [
    "BLEUScore",
    "BleuOptions",
    "Fix",
    "NgramRow",
    "Occurrence",
    "OrderExplanation",
    "SentenceExplanation",
    "Statistics",
    "VariantScore",
    "ZeroDiagnosis",
    "__version__",
    "brevity_penalty",
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
