"""Corpus and Compare show the setup check (bleucore.doctor) before the numbers, in English and Korean."""

from __future__ import annotations

from tests.conftest import open_app, upload
from ui.state import compare as cps
from ui.state import corpus as cs


def labels(at) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.label.replace("\\", "") for e in at.expander]


def test_the_bundled_sample_passes_and_korean_with_13a_is_named_in_both_languages() -> None:
    at = open_app("corpus")
    assert "Setup check: no problem found for system_a.en" in labels(at)
    at.radio(key=cs.CORPUS_SOURCE).set_value("sample-ko").run()
    at.selectbox(key=cs.CORPUS.key("tokenize")).set_value("13a").run()
    assert "Setup check: 1 finding for system_a.ko" in labels(at)
    text = " ".join(str(m.value) for m in [*at.warning, *at.error]).replace("\\", "")
    assert (
        "the text is Korean but it is scored with the `13a` tokenizer" in text
        and "choose the `ko-mecab` tokenizer" in text
    )
    ko = open_app("corpus", lang="ko")
    ko.radio(key=cs.CORPUS_SOURCE).set_value("sample-ko").run()
    ko.selectbox(key=cs.CORPUS.key("tokenize")).set_value("13a").run()
    korean = " ".join(str(m.value) for m in ko.warning).replace("\\", "")
    assert "텍스트는 한국어인데 `13a` 토크나이저로 채점합니다" in korean and "**고치는 법:**" in korean


def test_compare_checks_every_system_and_names_concatenated_references() -> None:
    ref = [f"the cat number {i} sat on the mat" for i in range(10)]
    at = open_app("compare")
    at.radio(key=cps.COMPARE_SOURCE).set_value("upload").run()
    # two aligned references written one after the other (the second reworded), as the doctor now requires
    upload(at, cps.COMPARE_REF_UPLOAD, [("refs.txt", ref + [r.replace(" sat", " was sitting") for r in ref])]).run()
    upload(at, cps.COMPARE_SYS_UPLOAD, [(f"s{k}.txt", ref) for k in (1, 2)]).run()
    assert not at.exception
    found = [label for label in labels(at) if label.startswith("Setup check")]
    assert found == ["Setup check: 1 finding for s1.txt", "Setup check: 1 finding for s2.txt"], found
    text = " ".join(str(m.value) for m in at.error).replace("\\", "")
    assert "refs.txt has 2 times as many lines as the hypothesis" in text and "**Error** (likely)" in text


def test_corpus_names_a_chat_models_wrappers_and_refusals_in_both_languages() -> None:
    """Issue 39's findings in the setup check too: a hypothesis with a chat model's preamble and a refusal."""
    from tests.core.doctor_rules.parallel import ENGLISH, SYSTEM

    hyp = list(SYSTEM)
    hyp[3] = "Here is the translation: " + hyp[3]
    hyp[5] = "I'm sorry, but I can't help with that request."
    said = {}
    for lang in ("en", "ko"):
        at = open_app("corpus", lang=lang)
        at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
        at.text_area(key=cs.CORPUS_HYP_PASTE).set_value("\n".join(hyp))
        at.text_area(key=cs.corpus_ref_key(0)).set_value("\n".join(ENGLISH))
        at.run()
        assert not at.exception
        said[lang] = (labels(at), " ".join(str(m.value) for m in at.warning).replace("\\", ""))
    assert "Setup check: 2 findings for Pasted hypothesis" in said["en"][0]
    assert "1 of the 24 lines of Pasted hypothesis is a refusal, not a translation" in said["en"][1]
    assert "for example “Here is the translation:”" in said["en"][1]
    assert "붙여 넣은 가설 번역의 24줄 중 1줄이 번역이 아니라 번역 거절입니다" in said["ko"][1]
    assert "채팅 모델이 번역 앞뒤에 덧붙인 말" in said["ko"][1]
