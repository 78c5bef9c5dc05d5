"""Sentence and corpus BLEU from text: tokenize, collect statistics, sum, score (one path for both)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .diagnosis import ZeroDiagnosis, diagnose
from .breakdown import OrderExplanation, explain_orders
from .options import BleuOptions
from .score import BLEUScore, compute_bleu, score_statistics, sentence_scores_from_statistics
from .stats import Statistics, statistics_from_tokens
from .tokenizers import tokenize
from .variants import VariantScore, compare_variants

#: sacreBLEU's ``sentence_bleu`` defaults: effective order on.
SENTENCE_DEFAULTS = BleuOptions(effective_order=True)


def _check_references(references: Sequence[str]) -> None:
    if isinstance(references, str):
        raise ValueError("references must be a sequence of strings, got one string")
    if len(references) == 0:
        raise ValueError("a candidate needs at least 1 reference, got 0")


def check_streams(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> None:
    """Raise ValueError unless every reference stream has one line per hypothesis."""
    if isinstance(hypotheses, str):
        raise ValueError("hypotheses must be a sequence of strings, got one string")
    if len(references) == 0:
        raise ValueError("corpus BLEU needs at least 1 reference stream, got 0")
    for j, stream in enumerate(references, start=1):
        if isinstance(stream, str):
            raise ValueError(f"reference stream {j} must be a sequence of lines, got one string")
        if len(stream) != len(hypotheses):
            raise ValueError(f"{len(hypotheses)} hypotheses but {len(stream)} lines in reference {j}")


def corpus_statistics(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: BleuOptions | None = None
) -> Statistics:
    """Per-segment statistics; ``references[j][i]`` is reference j of segment i (sacreBLEU's layout).

    Computed by the vectorized path (``fast.text_statistics``), tested equal to the loop
    ``statistics_from_tokens``.
    """
    from .fast import text_statistics

    return text_statistics(hypotheses, references, options or BleuOptions())


def corpus_bleu(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: BleuOptions | None = None
) -> BLEUScore:
    """Corpus BLEU: statistics summed over segments, then scored (not a mean of sentence BLEU)."""
    options = options or BleuOptions()
    stats = corpus_statistics(hypotheses, references, options)
    return score_statistics(stats, options, len(references))


def sentence_bleus(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: BleuOptions | None = None
) -> list[BLEUScore]:
    """Sentence BLEU of every segment (defaults as sacreBLEU's ``sentence_bleu``: effective order on)."""
    options = options or SENTENCE_DEFAULTS
    stats = corpus_statistics(hypotheses, references, options)
    return sentence_scores_from_statistics(stats, options, len(references))


def sentence_bleu(hypothesis: str, references: Sequence[str], options: BleuOptions | None = None) -> BLEUScore:
    """BLEU of one candidate against its references (defaults: sacreBLEU's ``sentence_bleu``)."""
    _check_references(references)
    return sentence_bleus([hypothesis], [[r] for r in references], options)[0]


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
        return compare_variants(
            self.score.sys_len, self.score.ref_len, self.matches, self.totals, self.score.options
        )


def explain(hypothesis: str, references: Sequence[str], options: BleuOptions | None = None) -> SentenceExplanation:
    """Everything the app shows for one candidate (sentence defaults: effective order on)."""
    options = options or SENTENCE_DEFAULTS
    _check_references(references)
    cand = tokenize(hypothesis, options.tokenize, options.lowercase)
    refs = tuple(tokenize(r, options.tokenize, options.lowercase) for r in references)
    order = max(options.stats_order, 5)
    stats = statistics_from_tokens([cand], [refs], order, options.ref_length)
    matches, totals = stats.matches[0].tolist(), stats.totals[0].tolist()
    c, r = int(stats.hyp_len[0]), float(stats.ref_len[0])
    score = compute_bleu(c, r, matches, totals, options, len(refs))
    return SentenceExplanation(
        candidate=cand,
        references=refs,
        orders=explain_orders(cand, refs, options.max_order),
        score=score,
        reference_lengths=tuple(len(x) for x in refs),
        diagnosis=diagnose(c, r, matches, totals, options, score.score),
        matches=tuple(matches),
        totals=tuple(totals),
    )
