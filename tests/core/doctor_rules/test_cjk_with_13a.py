"""cjk-with-13a: Chinese, Japanese or Korean scored with 13a, with the score under each CJK tokenizer."""

from __future__ import annotations

import pytest
import sacrebleu

from tests.core.doctor_rules.setups import HYPS, KO_HYP, KO_REF, REF, found, one


def test_korean_with_13a_points_to_ko_mecab_and_shows_every_cjk_score() -> None:
    finding = one("cjk-with-13a", KO_HYP, [KO_REF])
    assert finding.values["tokenizer"] == "ko-mecab" and finding.values["script"] == "Korean"
    scores = finding.values["scores"]
    assert set(scores) == {"13a", "zh", "ja-mecab", "ko-mecab"}
    for name, score in scores.items():  # the score with each CJK tokenizer, as sacreBLEU gives it
        assert score == pytest.approx(sacrebleu.corpus_bleu(KO_HYP, [KO_REF], tokenize=name).score, abs=1e-9)
    assert scores["ko-mecab"] > scores["13a"] and f"ko-mecab {scores['ko-mecab']:.2f}" in finding.effect
    assert found("cjk-with-13a", KO_HYP, [KO_REF], tokenize="ko-mecab") == []


def test_japanese_and_chinese_and_english() -> None:
    assert one("cjk-with-13a", ["日本語のテキストです"] * 3, [["日本語の文です"] * 3]).values["tokenizer"] == "ja-mecab"
    assert one("cjk-with-13a", ["这是中文句子"] * 3, [["这是一个中文句子"] * 3]).values["tokenizer"] == "zh"
    assert found("cjk-with-13a", HYPS, [REF]) == []
    assert found("cjk-with-13a", [h + " 猫" for h in HYPS], [REF]) == []  # a few Han characters in English text
