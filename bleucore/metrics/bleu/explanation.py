"""One candidate explained: tokens, every order's breakdown, the score, a zero diagnosis and the variants."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...tokenizers import tokenize
from .breakdown import OrderExplanation, explain_orders
from .diagnosis import ZeroDiagnosis, diagnose
from .from_text import SENTENCE_DEFAULTS, check_references
from .options import BleuOptions
from .score import BLEUScore, compute_bleu
from .stats import segment_counts
from .variants import VariantScore, compare_variants


@dataclass(frozen=True)
class SentenceExplanation:
    """One candidate, explained: tokens, every order's breakdown, the score and a zero diagnosis."""

    candidate: tuple[str, ...]
    references: tuple[tuple[str, ...], ...]
    orders: tuple[OrderExplanation, ...]
    score: BLEUScore
    reference_lengths: tuple[int, ...]
    diagnosis: ZeroDiagnosis | None
    matches: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()

    def order(self, n: int) -> OrderExplanation:
        """The breakdown of order n (1-based)."""
        return self.orders[n - 1]

    def variants(self) -> tuple[VariantScore, ...]:
        """Every variant and smoothing for this candidate (``matches``/``totals`` hold max(N, 5) orders)."""
        return compare_variants(self.score.sys_len, self.score.ref_len, self.matches, self.totals, self.score.options)


def explain(hypothesis: str, references: Sequence[str], options: BleuOptions | None = None) -> SentenceExplanation:
    """Everything the app shows for one candidate (sentence defaults: effective order on)."""
    options = options or SENTENCE_DEFAULTS
    check_references(references)
    cand = tokenize(hypothesis, options.tokenize, options.lowercase)
    refs = tuple(tokenize(r, options.tokenize, options.lowercase) for r in references)
    order = max(options.stats_order, 5)
    c, r, matches, totals = segment_counts(cand, refs, order, options.ref_length)
    score = compute_bleu(c, r, matches, totals, options, len(refs))
    return SentenceExplanation(
        candidate=cand,
        references=refs,
        orders=explain_orders(cand, refs, options.max_order),
        score=score,
        reference_lengths=tuple(len(x) for x in refs),
        diagnosis=diagnose(score, matches, totals),
        matches=tuple(matches),
        totals=tuple(totals),
    )
