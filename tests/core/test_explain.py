"""The explanation the app colours: statuses, positions, clip sources and reference masks."""

from fractions import Fraction

from bleucore import BleuOptions, explain
from bleucore.metrics.bleu import messages as msg
from bleucore.metrics.bleu.breakdown import explain_order
from tests.golden_examples import CA1, CAND_2, REFS_1, REFS_2
from ui.metrics.bleu.wording import describe_all

NONE = BleuOptions(tokenize="none", smooth_method="none")


def test_clipped_occurrences_are_the_ones_beyond_the_clip_limit():
    order = explain_order(["a", "a", "a", "b"], [["a", "b", "a"], ["a"]], 1)
    rows = {r.text: r for r in order.rows}
    assert (rows["a"].count, rows["a"].max_ref_count, rows["a"].count_clip, rows["a"].sources) == (3, 2, 2, (0,))
    assert rows["a"].positions == (0, 1, 2)
    assert [o.status for o in order.occurrences] == ["matched", "matched", "clipped", "matched"]
    assert order.clipped == 1
    assert order.reference_matched == ((True, True, True), (True,))


def test_sources_name_every_reference_that_holds_the_maximum():
    order = explain_order(["x", "y"], [["x"], ["x", "y"], ["y", "y"]], 1)
    rows = {r.text: r for r in order.rows}
    assert rows["x"].sources == (0, 1)
    assert rows["y"].sources == (2,) and rows["y"].max_ref_count == 2


def test_unmatched_and_token_status():
    order = explain_order(["a", "z", "b"], [["a", "b"]], 2)
    assert [o.status for o in order.occurrences] == ["unmatched", "unmatched"]
    assert order.token_status(3) == ("unmatched", "unmatched", "unmatched")
    order1 = explain_order(["a", "z", "b"], [["a", "b"]], 1)
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
    assert result.diagnosis is not None and result.diagnosis.reasons == (msg.EmptyCandidateScoresZero(),)
    assert "empty" in describe_all(result.diagnosis.reasons)
    assert all(o.total == 0 and o.precision == 0 for o in result.orders)


def test_korean_and_emoji_tokens():
    result = explain("빛이 쐬는 😀 😀", ["빛이 쐬는 😀"], NONE.with_changes(tokenize="char"))
    assert result.candidate[:2] == ("빛", "이")
    assert result.order(1).matches == 5 and result.order(1).total == 6


# --- the reference side: which occurrences the matches use --------------------------------


def test_reference_usage_of_example_2():
    result = explain(CAND_2, REFS_2, NONE)
    ref1, ref2 = result.order(1).references
    # golden.md: Count_clip("the") = 2; "the" is at tokens 0 and 4 of reference 1, token 5 of reference 2
    [the1] = ref1.ngrams
    assert (the1.text, the1.count, the1.used, the1.positions) == ("the", 2, 2, (0, 4))
    [the2] = ref2.ngrams
    assert (the2.count, the2.used, the2.positions) == (1, 1, (5,))
    assert [(o.start, o.index, o.used) for o in ref1.occurrences()] == [(0, 1, True), (4, 2, True)]
    assert (ref1.used, ref2.used) == (2, 1)


def test_reference_occurrences_beyond_count_clip_are_held_but_not_used():
    order = explain_order(["the", "cat"], [["the", "the", "the", "cat", "dog"]], 1)
    [usage] = order.references
    # "dog" is not a candidate n-gram, so it is not listed; "the" is held 3 times, Count_clip 1
    assert [(r.text, r.count, r.used) for r in usage.ngrams] == [("the", 3, 1), ("cat", 1, 1)]
    assert [(o.start, o.row.text, o.used) for o in usage.occurrences()] == [
        (0, "the", True),
        (1, "the", False),
        (2, "the", False),
        (3, "cat", True),
    ]


def test_reference_usage_of_overlapping_bigrams():
    order = explain_order(["a", "a", "a"], [["a", "a", "a", "a"], ["a", "a"]], 2)
    # candidate: "a a" twice; reference 1 holds it 3 times (Max_Ref_Count 3), reference 2 once
    ref1, ref2 = order.references
    assert [(o.start, o.used) for o in ref1.occurrences()] == [(0, True), (1, True), (2, False)]
    assert [(o.start, o.used) for o in ref2.occurrences()] == [(0, True)]


def test_used_occurrences_cover_exactly_the_reference_mask():
    for candidate, references in ((CA1, REFS_1), (CAND_2, REFS_2), ("a b a b a", ("a b a", "b a b a b"))):
        result = explain(candidate, list(references), NONE)
        for order in result.orders:
            for tokens, mask, usage in zip(result.references, order.reference_matched, order.references):
                covered = [False] * len(tokens)
                for occ in usage.occurrences():
                    if occ.used:
                        for k in range(occ.start, occ.start + order.n):
                            covered[k] = True
                assert tuple(covered) == mask
                # a reference never supplies more than Count_clip of an n-gram, nor more than it holds
                clip = {row.ngram: row.count_clip for row in order.rows}
                assert all(r.used == min(clip[r.ngram], r.count) for r in usage.ngrams)
