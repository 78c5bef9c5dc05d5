"""The Score doctor page's metric choice and source (issue 39): chrF's and TER's implementations scored, shown and
explained as BLEU's, in English and Korean; a source uploaded or pasted beside the files, kept as they are."""

from __future__ import annotations

import re
from decimal import Decimal

import pandas as pd
import pytest
import sacrebleu
from nltk.translate.chrf_score import corpus_chrf
from streamlit.testing.v1 import AppTest

from bleucore.tools import FAMILIES
from tests.conftest import messages, open_app, sample_lines, upload
from tests.core.doctor_rules.parallel import ENGLISH, GERMAN, SYSTEM
from ui.doctor import scores as ds
from ui.doctor import source as dsrc
from ui.state import corpus as cs

HYP = sample_lines("system_a.en")
REFS = [sample_lines("ref.en"), sample_lines("ref2.en")]
STEP = re.compile(r"^\d+\. (.+) → (.+): \*\*([+-]\d+\.\d\d)\*\*")
#: A system's output with two lines left in German, its source.
COPIED = [GERMAN[i] if i in (3, 7) else line for i, line in enumerate(SYSTEM)]


def tool_table(at: AppTest) -> pd.DataFrame:
    frames = [f.value for f in at.dataframe if "Tool" in f.value.columns or "도구" in f.value.columns]
    assert frames, messages(at)
    return frames[0]


def steps(at: AppTest) -> list[re.Match[str]]:
    """The waterfall's numbered steps as the page writes them."""
    text = next(m.value for m in at.markdown if re.search(r"^1\. ", m.value, re.MULTILINE))
    found = [STEP.match(line) for line in text.splitlines() if re.match(r"^\d+\. ", line)]
    assert all(found), text
    return [m for m in found if m]


def test_chrf_and_ter_implementations_are_scored_as_each_tool_scores_them() -> None:
    at = open_app("doctor")
    at.radio(key=ds.METRIC).set_value("chrf").run()
    table = tool_table(at).set_index("Tool")
    assert list(table.index) == [
        "sacreBLEU 2.6 chrF2",
        "sacreBLEU 2.6 chrF2++",
        "NLTK 3.10 corpus_chrf",
        "NLTK 3.10 sentence_chrf, averaged",
        "torchmetrics CHRFScore",
        "Hugging Face evaluate chrf",
    ]
    scores = table["chrF (0-100)"]
    assert scores["sacreBLEU 2.6 chrF2"] == pytest.approx(sacrebleu.corpus_chrf(HYP, REFS).score, abs=1e-9)
    assert scores["sacreBLEU 2.6 chrF2++"] == pytest.approx(
        sacrebleu.corpus_chrf(HYP, REFS, word_order=2).score, abs=1e-9
    )
    assert float(table.loc["NLTK 3.10 corpus_chrf", "As the tool prints it"]) == pytest.approx(
        corpus_chrf(REFS[0], HYP), abs=1e-9
    )
    assert "n_word_order=2" in table.loc["torchmetrics CHRFScore", "Also"]  # chrF++ by default, said
    at.radio(key=ds.METRIC).set_value("ter").run()
    table = tool_table(at).set_index("Tool")
    assert list(table.index) == ["sacreBLEU 2.6 TER", "torchmetrics TranslationEditRate"]
    assert table.loc["sacreBLEU 2.6 TER", "TER (0-100)"] == pytest.approx(
        sacrebleu.corpus_ter(HYP, REFS).score, abs=1e-9
    )
    assert "lowercase=True" in table.loc["torchmetrics TranslationEditRate", "Also"]


def test_the_chrf_waterfall_steps_add_up_and_say_what_they_changed() -> None:
    at = open_app("doctor")
    at.radio(key=ds.METRIC).set_value("chrf").run()
    assert (at.selectbox(key=ds.FROM).value, at.selectbox(key=ds.TO).value) == ("nltk-corpus", "sacrebleu")
    chrf = FAMILIES["chrf"]
    expected = chrf.waterfall(chrf.tool("torchmetrics"), chrf.tool("sacrebleu"), chrf.scorer(HYP, REFS))
    at.selectbox(key=ds.FROM).set_value("torchmetrics").run()
    shown = steps(at)
    assert [m.group(3) for m in shown] == [f"{s.printed_delta():+}" for s in expected.steps]
    assert (shown[0].group(1), shown[0].group(2)) == ("chrF++ (characters and words)", "chrF (characters only)")
    text = " ".join(m.value for m in at.markdown)
    assert "Here: 8 → 6 orders averaged" in text and "n-grams matched" in text  # what the step changed
    assert f"**torchmetrics CHRFScore**: {expected.start_score:.2f}" in text
    assert f"**sacreBLEU 2.6 chrF2**: {expected.end_score:.2f}" in text
    total = sum((Decimal(m.group(3)) for m in shown), Decimal(0))
    assert total == Decimal(f"{expected.end_score:.2f}") - Decimal(f"{expected.start_score:.2f}")
    assert "One rule changes per step, in this order: word n-grams, whitespace, case" in " ".join(
        c.value for c in at.caption
    )
    # Back to BLEU: the waterfall's ends are BLEU's tools again.
    at.radio(key=ds.METRIC).set_value("bleu").run()
    assert not at.exception and at.selectbox(key=ds.TO).value == "sacrebleu"
    assert "BLEU (0-100)" in tool_table(at).columns


def test_the_metric_choice_in_korean() -> None:
    at = open_app("doctor", lang="ko")
    at.radio(key=ds.METRIC).set_value("ter").run()
    assert "TER (0-100)" in tool_table(at).columns
    text = " ".join(m.value for m in at.markdown)
    assert "최대 9단어씩 이동 → 최대 10단어씩 이동" in text and "이 파일에서는: " in text
    at.radio(key=ds.METRIC).set_value("chrf").run()
    assert "NLTK 3.10 sentence_chrf의 평균" in list(tool_table(at)["도구"])
    assert at.selectbox(key=ds.FROM).value == "torchmetrics"  # TER's pick, a chrF tool too: kept
    at.selectbox(key=ds.FROM).set_value("nltk-corpus").run()
    assert "베타 3 → 베타 2" in " ".join(m.value for m in at.markdown)


def test_a_source_uploaded_beside_the_files_finds_untranslated_lines_and_is_kept() -> None:
    at = open_app("doctor")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref.en", ENGLISH)])
    upload(at, cs.CORPUS_HYP_UPLOAD, [("out.en", COPIED)])
    upload(at, dsrc.SOURCE_UPLOAD, ("src.de", GERMAN)).run()
    text = messages(at)
    assert (
        "of the 24 lines of out.en, 24 have three words or more, and 2 of these are (nearly) the same as their "
        "source line in src.de: left untranslated (lines 4, 8)"
    ) in text, text
    assert (
        "Checking out.en against ref.en, with the `13a` tokenizer, and against src.de, the source it translates."
        in [c.value.replace("\\", "") for c in at.caption]
    )
    assert tool_table(at).iloc[0, 1] == pytest.approx(sacrebleu.corpus_bleu(COPIED, [ENGLISH]).score, abs=1e-9)
    # Kept for the session as the other files: back from Corpus, the source is still there.
    at.switch_page("app_pages/corpus.py").run()
    at.switch_page("app_pages/doctor.py").run()
    assert "src.de: 24 lines, kept for this session" in [c.value.replace("\\", "") for c in at.caption]
    assert "left untranslated" in messages(at)
    # The source given as the hypothesis: an error, said as such.
    upload(at, cs.CORPUS_HYP_UPLOAD, [("src-again.de", GERMAN)]).run()
    assert "the source file was given as the hypothesis" in messages(at)


def test_a_source_that_cannot_be_read_is_a_warning_and_stops_no_score() -> None:
    at = open_app("doctor")
    at.radio(key=cs.CORPUS_SOURCE).set_value("upload").run()
    upload(at, cs.CORPUS_REF_UPLOAD, [("ref.en", ENGLISH)])
    upload(at, cs.CORPUS_HYP_UPLOAD, [("out.en", SYSTEM)])
    upload(at, dsrc.SOURCE_UPLOAD, ("src.bin", b"\x00\x01binary")).run()
    assert not at.exception
    assert any("src.bin" in w.value.replace("\\", "") and "**Warning**" in w.value for w in at.warning), messages(at)
    assert tool_table(at).iloc[0, 1] == pytest.approx(sacrebleu.corpus_bleu(SYSTEM, [ENGLISH]).score, abs=1e-9)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_pasted_source_is_compared_and_survives_the_page(lang: str) -> None:
    at = open_app("doctor", lang=lang)
    at.radio(key=cs.CORPUS_SOURCE).set_value("paste").run()
    at.text_area(key=cs.CORPUS_HYP_PASTE).set_value("\n".join(COPIED)).run()
    at.text_area(key=cs.corpus_ref_key(0)).set_value("\n".join(ENGLISH)).run()
    at.text_area(key=dsrc.SOURCE_PASTE).set_value("\n".join(GERMAN)).run()
    expected = {
        "en": "of the 24 lines of Pasted hypothesis, 24 have three words or more, and 2 of these are (nearly) the "
        "same as their source line in Pasted source: left untranslated",
        "ko": "붙여 넣은 가설 번역의 24줄 가운데 세 단어 이상인 줄이 24줄이고, 그중 2줄이 붙여 넣은 원문의 해당 줄과 "
        "(거의) 같습니다",
    }[lang]
    assert expected in messages(at), messages(at)
    at.switch_page("app_pages/learn.py").run()
    at.switch_page("app_pages/doctor.py").run()
    assert at.text_area(key=dsrc.SOURCE_PASTE).value == "\n".join(GERMAN) and expected in messages(at)
