"""bleucore.metrics.bleu.fast gives exactly the arrays of the reference loop: ``Statistics.of_segments`` of each
segment's ``segment_counts``."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bleucore.metrics.bleu.fast as fast
import bleucore.metrics.bleu.ngram_matches as ngram_matches
from bleucore import BleuOptions, corpus_bleu, corpus_statistics, uniform_weights
from bleucore.metrics.bleu.options import REF_LENGTH_RULES, TOKENIZER_NAMES
from bleucore.metrics.bleu.stats import Statistics, segment_counts
from bleucore.tokenizers import tokenize_flat, tokenize_lines
from tests.generators import random_corpus

Tokens = Sequence[Sequence[str]]


def assert_identical(expected: Statistics, actual: Statistics) -> None:
    for field in ("hyp_len", "ref_len", "matches", "totals"):
        want, got = getattr(expected, field), getattr(actual, field)
        assert got.dtype == want.dtype, field
        assert got.shape == want.shape, field
        assert np.array_equal(got, want), f"{field} differs"


def loop_statistics(hyps: Tokens, refs: Sequence[Tokens], order: int, rule: str = "closest") -> Statistics:
    """The reference loop: each segment counted on its own by ``segment_counts``."""
    return Statistics.of_segments([segment_counts(h, r, order, rule) for h, r in zip(hyps, refs, strict=True)], order)


def tokenized(seed: int, segments: int, nrefs: int, tokenizer: str) -> tuple[Tokens, list[tuple[tuple[str, ...], ...]]]:
    hyps, streams = random_corpus(seed, segments, nrefs)
    hyp_tokens = tokenize_lines(hyps, tokenizer)
    ref_tokens = [tokenize_lines(stream, tokenizer) for stream in streams]
    return hyp_tokens, list(zip(*ref_tokens))


@pytest.fixture
def vectorized(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``statistics_from_tokens`` counts even the smallest input with arrays (else it takes the loop under test)."""
    monkeypatch.setattr(fast, "SMALL_INPUT_TOKENS", 0)
    yield


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Blocks of 40 tokens: many blocks, segments longer than a block, blocks of one segment."""
    monkeypatch.setattr(fast, "BLOCK_TOKENS", 40)
    yield


@pytest.mark.parametrize("tokenizer", TOKENIZER_NAMES)
@pytest.mark.parametrize("nrefs", [1, 2, 3, 4])
@pytest.mark.parametrize("rule", REF_LENGTH_RULES)
def test_random_corpora_every_tokenizer_order_and_rule(vectorized: None, tokenizer: str, nrefs: int, rule: str) -> None:
    for seed in range(3):
        hyps, refs = tokenized(seed * 7 + nrefs, 60, nrefs, tokenizer)
        expected = loop_statistics(hyps, refs, 10, rule)  # orders 1..n of it are the order-n statistics
        for order in range(1, 11):
            assert_identical(expected.orders(order), fast.statistics_from_tokens(hyps, refs, order, rule))


@pytest.mark.parametrize("order", [1, 4, 10])
def test_many_blocks(vectorized: None, small_blocks: None, order: int) -> None:
    for seed in range(10):
        hyps, refs = tokenized(seed, 80, 1 + seed % 4, "13a")
        assert_identical(loop_statistics(hyps, refs, order), fast.statistics_from_tokens(hyps, refs, order))


def test_the_bench_corpus_sizes_are_split_into_blocks_that_match(vectorized: None) -> None:
    hyps, refs = tokenized(99, 3000, 2, "13a")
    assert sum(map(len, hyps)) * 3 > 2 * fast.BLOCK_TOKENS  # really several blocks
    assert_identical(loop_statistics(hyps, refs, 4), fast.statistics_from_tokens(hyps, refs, 4))


def test_narrow_keys_take_the_compaction_and_prefix_rank_paths(
    vectorized: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With keys of 24 bits the token ids are compacted per segment and long n-grams ranked."""
    calls = {"compact": 0, "ranks": 0}
    compact, ranks = ngram_matches._ids_per_segment, ngram_matches._prefix_ranks

    def spy_compact(*args):  # type: ignore[no-untyped-def]
        calls["compact"] += 1
        return compact(*args)

    def spy_ranks(*args):  # type: ignore[no-untyped-def]
        calls["ranks"] += 1
        return ranks(*args)

    monkeypatch.setattr(ngram_matches, "_ids_per_segment", spy_compact)
    monkeypatch.setattr(ngram_matches, "_prefix_ranks", spy_ranks)
    for bits in (40, 30, 24):
        monkeypatch.setattr(ngram_matches, "KEY_BITS", bits)
        for seed in range(6):
            hyps, refs = tokenized(seed, 50, 1 + seed % 4, "none")
            for order in (2, 4, 7, 10):
                assert_identical(loop_statistics(hyps, refs, order), fast.statistics_from_tokens(hyps, refs, order))
    assert calls["compact"] > 0 and calls["ranks"] > 0


def test_one_long_line_four_references_order_ten(vectorized: None) -> None:
    rng = random.Random(5)
    words = [f"w{i}" for i in range(300)]
    base = [rng.choice(words) for _ in range(1000)]
    refs = tuple(tuple(w if rng.random() < 0.8 else rng.choice(words) for w in base) for _ in range(4))
    hyp = tuple(w for w in base if rng.random() < 0.9)
    for order in (4, 10):
        assert_identical(loop_statistics([hyp], [refs], order), fast.statistics_from_tokens([hyp], [refs], order))


def test_every_token_distinct_large_vocabulary(vectorized: None) -> None:
    """Ids of 17+ bits: the packed 4-gram would overflow without per-segment ids."""
    hyps = [tuple(f"t{i}-{j}" for j in range(20)) for i in range(5000)]
    refs = [(tuple(f"t{i}-{j}" for j in range(0, 40, 2)),) for i in range(5000)]
    expected = loop_statistics(hyps, refs, 4)
    assert expected.matches[:, 0].sum() == 5000 * 10  # the even tokens
    assert_identical(expected, fast.statistics_from_tokens(hyps, refs, 4))


def test_repeated_tokens_are_clipped_by_the_best_reference(vectorized: None) -> None:
    hyp = ("the",) * 7
    refs = (("the", "cat", "the"), ("the",) * 4, ("a", "the", "the", "the"))
    stats = fast.statistics_from_tokens([hyp, hyp], [refs, refs[:1]], 2)
    # "the" x7 is clipped to 4 (second reference); "the the" x6 to 3; "the cat the" has no "the the".
    assert stats.matches.tolist() == [[4, 3], [2, 0]]
    assert stats.totals.tolist() == [[7, 6], [7, 6]]
    assert stats.ref_len.tolist() == [4.0, 3.0]


def test_empty_segments_and_empty_corpus(vectorized: None) -> None:
    empty: tuple[str, ...] = ()
    stats = fast.statistics_from_tokens([empty, ("a",), empty], [(empty,), (empty, ("a",)), (("b", "c"),)], 3)
    assert stats.hyp_len.tolist() == [0, 1, 0]
    assert stats.ref_len.tolist() == [0.0, 1.0, 2.0]
    assert stats.matches.tolist() == [[0, 0, 0], [1, 0, 0], [0, 0, 0]]
    none = fast.statistics_from_tokens([], [], 4)
    assert none.matches.shape == (0, 4) and none.hyp_len.shape == (0,) and none.ref_len.dtype == np.float64
    assert_identical(loop_statistics([], [], 4), none)


def test_varying_number_of_references_per_segment(vectorized: None) -> None:
    hyps, refs4 = tokenized(3, 40, 4, "13a")
    refs = [r[: 1 + i % 4] for i, r in enumerate(refs4)]
    for rule in REF_LENGTH_RULES:
        assert_identical(loop_statistics(hyps, refs, 4, rule), fast.statistics_from_tokens(hyps, refs, 4, rule))


def test_closest_reference_length_ties_go_to_the_shorter(vectorized: None) -> None:
    hyp = ("a",) * 5
    refs = (("a",) * 7, ("a",) * 3, ("a",) * 6, ("a",) * 4)
    stats = fast.statistics_from_tokens([hyp], [refs], 1, "closest")
    assert stats.ref_len.tolist() == [4.0]
    assert fast.statistics_from_tokens([hyp], [refs], 1, "shortest").ref_len.tolist() == [3.0]
    assert fast.statistics_from_tokens([hyp], [refs], 1, "average").ref_len.tolist() == [5.0]


def test_bad_input_is_a_value_error(vectorized: None) -> None:
    with pytest.raises(ValueError, match="2 hypotheses but 1 sets of references"):
        fast.statistics_from_tokens([("a",), ("b",)], [(("a",),)], 4)
    with pytest.raises(ValueError, match="at least 1 reference, got 0 \\(segment 2\\)"):
        fast.statistics_from_tokens([("a",), ("b",)], [(("a",),), ()], 4)
    with pytest.raises(ValueError, match="reference-length rule 'longest'"):
        fast.statistics_from_tokens([("a",)], [(("a",),)], 4, "longest")
    with pytest.raises(ValueError, match="at least 1, got 0"):
        fast.statistics_from_tokens([("a",)], [(("a",),)], 0)


def test_statistics_from_tokens_either_path_by_size_gives_identical_arrays() -> None:
    for segments in (1, 3, 200):
        hyps, refs = tokenized(segments, segments, 2, "13a")
        assert_identical(loop_statistics(hyps, refs, 4), fast.statistics_from_tokens(hyps, refs, 4))


def test_corpus_statistics_uses_the_fast_path_and_matches_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    hyps, streams = random_corpus(11, 300, 3)
    options = BleuOptions(tokenize="intl", lowercase=True, weights=uniform_weights(5), ref_length="average")
    used: list[int] = []
    original = fast.text_statistics

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        used.append(len(args[0]))
        return original(*args, **kwargs)

    monkeypatch.setattr(fast, "text_statistics", spy)
    stats = corpus_statistics(hyps, streams, options)
    assert used == [300]
    hyp_tokens = tokenize_lines(hyps, "intl", True)
    refs = list(zip(*(tokenize_lines(s, "intl", True) for s in streams)))
    assert_identical(loop_statistics(hyp_tokens, refs, 5, "average"), stats)
    assert corpus_bleu(hyps, streams, options).counts == tuple(stats.matches.sum(axis=0).tolist())


ALPHABET = st.sampled_from(["a", "b", "c", "a.", "빛이", "😀", "x\u2028y", "B"])
SEGMENT = st.lists(ALPHABET, max_size=12).map(tuple)


@settings(max_examples=300, deadline=None)
@given(
    data=st.lists(st.tuples(SEGMENT, st.lists(SEGMENT, min_size=1, max_size=4).map(tuple)), max_size=12),
    order=st.integers(1, 10),
    rule=st.sampled_from(REF_LENGTH_RULES),
    block=st.sampled_from([1, 7, 32, 1 << 15]),
)
def test_property_fast_equals_loop(
    data: list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]], order: int, rule: str, block: int
) -> None:
    hyps = [d[0] for d in data]
    refs = [d[1] for d in data]
    saved = fast.BLOCK_TOKENS, fast.SMALL_INPUT_TOKENS
    fast.BLOCK_TOKENS, fast.SMALL_INPUT_TOKENS = block, 0  # the arrays, even for the smallest input
    try:
        actual = fast.statistics_from_tokens(hyps, refs, order, rule)
    finally:
        fast.BLOCK_TOKENS, fast.SMALL_INPUT_TOKENS = saved
    expected = loop_statistics(hyps, refs, order, rule)
    assert_identical(expected, actual)
    assert (actual.matches <= actual.totals).all()


def test_systems_statistics_equal_corpus_statistics_per_system() -> None:
    hyps, streams = random_corpus(12, 150, 2)
    other, _ = random_corpus(13, 150, 1)
    options = BleuOptions(tokenize="13a", lowercase=True, ref_length="shortest")
    for got, system in zip(fast.systems_statistics([hyps, other], streams, options), [hyps, other]):
        assert_identical(corpus_statistics(system, streams, options), got)
    with pytest.raises(ValueError, match="150 hypotheses but 149 lines in reference 2"):
        fast.systems_statistics([hyps], [streams[0], streams[1][:-1]], options)


# --- token ids and flat tokens (ids_statistics, text_statistics, flat_statistics) -------------


@pytest.mark.parametrize("tokenizer", TOKENIZER_NAMES)
@pytest.mark.parametrize("nrefs", [1, 2, 4])
@pytest.mark.parametrize("rule", REF_LENGTH_RULES)
def test_text_and_flat_statistics_equal_the_loop(tokenizer: str, nrefs: int, rule: str) -> None:
    hyps, streams = random_corpus(40 + nrefs, 120, nrefs)
    for lowercase, order in ((False, 4), (True, 7)):
        options = BleuOptions(tokenize=tokenizer, lowercase=lowercase, weights=uniform_weights(order), ref_length=rule)
        hyp_tokens = tokenize_lines(hyps, tokenizer, lowercase)
        refs = list(zip(*(tokenize_lines(s, tokenizer, lowercase) for s in streams)))
        expected = loop_statistics(hyp_tokens, refs, order, rule)
        assert_identical(expected, fast.text_statistics(hyps, streams, options))
        flat = [tokenize_flat(s, tokenizer, lowercase) for s in [hyps, *streams]]
        assert_identical(expected, fast.flat_statistics(flat[0], flat[1:], order, rule))


@pytest.mark.parametrize("order", [1, 4, 10])
def test_ids_statistics_many_blocks(small_blocks: None, order: int) -> None:
    for seed in range(6):
        hyps, streams = random_corpus(seed, 80, 1 + seed % 4)
        options = BleuOptions(weights=uniform_weights(order))
        assert_identical(corpus_statistics(hyps, streams, options), fast.text_statistics(hyps, streams, options))


def test_ids_statistics_wide_and_sparse_ids_take_every_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # ids far apart (the np.unique compaction), a vocabulary too wide for order 10 (per-segment ids
    # and prefix ranks), against the same tokens as strings
    rng = np.random.default_rng(5)
    lengths = rng.integers(0, 30, size=50).astype(np.int64)
    hyp_ids = rng.integers(0, 1 << 40, size=int(lengths.sum())).astype(np.int64)
    ref_ids = hyp_ids.copy()
    ref_ids[::3] = rng.integers(0, 1 << 40, size=ref_ids[::3].size)

    def segments(ids: np.ndarray) -> list[tuple[str, ...]]:
        bounds = np.cumsum(lengths) - lengths
        return [tuple(map(str, ids[b : b + n].tolist())) for b, n in zip(bounds, lengths)]

    expected = loop_statistics(segments(hyp_ids), [(r,) for r in segments(ref_ids)], 10)
    assert_identical(expected, fast.ids_statistics((hyp_ids, lengths), [(ref_ids, lengths)], 10))
    monkeypatch.setattr(ngram_matches, "KEY_BITS", 20)
    assert_identical(expected, fast.ids_statistics((hyp_ids, lengths), [(ref_ids, lengths)], 10))


def test_ids_and_flat_statistics_bad_input() -> None:
    ids, lengths = np.array([0, 1, 2]), np.array([2, 1])
    with pytest.raises(ValueError, match="at least 1 reference stream"):
        fast.ids_statistics((ids, lengths), [], 4)
    with pytest.raises(ValueError, match="at least 1"):
        fast.ids_statistics((ids, lengths), [(ids, lengths)], 0)
    with pytest.raises(ValueError, match="stream 1"):
        fast.ids_statistics((ids, lengths), [(ids, np.array([3]))], 4)
    with pytest.raises(ValueError, match=">= 0"):
        fast.ids_statistics((np.array([0, -1, 2]), lengths), [(ids, lengths)], 4)
    with pytest.raises(ValueError, match="offsets must run from 0"):
        fast.flat_statistics((["a", "b"], np.array([0, 1])), [(["a", "b"], np.array([0, 2]))], 4)
    with pytest.raises(ValueError, match="3 hypotheses but 2 lines in reference 1"):
        fast.text_statistics(["a", "b", "c"], [["a", "b"]])


def test_empty_corpus_through_ids() -> None:
    empty = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
    stats = fast.ids_statistics(empty, [empty, empty], 4)
    assert stats.segments == 0 and stats.matches.shape == (0, 4)
    assert_identical(loop_statistics([(), ()], [((),), ((),)], 4), fast.text_statistics(["", " "], [["\t", ""]]))


def test_every_exported_name_exists() -> None:
    """Regression: ``__all__`` kept ``reference_count`` after it moved to ``metrics.inputs``, so a star import
    raised."""
    assert [name for name in fast.__all__ if not hasattr(fast, name)] == []
