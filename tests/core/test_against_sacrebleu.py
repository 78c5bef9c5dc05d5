"""bleucore against sacreBLEU 2.6.0 on generated corpora: every count, length and score.

Rules compared: tokenizers none/13a/intl/char, case, smoothing none/floor/add-k/exp, N = 1..10,
effective order, corpus and sentence level. Scores must agree within EPSILON on the 0-100 scale.
"""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU

from bleucore import BleuOptions, corpus_bleu, corpus_statistics, sentence_scores_from_statistics
from bleucore.metrics.bleu.options import uniform_weights
from tests.generators import random_corpus

EPSILON = 1e-9
TOKENIZERS = ("none", "13a", "intl", "char")
SMOOTHING = ("none", "floor", "add-k", "exp")
ORDERS = (1, 2, 3, 4, 6, 10)


def sacre_counts(score, method, value, order):
    """sacreBLEU's add-k adds k to its own counts for n > 1 (unless nothing matched); undo that."""
    counts, totals = list(score.counts), list(score.totals)
    if method == "add-k" and counts[0] > 0:
        counts = [c - (value if n > 0 else 0) for n, c in enumerate(counts)]
        totals = [t - (value if n > 0 else 0) for n, t in enumerate(totals)]
    return counts, totals


def assert_same(ours, theirs, method, value):
    counts, totals = sacre_counts(theirs, method, value, len(ours.counts))
    assert list(ours.counts) == counts
    assert list(ours.totals) == totals
    assert ours.sys_len == theirs.sys_len
    assert ours.ref_len == theirs.ref_len
    assert abs(ours.score - theirs.score) < EPSILON, (ours, theirs)
    if theirs.score > 0:
        assert ours.bp == pytest.approx(theirs.bp, abs=1e-12)


@pytest.mark.parametrize("tokenize, lowercase", list(itertools.product(TOKENIZERS, (False, True))))
def test_corpus_and_sentence_scores_match(tokenize, lowercase):
    seed = TOKENIZERS.index(tokenize) * 2 + lowercase
    rng = random.Random(seed)
    for method, order in itertools.product(SMOOTHING, ORDERS):
        nrefs = rng.randint(1, 4)
        hyps, refs = random_corpus(seed * 1000 + order, segments=40, nrefs=nrefs)
        value = {"floor": 0.1, "add-k": 1.0}.get(method)
        options = BleuOptions(
            tokenize=tokenize, lowercase=lowercase, weights=uniform_weights(order), smooth_method=method
        )
        sacre = BLEU(tokenize=tokenize, lowercase=lowercase, smooth_method=method, max_ngram_order=order)
        assert_same(corpus_bleu(hyps, refs, options), sacre.corpus_score(hyps, refs), method, value)

        sent_options = options.with_changes(effective_order=True)
        sacre_sent = BLEU(
            tokenize=tokenize, lowercase=lowercase, smooth_method=method, max_ngram_order=order, effective_order=True
        )
        stats = corpus_statistics(hyps, refs, sent_options)
        ours = sentence_scores_from_statistics(stats, sent_options, nrefs)
        for i, hyp in enumerate(hyps):
            assert_same(ours[i], sacre_sent.sentence_score(hyp, [r[i] for r in refs]), method, value)


@pytest.mark.parametrize("method, value", [("floor", 0.0), ("floor", 0.5), ("add-k", 0.0), ("add-k", 2.5)])
def test_smoothing_values(method, value):
    hyps, refs = random_corpus(77, segments=60, nrefs=2)
    options = BleuOptions(smooth_method=method, smooth_value=value, effective_order=True)
    sacre = BLEU(smooth_method=method, smooth_value=value, effective_order=True)
    ours = sentence_scores_from_statistics(corpus_statistics(hyps, refs, options), options, 2)
    for i, hyp in enumerate(hyps):
        assert_same(ours[i], sacre.sentence_score(hyp, [r[i] for r in refs]), method, value)


LINE = st.text(st.characters(blacklist_characters="\n", blacklist_categories=("Cs",)), max_size=40)


@settings(max_examples=150, deadline=None)
@given(
    hyp=LINE,
    refs=st.lists(LINE, min_size=1, max_size=4),
    tokenize=st.sampled_from(TOKENIZERS),
    lowercase=st.booleans(),
    method=st.sampled_from(SMOOTHING),
    order=st.integers(1, 6),
)
def test_any_unicode_sentence_matches(hyp, refs, tokenize, lowercase, method, order):
    options = BleuOptions(
        tokenize=tokenize,
        lowercase=lowercase,
        weights=uniform_weights(order),
        smooth_method=method,
        effective_order=True,
    )
    sacre = BLEU(
        tokenize=tokenize, lowercase=lowercase, smooth_method=method, max_ngram_order=order, effective_order=True
    )
    ours = sentence_scores_from_statistics(corpus_statistics([hyp], [[r] for r in refs], options), options, len(refs))[
        0
    ]
    assert_same(ours, sacre.sentence_score(hyp, refs), method, options.effective_smooth_value)
