"""bleucore.significance reproduces sacreBLEU 2.6's paired tests and confidence intervals exactly."""

from __future__ import annotations

import dataclasses
import math
import random
import tracemalloc

import numpy as np
import pytest
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.significance import PairedTest

import bleucore.significance as sig
from bleucore import BleuOptions, compute_bleu, corpus_statistics, score_statistics, uniform_weights
from bleucore.metrics.bleu.stats import Statistics
from bleucore.significance import paired
from tests.generators import perturb, random_corpus


def systems(seed: int, segments: int, nrefs: int, changed: float) -> tuple[list[str], list[str], list[list[str]]]:
    """A baseline and a system that differs from it on about ``changed`` of the segments."""
    hyps, refs = random_corpus(seed, segments, nrefs)
    rng = random.Random(seed + 1000)
    other = [perturb(rng, h) if rng.random() < changed else h for h in hyps]
    return hyps, other, refs


def sacrebleu_paired(base: list[str], other: list[str], refs: list[list[str]], test: str, n: int, **kw: object):  # type: ignore[no-untyped-def]
    metric = BLEU(references=refs, **kw)  # type: ignore[arg-type]
    _, scores = PairedTest([("base", base), ("sys", other)], {"BLEU": metric}, None, test_type=test, n_samples=n)()
    return scores["BLEU"][0], scores["BLEU"][1]


CASES = [
    # seed, segments, references, share changed, sacreBLEU options
    (0, 120, 1, 0.05, {}),
    (1, 200, 2, 0.1, {"smooth_method": "floor"}),
    (2, 300, 1, 0.03, {"smooth_method": "add-k", "effective_order": True}),
    (3, 80, 4, 0.2, {"smooth_method": "none", "tokenize": "intl"}),
    (4, 150, 1, 0.08, {"smooth_method": "exp", "effective_order": True, "lowercase": True}),
    (5, 37, 3, 0.3, {"tokenize": "char", "max_ngram_order": 6}),
    (6, 250, 1, 0.5, {"tokenize": "none", "max_ngram_order": 2}),
]


def options_for(kw: dict[str, object]) -> BleuOptions:
    return BleuOptions(
        tokenize=str(kw.get("tokenize", "13a")),
        lowercase=bool(kw.get("lowercase", False)),
        weights=uniform_weights(int(kw.get("max_ngram_order", 4))),  # type: ignore[call-overload]
        smooth_method=str(kw.get("smooth_method", "exp")),
        effective_order=bool(kw.get("effective_order", False)),
    )


@pytest.mark.parametrize(("seed", "segments", "nrefs", "changed", "kw"), CASES)
def test_paired_bootstrap_equals_sacrebleu(
    seed: int, segments: int, nrefs: int, changed: float, kw: dict[str, object]
) -> None:
    base, other, refs = systems(seed, segments, nrefs, changed)
    sb_base, sb_sys = sacrebleu_paired(base, other, refs, "bs", 1000, **kw)
    options = options_for(kw)
    result = sig.paired_bootstrap(
        corpus_statistics(base, refs, options), corpus_statistics(other, refs, options), options
    )
    assert result.p_value == sb_sys.p_value
    assert result.mean == sb_sys.mean
    assert result.ci == sb_sys.ci
    assert result.baseline_mean == sb_base.mean
    assert result.baseline_ci == sb_base.ci
    assert result.system_score == pytest.approx(sb_sys.score, abs=1e-9)
    assert result.baseline_score == pytest.approx(sb_base.score, abs=1e-9)
    assert (result.method, result.n_samples, result.seed) == ("bs", 1000, 12345)


@pytest.mark.parametrize(("seed", "segments", "nrefs", "changed", "kw"), CASES)
def test_paired_approximate_randomization_equals_sacrebleu(
    seed: int, segments: int, nrefs: int, changed: float, kw: dict[str, object]
) -> None:
    base, other, refs = systems(seed, segments, nrefs, changed)
    trials = 10000 if seed < 2 else 2000
    _, sb_sys = sacrebleu_paired(base, other, refs, "ar", trials, **kw)
    options = options_for(kw)
    result = sig.paired_approximate_randomization(
        corpus_statistics(base, refs, options), corpus_statistics(other, refs, options), options, n_trials=trials
    )
    assert result.p_value == sb_sys.p_value
    assert result.mean is None and result.ci is None
    assert (result.method, result.n_samples) == ("ar", trials)


def test_p_values_span_the_range() -> None:
    """The cases above are not all trivially significant: some p-values are large."""
    p_values = []
    for seed, segments, nrefs, changed, kw in CASES[:4]:
        base, other, refs = systems(seed, segments, nrefs, changed)
        options = options_for(kw)
        a, b = corpus_statistics(base, refs, options), corpus_statistics(other, refs, options)
        p_values.append(sig.paired_bootstrap(a, b, options).p_value)
    assert min(p_values) < 0.05 < max(p_values)


@pytest.mark.parametrize("seed", [0, 3, 5])
def test_bootstrap_confidence_equals_sacrebleu(seed: int) -> None:
    _, other, refs = systems(seed, 150 + 40 * seed, 1 + seed % 3, 0.1)
    kw = CASES[seed][4]
    score = BLEU(**kw).corpus_score(other, refs, n_bootstrap=1000)  # type: ignore[arg-type]
    options = options_for(kw)
    result = sig.bootstrap_confidence(corpus_statistics(other, refs, options), options)
    assert result.mean == score._mean
    assert result.ci == score._ci
    assert result.score == pytest.approx(score.score, abs=1e-9)
    assert result.interval == (result.mean - result.ci, result.mean + result.ci)


def test_other_seeds_and_sample_counts_equal_sacrebleu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SACREBLEU_SEED", "7")
    base, other, refs = systems(9, 90, 1, 0.1)
    sb_base, sb_sys = sacrebleu_paired(base, other, refs, "bs", 333)
    options = BleuOptions()
    result = sig.paired_bootstrap(
        corpus_statistics(base, refs, options), corpus_statistics(other, refs, options), options, n_samples=333, seed=7
    )
    assert (result.p_value, result.mean, result.ci) == (sb_sys.p_value, sb_sys.mean, sb_sys.ci)
    assert (result.baseline_mean, result.baseline_ci) == (sb_base.mean, sb_base.ci)


def test_small_batches_give_the_same_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawing a few rows at a time is the same random stream as sacreBLEU's single draw."""
    base, other, refs = systems(4, 101, 2, 0.1)
    options = BleuOptions()
    a, b = corpus_statistics(base, refs, options), corpus_statistics(other, refs, options)
    whole = sig.paired_bootstrap(a, b, options), sig.paired_approximate_randomization(a, b, options, n_trials=3000)
    monkeypatch.setattr(paired, "BATCH_CELLS", 150)  # 1 resample or 32 trials per batch
    batched = sig.paired_bootstrap(a, b, options), sig.paired_approximate_randomization(a, b, options, n_trials=3000)
    assert whole == batched


def test_memory_stays_bounded_for_many_segments() -> None:
    """sacreBLEU holds n x S x F float32 at once (here 300 x 40000 x 10 x 4 B = 480 MB per system)."""
    base, other, refs = systems(8, 400, 1, 0.2)
    options = BleuOptions()
    a = Statistics.concatenate([corpus_statistics(base, refs, options)] * 100)
    b = Statistics.concatenate([corpus_statistics(other, refs, options)] * 100)
    tracemalloc.start()
    try:
        sig.paired_bootstrap(a, b, options, n_samples=300)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 60e6


def test_identical_systems_get_the_smallest_p_value_as_in_sacrebleu() -> None:
    base, _, refs = systems(2, 60, 1, 0.0)
    options = BleuOptions()
    a = corpus_statistics(base, refs, options)
    bs = sig.paired_bootstrap(a, a, options, n_samples=200)
    ar = sig.paired_approximate_randomization(a, a, options, n_trials=500)
    assert bs.p_value == 1 / 201 and ar.p_value == 1 / 501
    assert bs.delta == 0.0 and bs.mean == bs.baseline_mean
    _, sb_sys = sacrebleu_paired(base, base, refs, "ar", 500)
    assert sb_sys.p_value == ar.p_value


def _direct_bootstrap(a: Statistics, b: Statistics, options: BleuOptions, n: int, seed: int) -> tuple[float, float]:
    """The textbook procedure with compute_bleu on every resample (no batching, no vectorizing)."""
    idx = np.random.default_rng(seed).choice(a.segments, size=(n, a.segments), replace=True)
    scores_a = np.array([score_statistics(a.take(i), options).score for i in idx])
    scores_b = np.array([score_statistics(b.take(i), options).score for i in idx])
    diffs = np.abs(scores_b - scores_a)
    observed = abs(score_statistics(a, options).score - score_statistics(b, options).score)
    p = (int(np.sum(diffs - diffs.mean() > observed)) + 1) / (n + 1)
    return p, float(np.sort(scores_b).mean())


@pytest.mark.parametrize(
    "options",
    [
        BleuOptions(smooth_method="nltk-method1"),
        BleuOptions(smooth_method="nltk-method7"),
        BleuOptions(variant="simplified"),
        BleuOptions(weights=(0.4, 0.3, 0.2, 0.1)),
        BleuOptions(ref_length="average"),
    ],
)
def test_other_configurations_score_every_resample_with_compute_bleu(options: BleuOptions) -> None:
    base, other, refs = systems(6, 70, 2, 0.2)
    a, b = corpus_statistics(base, refs, options), corpus_statistics(other, refs, options)
    result = sig.paired_bootstrap(a, b, options, n_samples=150, seed=3)
    p, mean = _direct_bootstrap(a, b, options, 150, 3)
    assert result.p_value == p
    assert result.mean == pytest.approx(mean, abs=1e-9)
    assert result.system_score == score_statistics(b, options).score


SACRE_OPTIONS = [
    BleuOptions(smooth_method=m, effective_order=e, weights=uniform_weights(k), smooth_value=v)
    for m, v in [("none", None), ("floor", None), ("floor", 0.25), ("add-k", None), ("add-k", 2.0), ("exp", None)]
    for e in (False, True)
    for k in (1, 4, 6)
]


def _random_sums(rng: np.random.Generator, rows: int, order: int) -> np.ndarray:
    sys_len = rng.integers(0, 60, rows)
    totals = np.maximum(sys_len[:, None] - np.arange(order)[None, :], 0)
    matches = (totals * rng.random((rows, order)) * (rng.random((rows, order)) < 0.7)).astype(np.int64)
    ref_len = np.maximum(0, sys_len + rng.integers(-10, 10, rows))
    return np.column_stack([sys_len, ref_len, matches, totals]).astype(np.float64)


@pytest.mark.parametrize(
    "options", SACRE_OPTIONS, ids=lambda o: f"{o.smooth_method}-{o.smooth_value}-{o.effective_order}-{o.max_order}"
)
def test_vectorized_scores_equal_compute_bleu_and_sacrebleu(options: BleuOptions) -> None:
    order = options.max_order
    sums = _random_sums(np.random.default_rng(order), 400, order)
    ours = sig.sacrebleu_scores(sums, options)
    ours32 = sig.sacrebleu_scores(sums, options, float32=True)
    for row, score, score32 in zip(sums, ours, ours32):
        counts = row.astype(np.int64)
        c, r, m, t = int(counts[0]), int(counts[1]), counts[2 : 2 + order], counts[2 + order :]
        expected = compute_bleu(c, r, m.tolist(), t.tolist(), options).score
        assert abs(score - expected) <= 1e-9
        theirs = BLEU.compute_bleu(
            m.tolist(), t.tolist(), c, r, options.smooth_method, options.smooth_value, options.effective_order, order
        ).score
        assert score == theirs
        stats32 = row.astype(np.float32)
        theirs32 = BLEU.compute_bleu(
            stats32[2 : 2 + order],
            stats32[2 + order :],
            int(stats32[0]),
            int(stats32[1]),
            options.smooth_method,
            options.smooth_value,
            options.effective_order,
            order,
        ).score
        assert score32 == theirs32
        assert abs(score32 - expected) < 1e-4


def test_vectorized_scores_reject_other_configurations() -> None:
    with pytest.raises(ValueError, match="sacreBLEU's smoothings"):
        sig.sacrebleu_scores(np.zeros((1, 10)), BleuOptions(smooth_method="nltk-method2"))


def test_bad_input_is_a_value_error() -> None:
    base, _other, refs = systems(1, 10, 1, 0.5)
    options = BleuOptions()
    a = corpus_statistics(base, refs, options)
    with pytest.raises(ValueError, match="baseline has 10 segments but the system has 4"):
        sig.paired_bootstrap(a, a.take(range(4)), options)
    with pytest.raises(ValueError, match="at least 1 segment, got 0"):
        sig.paired_approximate_randomization(a.take([]), a.take([]), options)
    with pytest.raises(ValueError, match="at least 1 segment, got 0"):
        sig.bootstrap_confidence(a.take([]), options)
    for bad in (0, -5, True, 2.5, "100"):
        with pytest.raises(ValueError, match="must be a positive integer"):
            sig.paired_bootstrap(a, a, options, n_samples=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="trials must be a positive integer, got 0"):
        sig.paired_approximate_randomization(a, a, options, n_trials=0)
    with pytest.raises(ValueError, match=r"orders 1\.\.4, the options need 1\.\.5"):
        sig.bootstrap_confidence(a, BleuOptions(weights=uniform_weights(5)))


def test_results_are_frozen_and_seed_none_draws_from_the_os() -> None:
    base, other, refs = systems(2, 50, 1, 0.3)
    options = BleuOptions()
    a, b = corpus_statistics(base, refs, options), corpus_statistics(other, refs, options)
    result = sig.paired_bootstrap(a, b, options, n_samples=np.int64(50), seed=None)  # type: ignore[arg-type]
    assert result.seed is None and result.n_samples == 50 and isinstance(result.n_samples, int)
    assert 0 < result.p_value <= 1 and result.significant(1.01) and not result.significant(0.0)
    assert math.isclose(result.delta, result.system_score - result.baseline_score)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.p_value = 0.5  # type: ignore[misc]
