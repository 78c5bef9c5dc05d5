"""Smoothed n-gram precisions: sacreBLEU 2.6's methods and NLTK 3.10's Chen & Cherry methods.

Chen & Cherry (2014), "A Systematic Comparison of Smoothing Techniques for Sentence-Level BLEU".
Each function maps clipped matches m_n and totals t_n to precisions p_n in [0, 1].
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from .options import BleuOptions
from .score_text import score_text

if TYPE_CHECKING:
    from fractions import Fraction

    from .messages import ScoreNote, Undefined, ZeroCause

Number: TypeAlias = "float | Fraction"


class UndefinedScore(ValueError):
    """The options cannot score these statistics; ``reason`` is why (a code), ``str()`` its English
    (``score_text``), which the command line prints."""

    def __init__(self, reason: Undefined) -> None:
        super().__init__(score_text(reason))
        self.reason = reason


@dataclass(frozen=True)
class SmoothedPrecisions:
    """p_1..p_N after smoothing, and the rules that decide how they combine.

    ``eff_order``: orders used (sacreBLEU's effective order drops only orders with no candidate
    n-grams at all); ``drop_zero_orders``: NLTK 3.10 leaves out an order whose smoothed precision
    is still 0 instead of scoring 0; ``forced_zero``: why the score is 0 whatever the variant.
    """

    values: tuple[float, ...]
    smoothed: tuple[bool, ...]
    eff_order: int
    drop_zero_orders: bool = False
    forced_zero: ZeroCause | None = None
    note: ScoreNote | None = None
    #: p_n in percent computed as sacreBLEU does (``100 * m / t``, not ``100 * (m / t)``: 51/80 is
    #: 63.75 and prints 63.8); None: ``100 * p`` of ``values``.
    percents: tuple[float, ...] | None = None


def _sacrebleu(matches: Sequence[int], totals: Sequence[int], options: BleuOptions) -> SmoothedPrecisions:
    """sacreBLEU's ``BLEU.compute_bleu`` precisions: none, floor, add-k (n > 1 only), exp (NIST)."""
    order = options.max_order
    method = options.smooth_method
    value = options.effective_smooth_value or 0.0
    precisions = [0.0] * order
    percents = [0.0] * order
    smoothed = [False] * order
    if not any(matches[:order]):
        from .messages import NoMatchAnyOrder  # lazy: made only for a message (10 ms to import)

        return SmoothedPrecisions(tuple(precisions), tuple(smoothed), order, forced_zero=NoMatchAnyOrder())
    eff_order = order
    exp_denominator = 1.0
    for n in range(1, order + 1):
        correct: float = matches[n - 1]
        total: float = totals[n - 1]
        if method == "add-k" and n > 1:
            correct, total = correct + value, total + value
            smoothed[n - 1] = value != 0
        if total == 0:
            break
        if options.effective_order:
            eff_order = n
        if correct == 0:
            if method == "exp":
                exp_denominator *= 2
                precisions[n - 1] = 1.0 / (exp_denominator * total)
                percents[n - 1] = 100.0 / (exp_denominator * total)
                smoothed[n - 1] = True
            elif method == "floor":
                precisions[n - 1] = value / total
                percents[n - 1] = 100.0 * value / total
                smoothed[n - 1] = value != 0
        else:
            precisions[n - 1] = correct / total
            percents[n - 1] = 100.0 * correct / total
    return SmoothedPrecisions(tuple(precisions), tuple(smoothed), eff_order, percents=tuple(percents))


def _nltk_method0(p: list[Number], ctx: _NltkContext) -> list[Number]:
    """No smoothing (NLTK puts sys.float_info.min where p_n = 0; bleucore scores those 0)."""
    return p


def _nltk_method1(p: list[Number], ctx: _NltkContext) -> list[Number]:
    """Add epsilon to the numerator of zero precisions: (0 + eps) / t_n."""
    return [ctx.value / ctx.denominator(i) if ctx.matches[i] == 0 else pi for i, pi in enumerate(p)]


def _nltk_method2(p: list[Number], ctx: _NltkContext) -> list[Number]:
    """Add 1 to numerator and denominator for n > 1 (Lin & Och 2004)."""
    from fractions import Fraction  # lazy: NLTK's exact fractions only (fractions imports decimal: 2-3 ms at start-up)

    return [pi if i == 0 else Fraction(ctx.matches[i] + 1, ctx.denominator(i) + 1) for i, pi in enumerate(p)]


def _nltk_method3(p: list[Number], ctx: _NltkContext) -> list[Number]:
    """NIST geometric smoothing: the k-th zero precision becomes 1 / (2^k t_n)."""
    out, k = list(p), 1
    for i in range(len(p)):
        if ctx.matches[i] == 0:
            out[i] = 1 / (2**k * ctx.denominator(i))
            k += 1
    return out


def _nltk_method4(p: list[Number], ctx: _NltkContext) -> list[Number]:
    """Zero precisions become 1 / (2^k K / ln c) / t_n, for c > 1 (Chen & Cherry's method 4)."""
    out, k = list(p), 1
    for i in range(len(p)):
        if ctx.matches[i] == 0 and ctx.hyp_len > 1:
            out[i] = (1 / (2**k * ctx.value / math.log(ctx.hyp_len))) / ctx.denominator(i)
            k += 1
    return out


def _nltk_method5(p: list[Number], ctx: _NltkContext) -> list[Number]:
    """Average p_{n-1}, p_n, p_{n+1} (with p_0 = p_1 + 1); NLTK always reads p_5 as the extra order."""
    from fractions import Fraction  # lazy: NLTK's exact fractions only (fractions imports decimal: 2-3 ms at start-up)

    extra = Fraction(ctx.matches[4], ctx.denominator(4)) if len(ctx.matches) >= 5 else Fraction(0)
    plus1 = [*list(p), extra]
    out = list(p)
    previous: Number = p[0] + 1
    for i, pi in enumerate(p):
        out[i] = (previous + pi + plus1[i + 1]) / 3
        previous = out[i]
    return out


def _nltk_method6(p: list[Number], ctx: _NltkContext) -> list[Number]:
    """Interpolate p_n with the prior p_{n-1}^2 / p_{n-2}, weight alpha (Gao & He 2013)."""
    from .messages import (  # lazy: made only for a message (10 ms to import)
        Method6NeedsOrder3,
        Method6NeedsTrigramMatch,
    )

    if len(p) < 3:
        raise UndefinedScore(Method6NeedsOrder3(len(p)))
    if p[2] == 0:
        raise UndefinedScore(Method6NeedsTrigramMatch())
    out = list(p)
    for i in range(2, len(p)):
        prior: Number = 0 if out[i - 2] == 0 else out[i - 1] ** 2 / out[i - 2]
        out[i] = (ctx.matches[i] + ctx.value * prior) / (ctx.totals[i] + ctx.value)
    return out


def _nltk_method7(p: list[Number], ctx: _NltkContext) -> list[Number]:
    """Method 4, then method 5."""
    return _nltk_method5(_nltk_method4(p, ctx), ctx)


@dataclass(frozen=True)
class _NltkContext:
    """What NLTK's methods read besides p_n: m_n and t_n of every order held (method 5 reads p_5 even
    for N < 5), c and the method's value."""

    matches: tuple[int, ...]
    totals: tuple[int, ...]
    hyp_len: int
    value: float

    def denominator(self, i: int) -> int:
        """The denominator of p_(i+1) in NLTK's ``modified_precision``: max(1, t_(i+1))."""
        return max(1, self.totals[i])


NLTK_METHODS: dict[str, Callable[[list[Number], _NltkContext], list[Number]]] = {
    "nltk-method0": _nltk_method0,
    "nltk-method1": _nltk_method1,
    "nltk-method2": _nltk_method2,
    "nltk-method3": _nltk_method3,
    "nltk-method4": _nltk_method4,
    "nltk-method5": _nltk_method5,
    "nltk-method6": _nltk_method6,
    "nltk-method7": _nltk_method7,
}


def _nltk(matches: Sequence[int], totals: Sequence[int], hyp_len: int, options: BleuOptions) -> SmoothedPrecisions:
    """NLTK 3.10 ``sentence_bleu`` precisions: Fraction(m_n, max(1, t_n)) then the chosen method."""
    order = options.max_order
    ctx = _NltkContext(
        matches=tuple(int(m) for m in matches),
        totals=tuple(int(t) for t in totals),
        hyp_len=int(hyp_len),
        value=float(options.effective_smooth_value or 0.0),
    )
    from fractions import Fraction  # lazy: NLTK's exact fractions only (fractions imports decimal: 2-3 ms at start-up)

    raw: list[Number] = [Fraction(ctx.matches[i], ctx.denominator(i)) for i in range(order)]
    if ctx.matches[0] == 0:
        from .messages import NoUnigramMatch  # lazy: made only for a message (10 ms to import)

        return SmoothedPrecisions(tuple(0.0 for _ in raw), (False,) * order, order, forced_zero=NoUnigramMatch())
    values = NLTK_METHODS[options.smooth_method](raw, ctx)
    floats = tuple(float(v) for v in values)
    smoothed = tuple(f != float(r) for f, r in zip(floats, raw))
    if options.smooth_method == "nltk-method0":
        zero = [n + 1 for n, (v, w) in enumerate(zip(floats, options.weights)) if v == 0 and w > 0]
        if zero:
            from .messages import NltkMethod0Zero  # lazy: made only for a message (10 ms to import)

            reason = NltkMethod0Zero(zero[0], sys.float_info.min)
            return SmoothedPrecisions(floats, smoothed, order, forced_zero=reason)
        return SmoothedPrecisions(floats, smoothed, order)
    note: ScoreNote | None = None
    if options.smooth_method in ("nltk-method5", "nltk-method7") and max(floats) > 1:
        from .messages import NltkMethod5AboveOne  # lazy: made only for a message (10 ms to import)

        note = NltkMethod5AboveOne(max(floats))
    return SmoothedPrecisions(floats, smoothed, order, drop_zero_orders=True, note=note)


def smooth_precisions(
    matches: Sequence[int], totals: Sequence[int], hyp_len: int, options: BleuOptions
) -> SmoothedPrecisions:
    """The precisions of one set of (summed) statistics under ``options.smooth_method``."""
    if options.is_nltk:
        return _nltk(matches, totals, hyp_len, options)
    return _sacrebleu(matches, totals, options)
