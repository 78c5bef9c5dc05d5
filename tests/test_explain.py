"""The explanation the app colours: statuses, positions, clip sources and reference masks."""

from fractions import Fraction

from bleucore import BleuOptions, explain
from bleucore.breakdown import explain_order
from tests.golden_examples import CA1, CAND_2, REFS_1, REFS_2

NONE = BleuOptions(tokenize="none", smooth_method="none")


def test_clipped_occurrences_are_the_ones_beyond_the_clip_limit():
    order = explain_order("a a a b".split(), ["a b a".split(), "a".split()], 1)
    rows = {r.text: r for r in order.rows}
    assert (rows["a"].count, rows["a"].max_ref_count, rows["a"].count_clip, rows["a"].sources) == (3, 2, 2, (0,))
    assert rows["a"].positions == (0, 1, 2)
    assert [o.status for o in order.occurrences] == ["matched", "matched", "clipped", "matched"]
    assert order.clipped == 1
    assert order.reference_matched == ((True, True, True), (True,))


def test_sources_name_every_reference_that_holds_the_maximum():
    order = explain_order("x y".split(), ["x".split(), "x y".split(), "y y".split()], 1)
    rows = {r.text: r for r in order.rows}
    assert rows["x"].sources == (0, 1)
    assert rows["y"].sources == (2,) and rows["y"].max_ref_count == 2


def test_unmatched_and_token_status():
    order = explain_order("a z b".split(), ["a b".split()], 2)
    assert [o.status for o in order.occurrences] == ["unmatched", "unmatched"]
    assert order.token_status(3) == ("unmatched", "unmatched", "unmatched")
    order1 = explain_order("a z b".split(), ["a b".split()], 1)
    assert order1.token_status(3) == ("matched", "unmatched", "matched")


def test_reference_mask_marks_only_as_many_occurrences_as_were_matched():
    result = explain(CAND_2, REFS_2, NONE)
    assert result.order(1).reference_matched == (
        (True, False, False, False, True, False),
        (False, False, False, False, False, True, False),
    )


def test_explanation_numbers_agree_with_the_score():
    result = explain(CA1, REFS_1, NONE)
    assert result.score.counts == tuple(o.matches for o in result.orders)
    assert result.score.totals == tuple(o.total for o in result.orders)
    assert result.order(2).precision == Fraction(10, 17)
    assert result.diagnosis is None


def test_empty_candidate_explains_to_zero_with_a_reason():
    result = explain("", REFS_2, NONE)
    assert result.score.score == 0.0
    assert result.diagnosis is not None and "empty" in result.diagnosis.reason
    assert all(o.total == 0 and o.precision == 0 for o in result.orders)


def test_korean_and_emoji_tokens():
    result = explain("빛이 쐬는 😀 😀", ["빛이 쐬는 😀"], NONE.with_changes(tokenize="char"))
    assert result.candidate[:2] == ("빛", "이")
    assert result.order(1).matches == 5 and result.order(1).total == 6
