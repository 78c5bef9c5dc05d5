"""Invariants of BLEU on random Unicode text (hypothesis)."""

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bleucore import BleuOptions, corpus_statistics, explain, sentence_bleu
from bleucore.metrics.bleu import messages as msg
from bleucore.metrics.bleu.options import SMOOTHING_METHODS, uniform_weights
from ui.metrics.bleu.wording import describe

TEXT = st.text(st.characters(blacklist_characters="\n", blacklist_categories=("Cs",)), max_size=30)
WORDS = st.lists(st.sampled_from(["a", "b", "c", "빛이", "😀", "the", "."]), max_size=12).map(" ".join)
LINE = st.one_of(TEXT, WORDS)
OPTIONS = st.builds(
    lambda tok, lc, order, smooth, variant: BleuOptions(
        tokenize=tok,
        lowercase=lc,
        weights=uniform_weights(order),
        smooth_method=smooth,
        variant=variant,
        effective_order=not smooth.startswith("nltk") and order % 2 == 0,
    ),
    st.sampled_from(["none", "13a", "intl", "char"]),
    st.booleans(),
    st.integers(1, 6),
    st.sampled_from([m for m in SMOOTHING_METHODS if m != "nltk-method6"]),
    st.sampled_from(["standard", "simplified", "tutorial"]),
)
NLTK_ABOVE_ONE = ("nltk-method5", "nltk-method7")


@settings(max_examples=200, deadline=None)
@given(hyp=LINE, refs=st.lists(LINE, min_size=1, max_size=4), options=OPTIONS)
def test_score_is_between_0_and_100_and_clip_never_exceeds_count(hyp, refs, options):
    result = explain(hyp, refs, options)
    score = result.score.score
    if options.smooth_method in NLTK_ABOVE_ONE and score > 100:
        assert any(isinstance(n, msg.NltkMethod5AboveOne) and n.max_precision > 1 for n in result.score.notes)
        assert any("exceed 1" in describe(n) for n in result.score.notes)
    else:
        assert 0.0 <= score <= 100.0 + 1e-9
    for order in result.orders:
        for row in order.rows:
            assert 0 <= row.count_clip <= row.count
            assert row.count_clip <= row.max_ref_count
        assert order.matches <= order.total


@settings(max_examples=150, deadline=None)
@given(words=st.lists(st.sampled_from(["x", "y", "z", "빛이", "😀"]), min_size=1, max_size=15), options=OPTIONS)
def test_identical_candidate_scores_100(words, options):
    tokens = " ".join(words)
    assume(len(words) >= options.max_order)
    assume(options.smooth_method not in NLTK_ABOVE_ONE)  # method 5 averages with p_1 + 1: not 100
    assume(options.tokenize == "none")
    assert abs(sentence_bleu(tokens, [tokens], options).score - 100.0) < 1e-9


@settings(max_examples=150, deadline=None)
@given(hyp=LINE, refs=st.lists(LINE, min_size=2, max_size=4), options=OPTIONS, data=st.data())
def test_reference_order_does_not_change_the_score(hyp, refs, options, data):
    shuffled = data.draw(st.permutations(refs))
    assert sentence_bleu(hyp, refs, options).score == sentence_bleu(hyp, list(shuffled), options).score


@settings(max_examples=60, deadline=None)
@given(pairs=st.lists(st.tuples(LINE, LINE), min_size=1, max_size=8), options=OPTIONS)
def test_corpus_statistics_are_the_sum_of_sentence_statistics(pairs, options):
    hyps = [h for h, _ in pairs]
    refs = [[r for _, r in pairs]]
    whole = corpus_statistics(hyps, refs, options).total()
    parts = [corpus_statistics([h], [[r]], options) for h, r in pairs]
    assert whole.matches[0].tolist() == [sum(p.matches[0][n] for p in parts) for n in range(options.stats_order)]
    assert whole.totals[0].tolist() == [sum(p.totals[0][n] for p in parts) for n in range(options.stats_order)]
    assert int(whole.hyp_len[0]) == sum(int(p.hyp_len[0]) for p in parts)
    assert float(whole.ref_len[0]) == sum(float(p.ref_len[0]) for p in parts)
