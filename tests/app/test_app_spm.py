"""flores101, flores200 and spBLEU-1K (spBLEU) in the app: with sacreBLEU's model on disk (the tests' own, where
``tests/conftest.py`` points sacreBLEU), Corpus scores as sacreBLEU 2.6 does; without it the choice stays listed, says
it needs its SentencePiece model, and a page that would score with it says where to put the model and where to get
it, in English and Korean (the app downloads nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest
import streamlit as st
from sacrebleu.metrics import BLEU

from tests.conftest import corpus_score, messages, metric, open_app, sample_lines
from ui.state import corpus as cs
from ui.state import explore as es

HYPS = sample_lines("system_a.en")
REFS = [sample_lines("ref.en"), sample_lines("ref2.en")]
URL = "https://tinyurl.com/flores200sacrebleuspm"


@pytest.fixture
def no_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """sacreBLEU's folder without models, and no score cached from a run that had them."""
    monkeypatch.setenv("SACREBLEU", str(tmp_path / "home"))
    st.cache_data.clear()
    yield tmp_path / "home" / "models"
    st.cache_data.clear()


@pytest.mark.parametrize("name", ["flores101", "flores200", "spBLEU-1K"])
def test_corpus_scores_as_sacrebleu_with_the_model_on_disk(name: str) -> None:
    at = open_app("corpus")
    box = at.selectbox(key=cs.CORPUS.key("tokenize"))
    assert name in box.options  # offered as itself: its model is there
    box.set_value(name).run()
    assert not at.exception and not at.error
    expected = BLEU(tokenize=name).corpus_score(HYPS, REFS).score
    assert corpus_score(at) == pytest.approx(expected, abs=1e-9)
    assert metric(at, "Corpus BLEU") == f"{expected:.2f}"
    assert any(f"|tok:{name}|" in code.value for code in at.code)


def test_without_the_model_the_choice_says_so_and_corpus_says_where_to_put_it(no_model: Path) -> None:
    at = open_app("corpus")
    box = at.selectbox(key=cs.CORPUS.key("tokenize"))
    assert "flores200 (needs its SentencePiece model)" in box.options and "13a" in box.options
    box.set_value("flores200").run()
    assert not at.exception and not at.metric
    assert (
        "The tokenizer flores200 needs sacreBLEU's SentencePiece model flores200sacrebleuspm, which is not on this "
        f"server: download it from {URL} into {no_model} (where sacreBLEU keeps it) and reload the page, or choose "
        "another tokenizer in the sidebar. The app downloads nothing."
    ) in messages(at)
    assert "pip install" not in messages(at)  # sentencepiece itself is installed


def test_in_korean_too(no_model: Path) -> None:
    at = open_app("corpus", lang="ko")
    box = at.selectbox(key=cs.CORPUS.key("tokenize"))
    assert "spBLEU-1K (SentencePiece 모델 필요)" in box.options
    box.set_value("spBLEU-1K").run()
    assert not at.exception and not at.metric
    assert (
        "토크나이저 spBLEU-1K에는 sacreBLEU의 SentencePiece 모델(spbleu-1k_tokenizer_spm.model)이 필요한데 이 서버에는 "
        "없습니다: https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model에서 내려받아 sacreBLEU가 모델을 두는 "
        f"폴더 {no_model}에 넣고 페이지를 새로 고치거나, 사이드바에서 다른 토크나이저를 고르세요."
    ) in messages(at)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_explore_says_where_to_put_the_model_instead_of_a_score(no_model: Path, lang: str) -> None:
    at = open_app(lang=lang)
    at.selectbox(key=es.TOKENIZE).set_value("flores101").run()
    assert not at.exception and not at.error
    said = messages(at)
    assert f"{no_model}" in said and "sacrebleu_tokenizer_spm.model" in said
    assert ("reload the page" if lang == "en" else "페이지를 새로 고치거나") in said
    at.session_state[es.TAB] = "Tokenizers"
    at.selectbox(key=es.TOKENIZE).set_value("13a").run()
    assert not at.exception
    names = list(at.dataframe[0].value["tokenizer"])
    assert "13a" in names and not {"flores101", "flores200", "spBLEU-1K"} & set(names)  # only what can run
