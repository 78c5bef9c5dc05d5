"""bleucore's nltk-method0..7 against NLTK 3.10.4's sentence_bleu / corpus_bleu on generated inputs.

NLTK's method0 puts sys.float_info.min in place of a zero precision and returns about 1e-155 with a
warning; bleucore returns exactly 0 and a reason. nltk-method6 needs p_3 > 0: NLTK asserts, we raise.
"""

import math
import random
import sys
import warnings

import pytest
from nltk.translate.bleu_score import SmoothingFunction, corpus_bleu, sentence_bleu

from bleucore import BleuOptions, compute_bleu, statistics_from_tokens, tokenize
from bleucore.metrics.bleu import messages as msg
from bleucore.metrics.bleu.score_text import score_text
from tests.generators import random_corpus

EPSILON = 1e-9
METHODS = [f"nltk-method{i}" for i in range(8)]


def nltk_score(refs, hyp, weights, method, **kwargs):
    fn = getattr(SmoothingFunction(**kwargs), method.removeprefix("nltk-"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return sentence_bleu(refs, hyp, weights=weights, smoothing_function=fn)


def ours(hyp, refs, options):
    stats = statistics_from_tokens([hyp], [refs], options.stats_order).total()
    return compute_bleu(
        int(stats.hyp_len[0]), float(stats.ref_len[0]), stats.matches[0].tolist(), stats.totals[0].tolist(), options
    )


def random_weights(rng, order):
    if rng.random() < 0.5:
        return tuple([1.0 / order] * order)
    raw = [rng.random() for _ in range(order)]
    return tuple(w / sum(raw) for w in raw)


def check(hyp, refs, weights, method, rng_kwargs=None):
    kwargs = rng_kwargs or {}
    options = BleuOptions(
        tokenize="none", weights=weights, smooth_method=method, smooth_value=next(iter(kwargs.values()), None)
    )
    try:
        expected = nltk_score(refs, hyp, weights, method, **kwargs)
    except (AssertionError, IndexError):
        assert method == "nltk-method6"
        with pytest.raises(ValueError, match="nltk-method6"):
            ours(hyp, refs, options)
        return "raised"
    got = ours(hyp, refs, options)
    if method == "nltk-method0" and got.zero_reason:
        zero_weight = max(w for w, m in zip(weights, got.counts) if m == 0)
        assert got.score == 0.0
        assert expected <= math.exp(zero_weight * math.log(sys.float_info.min)) * (1 + 1e-9)
        return "zero"
    assert abs(got.value - expected) < EPSILON, (hyp, refs, weights, method, got, expected)
    return "equal"


@pytest.mark.parametrize("method", METHODS)
def test_sentence_bleu_matches_nltk_on_generated_segments(method):
    rng = random.Random(METHODS.index(method))
    outcomes = set()
    for seed in range(12):
        hyps, streams = random_corpus(seed, segments=30, nrefs=rng.randint(1, 4))
        for i, hyp in enumerate(hyps):
            hyp_tokens = tokenize(hyp, "13a")
            refs = [tokenize(s[i], "13a") for s in streams]
            weights = random_weights(rng, rng.randint(1, 6))
            outcomes.add(check(hyp_tokens, refs, weights, method))
    assert "equal" in outcomes
    if method == "nltk-method0":
        assert "zero" in outcomes


@pytest.mark.parametrize(
    "method, kwargs",
    [
        ("nltk-method1", {"epsilon": 0.3}),
        ("nltk-method4", {"k": 2.0}),
        ("nltk-method6", {"alpha": 1.5}),
        ("nltk-method7", {"k": 7.0}),
    ],
)
def test_non_default_smoothing_values(method, kwargs):
    hyps, streams = random_corpus(5, segments=80, nrefs=2)
    for i, hyp in enumerate(hyps):
        refs = [s[i].split() for s in streams]
        check(hyp.split(), refs, (0.25,) * 4, method, kwargs)


@pytest.mark.parametrize("method", METHODS[:4])
def test_corpus_bleu_matches_nltk_when_every_segment_has_n_grams(method):
    hyps, streams = random_corpus(11, segments=200, nrefs=3)
    hyp_tokens, refs_tokens = [], []
    for i, hyp in enumerate(hyps):
        tokens = hyp.split()
        if len(tokens) >= 4:
            hyp_tokens.append(tokens)
            refs_tokens.append([s[i].split() for s in streams])
    options = BleuOptions(tokenize="none", smooth_method=method)
    stats = statistics_from_tokens(hyp_tokens, refs_tokens, options.stats_order).total()
    got = compute_bleu(
        int(stats.hyp_len[0]), float(stats.ref_len[0]), stats.matches[0].tolist(), stats.totals[0].tolist(), options
    )
    fn = getattr(SmoothingFunction(), method.removeprefix("nltk-"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = corpus_bleu(refs_tokens, hyp_tokens, smoothing_function=fn)
    assert abs(got.value - expected) < EPSILON


def test_short_candidate_method4_drops_zero_orders_as_nltk_does():
    """NLTK 3.10 leaves out orders whose smoothed precision is still 0 (c = 1: method4 does nothing)."""
    got = ours(["cat"], [["the", "cat"]], BleuOptions(tokenize="none", smooth_method="nltk-method4"))
    assert got.zero_orders_dropped
    assert abs(got.value - nltk_score([["the", "cat"]], ["cat"], (0.25,) * 4, "nltk-method4")) < EPSILON
    assert got.value > 0


def test_method0_zero_precision_with_zero_weight_is_ignored():
    hyp, refs = ["a", "b", "c", "d"], [["a", "b", "x", "y"]]
    weights = (0.5, 0.5, 0.0, 0.0)
    got = ours(hyp, refs, BleuOptions(tokenize="none", weights=weights, smooth_method="nltk-method0"))
    assert got.zero_reason is None
    assert abs(got.value - nltk_score(refs, hyp, weights, "nltk-method0")) < EPSILON


@pytest.mark.parametrize("method", ["nltk-method1", "nltk-method2", "nltk-method3"])
def test_corpus_with_short_segments_names_nltks_phantom_count_rule(method):
    """NLTK's corpus_bleu adds max(1, t_n) per segment; bleucore sums real counts and gives NLTK's number."""
    from bleucore import score_statistics

    hyps = [["the", "cat", "sat", "on", "the", "mat"], ["a", "cat"]]
    refs = [[["the", "cat", "sat", "on", "a", "mat"]], [["a", "cat", "is", "here"]]]
    options = BleuOptions(tokenize="none", smooth_method=method)
    got = score_statistics(statistics_from_tokens(hyps, refs, options.stats_order), options)
    fn = getattr(SmoothingFunction(), method.removeprefix("nltk-"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = corpus_bleu(refs, hyps, smoothing_function=fn)
    (note,) = [n for n in got.notes if isinstance(n, msg.NltkPhantomNgrams)]
    assert note.nltk_score == pytest.approx(100 * expected, abs=5e-5)
    assert f"{100 * expected:.4f} here" in score_text(note) and "phantom" in score_text(note)
    assert got.totals == (8, 6, 4, 3)  # real counts; NLTK counts (8, 7, 5, 4)
