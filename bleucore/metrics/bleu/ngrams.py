"""n-gram extraction and counting (Papineni et al. 2002, §2.1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

Ngram = tuple[str, ...]


def ngrams(tokens: Sequence[str], n: int) -> list[Ngram]:
    """The n-grams of ``tokens`` in order: ``len(tokens) - n + 1`` of them (none if shorter)."""
    return [tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]


def count_ngrams(tokens: Sequence[str], max_order: int) -> Counter[Ngram]:
    """Count(g) of every n-gram g of ``tokens`` for n = 1..max_order, in one Counter."""
    counts: Counter[Ngram] = Counter()
    toks = tuple(tokens)
    length = len(toks)
    for n in range(1, max_order + 1):
        for i in range(length - n + 1):
            counts[toks[i : i + n]] += 1
    return counts


def max_reference_counts(references: Sequence[Sequence[str]], max_order: int) -> Counter[Ngram]:
    """Max_Ref_Count(g) = max over references of Count(g) in that reference."""
    merged: Counter[Ngram] = Counter()
    for ref in references:
        for gram, count in count_ngrams(ref, max_order).items():
            if count > merged[gram]:
                merged[gram] = count
    return merged


def clipped_counts(hypothesis: Sequence[str], references: Sequence[Sequence[str]], max_order: int) -> Counter[Ngram]:
    """Count_clip(g) = min(Count(g), Max_Ref_Count(g)) of every n-gram g of ``hypothesis`` that a reference
    holds (Papineni et al. 2002, §2.1): per order, their sum is the segment's BLEU matches."""
    return count_ngrams(hypothesis, max_order) & max_reference_counts(references, max_order)
