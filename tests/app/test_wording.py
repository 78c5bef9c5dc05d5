"""The explanation's codes are all worded, by one catalog; the score's own messages read the same on screen and in
the CLI's JSON."""

import dataclasses
import sys
import typing

import pytest

from bleucore import BleuOptions, corpus_bleu, explain
from bleucore.metrics.bleu import messages as msg
from bleucore.metrics.bleu.score_text import score_text
from ui.metrics.bleu.wording import describe, describe_all, sentence
from ui.shell import i18n

SAMPLES: list[msg.Message] = [
    msg.EmptyCandidate(),
    msg.NoMatchAnyOrder(),
    msg.NoUnigramMatch(),
    msg.NltkMethod0Zero(order=3, float_min=sys.float_info.min),
    msg.NltkMethod5AboveOne(max_precision=1.25),
    msg.NltkDropsZeroOrders(orders=(4,)),
    msg.NltkPhantomNgrams(nltk_score=12.5),
    msg.EmptyCandidateScoresZero(),
    msg.ShorterThanN(length=1, max_order=4, orders=(2, 3, 4)),
    msg.NoTokenMatches(),
    msg.OrdersWithoutMatches(orders=(3, 4)),
    msg.GeometricMeanZero(),
    msg.SmoothingKeepsScore(),
    msg.BelowOne(),
    msg.UseSmoothing(method="exp"),
    msg.UseEffectiveOrder(),
    msg.LowerOrder(max_order=2),
    msg.Method6NeedsOrder3(max_order=2),
    msg.Method6NeedsTrigramMatch(),
    msg.NotDefined(reason=msg.Method6NeedsOrder3(max_order=2)),
    msg.StandardDefinition(),
    msg.EmptyBothPenalties(),
    msg.SamePenalty(hyp_len=5, ref_len=4.0),
    msg.MilderPenalty(simplified_bp=0.5, bp=0.3679),
    msg.NotComparable(),
    msg.EmptySkipCannotHelp(),
    msg.SkipChangesNothing(),
    msg.SkipsZeroPrecisions(orders=(3, 4), tutorial_score=39.69, standard_score=0.0),
    msg.SmoothingRule(method="floor", value=0.1, unchanged=True),
    msg.WeightsMissing(max_order=3),
    msg.WeightsNotNumbers(text="0.5, x"),
    msg.WeightsCount(count=2, max_order=4),
    msg.OrderOutOfRange(max_order=12, limit=10),
    msg.WeightsNegative(),
    msg.WeightsSum(total=1.1),
]


def test_every_kind_of_message_is_a_frozen_dataclass_with_a_sample_here():
    kinds = set(typing.get_args(msg.Message))
    assert kinds == {type(s) for s in SAMPLES}
    for kind in kinds:
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("message", SAMPLES, ids=lambda s: type(s).__name__)
def test_every_message_is_worded_with_its_parameters(message, lang):
    """In both languages: a template's placeholders are the message's fields, so a field renamed in bleucore
    (or a placeholder renamed in one language) fails here instead of on a page."""
    i18n.use(lang)
    try:
        text = describe(message)
    finally:
        i18n.use("en")
    assert text.strip() == text and len(text) >= 5
    for value in dataclasses.astuple(message):
        if isinstance(value, int) and not isinstance(value, bool) and value > 1:
            assert str(value) in text, (message, text)


def test_parameters_reach_the_words():
    assert describe(msg.ShorterThanN(1, 4, (2, 3, 4))) == (
        "The candidate has 1 token, fewer than N = 4, so it has no 2-, 3- or 4-grams at all."
    )
    assert describe(msg.OrdersWithoutMatches((3, 4))) == "No 3-gram or 4-gram of the candidate appears in a reference."
    assert describe(msg.SmoothingRule("floor", 0.1, unchanged=True)) == (
        "sacreBLEU floor: a zero count becomes 0.1/t_n. No order has zero matches here, so it changes nothing."
    )
    assert sentence(msg.NoUnigramMatch()) == "No unigram matches a reference."


@pytest.mark.parametrize(
    "message", [s for s in SAMPLES if isinstance(s, typing.get_args(msg.ZeroCause | msg.ScoreNote | msg.Undefined))]
)
def test_the_score_reads_the_same_on_screen_and_in_the_cli_json(message):
    assert describe(message) == score_text(message)


def test_scores_and_diagnoses_carry_codes_and_json_carries_their_english():
    empty = explain("", ["a b c d"], BleuOptions(tokenize="none"))
    assert empty.score.zero_reason == msg.EmptyCandidate()
    assert empty.score.to_dict()["zero_reason"] == describe(msg.EmptyCandidate())
    assert empty.diagnosis is not None and describe_all(empty.diagnosis.reasons).startswith(
        "The candidate is empty (c = 0)"
    )
    nltk = corpus_bleu(["a b c x", "a"], [["a b c d", "a"]], BleuOptions(tokenize="none", smooth_method="nltk-method1"))
    assert [type(n) for n in nltk.notes] == [msg.NltkPhantomNgrams]
    assert nltk.to_dict()["notes"] == [score_text(nltk.notes[0])]
