""" "Why is it zero?": which orders have no matches, and which option would give a non-zero score.

Standard BLEU is a geometric mean, so one p_n = 0 makes it 0 (Chen & Cherry 2014, §1); a
candidate shorter than N has no N-grams at all, which only effective order or a lower N fixes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .messages import (
    BelowOne,
    DiagnosisReason,
    EmptyCandidateScoresZero,
    FixChange,
    GeometricMeanZero,
    LowerOrder,
    NoTokenMatches,
    OrdersWithoutMatches,
    ShorterThanN,
    SmoothingKeepsScore,
    UseEffectiveOrder,
    UseSmoothing,
)
from .options import BleuOptions, uniform_weights
from .score import BLEUScore, compute_bleu

#: Below this (0-100 scale) a score counts as "tiny" and gets a diagnosis.
TINY_SCORE = 1.0


@dataclass(frozen=True)
class Fix:
    """An option change (a code: ``UseSmoothing("exp")``, ``LowerOrder(2)``, ...) and the score it gives."""

    change: FixChange
    options: BleuOptions
    score: float


@dataclass(frozen=True)
class ZeroDiagnosis:
    """Why the score ``bleu`` is 0 (or tiny), and the fixes that would make it non-zero, best first.

    ``reasons``: the explanation as codes in reading order (``messages``; ``ui/metrics/bleu/wording.py`` words them).
    """

    bleu: BLEUScore
    reasons: tuple[DiagnosisReason, ...]
    fixes: tuple[Fix, ...]

    @property
    def orders_without_matches(self) -> tuple[int, ...]:
        """The orders n <= N whose clipped matches sum to 0, so p_n = 0 before smoothing."""
        return _zero_orders(self.bleu.counts)

    @property
    def orders_without_ngrams(self) -> tuple[int, ...]:
        """The orders n <= N of which the candidate has no n-gram (it is shorter than n)."""
        return _zero_orders(self.bleu.totals)

    @property
    def nothing_matches(self) -> bool:
        """True when no 1-gram matches (or the candidate is empty): the reasons then say it all."""
        return self.bleu.sys_len == 0 or 1 in self.orders_without_matches

    @property
    def shorter_than_n(self) -> bool:
        """True when the candidate has fewer than N tokens, so it has no N-gram at all."""
        return self.bleu.sys_len < self.bleu.max_order


def _zero_orders(per_order: Sequence[int]) -> tuple[int, ...]:
    return tuple(n for n, value in enumerate(per_order, start=1) if value == 0)


def _fix_candidates(options: BleuOptions) -> list[tuple[FixChange, BleuOptions]]:
    plain = options.with_changes(smooth_value=None, effective_order=False)
    out: list[tuple[FixChange, BleuOptions]] = []
    for method in ("exp", "floor", "add-k", *(f"nltk-method{i}" for i in range(1, 8))):
        if method != options.smooth_method:
            out.append((UseSmoothing(method), plain.with_changes(smooth_method=method)))
    if not options.is_nltk and not options.effective_order:
        out.append((UseEffectiveOrder(), options.with_changes(effective_order=True)))
    for lower in range(options.max_order - 1, 0, -1):
        if options.uniform:
            weights = uniform_weights(lower)
        else:
            head = options.weights[:lower]
            weights = tuple(w / sum(head) for w in head) if sum(head) > 0 else uniform_weights(lower)
        out.append((LowerOrder(lower), options.with_changes(weights=weights)))
    return out


def diagnose(bleu: BLEUScore, matches: Sequence[int], totals: Sequence[int]) -> ZeroDiagnosis | None:
    """A diagnosis of ``bleu`` when it is 0, below TINY_SCORE, or kept alive only by smoothing; else None.

    ``matches``/``totals`` are the counts ``bleu`` was computed from, and must hold at least max(N, 5) orders for
    every fix (a lower N, another smoothing) to be tried.
    """
    if bleu.score >= TINY_SCORE and not _zero_orders(bleu.counts):
        return None
    options, sys_len, ref_len = bleu.options, bleu.sys_len, bleu.ref_len
    fixes: list[Fix] = []
    lower_found = False
    for change, candidate in _fix_candidates(options):
        if candidate.stats_order > len(totals):
            continue
        if isinstance(change, LowerOrder) and lower_found:
            continue
        try:
            fixed = compute_bleu(sys_len, ref_len, matches, totals, candidate).score
        except ValueError:
            continue
        if fixed > 0:
            fixes.append(Fix(change, candidate, fixed))
            lower_found = lower_found or isinstance(change, LowerOrder)
    fixes.sort(key=lambda f: -f.score)
    return ZeroDiagnosis(bleu, _reasons(bleu), tuple(fixes))


def _reasons(bleu: BLEUScore) -> tuple[DiagnosisReason, ...]:
    sys_len, order, score = bleu.sys_len, bleu.max_order, bleu.score
    no_match, no_ngrams = _zero_orders(bleu.counts), _zero_orders(bleu.totals)
    if sys_len == 0:
        return (EmptyCandidateScoresZero(),)
    parts: list[DiagnosisReason] = []
    if no_ngrams:
        parts.append(ShorterThanN(sys_len, order, no_ngrams))
    if 1 in no_match:
        parts.append(NoTokenMatches())
        return tuple(parts)
    matchless = tuple(n for n in no_match if n not in no_ngrams)
    if matchless:
        parts.append(OrdersWithoutMatches(matchless))
    if score == 0:
        parts.append(GeometricMeanZero())
    elif no_match:
        parts.append(SmoothingKeepsScore())
    else:
        parts.append(BelowOne())
    return tuple(parts)
