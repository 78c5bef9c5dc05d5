"""Every variant and smoothing side by side for one input, each with one sentence on why it differs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .lengths import brevity_penalty, simplified_brevity_penalty
from .options import SMOOTHING_METHODS, BleuOptions
from .score import compute_bleu


@dataclass(frozen=True)
class VariantScore:
    """One alternative computation: its label, family, options, score (0-100) or why it has none."""

    label: str
    family: str
    options: BleuOptions
    score: float | None
    note: str


_SMOOTHING_NOTES = {
    "none": "No smoothing: a zero precision makes the geometric mean 0.",
    "floor": "sacreBLEU floor: a zero count becomes {v:g}/t_n.",
    "add-k": "sacreBLEU add-k: adds {v:g} to matches and totals of every order n > 1, even non-zero ones.",
    "exp": "sacreBLEU exp (NIST): the k-th zero precision becomes 1/(2^k t_n).",
    "nltk-method0": "NLTK method0: no smoothing; NLTK prints about 1e-155 where the exact answer is 0.",
    "nltk-method1": "NLTK method1: a zero count becomes epsilon = {v:g}.",
    "nltk-method2": "NLTK method2: adds 1 to numerator and denominator of every order n > 1.",
    "nltk-method3": "NLTK method3: the k-th zero precision becomes 1/(2^k t_n), like sacreBLEU exp.",
    "nltk-method4": "NLTK method4: zero precisions get 1/(2^k · {v:g}/ln c) matches, smaller for short candidates.",
    "nltk-method5": "NLTK method5: every p_n is averaged with its neighbours (NLTK reads p_5 as the extra order).",
    "nltk-method6": "NLTK method6: p_n (n >= 3) is interpolated with the prior p_(n-1)^2/p_(n-2), alpha = {v:g}.",
    "nltk-method7": "NLTK method7: method4, then method5.",
}


def compare_variants(
    sys_len: int, ref_len: float, matches: Sequence[int], totals: Sequence[int], options: BleuOptions
) -> tuple[VariantScore, ...]:
    """Standard, simplified and tutorial BLEU, then every smoothing (standard variant) for the same statistics.

    ``matches``/``totals`` must hold at least max(N, 5) orders (NLTK's method 5 reads p_5).
    """
    order = options.max_order
    zero_orders = [n for n in range(1, order + 1) if matches[n - 1] == 0]
    base = options.with_changes(variant="standard")
    out: list[VariantScore] = []

    standard = compute_bleu(sys_len, ref_len, matches, totals, base).score
    out.append(VariantScore("standard", "variant", base, standard, "BP · exp(Σ w_n log p_n): Papineni et al.'s definition."))

    simple = base.with_changes(variant="simplified")
    s_score = compute_bleu(sys_len, ref_len, matches, totals, simple).score
    if sys_len >= ref_len:
        note = f"Same penalty as standard here: c = {sys_len} ≥ r = {ref_len:g}, so min(1, c/r) = BP = 1."
    else:
        note = (
            f"Penalty min(1, c/r) = {simplified_brevity_penalty(sys_len, ref_len):.4f} instead of "
            f"exp(1 − r/c) = {brevity_penalty(sys_len, ref_len):.4f}: milder for a short candidate."
        )
    out.append(VariantScore("simplified", "variant", simple, s_score, note))

    tutorial = base.with_changes(variant="tutorial", smooth_method="none", smooth_value=None, effective_order=False)
    t_score = compute_bleu(sys_len, ref_len, matches, totals, tutorial).score
    if zero_orders:
        note = (
            f"Skips the zero precisions of order {', '.join(map(str, zero_orders))} instead of scoring 0, "
            f"so this candidate gets {t_score:.2f} where standard BLEU without smoothing gives 0."
        )
    else:
        note = "Same as standard without smoothing: no precision is 0, so skipping zeros changes nothing."
    out.append(VariantScore("tutorial (seed 000)", "variant", tutorial, t_score, note))

    for method in SMOOTHING_METHODS:
        candidate = base.with_changes(smooth_method=method, smooth_value=None, effective_order=False)
        value = candidate.effective_smooth_value or 0.0
        note = _SMOOTHING_NOTES[method].format(v=value)
        try:
            m_score: float | None = compute_bleu(sys_len, ref_len, matches, totals, candidate).score
        except ValueError as err:
            out.append(VariantScore(method, "smoothing", candidate, None, f"Not defined here: {err}."))
            continue
        if not zero_orders and method in ("floor", "exp", "nltk-method1", "nltk-method3", "nltk-method4"):
            note += " No order has zero matches here, so it changes nothing."
        out.append(VariantScore(method, "smoothing", candidate, m_score, note))
    return tuple(out)
