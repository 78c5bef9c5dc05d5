"""bleucore's per-n-gram Count_clip (``clipped_counts``, ``matched_ngrams``) is the same clipping BLEU scores with:
summed per order it equals the statistics' matches, on generated segments and on raw text with every tokenizer
option that changes tokens."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bleucore import BleuOptions, corpus_statistics
from bleucore.metrics.bleu import clipped_counts, matched_ngrams

WORDS = st.lists(st.sampled_from(["a", "b", "c", "the", "The", "cat", "."]), max_size=12)


@settings(max_examples=200, deadline=None)
@given(hyp=WORDS, refs=st.lists(WORDS, min_size=1, max_size=3), order=st.integers(1, 6))
def test_clipped_counts_are_min_of_count_and_max_reference_count(
    hyp: list[str], refs: list[list[str]], order: int
) -> None:
    clipped = clipped_counts(hyp, refs, order)
    for gram, count in clipped.items():
        n = len(gram)
        in_hyp = sum(tuple(hyp[i : i + n]) == gram for i in range(len(hyp) - n + 1))
        in_refs = max(sum(tuple(r[i : i + n]) == gram for i in range(len(r) - n + 1)) for r in refs)
        assert count == min(in_hyp, in_refs) > 0


@settings(max_examples=100, deadline=None)
@given(
    lines=st.lists(st.tuples(WORDS, WORDS, WORDS), min_size=1, max_size=6),
    lowercase=st.booleans(),
    tokenize=st.sampled_from(["13a", "none", "char"]),
)
def test_matched_ngrams_sum_to_the_statistics_matches(
    lines: list[tuple[list[str], list[str], list[str]]], lowercase: bool, tokenize: str
) -> None:
    hyps = [" ".join(h) for h, _, _ in lines]
    refs = [[" ".join(r) for _, r, _ in lines], [" ".join(r) for _, _, r in lines]]
    options = BleuOptions(tokenize=tokenize, lowercase=lowercase)
    matched = matched_ngrams(hyps, refs, options)
    stats = corpus_statistics(hyps, refs, options)
    per_order = [sum(c for g, c in matched.items() if len(g) == n) for n in range(1, options.stats_order + 1)]
    assert per_order == stats.matches.sum(axis=0).tolist()
