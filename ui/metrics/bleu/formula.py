"""BLEU's formula with one input's numbers substituted, as LaTeX lines and per-order log terms.

Pure functions of a bleucore BLEUScore; the final number is always the score bleucore computed. Each step is broken
into aligned lines (``aligned``: one p_n a line, the numbers on their own line) that fit a 390 px phone: on one line
the result read "BLEU = BP·exp(Σ…) = 1 × 0" there, its score off the screen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bleucore import BLEUScore
from bleucore.metrics.bleu import used_weights
from ui.shell.i18n import N_, _


@dataclass(frozen=True)
class LogTerm:
    """Order n's part of the geometric mean: p_n (after smoothing), its weight and w_n log p_n.

    ``term`` is None when the order does not enter the sum; ``note`` says why (or is empty).
    """

    n: int
    matches: int
    total: int
    precision: float
    smoothed: bool
    weight: float
    term: float | None
    note: str

    @property
    def fraction(self) -> str:
        """``matches/total`` as the tutorials write it (17/18)."""
        return f"{self.matches}/{self.total}"


_BEYOND = N_("beyond the effective order: the candidate has no n-gram of this order")
_WEIGHT0 = N_("weight 0")
_SKIPPED = N_("p = 0 is left out of the sum")
_LOG0 = N_("log 0 = −∞, so BLEU = 0")


def log_terms(score: BLEUScore) -> tuple[LogTerm, ...]:
    """w_n log p_n for every order 1..N with the weights actually used (renormalised to the effective order)."""
    eff = score.eff_order
    used = used_weights(score.options.weights, eff)
    skip_zeros = score.zero_orders_dropped or score.options.variant == "tutorial"
    out = []
    for n in range(1, score.max_order + 1):
        p = score.precisions[n - 1] / 100.0
        weight = used[n - 1] if n <= eff else 0.0
        term: float | None = None
        if n > eff:
            note = _BEYOND
        elif weight == 0:
            note = _WEIGHT0
        elif p <= 0:
            note = _SKIPPED if skip_zeros else _LOG0
        else:
            term, note = weight * math.log(p), ""
        out.append(LogTerm(n, score.counts[n - 1], score.totals[n - 1], p, score.smoothed[n - 1], weight, term, note))
    return tuple(out)


def _text(words: str) -> str:
    """Words inside the formula, in the page's language (KaTeX's text mode sets any script)."""
    return r"\text{" + words + "}"


def _note_lines(note: str, order: int) -> list[str]:
    """A note's LaTeX in short lines, the first after the term's colon, the others under it."""
    if note == _BEYOND:
        return [_text(_("beyond the effective order")), _text(_("(no n-gram of this order)"))]
    if note == _WEIGHT0:
        return [_text(_("weight")) + r"\ 0"]
    if note == _SKIPPED:
        return [rf"p_{{{order}}} = 0", _text(_("is left out of the sum"))]
    # two short lines, as a phone needs them: "log 0 = −∞, so" / "BLEU = 0" (the particle stays on the first)
    return [r"\log 0 = -\infty" + _text(_(", so")), r"\mathrm{BLEU} = 0"]


def _num(value: float, digits: int = 4) -> str:
    text = f"{value:.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _frac(numerator: float, denominator: float) -> str:
    return rf"\frac{{{_num(numerator)}}}{{{_num(denominator)}}}"


def _lines(*lines: str) -> str:
    """Lines aligned at their ``&``, one under the other."""
    return r"\begin{aligned}" + r" \\ ".join(lines) + r"\end{aligned}"


def formula_steps(score: BLEUScore) -> list[tuple[str, str]]:
    """(caption, LaTeX) pairs: p_n, the log terms, BP, the geometric mean and the result."""
    terms = log_terms(score)
    steps: list[tuple[str, str]] = []
    precisions = []
    for t in terms:
        line = rf"p_{{{t.n}}} &= {_frac(t.matches, t.total)}"
        if t.smoothed:
            line += rf" \rightarrow {_num(t.precision)}\ " + _text(_("(smoothed)"))
        elif t.total:
            line += rf" = {_num(t.precision)}"
        precisions.append(line)
    steps.append((_("Modified precisions p_n = Σ Count_clip / Σ Count"), _lines(*precisions)))

    lines = []
    for t in terms:
        if t.term is None:
            first, *rest = _note_lines(t.note, t.n)
            lines.append(rf"w_{{{t.n}}} \log p_{{{t.n}}} &:\ {first}")
            lines += [rf"&\phantom{{:}}\ {line}" for line in rest]
        else:
            lines.append(rf"{_num(t.weight)} \times \log {_num(t.precision)} &= {_num(t.term)}")
    steps.append((_("Weighted log precisions w_n log p_n"), _lines(*lines)))

    c, r = score.sys_len, score.ref_len
    if score.options.variant == "simplified":
        bp = _lines(
            r"\mathrm{BP} &= \min\left(1, \frac{c}{r}\right)",
            rf"&= \min\left(1, {_frac(c, r)}\right) = {_num(score.bp)}",
        )
    elif c > r:
        bp = _lines(rf"&c = {c} > r = {_num(r)}", r"&\Rightarrow \mathrm{BP} = 1")
    elif c == 0:
        bp = r"c = 0 \Rightarrow \mathrm{BP} = 0"
    else:
        bp = _lines(
            rf"&c = {c} \le r = {_num(r)}", rf"&\Rightarrow \mathrm{{BP}} = e^{{1 - {_frac(r, c)}}} = {_num(score.bp)}"
        )
    steps.append((_("Brevity penalty (candidate length c, reference length r)"), bp))

    total = math.fsum(t.term for t in terms if t.term is not None)
    if score.zero_reason or any(t.note == _LOG0 for t in terms):
        mean_value = 0.0
        mean = _lines(r"&\exp\left(\sum_n w_n \log p_n\right)", r"&= \exp(-\infty) = 0")
    else:
        mean_value = math.exp(total)
        mean = _lines(r"&\exp\left(\sum_n w_n \log p_n\right)", rf"&= \exp({_num(total)}) = {_num(mean_value)}")
    steps.append((_("Geometric mean of the precisions"), mean))

    # two lines broken at the top level (centred, not aligned), so the step still ends with the score itself
    result = (
        r"\mathrm{BLEU} = \mathrm{BP} \cdot \exp\left(\sum_n w_n \log p_n\right) \\ "
        rf"= {_num(score.bp)} \times {_num(mean_value)} = {_num(score.value)}"
    )
    steps.append((_("Result: {score:.2f} on the 0–100 scale").format(score=score.score), result))
    return steps
