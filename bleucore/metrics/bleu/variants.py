"""Every variant and smoothing side by side for one input, each with a note (a code) on why it differs.

standard: Papineni et al. (2002); simplified: min(1, c/r)·∏p_n^w_n of Korean blog tutorials; tutorial:
the wikidocs tutorial's code, which skips zero precisions (README.md, "Tutorials")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .lengths import brevity_penalty, simplified_brevity_penalty
from .messages import (
    EmptyBothPenalties,
    EmptySkipCannotHelp,
    MilderPenalty,
    NotComparable,
    NotDefined,
    SamePenalty,
    SkipChangesNothing,
    SkipsZeroPrecisions,
    SmoothingRule,
    StandardDefinition,
    VariantNote,
)
from .options import SMOOTHING_METHODS, BleuOptions
from .score import compute_bleu
from .smoothing import UndefinedScore


@dataclass(frozen=True)
class VariantScore:
    """One alternative computation: its label (the variant or smoothing name), family, options,
    score (0-100) or None, and a note (a code, ``messages.VariantNote``) on why it differs."""

    label: str
    family: str
    options: BleuOptions
    score: float | None
    note: VariantNote


#: Smoothings that change only orders with zero matches (so change nothing when there are none).
_ZERO_ONLY = ("floor", "exp", "nltk-method1", "nltk-method3", "nltk-method4")


def compare_variants(
    sys_len: int, ref_len: float, matches: Sequence[int], totals: Sequence[int], options: BleuOptions
) -> tuple[VariantScore, ...]:
    """Each variant with the other options as given, then each smoothing with the other options as given.

    Every row changes one thing in ``options``, so the row whose ``options`` equal the given ones (the
    current variant, and the current smoothing) has exactly the score ``compute_bleu`` gives for them.
    NLTK's methods have no effective order: their rows turn it off. ``matches``/``totals`` must hold at
    least max(N, 5) orders (NLTK's method 5 reads p_5).
    """
    order = options.max_order
    zero_orders = tuple(n for n in range(1, order + 1) if matches[n - 1] == 0)
    out: list[VariantScore] = []

    def score_of(candidate: BleuOptions) -> tuple[float | None, NotDefined | None]:
        try:
            return compute_bleu(sys_len, ref_len, matches, totals, candidate).score, None
        except UndefinedScore as err:
            return None, NotDefined(err.reason)

    standard = options.with_changes(variant="standard")
    s_score, s_error = score_of(standard)
    out.append(VariantScore("standard", "variant", standard, s_score, s_error or StandardDefinition()))

    simple = options.with_changes(variant="simplified")
    m_score, m_error = score_of(simple)
    note: VariantNote
    if sys_len == 0:
        note = EmptyBothPenalties()
    elif sys_len >= ref_len:
        note = SamePenalty(sys_len, ref_len)
    else:
        note = MilderPenalty(simplified_brevity_penalty(sys_len, ref_len), brevity_penalty(sys_len, ref_len))
    out.append(VariantScore("simplified", "variant", simple, m_score, m_error or note))

    tutorial = options.with_changes(variant="tutorial")
    t_score, t_error = score_of(tutorial)
    if t_error or t_score is None or s_score is None:
        note = t_error or NotComparable()
    elif sys_len == 0:
        note = EmptySkipCannotHelp()
    elif abs(t_score - s_score) <= 1e-9 * max(1.0, abs(s_score)):
        note = SkipChangesNothing()
    else:
        note = SkipsZeroPrecisions(zero_orders, t_score, s_score)
    out.append(VariantScore("tutorial", "variant", tutorial, t_score, note))

    for method in SMOOTHING_METHODS:
        value = options.smooth_value if method == options.smooth_method else None
        effective = options.effective_order and not method.startswith("nltk-")
        candidate = options.with_changes(smooth_method=method, smooth_value=value, effective_order=effective)
        m_score, error = score_of(candidate)
        if error:
            out.append(VariantScore(method, "smoothing", candidate, None, error))
            continue
        rule = SmoothingRule(
            method,
            candidate.effective_smooth_value or 0.0,
            unchanged=not zero_orders and method in _ZERO_ONLY,
            effective_order_off=options.effective_order and not effective,
        )
        out.append(VariantScore(method, "smoothing", candidate, m_score, rule))
    return tuple(out)
