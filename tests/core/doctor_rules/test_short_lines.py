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


def test_most_lines_short_is_found_with_how_many() -> None:
    """584 two-word lines of 600: sacreBLEU's smoothing still gives a number, tools without it give 0."""
    hyps = ["a cat"] * 584 + [HYPS[i % 30] for i in range(16)]
    refs = [["a cat"] * 584 + [REF[i % 30] for i in range(16)]]
    finding = one("all-short", hyps, refs, hypothesis_name="short.txt")
    assert finding.values == {"name": "short.txt", "short": 584, "lines": 600, "tokenizer": "13a", "longest": 10}
    assert finding.lines == (1, 2, 3) and finding.problem.startswith("584 of the 600 lines of short.txt")
    assert "report chrF beside BLEU" in finding.fix
    assert sacrebleu.corpus_bleu(hyps, refs).score > 50  # the long lines' 4-grams carry sacreBLEU's number
    assert found("all-short", ["a cat"] * 298 + HYPS * 10 + ["x"], [["a cat"] * 298 + REF * 10 + ["x"]]) == []
