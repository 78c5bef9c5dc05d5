"""Why a sentence gets its chrF: per order the hypothesis, reference and matched n-grams with
precision, recall and F-beta, the reference chosen, and the n-gram occurrences to highlight.

The numbers are ``stats``' (sacreBLEU's); only the occurrences are computed here, one Counter per
order, as an explanation is for one sentence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .fscore import order_scores
from .ngrams import char_text, word_pieces
from .options import ChrfOptions
from .score import CHRFScore, sentence_scores, signature
from .stats import statistics

__all__ = [
    "ChrfExplanation",
    "ChrfOrder",
    "NgramOccurrence",
    "char_occurrences",
    "chrf_orders",
    "explain_chrf",
    "word_occurrences",
]

Kind = Literal["char", "word"]


@dataclass(frozen=True)
class ChrfOrder:
    """One order: ``kind`` ("char" or "word") and ``n``; n-gram totals of hypothesis and
    reference, matched n-grams (sum of min counts), and P, R, F-beta on the 0-1 scale (0 where undefined)."""

    kind: Kind
    n: int
    hyp_total: int
    ref_total: int
    matched: int
    precision: float
    recall: float
    f_beta: float


@dataclass(frozen=True)
class NgramOccurrence:
    """One n-gram occurrence: ``text``, its ``start``/``end`` (see ``char_occurrences`` and
    ``word_occurrences``), and ``matched``: among the first min(hyp count, ref count) occurrences."""

    text: str
    start: int
    end: int
    matched: bool


@dataclass(frozen=True)
class ChrfExplanation:
    """The sentence chrF of a hypothesis, per order, with the reference it was scored against
    (``reference_index``: the highest sentence chrF, the first on a tie) and each reference's score."""

    score: CHRFScore
    orders: tuple[ChrfOrder, ...]
    reference_index: int
    reference_scores: tuple[float, ...]
    options: ChrfOptions

    def order(self, kind: Kind, n: int) -> ChrfOrder:
        """The row of one order."""
        for row in self.orders:
            if row.kind == kind and row.n == n:
                return row
        raise ValueError(
            f"no {kind} order {n}: the options give character orders 1..{self.options.char_order} "
            f"and word orders 1..{self.options.word_order}"
        )


def explain_chrf(hypothesis: str, references: Sequence[str], options: ChrfOptions | None = None) -> ChrfExplanation:
    """The sentence chrF of ``hypothesis`` against ``references`` (at least one), explained."""
    options = options or ChrfOptions()
    if isinstance(references, str) or not references:
        raise ValueError("give a sequence of at least 1 reference")
    per_ref = [sentence_scores(statistics([hypothesis], [[r]], options), options)[0] for r in references]
    best = 0
    for k, s in enumerate(per_ref):
        if s.score > per_ref[best].score:
            best = k
    chosen = per_ref[best]
    nrefs = len(references)
    score = CHRFScore(chosen.score, chosen.statistics, options, signature(options, nrefs))
    return ChrfExplanation(
        score, chrf_orders(chosen.statistics, options), best, tuple(s.score for s in per_ref), options
    )


def chrf_orders(statistics: Sequence[int], options: ChrfOptions) -> tuple[ChrfOrder, ...]:
    """Each order's totals, P, R and F-beta from summed statistics (per order ``[hyp, ref, match]``): one
    sentence's, or a corpus's, whose averaged P and R give corpus chrF (Popović 2015, 2017)."""
    kinds: list[tuple[Kind, int]] = [("char", n) for n in range(1, options.char_order + 1)]
    kinds += [("word", n) for n in range(1, options.word_order + 1)]
    rows = []
    for i, ((kind, n), (p, r, f)) in enumerate(zip(kinds, order_scores(tuple(statistics), options))):
        hyp, ref, match = statistics[3 * i : 3 * i + 3]
        rows.append(ChrfOrder(kind, n, int(hyp), int(ref), int(match), p, r, f))
    return tuple(rows)


def _char_origins(line: str, options: ChrfOptions) -> tuple[str, list[int]]:
    """The counted characters and, for each, its index in ``line``."""
    text = char_text(line, options)
    origins = []
    for k, c in enumerate(line):
        for p in c.lower() if options.lowercase else c:
            if options.whitespace or not p.isspace():
                origins.append(k)
    if len(origins) != len(text):  # a lowercasing that changes length: offsets approximate
        origins = [min(k, max(len(line) - 1, 0)) for k in range(len(text))]
    return text, origins


def _mark(grams: list[tuple[str, int, int]], other: Counter[str]) -> list[NgramOccurrence]:
    seen: Counter[str] = Counter()
    out = []
    for text, start, end in grams:
        seen[text] += 1
        out.append(NgramOccurrence(text, start, end, seen[text] <= other[text]))
    return out


def char_occurrences(line: str, other: str, n: int, options: ChrfOptions | None = None) -> list[NgramOccurrence]:
    """Every character n-gram of ``line`` with its offsets in ``line`` (``end`` exclusive, so a
    gram spanning a removed space covers it) and whether it is matched in ``other``."""
    options = options or ChrfOptions()
    text, origins = _char_origins(line, options)
    theirs = char_text(other, options)
    other_counts = Counter(theirs[i : i + n] for i in range(len(theirs) - n + 1))
    grams = [(text[i : i + n], origins[i], origins[i + n - 1] + 1) for i in range(len(text) - n + 1)]
    return _mark(grams, other_counts)


def word_occurrences(line: str, other: str, n: int, options: ChrfOptions | None = None) -> list[NgramOccurrence]:
    """Every word n-gram of ``line`` (chrF++'s words: punctuation split off), ``start``/``end``
    being indices into ``word_pieces(line)``, and whether it is matched in ``other``."""
    options = options or ChrfOptions()
    mine, theirs = word_pieces(line, options), word_pieces(other, options)
    other_counts = Counter(" ".join(theirs[i : i + n]) for i in range(len(theirs) - n + 1))
    grams = [(" ".join(mine[i : i + n]), i, i + n) for i in range(len(mine) - n + 1)]
    return _mark(grams, other_counts)
