"""Explore with Korean, Japanese and Chinese candidates: the advice to use the language's tokenizer
(one button), the side-by-side view of whitespace / char / the morphological tokenizer, and a
missing analyser disabling its one choice. Expected numbers come from sacreBLEU 2.6."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

sacrebleu = pytest.importorskip("sacrebleu")
from sacrebleu.metrics import BLEU  # noqa: E402

from bleucore.metrics.bleu.options import TOKENIZER_NAMES  # noqa: E402
from bleucore.tokenizers import registry as tokenizer_registry  # noqa: E402
from tests.app.html_views import code_lines  # noqa: E402
from tests.conftest import metric  # noqa: E402
from tests.golden_examples import CA1, KO_CAND, KO_REF  # noqa: E402
from ui.explore import tokenizer_rows as tr  # noqa: E402
from ui.explore.tokenizer_view import USE_BUTTON_KEY  # noqa: E402
from ui.state import explore as es  # noqa: E402

APP = str(Path(__file__).resolve().parents[2] / "app.py")
JA_CAND, JA_REF = "私は昨日学校で友達に会いました。", "私は昨日学校で友達と会った。"
ZH_CAND, ZH_REF = "我昨天在学校见了朋友。", "我昨天在学校见到了朋友。"


def sacre(tokenizer: str, candidate: str, reference: str) -> float:
    """sacreBLEU's sentence BLEU with Explore's tutorial options (no smoothing, no effective order)."""
    return float(BLEU(tokenize=tokenizer, smooth_method="none").sentence_score(candidate, [reference]).score)


def explore(candidate: str, reference: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.text_area(key=es.CANDIDATE).input(candidate)
    at.text_area(key=es.ref_key(at.session_state[es.REF_IDS][0])).input(reference)
    at.run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize(
    ("candidate", "reference", "better"),
    [
        (KO_CAND, KO_REF, "ko-mecab"),
        (JA_CAND, JA_REF, "ja-mecab"),
        (ZH_CAND, ZH_REF, "zh"),
    ],
)
def test_cjk_candidate_with_whitespace_tokens_offers_the_better_tokenizer(
    candidate: str, reference: str, better: str
) -> None:
    at = explore(candidate, reference)  # Explore starts with the tutorial's whitespace tokens
    assert metric(at, "BLEU (0–100)") == f"{sacre('none', candidate, reference):.2f}"
    infos = [i.value for i in at.info]
    assert any("sacreBLEU scores" in i and better in i for i in infos), infos
    at.button(key=USE_BUTTON_KEY).click().run()
    assert at.selectbox(key=es.TOKENIZE).value == better
    assert metric(at, "BLEU (0–100)") == f"{sacre(better, candidate, reference):.2f}"
    assert not [b for b in at.button if b.key == USE_BUTTON_KEY]  # the advice is gone once followed
    assert f"tok:{better}" in next(c for c in code_lines(at) if c.startswith("nrefs:"))


def test_english_candidate_gets_no_advice() -> None:
    at = explore(CA1, "It is a guide to action that ensures that the military will forever heed Party commands")
    assert not [b for b in at.button if b.key == USE_BUTTON_KEY]


def test_korean_side_by_side_view_shows_sacrebleus_numbers() -> None:
    at = explore(KO_CAND, KO_REF)
    at.session_state[es.TAB] = "Tokenizers"
    at.run()
    for name in ("none", "char", "ko-mecab"):
        assert metric(at, f"BLEU, {name}") == f"{sacre(name, KO_CAND, KO_REF):.2f}"
    assert [m.label for m in at.metric if m.label.startswith("BLEU, ")] == [
        "BLEU, none",
        "BLEU, char",
        "BLEU, ko-mecab",
    ]
    captions = [c.value for c in at.caption]
    assert any("eojeol" in c and "one morpheme" in c for c in captions)
    mecab_tokens = BLEU(tokenize="ko-mecab").tokenizer(KO_CAND).split()
    assert any(c.value == " · ".join(mecab_tokens) for c in at.code)
    assert any(f"{len(mecab_tokens)} tokens; p1 " in c for c in captions)
    table = at.dataframe[0].value
    assert list(table["tokenizer"]) == list(TOKENIZER_NAMES)
    row = table[table["tokenizer"] == "ko-mecab"].iloc[0]
    assert row["BLEU"] == pytest.approx(sacre("ko-mecab", KO_CAND, KO_REF), abs=1e-9)


def test_a_missing_analyser_disables_its_choice_only(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda m, *a: None if m == "mecab_ko" else real(m, *a))
    monkeypatch.setattr(tokenizer_registry, "_INSTANCES", {})
    st.cache_data.clear()
    try:
        at = explore(KO_CAND + " 오늘", KO_REF)
        assert "ko-mecab (needs pip install mecab-ko)" in at.selectbox(key=es.TOKENIZE).options
        button = at.button(key=USE_BUTTON_KEY)
        assert button.disabled and "pip install mecab-ko" in button.label
        at.session_state[es.TAB] = "Tokenizers"
        at.run()
        assert not at.exception
        assert "ko-mecab" not in list(at.dataframe[0].value["tokenizer"])
        assert "ja-mecab" in list(at.dataframe[0].value["tokenizer"])
    finally:
        st.cache_data.clear()


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (KO_CAND, "ko"),
        ("나는 AI 연구자다 (2024).", "ko"),
        (JA_CAND, "ja"),
        ("東京へ行きます", "ja"),
        (ZH_CAND, "zh"),
        ("我爱 Beijing 2024", "zh"),
        (CA1, None),
        ("the cat 猫 sat on the mat", None),
        ("", None),
        ("123 ...", None),
    ],
)
def test_cjk_language(text: str, language: str | None) -> None:
    assert tr.cjk_language(text) == language


def test_advice_only_for_whitespace_tokenizers() -> None:
    assert tr.advice("ko", "13a") is not None and tr.advice("ko", "none") is not None
    assert tr.advice("ko", "char") is None and tr.advice("ko", "ko-mecab") is None and tr.advice(None, "13a") is None
    assert tr.comparison_tokenizers("ja") == ("none", "char", "ja-mecab")
    assert tr.comparison_tokenizers(None) == ("none", "13a", "intl", "char")
