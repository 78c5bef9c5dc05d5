"""One candidate under every tokenizer: its tokens and modified precisions p_n (Explore's tokenizer view).

Pure functions of bleucore (no Streamlit); ``ui.cache.tokenizer_rows`` caches them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bleucore import statistics_from_tokens, tokenize
from bleucore.metrics.bleu.options import TOKENIZER_NAMES


@dataclass(frozen=True)
class TokenizerRow:
    """One tokenizer's tokens of the candidate and its modified precisions p_1..p_N."""

    tokenizer: str
    tokens: tuple[str, ...]
    precisions: tuple[Fraction, ...]
    counts: tuple[tuple[int, int], ...]


def all_tokenizer_rows(
    candidate: str, references: Sequence[str], lowercase: bool, max_order: int
) -> tuple[TokenizerRow, ...]:
    """The candidate under every tokenizer (none, 13a, intl, char) and each one's p_n = matches / totals."""
    rows = []
    for name in TOKENIZER_NAMES:
        cand = tokenize(candidate, name, lowercase)
        refs = tuple(tokenize(r, name, lowercase) for r in references)
        stats = statistics_from_tokens([cand], [refs], max_order)
        counts = tuple(zip(stats.matches[0].tolist(), stats.totals[0].tolist()))
        rows.append(TokenizerRow(name, cand, tuple(Fraction(m, t) if t else Fraction(0) for m, t in counts), counts))
    return tuple(rows)
