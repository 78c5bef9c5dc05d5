"""BLEU from sufficient statistics alone: the score object and the three named variants.

standard   (Papineni et al. 2002):            BLEU = BP * exp(sum_n w_n log p_n)
simplified (Korean blog tutorials' formula):  BLEU = min(1, c/r) * prod_n p_n^(w_n)
tutorial   (the wikidocs tutorial's code):    BLEU = BP * exp(sum_{p_n != 0} w_n log p_n)

The tutorials are cited in README.md ("Tutorials").
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from .lengths import brevity_penalty, simplified_brevity_penalty
from .options import BleuOptions
from .score_text import score_text
from .signatures import signature
from .smoothing import SmoothedPrecisions, smooth_precisions
from .stats import FloatArray, Statistics

if TYPE_CHECKING:
    from .messages import ScoreNote, Undefined, ZeroCause


def used_weights(weights: Sequence[float], eff_order: int) -> list[float]:
    """w_1..w_eff renormalised to sum to 1 (1/eff each for uniform weights, as sacreBLEU)."""
    used = list(weights[:eff_order])
    total = math.fsum(used)
    return [w / total for w in used] if total > 0 else [0.0] * len(used)


def standard_bleu(sys_len: float, ref_len: float, sp: SmoothedPrecisions, weights: Sequence[float]) -> float:
    """BP * exp(sum_{n<=eff} w_n log p_n); 0 when a weighted p_n is 0 (NLTK's rule: that order is left out)."""
    if sp.forced_zero:
        return 0.0
    return brevity_penalty(sys_len, ref_len) * _geometric_mean(sp, weights, skip_zeros=sp.drop_zero_orders)


def simplified_bleu(sys_len: float, ref_len: float, sp: SmoothedPrecisions, weights: Sequence[float]) -> float:
    """min(1, c/r) * prod_{n<=eff} p_n^(w_n): (p1 p2 p3 p4)^(1/4) for the default weights (a Korean blog tutorial)."""
    if sp.forced_zero:
        return 0.0
    return simplified_brevity_penalty(sys_len, ref_len) * _geometric_mean(sp, weights, skip_zeros=sp.drop_zero_orders)


def tutorial_bleu(sys_len: float, ref_len: float, sp: SmoothedPrecisions, weights: Sequence[float]) -> float:
    """BP * exp(sum w_n log p_n over p_n != 0): the wikidocs tutorial's code, which wrongly skips zero precisions."""
    return brevity_penalty(sys_len, ref_len) * _geometric_mean(sp, weights, skip_zeros=True)


def _geometric_mean(sp: SmoothedPrecisions, weights: Sequence[float], skip_zeros: bool) -> float:
    terms = []
    for w, p in zip(used_weights(weights, sp.eff_order), sp.values):
        if w == 0:
            continue
        if p <= 0:
            if skip_zeros:
                continue
            return 0.0
        terms.append(w * math.log(p))
    return math.exp(math.fsum(terms))


VARIANT_FUNCTIONS = {"standard": standard_bleu, "simplified": simplified_bleu, "tutorial": tutorial_bleu}


@dataclass(frozen=True)
class BLEUFigures:
    """A BLEU number and the figures behind it, sacreBLEU's ``BLEUScore`` fields: ``score`` on the 0-100
    scale; ``counts``/``totals``: sum of Count_clip / Count per order (unsmoothed); ``precisions``: p_n in
    percent; ``bp``: the brevity penalty; ``sys_len`` c and ``ref_len`` r.
    """

    score: float
    counts: tuple[int, ...]
    totals: tuple[int, ...]
    precisions: tuple[float, ...]
    bp: float
    sys_len: int
    ref_len: float

    @property
    def ratio(self) -> float:
        """c / r (0 when r = 0)."""
        return self.sys_len / self.ref_len if self.ref_len else 0.0


@dataclass(frozen=True)
class BLEUScore(BLEUFigures):
    """A BLEU result of bleucore's options and everything that produced it: ``precisions`` after
    smoothing (``smoothed`` says which orders), ``bp`` the variant's (min(1, c/r) for simplified).
    """

    smoothed: tuple[bool, ...]
    eff_order: int
    options: BleuOptions
    signature: str
    zero_reason: ZeroCause | None = None
    zero_orders_dropped: bool = False
    notes: tuple[ScoreNote, ...] = ()

    @property
    def value(self) -> float:
        """The score on the 0-1 scale the tutorials print."""
        return self.score / 100.0

    @property
    def max_order(self) -> int:
        """N."""
        return self.options.max_order

    def format(self, width: int = 2) -> str:
        """sacreBLEU's line:
        ``BLEU = 50.46 94.4/58.8/43.8/26.7 (BP = 1.000 ratio = 1.000 hyp_len = 18 ref_len = 18)``."""
        precisions = "/".join(f"{p:.1f}" for p in self.precisions)
        ref_len = _number(self.ref_len)
        return (
            f"BLEU = {self.score:.{width}f} {precisions} (BP = {self.bp:.3f} ratio = {self.ratio:.3f} "
            f"hyp_len = {self.sys_len} ref_len = {ref_len})"
        )

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict with sacreBLEU's keys (``score``, ``counts``, ``totals``, ``precisions``, ...);
        the zero reason and notes worded in English by ``score_text``."""
        return {
            "name": "BLEU",
            "score": self.score,
            "value": self.value,
            "signature": self.signature,
            "counts": list(self.counts),
            "totals": list(self.totals),
            "precisions": list(self.precisions),
            "smoothed": list(self.smoothed),
            "bp": self.bp,
            "ratio": self.ratio,
            "sys_len": self.sys_len,
            "ref_len": _number(self.ref_len),
            "max_order": self.max_order,
            "eff_order": self.eff_order,
            "variant": self.options.variant,
            "zero_reason": score_text(self.zero_reason) if self.zero_reason else None,
            "zero_orders_dropped": self.zero_orders_dropped,
            "notes": [score_text(note) for note in self.notes],
        }


def _zero_reason(sys_len: int, sp: SmoothedPrecisions, options: BleuOptions) -> ZeroCause | None:
    """Why the score is 0 whatever the precisions: an empty candidate (BP = 0), or no match at all."""
    if sys_len == 0:
        from .messages import EmptyCandidate  # lazy: made only for a message (10 ms to import)

        return EmptyCandidate()
    return sp.forced_zero if options.variant != "tutorial" else None


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def compute_bleu(
    sys_len: float,
    ref_len: float,
    matches: Sequence[int],
    totals: Sequence[int],
    options: BleuOptions,
    nrefs: int | str = 1,
) -> BLEUScore:
    """BLEU of one set of (summed) statistics: smoothing, then the variant of ``options``."""
    sp = smooth_precisions(matches, totals, int(sys_len), options)
    weights = options.weights
    score = VARIANT_FUNCTIONS[options.variant](sys_len, ref_len, sp, weights)
    if options.variant == "simplified":
        bp = simplified_brevity_penalty(sys_len, ref_len)
    else:
        bp = brevity_penalty(sys_len, ref_len)
    order = options.max_order
    notes: list[ScoreNote] = [sp.note] if sp.note else []
    if sp.drop_zero_orders and not sp.forced_zero:
        dropped = tuple(n for n, (p, w) in enumerate(zip(sp.values, weights), start=1) if p == 0 and w > 0)
        if dropped:
            from .messages import NltkDropsZeroOrders  # lazy: made only for a message (10 ms to import)

            notes.append(NltkDropsZeroOrders(dropped))
    return BLEUScore(
        score=100.0 * score,
        counts=tuple(int(m) for m in matches[:order]),
        totals=tuple(int(t) for t in totals[:order]),
        precisions=sp.percents if sp.percents is not None else tuple(100.0 * p for p in sp.values),
        smoothed=sp.smoothed,
        bp=bp,
        sys_len=int(sys_len),
        ref_len=float(ref_len),
        eff_order=sp.eff_order,
        options=options,
        signature=signature(options, nrefs),
        zero_reason=_zero_reason(int(sys_len), sp, options),
        zero_orders_dropped=sp.drop_zero_orders,
        notes=tuple(notes),
    )


def score_statistics(stats: Statistics, options: BleuOptions, nrefs: int | str = 1) -> BLEUScore:
    """Corpus BLEU of ``stats``: the statistics are summed first, as sacreBLEU's ``corpus_score``.

    With an ``nltk-*`` smoothing, NLTK's ``corpus_bleu`` counts max(1, t_n) n-grams per segment (a
    phantom n-gram for every segment shorter than n); bleucore sums the real counts and, where the
    two differ, names NLTK's number in ``notes``.
    """
    total = stats.total()
    sys_len, ref_len = float(total.hyp_len[0]), float(total.ref_len[0])
    matches, totals = total.matches[0].tolist(), total.totals[0].tolist()
    score = compute_bleu(sys_len, ref_len, matches, totals, options, nrefs)
    if options.is_nltk and stats.segments > 1:
        phantom = np.maximum(stats.totals, 1).sum(axis=0).tolist()
        if phantom[: options.max_order] != totals[: options.max_order]:
            try:
                theirs = compute_bleu(sys_len, ref_len, matches, phantom, options, nrefs).score
            except ValueError:
                theirs = float("nan")
            from .messages import NltkPhantomNgrams  # lazy: made only for a message (10 ms to import)

            note = NltkPhantomNgrams(theirs)
            score = replace(score, notes=(*score.notes, note))
    return score


class SegmentError(ValueError):
    """A row of statistics that the options cannot score; ``index`` is its 0-based row and
    ``reason`` the code of ``UndefinedScore`` (None for any other ValueError)."""

    def __init__(self, message: str, index: int, reason: Undefined | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.reason = reason


def iter_row_scores(rows: FloatArray, options: BleuOptions, nrefs: int | str = 1) -> Iterator[BLEUScore]:
    """``compute_bleu`` of each row ``[c, r, m_1..m_K, t_1..t_K]`` (``row_scores.columns``); the
    first row that cannot be scored raises ``SegmentError`` with the message of ``compute_bleu``."""
    order = (rows.shape[1] - 2) // 2
    counts = np.rint(rows[:, 2:]).astype(np.int64).tolist()
    hyp_len, ref_len = rows[:, 0].tolist(), rows[:, 1].tolist()
    for i, row in enumerate(counts):
        try:
            yield compute_bleu(hyp_len[i], ref_len[i], row[:order], row[order:], options, nrefs)
        except ValueError as exc:
            raise SegmentError(str(exc), i, getattr(exc, "reason", None)) from exc
