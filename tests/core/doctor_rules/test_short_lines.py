"""all-short: every hypothesis line under 4 tokens of the tokenizer the score uses: no 4-grams at all."""

from __future__ import annotations

import pytest
import sacrebleu

from tests.core.doctor_rules.setups import HYPS, REF, found, one

SHORT = ["a cat", "the dog ran"] * 5
REFS = [["a cat", "the dog walked"] * 5]


def test_lines_too_short_for_four_grams_score_zero_without_smoothing() -> None:
    finding = one("all-short", SHORT, REFS)
    assert finding.values == {"name": "hypothesis", "longest": 3, "tokenizer": "13a"}
    assert sacrebleu.corpus_bleu(SHORT, REFS, smooth_method="none").score == 0.0
    assert sacrebleu.corpus_bleu(SHORT, REFS).score == 0.0  # exp smoothing cannot help an order with no n-gram
    assert sacrebleu.corpus_bleu(SHORT, REFS, use_effective_order=True).score == pytest.approx(
        37.64144115524114
    )  # orders 1-3 only


def test_tokens_are_counted_by_the_scoring_tokenizer() -> None:
    chinese = ["这是中文句子"] * 3  # one word, six zh tokens
    assert found("all-short", chinese, [chinese], tokenize="zh") == []
    assert one("all-short", chinese, [chinese]).values["longest"] == 1  # one 13a token
    assert one("all-short", ["a cat.", "dogs!"], [["a cat.", "dogs!"]]).values["longest"] == 3  # 'a cat .'
    assert found("all-short", HYPS, [REF]) == []
