"""Every variant and smoothing side by side for one input, each with one sentence on why it differs.

standard: Papineni et al. (2002); simplified: min(1, c/r)·∏p_n^w_n of Korean blog tutorials; tutorial:
the wikidocs tutorial's code, which skips zero precisions (README.md, "Tutorials")."""

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
    """Each variant with the other options as given, then each smoothing with the other options as given.

    Every row changes one thing in ``options``, so the row whose ``options`` equal the given ones (the
    current variant, and the current smoothing) has exactly the score ``compute_bleu`` gives for them.
    NLTK's methods have no effective order: their rows turn it off. ``matches``/``totals`` must hold at
    least max(N, 5) orders (NLTK's method 5 reads p_5).
    """
    order = options.max_order
    zero_orders = [n for n in range(1, order + 1) if matches[n - 1] == 0]
    out: list[VariantScore] = []

    def score_of(candidate: BleuOptions) -> tuple[float | None, str | None]:
        try:
            return compute_bleu(sys_len, ref_len, matches, totals, candidate).score, None
        except ValueError as err:
            return None, f"Not defined here: {err}."

    standard = options.with_changes(variant="standard")
    s_score, s_error = score_of(standard)
    definition = "BP · exp(Σ w_n log p_n): Papineni et al.'s definition."
    out.append(VariantScore("standard", "variant", standard, s_score, s_error or definition))

    simple = options.with_changes(variant="simplified")
    m_score, m_error = score_of(simple)
    if sys_len == 0:
        note = "c = 0: both penalties are 0, so every variant gives 0."
    elif sys_len >= ref_len:
        note = f"Same penalty as standard here: c = {sys_len} ≥ r = {ref_len:g}, so min(1, c/r) = BP = 1."
    else:
        note = (
            f"Penalty min(1, c/r) = {simplified_brevity_penalty(sys_len, ref_len):.4f} instead of "
            f"exp(1 − r/c) = {brevity_penalty(sys_len, ref_len):.4f}: milder for a short candidate."
        )
    out.append(VariantScore("simplified", "variant", simple, m_score, m_error or note))

    tutorial = options.with_changes(variant="tutorial")
    t_score, t_error = score_of(tutorial)
    if t_error or t_score is None or s_score is None:
        note = t_error or "Not comparable: standard BLEU is not defined here."
    elif sys_len == 0:
        note = "c = 0: the brevity penalty is 0, so skipping zero precisions cannot help."
    elif abs(t_score - s_score) <= 1e-9 * max(1.0, abs(s_score)):
        note = "Same as standard here: no precision is 0 after smoothing, so skipping zeros changes nothing."
    else:
        note = (
            f"The wikidocs tutorial's code: skips zero precisions (order {', '.join(map(str, zero_orders))}) "
            f"instead of scoring 0, so this candidate gets {t_score:.2f} where standard BLEU gives {s_score:.2f}."
        )
    out.append(VariantScore("tutorial", "variant", tutorial, t_score, note))

    for method in SMOOTHING_METHODS:
        value = options.smooth_value if method == options.smooth_method else None
        effective = options.effective_order and not method.startswith("nltk-")
        candidate = options.with_changes(smooth_method=method, smooth_value=value, effective_order=effective)
        note = _SMOOTHING_NOTES[method].format(v=candidate.effective_smooth_value or 0.0)
        m_score, error = score_of(candidate)
        if error:
            out.append(VariantScore(method, "smoothing", candidate, None, error))
            continue
        if not zero_orders and method in ("floor", "exp", "nltk-method1", "nltk-method3", "nltk-method4"):
            note += " No order has zero matches here, so it changes nothing."
        if options.effective_order and not effective:
            note += " Effective order is off: NLTK's methods have none."
        out.append(VariantScore(method, "smoothing", candidate, m_score, note))
    return tuple(out)
