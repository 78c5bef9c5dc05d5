"""bleucore: exact, explainable BLEU (Papineni et al. 2002), numbers identical to sacreBLEU 2.6 and NLTK 3.10.

    >>> from bleucore import BleuOptions, corpus_bleu, explain
    >>> corpus_bleu(["the cat sat"], [["the cat sat"]]).score
"""

from .bleu import SentenceExplanation, check_streams, corpus_bleu, corpus_statistics, explain, sentence_bleu, sentence_bleus
from .diagnose import Fix, ZeroDiagnosis, diagnose
from .explain import NgramRow, Occurrence, OrderExplanation
from .lengths import brevity_penalty, reference_length, simplified_brevity_penalty
from .options import BleuOptions, uniform_weights
from .score import BLEUScore, compute_bleu, score_statistics, sentence_scores_from_statistics
from .signature import __version__, signature
from .stats import Statistics, statistics_from_tokens
from .tokenizers import tokenize, tokenize_lines
from .variants import VariantScore, compare_variants

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
