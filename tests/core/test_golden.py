"""Every number of ../shared/golden.md, computed by bleucore (whitespace tokens unless stated)."""

import sys
from fractions import Fraction

import pytest

from bleucore import BleuOptions, brevity_penalty, explain, reference_length, sentence_bleu
from bleucore.metrics.bleu import messages as msg
from bleucore.metrics.bleu.options import uniform_weights
from tests.golden_examples import (
    CA1,
    CA2,
    CA3,
    CA4,
    CAND_2,
    CAND_2B,
    CLIP_CAND,
    CLIP_REF,
    KO_CAND,
    KO_REF,
    KO_SHORT,
    REFS_1,
    REFS_2,
    SHORT_KO,
)
from ui.metrics.bleu.wording import describe

EPSILON = 1e-12
TUTORIAL = BleuOptions(tokenize="none", smooth_method="none")
TUTORIAL_LC = TUTORIAL.with_changes(lowercase=True)


def precisions(cand, refs, options=TUTORIAL):
    return [o.precision for o in explain(cand, refs, options).orders]


def test_ca1_unclipped_unigram_precision_is_17_18_and_only_obeys_is_missing():
    order1 = explain(CA1, REFS_1, TUTORIAL_LC).order(1)
    assert order1.unclipped_precision == Fraction(17, 18)
    assert [r.text for r in order1.rows if r.max_ref_count == 0] == ["obeys"]


def test_ca2_unclipped_unigram_precision_is_8_14():
    assert explain(CA2, REFS_1, TUTORIAL_LC).order(1).unclipped_precision == Fraction(8, 14)


@pytest.mark.parametrize(
    "cand, expected",
    [
        (CA1, [(17, 18), (10, 17), (7, 16), (4, 15)]),
        (CA2, [(8, 14), (1, 13), (0, 12), (0, 11)]),
    ],
)
def test_modified_precisions_example_1(cand, expected):
    assert [(o.matches, o.total) for o in explain(cand, REFS_1, TUTORIAL).orders] == expected


def test_ca3_shuffled_keeps_p1_and_loses_every_bigram():
    orders = explain(CA3, REFS_1, TUTORIAL).orders
    assert (orders[0].matches, orders[0].total) == (17, 18)
    assert (orders[1].matches, orders[1].total) == (0, 17)


def test_ca4_it_is_case_insensitive():
    orders = explain(CA4, REFS_1, TUTORIAL_LC).orders
    assert (orders[0].matches, orders[0].total) == (2, 2)
    assert (orders[1].matches, orders[1].total) == (1, 1)


def test_ca1_bleu_matches_nltk_and_sacrebleu_numbers():
    score = sentence_bleu(CA1, REFS_1, TUTORIAL)
    assert abs(score.value - 0.5045666840058485) < EPSILON
    assert abs(score.score - 50.456668400584846) < 1e-10
    assert score.sys_len == 18 and score.ref_len == 18 and score.bp == 1.0
    assert explain(CA1, REFS_1, TUTORIAL).reference_lengths == (16, 18, 16)


def test_ca1_simplified_equals_standard_when_c_equals_r():
    score = sentence_bleu(CA1, REFS_1, TUTORIAL.with_changes(variant="simplified"))
    assert abs(score.value - 0.5045666840058485) < EPSILON


def test_ca2_standard_is_zero_and_diagnosed():
    result = explain(CA2, REFS_1, TUTORIAL)
    assert result.score.score == 0.0
    assert result.diagnosis is not None
    assert result.diagnosis.orders_without_matches == (3, 4)
    assert any(f.change == msg.UseSmoothing("exp") and f.score > 0 for f in result.diagnosis.fixes)
    assert "smoothing exp" in [describe(f.change) for f in result.diagnosis.fixes]


def test_ca2_tutorial_code_skips_zero_precisions():
    score = sentence_bleu(CA2, REFS_1, TUTORIAL.with_changes(variant="tutorial"))
    assert (score.sys_len, score.ref_len) == (14, 16)
    assert abs(score.value - 0.39692877231857493) < EPSILON


def test_example_2_clips_the_to_2_of_7():
    order1 = explain(CAND_2, REFS_2, TUTORIAL).order(1)
    assert order1.unclipped_precision == 1
    assert order1.precision == Fraction(2, 7)
    assert float(order1.precision) == 0.2857142857142857
    (row,) = order1.rows
    assert (row.count, row.max_ref_count, row.count_clip, row.sources) == (7, 2, 2, (0,))
    assert [o.status for o in order1.occurrences] == ["matched"] * 2 + ["clipped"] * 5


def test_example_2_second_candidate():
    orders = explain(CAND_2B, REFS_2, TUTORIAL).orders
    assert (orders[0].matches, orders[0].total) == (5, 7)
    assert (orders[1].matches, orders[1].total) == (4, 6)


def test_example_3_closest_reference_length_ties_to_the_shorter():
    assert reference_length(10, [9, 11], "closest") == 9
    assert reference_length(10, [11, 9], "closest") == 9


def test_brevity_penalty_definition():
    assert brevity_penalty(11, 10) == 1.0
    assert brevity_penalty(0, 10) == 0.0
    assert brevity_penalty(6, 14) == pytest.approx(0.2635971381157267, abs=EPSILON)
    assert brevity_penalty(10, 10) == 1.0


def test_korean_example_precisions_and_bleu():
    result = explain(KO_CAND, [KO_REF], TUTORIAL)
    assert [(o.matches, o.total) for o in result.orders] == [(10, 14), (5, 13), (2, 12), (1, 11)]
    assert abs(result.score.value - 0.25400289715190977) < EPSILON
    simplified = sentence_bleu(KO_CAND, [KO_REF], TUTORIAL.with_changes(variant="simplified"))
    assert abs(simplified.value - 0.25400289715190977) < EPSILON
    assert result.score.bp == 1.0 and simplified.bp == 1.0


def test_korean_short_candidate_penalties():
    simplified = sentence_bleu(KO_SHORT, [KO_REF], TUTORIAL.with_changes(variant="simplified"))
    standard = sentence_bleu(KO_SHORT, [KO_REF], TUTORIAL)
    assert (simplified.sys_len, simplified.ref_len) == (6, 14)
    assert abs(simplified.bp - 0.42857142857142855) < EPSILON
    assert abs(standard.bp - 0.2635971381157267) < EPSILON


def test_seed_004_clipping_3_of_9():
    order1 = explain(CLIP_CAND, [CLIP_REF], TUTORIAL).order(1)
    assert order1.precision == Fraction(3, 9)
    assert order1.unclipped_precision == Fraction(5, 9)


def test_very_short_sentence_is_zero_without_smoothing_and_100_with_effective_order():
    plain = explain(SHORT_KO, [SHORT_KO], TUTORIAL)
    assert plain.score.score == 0.0
    assert plain.diagnosis is not None and plain.diagnosis.shorter_than_n
    assert plain.diagnosis.orders_without_ngrams == (3, 4)
    fixes = {f.change: f.score for f in plain.diagnosis.fixes}
    assert fixes[msg.UseEffectiveOrder()] == 100.0
    assert fixes[msg.LowerOrder(2)] == 100.0
    assert {"effective order", "N = 2"} <= {describe(f.change) for f in plain.diagnosis.fixes}
    assert [float(o.precision) for o in plain.orders[:2]] == [1.0, 1.0]
    sacre = sentence_bleu(SHORT_KO, [SHORT_KO], BleuOptions(tokenize="none", effective_order=True))
    assert sacre.score == 100.0
    nltk0 = explain(SHORT_KO, [SHORT_KO], TUTORIAL.with_changes(smooth_method="nltk-method0"))
    assert nltk0.score.score == 0.0 and nltk0.score.zero_reason == msg.NltkMethod0Zero(3, sys.float_info.min)
    assert "1e-155" in describe(nltk0.score.zero_reason)


def test_uniform_weights():
    assert uniform_weights(4) == (0.25, 0.25, 0.25, 0.25)
