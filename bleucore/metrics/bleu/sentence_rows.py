"""Sentence BLEU of every segment at once, from the statistics arrays: the numbers of
``score.compute_bleu`` row for row, bit for bit, and the command line's ``-sl`` lines without
a per-line score object or ``json.dumps``.

For sacreBLEU's smoothings (none, floor, add-k, exp), any weights, effective order on or off, every
variant and reference-length rule (``covered``). Same operations in the same order as
``smoothing._sacrebleu`` and ``score.compute_bleu``: precisions ``m / t`` (percent ``100 * m / t``),
weights renormalised over the effective order (``score.used_weights``), ``math.fsum`` of
``w_n log p_n`` and ``math.exp`` (the C library's, as the per-row code), times the brevity penalty.
NLTK's methods are scored row by row by ``score.compute_bleu``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from .options import SACREBLEU_SMOOTHING, BleuOptions
from .score import BLEUScore, iter_row_scores, used_weights
from .score_text import score_text
from .signatures import signature
from .stats import FloatArray, IntArray, Statistics

__all__ = ["SentenceRows", "covered", "sentence_rows"]

BoolArray = npt.NDArray[np.bool_]
#: -sl lines formatted and written per batch: about 2 MB of text lines (12 MB of JSON Lines).
LINES_PER_WRITE = 10_000


def covered(options: BleuOptions) -> bool:
    """True if ``sentence_rows`` scores ``options`` (sacreBLEU's smoothings; NLTK's go row by row)."""
    return options.smooth_method in SACREBLEU_SMOOTHING


def _map(function: object, values: FloatArray) -> FloatArray:
    """``math.log`` / ``math.exp`` / ``math.fsum`` on every value (row), as the per-row code computes it."""
    items = values.tolist()
    return np.fromiter(map(function, items), dtype=np.float64, count=len(items))  # type: ignore[call-overload]


@dataclass(frozen=True)
class SentenceRows:
    """Every field of ``BLEUScore`` for S segments, as arrays (``precisions`` in percent)."""

    score: FloatArray  # S, 0-100
    counts: IntArray  # S x K, raw
    totals: IntArray  # S x K, raw
    precisions: FloatArray  # S x K, percent
    smoothed: BoolArray  # S x K
    bp: FloatArray
    sys_len: IntArray
    ref_len: FloatArray
    eff_order: IntArray
    empty: BoolArray  # zero reason: EmptyCandidate
    no_match: BoolArray  # zero reason: NoMatchAnyOrder (not for the tutorial variant)
    options: BleuOptions
    signature: str

    def __len__(self) -> int:
        return int(self.score.shape[0])

    def scores(self) -> list[BLEUScore]:
        """The BLEUScore objects (equal to ``compute_bleu``'s)."""
        from .messages import EmptyCandidate, NoMatchAnyOrder  # lazy: made only for a message (10 ms to import)

        empty, no_match = EmptyCandidate(), NoMatchAnyOrder()
        columns = zip(
            self.score.tolist(),
            self.counts.tolist(),
            self.totals.tolist(),
            self.precisions.tolist(),
            self.smoothed.tolist(),
            self.bp.tolist(),
            self.sys_len.tolist(),
            self.ref_len.tolist(),
            self.eff_order.tolist(),
            self.empty.tolist(),
            self.no_match.tolist(),
        )
        return [
            BLEUScore(
                score=s,
                counts=tuple(m),
                totals=tuple(t),
                precisions=tuple(p),
                smoothed=tuple(sm),
                bp=bp,
                sys_len=c,
                ref_len=r,
                eff_order=e,
                options=self.options,
                signature=self.signature,
                zero_reason=empty if is_empty else (no_match if is_no_match else None),
            )
            for s, m, t, p, sm, bp, c, r, e, is_empty, is_no_match in columns
        ]

    def rows(self, start: int, stop: int) -> SentenceRows:
        """Segments start..stop-1."""
        cut = slice(start, stop)
        return replace(
            self,
            score=self.score[cut],
            counts=self.counts[cut],
            totals=self.totals[cut],
            precisions=self.precisions[cut],
            smoothed=self.smoothed[cut],
            bp=self.bp[cut],
            sys_len=self.sys_len[cut],
            ref_len=self.ref_len[cut],
            eff_order=self.eff_order[cut],
            empty=self.empty[cut],
            no_match=self.no_match[cut],
        )

    def iter_lines(
        self,
        json_format: bool,
        width: int,
        score_only: bool = False,
        text_signature: str | None = None,
        batch: int = LINES_PER_WRITE,
    ) -> Iterator[str]:
        """``lines`` of ``batch`` segments at a time (a few MB of text each: bounded memory)."""
        for start in range(0, len(self), batch):
            yield self.rows(start, start + batch).lines(json_format, width, score_only, text_signature)

    def lines(self, json_format: bool, width: int, score_only: bool = False, text_signature: str | None = None) -> str:
        """The command line's ``-sl`` output of these rows, one line each (final newline included),
        equal to formatting each ``BLEUScore`` (``cli.render``) but one ``%`` per line: the score
        alone, sacreBLEU's text line (``text_signature``: the signature it shows) or a JSON object
        with ``BLEUScore.to_dict``'s keys and ``verbose_score``."""
        if not len(self):
            return ""
        if score_only:
            return "\n".join(map(f"%.{width}f".__mod__, self.score.tolist())) + "\n"
        order = self.counts.shape[1]
        ref_len = self.ref_len.tolist()
        integral = all(r.is_integer() for r in ref_len)
        ref_out = [int(r) for r in ref_len] if integral else [int(r) if r.is_integer() else r for r in ref_len]
        ratio = np.divide(self.sys_len, self.ref_len, out=np.zeros(len(self)), where=self.ref_len != 0)
        precisions = "/".join(["%s"] * order)
        verbose = f"{precisions} (BP = %s ratio = %s hyp_len = %d ref_len = %s)"
        rounded = _formatted(self.precisions.T, "%.1f")
        tail = [*_formatted(np.stack([self.bp, ratio]), "%.3f"), self.sys_len.tolist(), ref_out]
        if not json_format:
            signature = (self.signature if text_signature is None else text_signature).replace("%", "%%")
            template = f"BLEU|{signature} = %.{width}f {verbose}"
            return "\n".join(map(template.__mod__, zip(self.score.tolist(), *rounded, *tail))) + "\n"
        from .messages import EmptyCandidate, NoMatchAnyOrder  # lazy: made only for a message (10 ms to import)

        reasons = np.full(len(self), "null", dtype=object)
        reasons[self.no_match] = json.dumps(score_text(NoMatchAnyOrder()))
        reasons[self.empty] = json.dumps(score_text(EmptyCandidate()))
        smoothed = np.where(self.smoothed, "true", "false").T.tolist()
        ints = ", ".join(["%d"] * order)
        template = (
            '{"name": "BLEU", "score": %r, "value": %r, "signature": '
            + json.dumps(self.signature).replace("%", "%%")
            + f', "counts": [{ints}], "totals": [{ints}], "precisions": [{", ".join(["%s"] * order)}], '
            f'"smoothed": [{", ".join(["%s"] * order)}], "bp": %s, "ratio": %s, "sys_len": %d, "ref_len": %s, '
            f'"max_order": {self.options.max_order}, "eff_order": %d, "variant": {json.dumps(self.options.variant)}, '
            f'"zero_reason": %s, "zero_orders_dropped": false, "notes": [], "verbose_score": "{verbose}"}}'
        )
        score = self.score.tolist()
        columns = zip(
            score,
            [s / 100.0 for s in score],
            *self.counts.T.tolist(),
            *self.totals.T.tolist(),
            *_formatted(self.precisions.T, "%r"),
            *smoothed,
            *_formatted(np.stack([self.bp, ratio]), "%r"),
            self.sys_len.tolist(),
            ref_out,
            self.eff_order.tolist(),
            reasons.tolist(),
            *rounded,
            *tail,
        )
        return "\n".join(map(template.__mod__, columns)) + "\n"


def _formatted(rows: FloatArray, spec: str) -> list[list[str]]:
    """``spec % value`` of every value of each row, each distinct value (bit pattern: -0.0 is not 0.0) formatted once:
    precisions, BPs and ratios repeat from line to line, and formatting floats was most of a JSON line's cost."""
    bits, inverse = np.unique(np.ascontiguousarray(rows).view(np.int64), return_inverse=True)
    texts = np.array(list(map(spec.__mod__, bits.view(np.float64).tolist())), dtype=object)
    return [texts[row].tolist() for row in inverse.reshape(rows.shape)]


def _brevity(sys_len: FloatArray, ref_len: FloatArray, variant: str) -> FloatArray:
    """``lengths.brevity_penalty`` (or ``simplified_brevity_penalty``) of every row."""
    rows = sys_len.shape[0]
    if variant == "simplified":
        bp = np.ones(rows)
        ratio_rows = (sys_len > 0) & (ref_len > 0)
        bp[ratio_rows] = np.minimum(1.0, sys_len[ratio_rows] / ref_len[ratio_rows])
        bp[sys_len <= 0] = 0.0
        return bp
    bp = np.ones(rows)
    short = (sys_len <= ref_len) & (sys_len > 0)
    bp[short] = _map(math.exp, 1.0 - ref_len[short] / sys_len[short])
    bp[(sys_len <= ref_len) & (sys_len <= 0)] = 0.0
    return bp


def sentence_rows(stats: Statistics, options: BleuOptions, nrefs: int | str = 1) -> SentenceRows:
    """Sentence BLEU of every segment of ``stats`` (``covered`` options), equal to ``compute_bleu`` per row."""
    if not covered(options):
        raise ValueError(f"sentence_rows covers sacreBLEU's smoothings, not {options.smooth_method}")
    order = options.max_order
    method, value = options.smooth_method, options.effective_smooth_value or 0.0
    counts = np.asarray(stats.matches[:, :order], dtype=np.int64)
    totals = np.asarray(stats.totals[:, :order], dtype=np.int64)
    rows = counts.shape[0]
    sys_len = np.asarray(stats.hyp_len, dtype=np.float64)
    ref_len = np.asarray(stats.ref_len, dtype=np.float64)
    correct, total = counts.astype(np.float64), totals.astype(np.float64)
    no_match = ~(counts != 0).any(axis=1)

    values = np.zeros((rows, order))
    percents = np.zeros((rows, order))
    smoothed = np.zeros((rows, order), dtype=bool)
    eff_order = np.full(rows, order, dtype=np.int64)
    exp_denominator = np.ones(rows)
    reached = ~no_match  # rows whose loop has not stopped at a zero total
    for n in range(order):
        c, t = correct[:, n], total[:, n]
        if method == "add-k" and n > 0:
            c, t = c + value, t + value
            smoothed[reached, n] = value != 0
        reached = reached & (t != 0)
        if options.effective_order:
            eff_order[reached] = n + 1
        zero = reached & (c == 0)
        hit = reached & ~zero
        values[hit, n] = c[hit] / t[hit]
        percents[hit, n] = 100.0 * c[hit] / t[hit]
        if method == "exp":
            exp_denominator[zero] *= 2
            values[zero, n] = 1.0 / (exp_denominator[zero] * t[zero])
            percents[zero, n] = 100.0 / (exp_denominator[zero] * t[zero])
            smoothed[zero, n] = True
        elif method == "floor":
            values[zero, n] = value / t[zero]
            percents[zero, n] = 100.0 * value / t[zero]
            smoothed[zero, n] = value != 0
    smoothed[no_match] = False  # the early return of smoothing._sacrebleu

    # exp(fsum(w_n log p_n)) over the used orders, weights renormalised per effective order
    used = np.zeros((order + 1, order))
    for eff in range(1, order + 1):
        used[eff, :eff] = used_weights(options.weights, eff)
    weights = used[eff_order]
    counted = weights != 0
    positive = values > 0
    logs = np.zeros((rows, order))
    logs[positive] = _map(math.log, values[positive])
    terms = np.where(counted & positive, weights * logs, 0.0)
    geo = _map(math.exp, _map(math.fsum, terms))
    tutorial = options.variant == "tutorial"
    if not tutorial:  # a weighted zero precision makes the mean 0; no match at all: 0
        geo[(counted & ~positive).any(axis=1) | no_match] = 0.0
    bp = _brevity(sys_len, ref_len, options.variant)
    score = 100.0 * (bp * geo)
    if not tutorial:
        score[no_match] = 0.0
    empty = sys_len == 0
    return SentenceRows(
        score=score,
        counts=counts,
        totals=totals,
        precisions=percents,
        smoothed=smoothed,
        bp=bp,
        sys_len=np.asarray(stats.hyp_len, dtype=np.int64),
        ref_len=ref_len,
        eff_order=eff_order,
        empty=empty,
        no_match=no_match & ~empty & (not tutorial),
        options=options,
        signature=signature(options, nrefs),
    )


def sentence_scores_from_statistics(stats: Statistics, options: BleuOptions, nrefs: int | str = 1) -> list[BLEUScore]:
    """One BLEU per segment of ``stats``, equal to ``compute_bleu`` of each row: all rows at once
    (``sentence_rows``) for sacreBLEU's smoothings, row by row for NLTK's; a segment that cannot be
    scored raises ``SegmentError`` (a ValueError) naming its row."""
    if covered(options):
        return sentence_rows(stats, options, nrefs).scores()
    rows = np.column_stack([stats.hyp_len, stats.ref_len, stats.matches, stats.totals]).astype(np.float64)
    return list(iter_row_scores(rows, options, nrefs))
